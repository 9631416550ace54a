package dev.ecsloop.snapshot;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A throttled system's delta depends on its previous run, which only the loop state holds; its runs depend on the
 * frame split by design, so the restored loop continues under the same split here. Disabled systems and
 * every-frame systems come back as they were too.
 */
class SnapshotThrottledTest {

    /** Records each run's delta and instant. */
    @TickRate(value = 4, catchUp = false)
    static final class Minimap extends BaseSystem {
        final List<String> runs = new ArrayList<>();
        GameLoop loop;

        @Override
        protected void processSystem() {
            runs.add(loop.tickNanos() + ":" + Float.floatToRawIntBits(world.getDelta()));
        }
    }

    @TickRate(60)
    static final class Physics extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(10)
    static final class Dormant extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    private static Snapshots game(ManualClock clock) {
        GameLoop loop = GameLoop.builder().clock(clock).profiler(() -> 0L)
                .world(new WorldConfigurationBuilder().with(new Physics(), new Minimap(), new Dormant())).build();
        loop.world().getSystem(Minimap.class).loop = loop;
        return Snapshots.builder(loop).setup("throttled").build();
    }

    private static List<String> runFrames(Snapshots s, ManualClock clock, long[] frames) {
        Minimap m = s.loop().world().getSystem(Minimap.class);
        m.runs.clear();
        for (long f : frames) {
            clock.advance(f);
            s.loop().frame();
        }
        return new ArrayList<>(m.runs);
    }

    @Test
    void aThrottledSystemsDeltaAndTheEnabledFlagsSurviveARestore() {
        long[] before = {90_000_000L, 400_000_000L, 30_000_000L, 170_000_000L};
        long[] after = {60_000_000L, 510_000_000L, 20_000_000L, 333_000_000L, 240_000_000L};
        ManualClock ca = new ManualClock();
        Snapshots a = game(ca);
        a.loop().world().getSystem(Dormant.class).setEnabled(false);
        a.loop().setEveryFrame(Physics.class);
        runFrames(a, ca, before);
        byte[] snap = a.capture();
        ManualClock cb = new ManualClock();
        Snapshots b = game(cb);
        b.restore(snap);
        assertTrue(!b.loop().world().getSystem(Dormant.class).isEnabled());
        assertTrue(b.loop().system(Physics.class).isEveryFrame());
        List<String> ra = runFrames(a, ca, after);
        List<String> rb = runFrames(b, cb, after);
        assertTrue(ra.size() >= 3, "the throttled system ran: " + ra);
        assertEquals(ra, rb);
        assertArrayEquals(a.capture(), b.capture());
    }
}
