package dev.ecsloop.demo.fog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.map.MapGenerator;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.ManualClock;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Fog packed as runs comes back exactly: after any sequence of updates, a fog restored from a snapshot answers
 * {@code visible} and {@code explored} like the original for every team and cell, and keeps doing so through
 * further identical updates (its stamps, not only its bits, are right).
 */
class FogSnapshotProperties {

    /** Declares a fog as a loop's named state. */
    private record Holder(FogOfWar fog) implements SnapshotState {
        @Override
        public void save(SnapshotOut out) {
            fog.save(out);
        }

        @Override
        public void load(SnapshotIn in) {
            fog.load(in);
        }
    }

    private static Snapshots snapshots(FogOfWar fog) {
        GameLoop loop = GameLoop.builder().clock(new ManualClock()).world(new WorldConfigurationBuilder()).build();
        return Snapshots.builder(loop).state("fog", new Holder(fog)).build();
    }

    private static void updates(FogOfWar fog, SplittableRandom r, int n, int side) {
        for (int u = 0; u < n; u++) {
            int team = r.nextInt(2);
            if (r.nextInt(4) == 0) {
                fog.begin(team);
            }
            fog.revealInSight(team, r.nextInt(-4, side + 4), r.nextInt(-4, side + 4), r.nextInt(0, 14));
        }
    }

    private static void assertSame(FogOfWar a, FogOfWar b, int side, String when) {
        for (int t = 0; t < 2; t++) {
            for (int y = 0; y < side; y++) {
                for (int x = 0; x < side; x++) {
                    assertEquals(a.visible(t, x, y), b.visible(t, x, y), when + " visible " + t + " " + x + "," + y);
                    assertEquals(a.explored(t, x, y), b.explored(t, x, y), when + " explored");
                }
            }
        }
    }

    @Property(tries = 200)
    void restoredFogAnswersLikeTheOriginal(@ForAll long seed, @ForAll @IntRange(min = 16, max = 80) int side,
                                           @ForAll @IntRange(min = 0, max = 60) int before) {
        SplittableRandom r = new SplittableRandom(seed);
        var map = MapGenerator.generate(side, side, seed);
        FogOfWar original = new FogOfWar(map);
        updates(original, r, before, side);
        FogOfWar copy = new FogOfWar(map);
        updates(copy, new SplittableRandom(~seed), r.nextInt(0, 20), side);   // some other state, overwritten
        snapshots(copy).restore(snapshots(original).capture());
        assertSame(original, copy, side, "restored");
        long next = r.nextLong();
        updates(original, new SplittableRandom(next), 30, side);
        updates(copy, new SplittableRandom(next), 30, side);
        assertSame(original, copy, side, "after more updates");
    }
}
