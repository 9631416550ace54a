package dev.ecsloop.trace;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small game for the trace tests: four systems of every kind (60 Hz, 20 Hz with a phase, 4 Hz throttled,
 * every frame), a manual real clock, and a manual profiler clock that each system run advances by a cost of
 * its own, so slices have known, non-zero lengths. Each system logs its simulated instant: the tick log the
 * trace must match.
 */
final class TracedGame {

    static final long FRAME = 16_666_667L;

    final ManualClock clock = new ManualClock();
    final ManualClock profiler = new ManualClock();
    final GameLoop loop;
    /** Runs of the frame in progress, by system name. */
    private final List<String[]> pending = new ArrayList<>();
    /** Whether systems log at all (the allocation test turns it off). */
    boolean logging = true;

    abstract static class Logged extends BaseSystem {
        TracedGame game;
        long cost;

        @Override
        protected void processSystem() {
            game.profiler.advance(cost);
            if (game.logging) {
                game.pending.add(new String[] {getClass().getSimpleName(), Long.toString(game.loop.tickNanos())});
            }
        }
    }

    @TickRate(60)
    static final class Movement extends Logged {
    }

    @TickRate(value = 20, phase = 0.5)
    static final class Combat extends Logged {
    }

    @TickRate(value = 4, catchUp = false)
    static final class Minimap extends Logged {
    }

    static final class Render extends Logged {
    }

    TracedGame() {
        this(Duration.ofMillis(250), DebtPolicy.DISCARD);
    }

    TracedGame(Duration catchUpBound, DebtPolicy policy) {
        Logged[] systems = {new Movement(), new Combat(), new Minimap(), new Render()};
        long cost = 3_000;
        for (Logged s : systems) {
            s.game = this;
            s.cost = cost;
            cost += 2_000;
        }
        loop = GameLoop.builder().clock(clock).profiler(profiler).catchUpBound(catchUpBound).debtPolicy(policy)
                .world(new WorldConfigurationBuilder().with(systems)).build();
    }

    /** Runs one frame of {@code realNanos}; its runs are returned (and cleared). */
    List<String[]> frame(long realNanos) {
        clock.advance(realNanos);
        profiler.advance(1_000);        // the frame's own overhead before its systems
        loop.frame();
        if (!logging) {
            return List.of();
        }
        List<String[]> runs = new ArrayList<>(pending);
        pending.clear();
        return runs;
    }

    /** Adds a frame's runs to a log of simulated instants by system. */
    static void log(Map<String, List<Long>> log, List<String[]> runs) {
        for (String[] run : runs) {
            log.computeIfAbsent(run[0], k -> new ArrayList<>()).add(Long.parseLong(run[1]));
        }
    }

    static Map<String, List<Long>> emptyLog() {
        Map<String, List<Long>> log = new LinkedHashMap<>();
        for (String name : List.of("Movement", "Combat", "Minimap", "Render")) {
            log.put(name, new ArrayList<>());
        }
        return log;
    }
}
