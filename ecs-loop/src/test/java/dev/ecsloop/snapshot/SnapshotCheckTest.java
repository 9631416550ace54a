package dev.ecsloop.snapshot;

import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The check mode finds what a game forgot to declare, and names it. */
class SnapshotCheckTest {

    @Test
    void aWorldThatDeclaresEverythingPassesTheCheck() {
        SnapWorld live = new SnapWorld(11, 6);
        for (int i = 0; i < 30; i++) {
            live.frame(31_000_000L);
        }
        byte[] before = live.snapshots.capture();
        long simulated = live.loop.simulatedNanos();
        Optional<String> difference = live.snapshots.check(new SnapWorld(11, 6).snapshots,
                Snapshots.DEFAULT_CHECK_SPAN);
        assertEquals(Optional.empty(), difference);
        assertEquals(simulated, live.loop.simulatedNanos(), "the live loop is back where it was");
        assertArrayEquals(before, live.snapshots.capture());
    }

    /** A counter the system keeps to itself and writes into the world. */
    public static final class Score extends Component {
        public long points;
    }

    @TickRate(10)
    static final class Leaky extends BaseSystem {
        ComponentMapper<Score> scores;
        private int bonus;
        private int player = -1;

        @Override
        protected void processSystem() {
            if (player < 0 || !world.getEntityManager().isActive(player)) {
                player = world.create();
                scores.create(player);
            }
            scores.get(player).points += bonus++;
        }
    }

    @TickRate(30)
    static final class Honest extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    private static Snapshots leakyGame(ManualClock clock) {
        GameLoop loop = GameLoop.builder().clock(clock).profiler(() -> 0L)
                .world(new WorldConfigurationBuilder().with(new Honest(), new Leaky())).build();
        return Snapshots.builder(loop).setup("leaky").build();
    }

    @Test
    void aSystemWithUndeclaredStateIsNamedWithItsField() {
        ManualClock clock = new ManualClock();
        Snapshots live = leakyGame(clock);
        for (int i = 0; i < 20; i++) {
            clock.advance(50_000_000L);
            live.loop().frame();
        }
        String difference = live.check(leakyGame(new ManualClock()), Duration.ofSeconds(10)).orElseThrow();
        assertTrue(difference.startsWith("system Leaky has state it does not declare (implement SnapshotState)"),
                difference);
        assertTrue(difference.contains("fields that differ: bonus = 11 here, 1 in the copy"), difference);
        assertTrue(difference.contains("entity 0 Score.points = "), difference);
        assertTrue(!difference.contains("\n"), difference);
    }

    @Test
    void aCodecThatForgetsAFieldIsNamedWithEntityComponentAndField() {
        SnapWorld live = new SnapWorld(3, 0);
        for (int i = 0; i < 20; i++) {
            live.frame(20_000_000L);
        }
        ComponentCodec<SnapWorld.Cargo> forgetful = new ComponentCodec<>() {
            @Override
            public void write(SnapWorld.Cargo c, SnapshotOut out) {
                out.writeInt(c.items.length);
            }

            @Override
            public void read(SnapWorld.Cargo c, SnapshotIn in) {
                c.items = new int[in.readInt()];
            }
        };
        Snapshots sloppy = Snapshots.builder(live.loop).setup("snapworld seed=3").codec(SnapWorld.Cargo.class,
                forgetful).input(live.input).build();
        SnapWorld copy = new SnapWorld(3, 0);
        Snapshots copySloppy = Snapshots.builder(copy.loop).setup("snapworld seed=3").codec(SnapWorld.Cargo.class,
                forgetful).input(copy.input).build();
        String difference = sloppy.check(copySloppy, Duration.ofSeconds(2)).orElseThrow();
        assertTrue(difference.startsWith("the restore is incomplete: before any tick, entity "), difference);
        assertTrue(difference.contains(" Cargo.items = ["), difference);
    }
}
