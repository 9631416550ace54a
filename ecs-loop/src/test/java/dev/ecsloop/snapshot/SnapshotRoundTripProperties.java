package dev.ecsloop.snapshot;

import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.interpolate.Transform2;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Capture at a random instant of a random world (churn, rates, phases, failures, pause, time scale, horizon,
 * pending input, interpolation), restore into a fresh loop, and continue it under another random frame split:
 * it must tick exactly as the captured loop goes on to tick, and reach the same world.
 */
class SnapshotRoundTripProperties {

    @Provide
    Arbitrary<List<Long>> frames() {
        Arbitrary<Long> frame = Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.longs().between(0, 40_000_000L)),
                Tuple.of(1, Arbitraries.longs().between(40_000_000L, 600_000_000L)));
        return frame.list().ofMinSize(1).ofMaxSize(60);
    }

    /** {@code lengths} re-cut to cover exactly {@code total}. */
    static long[] recut(List<Long> lengths, long total) {
        long[] out = new long[lengths.size() + 1];
        int n = 0;
        long sum = 0;
        for (long l : lengths) {
            if (sum + l >= total) {
                break;
            }
            out[n++] = l;
            sum += l;
        }
        out[n++] = total - sum;
        return Arrays.copyOf(out, n);
    }

    @Property(tries = 200)
    void aRestoredLoopContinuesExactlyAsTheCapturedOne(
            @ForAll @LongRange(min = 0, max = 100_000) long seed,
            @ForAll @IntRange(min = 0, max = 9) int failEvery,
            @ForAll("frames") List<Long> before,
            @ForAll("frames") List<Long> after,
            @ForAll("frames") List<Long> otherSplit,
            @ForAll @IntRange(min = 0, max = 3) int pendingInputs,
            @ForAll @IntRange(min = 0, max = 5) int control) {
        SnapWorld a = new SnapWorld(seed, failEvery);
        int code = 0;
        for (long f : before) {
            if (Math.floorMod(SnapWorld.mix(seed + f), 5L) == 0) {
                a.post(code++);
            }
            a.frame(f);
        }
        switch (control) {
            case 1 -> a.loop.pause();
            case 2 -> a.loop.setTimeScale(Math.floorMod(seed, 2000L) / 1000.0 + 0.001);
            case 3 -> a.loop.setHorizon(a.loop.simulatedNanos() + Math.floorMod(seed, 3_000_000_000L));
            case 4 -> a.loop.setPhase(SnapWorld.Metronome.class, Math.floorMod(seed, 997L) / 997.0);
            default -> { }
        }
        for (int i = 0; i < pendingInputs; i++) {
            a.post(1000 + i);
        }
        byte[] snapshot = a.snapshots.capture();
        assertArrayEquals(snapshot, a.snapshots.capture(), "capturing twice gives the same bytes");
        int logged = a.log.size();

        SnapWorld b = new SnapWorld(seed, failEvery);
        b.snapshots.restore(snapshot);
        assertArrayEquals(snapshot, b.snapshots.capture(), "the restored loop captures to the same bytes");
        assertEquals(a.hash(), b.hash());

        long total = after.stream().mapToLong(Long::longValue).sum();
        continueWith(a, after.stream().mapToLong(Long::longValue).toArray());
        continueWith(b, recut(otherSplit, total));

        assertEquals(a.loop.simulatedNanos(), b.loop.simulatedNanos());
        assertEquals(a.log.subList(logged, a.log.size()), b.log);
        assertEquals(a.hash(), b.hash());
        assertEquals(drawn(a), drawn(b), "interpolation state");
    }

    private static void continueWith(SnapWorld w, long[] frames) {
        if (w.loop.isPaused()) {
            w.loop.resume();
        }
        for (long f : frames) {
            w.frame(f);
        }
        w.drain();
    }

    /** What the interpolation would draw for every transform, and its previous state. */
    static List<String> drawn(SnapWorld w) {
        ComponentMapper<Transform2> m = w.loop.world().getMapper(Transform2.class);
        IntBag ids = w.loop.world().getAspectSubscriptionManager()
                .get(com.artemis.Aspect.all(Transform2.class)).getEntities();
        List<String> out = new ArrayList<>();
        org.joml.Vector2f p = new org.joml.Vector2f();
        for (int i = 0; i < ids.size(); i++) {
            int e = ids.get(i);
            Transform2 t = m.get(e);
            w.interpolation.positionOf(e, p);
            out.add(e + ":" + t.previousPosition() + "/" + t.previousAngle() + "/" + t.isTeleported() + "/"
                    + t.owner() + "->" + Float.floatToRawIntBits(p.x) + "," + Float.floatToRawIntBits(p.y));
        }
        return out;
    }
}
