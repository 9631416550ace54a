package dev.ecsloop;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A frame stopped at the horizon goes on when a {@link HorizonListener} moves the horizon on, and computes exactly
 * what a loop without a horizon computes: random frame lengths, horizons set between frames, and listeners that
 * move the horizon on in random steps (each stop calls them again) until it no longer holds the frame. The same
 * ticks run at the same instants in the same order, simulated time ends each frame at the same place, and nothing
 * is dropped or owed for the stops; the listener is only ever called with the simulation standing at the horizon.
 */
class HorizonListenerProperties {

    private static final long MS = 1_000_000L;

    /** One frame: real time passes, a horizon may be set ahead, and the listener's steps at each stop. */
    record Frame(long realNanos, long horizonAhead, List<Long> moves) {
    }

    @Provide
    Arbitrary<Frame> frames() {
        return Arbitraries.longs().between(0, 120 * MS).flatMap(real -> Arbitraries.longs().between(-1, 90 * MS)
                .flatMap(ahead -> Arbitraries.longs().between(0, 40 * MS).list().ofMaxSize(6)
                        .map(moves -> new Frame(real, ahead, moves))));
    }

    private static GameLoop loop(ManualClock clock, TickLog log, boolean keepDebt) {
        return TickLog.build(GameLoop.builder().clock(clock)
                .debtPolicy(keepDebt ? DebtPolicy.KEEP : DebtPolicy.DISCARD)
                .catchUpBound(Duration.ofMillis(100))
                .world(new WorldConfigurationBuilder().with(new TickLog.Physics(log), new TickLog.Ai(log),
                        new TickLog.Combat(log), new TickLog.Render(log))), log);
    }

    @Property(tries = 300)
    void aFrameThatGoesOnPastTheHorizonComputesWhatAnUnheldFrameDoes(
            @ForAll boolean keepDebt, @ForAll @Size(max = 40) List<@From("frames") Frame> run) {
        ManualClock freeClock = new ManualClock();
        TickLog freeLog = new TickLog();
        GameLoop free = loop(freeClock, freeLog, keepDebt);
        ManualClock heldClock = new ManualClock();
        TickLog heldLog = new TickLog();
        GameLoop held = loop(heldClock, heldLog, keepDebt);
        Frame[] current = new Frame[1];
        int[] calls = new int[1];
        held.addHorizonListener(at -> {
            assertEquals(held.simulatedNanos(), at, "called away from where the simulation stands");
            assertEquals(held.horizonNanos(), at, "called away from the horizon");
            List<Long> moves = current[0].moves();
            if (calls[0] < moves.size()) {
                held.setHorizon(at + 1 + moves.get(calls[0]));
            } else {
                held.clearHorizon();
            }
            calls[0]++;
        });
        for (Frame frame : run) {
            current[0] = frame;
            calls[0] = 0;
            if (frame.horizonAhead() >= 0) {
                held.setHorizon(held.simulatedNanos() + frame.horizonAhead());
            }
            freeClock.advance(frame.realNanos());
            heldClock.advance(frame.realNanos());
            free.frame();
            held.frame();
            assertEquals(free.simulatedNanos(), held.simulatedNanos(), "the held frame ended elsewhere");
            assertEquals(free.droppedNanos(), held.droppedNanos(), "the stops dropped time");
            assertEquals(free.debtNanos(), held.debtNanos(), "the stops left debt");
            assertTrue(calls[0] <= frame.moves().size() + 1, "called again after the horizon was cleared");
        }
        assertEquals(freeLog.entries, heldLog.entries);
    }
}
