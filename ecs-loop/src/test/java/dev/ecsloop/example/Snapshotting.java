package dev.ecsloop.example;

import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.snapshot.ComponentCodec;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.Clock;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** The README's "Snapshots" section: a game that declares its state, saves, loads and checks itself. */
final class Snapshotting {

    private Snapshotting() {
    }

    /** Plain: primitives only, so snapshots capture it field by field with no code. */
    public static final class Health extends Component {
        public int hp = 100;
    }

    /** Not plain (an array): it needs a codec. */
    public static final class Inventory extends Component {
        public int[] items = new int[0];
    }

    // region snapshot-declare
    /** Spawns raiders by its own random generator: the generator is state, so the system declares it. */
    @TickRate(2)
    public static class RaidSystem extends BaseSystem implements SnapshotState {
        ComponentMapper<Health> health;
        private long rng = 42;                        // state: the future depends on it
        private final int[] scratch = new int[64];    // scratch: not state, not saved

        @Override
        protected void processSystem() {
            rng = rng * 6364136223846793005L + 1442695040888963407L;
            health.create(world.create()).hp = 50 + (int) (rng >>> 59);
        }

        @Override
        public void save(SnapshotOut out) {
            out.writeLong(rng);
        }

        @Override
        public void load(SnapshotIn in) {
            rng = in.readLong();
        }
    }

    static final ComponentCodec<Inventory> INVENTORY = new ComponentCodec<>() {
        @Override
        public void write(Inventory c, SnapshotOut out) {
            out.writeInt(c.items.length);
            for (int item : c.items) {
                out.writeInt(item);
            }
        }

        @Override
        public void read(Inventory c, SnapshotIn in) {
            c.items = new int[in.readCount(4, "item")];   // a hostile count is refused, never allocated
            for (int i = 0; i < c.items.length; i++) {
                c.items[i] = in.readInt();
            }
        }
    };

    static Snapshots snapshots(GameLoop loop) {
        return Snapshots.builder(loop)
                .setup("my-game v1 seed=7")             // a snapshot of another setup is refused
                .codec(Inventory.class, INVENTORY)       // Health is plain: no codec
                .build();
    }
    // endregion snapshot-declare

    static GameLoop create(Clock clock) {
        return GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(new RaidSystem())).build();
    }

    // region snapshot-save-load
    static void saveAndLoad(Snapshots snapshots) {
        snapshots.save(Path.of("quick.snap"));          // between frames, on the loop's thread
        // ... play on ...
        snapshots.load(Path.of("quick.snap"));          // all or nothing: a bad file is one line, nothing changes
    }

    static void check(Snapshots live, Clock clock) {
        Snapshots copy = snapshots(create(clock));      // a fresh loop of the same setup
        Optional<String> forgotten = live.check(copy, Duration.ofSeconds(10));
        forgotten.ifPresent(System.out::println);        // e.g. "system RaidSystem has state it does not declare..."
    }
    // endregion snapshot-save-load
}
