package dev.ecsloop;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each tick instant is its own Artemis processing step: deletes are gone and ids recycled before the next. */
class GameLoopEntityLifecycleTest {

    public static final class Shot extends Component {
        public long tick;
    }

    /** Projectiles: each tick deletes the oldest shot and fires a new one, as combat does after a hit. */
    @TickRate(60)
    static final class Gun extends BaseSystem {
        ComponentMapper<Shot> shots;
        EntitySubscription all;
        final List<Integer> createdIds = new ArrayList<>();
        final List<String> seen = new ArrayList<>();
        long ticks;

        @Override
        protected void initialize() {
            all = world.getAspectSubscriptionManager().get(Aspect.all(Shot.class));
        }

        @Override
        protected void processSystem() {
            ticks++;
            IntBag ids = all.getEntities();
            StringBuilder view = new StringBuilder();
            for (int i = 0; i < ids.size(); i++) {
                view.append(ids.get(i)).append(':').append(shots.get(ids.get(i)).tick).append(' ');
            }
            seen.add(view.toString());
            if (ids.size() >= 3) {
                world.delete(ids.get(0));
            }
            int e = world.create();
            shots.create(e).tick = ticks;
            createdIds.add(e);
        }
    }

    private record Outcome(List<Integer> ids, List<String> seen, long hash) {
    }

    private static Outcome twoSeconds(int ticksPerFrame) {
        ManualClock clock = new ManualClock();
        Gun gun = new Gun();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(java.time.Duration.ofSeconds(2))
                .world(new WorldConfigurationBuilder().with(gun)).build();
        long frame = ticksPerFrame * 1_000_000_000L / 60;
        for (long t = 0; t < 2_000_000_000L; t += frame) {
            clock.advance(Math.min(frame, 2_000_000_000L - t));
            loop.frame();
        }
        assertEquals(120, gun.ticks);
        return new Outcome(gun.createdIds, gun.seen, new StateHash(loop.world()).hash());
    }

    @Test
    void entityIdsWhatTicksSeeAndTheWorldDoNotDependOnTicksPerFrame() {
        Outcome one = twoSeconds(1);
        Outcome ten = twoSeconds(10);
        Outcome sixty = twoSeconds(60);
        assertEquals(one.ids(), ten.ids());
        assertEquals(one.ids(), sixty.ids());
        assertEquals(one.seen(), ten.seen());
        assertEquals(one.seen(), sixty.seen());
        assertEquals(one.hash(), ten.hash());
        assertEquals(one.hash(), sixty.hash());
    }

    @Test
    void anEntityDeletedInATickIsGoneAndItsIdRecycledByTheNextInstantOfTheSameFrame() {
        Outcome sixty = twoSeconds(60);
        // From the fourth tick on, each tick deletes the oldest of three shots and the id comes straight back.
        for (int t = 4; t < sixty.seen().size(); t++) {
            assertEquals(3, sixty.seen().get(t).trim().split(" ").length, "tick " + t + ": " + sixty.seen().get(t));
        }
        // Tick 4 deletes id 0 and, within its own instant, gets a fresh id 3; from tick 5 on, ids are recycled.
        assertEquals(List.of(0, 1, 2, 3, 0), sixty.ids().subList(0, 5));
        assertEquals("1:2 2:3 3:4 ", sixty.seen().get(4), "tick 5 no longer sees the shot deleted at tick 4");
    }
}
