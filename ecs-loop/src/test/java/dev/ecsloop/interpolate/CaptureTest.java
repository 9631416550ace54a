package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.interpolate.Movers.Idle30;
import dev.ecsloop.interpolate.Movers.Move100;
import dev.ecsloop.interpolate.Movers.Move15;
import dev.ecsloop.interpolate.Movers.Move25;
import dev.ecsloop.interpolate.Movers.Move60;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The previous state is captured before the owner's ticks, only those, and only for the owner's entities. */
class CaptureTest {

    @Test
    void captureHappensOnlyBeforeTheOwnersTicks() {
        Rig rig = new Rig(new Move60(), new Move15());
        int slow = rig.unit(Move15.class, 0f);
        rig.unit(Move60.class, 0f);

        rig.frameMillis(70);                       // 60 Hz x4, 15 Hz x1 at 66.7 ms: slow 0 -> 10
        assertEquals(0f, rig.t2(slow).previousPosition().x());
        rig.t2(slow).position.x = 123f;            // changed outside its ticks
        rig.frameMillis(20);                       // 90 ms: only a 60 Hz tick (83.3 ms)
        assertEquals(0f, rig.t2(slow).previousPosition().x(), "a 60 Hz tick must not capture a 15 Hz entity");
        rig.frameMillis(50);                       // 140 ms: 15 Hz tick at 133.3 ms
        assertEquals(123f, rig.t2(slow).previousPosition().x());
        assertEquals(133f, rig.t2(slow).position.x);
    }

    @Test
    void everyTickCapturesItsOwnersEntitiesAndLeavesTheOthersAlone() {
        Rig rig = new Rig(new Move60(), new Move15());
        int slow = rig.unit(Move15.class, 0f);
        int fast = rig.unit(Move60.class, 0f);
        List<String> violations = new ArrayList<>();
        int[] ticks = new int[1];
        // Registered after install, so it runs right after the capture and before the system. After checking,
        // it poisons both previous states: a capture replaces the poison, anything else leaves it.
        rig.loop.addTickListener((system, tickNanos) -> {
            ticks[0]++;
            boolean slowCaptured = !Float.isNaN(rig.t2(slow).previousPosition.x);
            boolean fastCaptured = !Float.isNaN(rig.t2(fast).previousPosition.x);
            if (ticks[0] > 1 && ((system instanceof Move15) != slowCaptured
                    || (system instanceof Move60) != fastCaptured)) {
                violations.add(system.getClass().getSimpleName() + " @" + tickNanos);
            }
            rig.t2(slow).previousPosition.x = Float.NaN;
            rig.t2(fast).previousPosition.x = Float.NaN;
        });
        for (int i = 0; i < 500; i++) {
            rig.frame(6_944_444L);
        }
        assertEquals(List.of(), violations);
        assertTrue(ticks[0] > 200, "ticks seen: " + ticks[0]);
    }

    @Test
    void aTickCapturesOnlyTheEntitiesItsSystemOwns() {
        Rig rig = new Rig(new Move60(), new Move15(), new Move100(), new Move25(), new Idle30());
        List<Class<? extends BaseSystem>> owners =
                List.of(Move60.class, Move15.class, Move100.class, Move25.class, Idle30.class);
        for (int i = 0; i < 20_000; i++) {
            rig.unit(owners.get(i % owners.size()), i);
        }
        rig.frameMillis(10);                       // inserts them all; exactly one tick: Move100 at 10 ms
        for (Class<? extends BaseSystem> owner : owners) {
            assertEquals(4_000, rig.interpolation.ownedCount(owner));
        }
        assertEquals(4_000, rig.interpolation.flatIndex().captures);
        rig.frameMillis(7);                        // 17 ms: Move60 at 16.7 ms only
        assertEquals(8_000, rig.interpolation.flatIndex().captures);
        rig.frameMillis(23);                       // 40 ms: 100 Hz x3, 60 Hz x1, 30 Hz x1, 25 Hz x1
        assertEquals(8_000 + 6 * 4_000, rig.interpolation.flatIndex().captures);
    }

    @Test
    void changingTheOwnerRegroupsAtOnceAndSnaps() {
        Rig rig = new Rig(new Move60(), new Move15());
        int e = rig.unit(Move15.class, 0f);
        rig.frameMillis(70);                       // 15 Hz tick: 0 -> 10
        assertEquals(1, rig.interpolation.ownedCount(Move15.class));

        Transform2 t = rig.t2(e).owner(Move60.class);
        assertEquals(0, rig.interpolation.ownedCount(Move15.class));
        assertEquals(1, rig.interpolation.ownedCount(Move60.class));
        assertEquals(10f, t.previousPosition().x(), "the old owner's step is not blended with the new alpha");

        rig.frameMillis(14);                       // 84 ms: 60 Hz tick at 83.3 ms moves it
        assertEquals(10f, t.previousPosition().x());
        assertEquals(11f, t.position.x);
        long before = rig.interpolation.flatIndex().captures;
        rig.frameMillis(50);                       // 134 ms: 15 Hz tick at 133.3 plus three 60 Hz ticks
        assertEquals(before + 3, rig.interpolation.flatIndex().captures);
        assertEquals(14f, t.position.x);
    }

    @Test
    void deletedEntitiesLeaveTheirGroup() {
        Rig rig = new Rig(new Move60());
        int a = rig.unit(Move60.class, 0f);
        int b = rig.unit(Move60.class, 0f);
        int c = rig.unit(Move60.class, 0f);
        rig.frameMillis(20);
        assertEquals(3, rig.interpolation.ownedCount(Move60.class));
        rig.world().delete(a);
        rig.frameMillis(20);
        assertEquals(2, rig.interpolation.ownedCount(Move60.class));
        rig.world().edit(c).remove(Transform2.class);
        rig.frameMillis(20);
        assertEquals(1, rig.interpolation.ownedCount(Move60.class));
        long before = rig.interpolation.flatIndex().captures;
        rig.frameMillis(17);                       // one more tick: only b is captured
        assertEquals(before + 1, rig.interpolation.flatIndex().captures);
        assertThrows(IllegalArgumentException.class,
                () -> rig.interpolation.positionOf(c, new org.joml.Vector2f()));
        assertTrue(rig.t2(b).position.x > 0f);
    }

    @Test
    void aComponentReplacedWithinOneUpdateIsAdoptedAtTheNextCapture() {
        Rig rig = new Rig(new Move60(), new Move15());
        int e = rig.unit(Move60.class, 0f);
        rig.frameMillis(20);
        // Remove and re-create within one update: Artemis sees no composition change and reports nothing.
        rig.world().edit(e).remove(Transform2.class);
        Transform2 fresh = rig.world().edit(e).create(Transform2.class);
        fresh.owner(Move15.class).position.set(50f, 0f);
        rig.frameMillis(17);                       // next 60 Hz tick finds the new instance and regroups it
        assertEquals(0, rig.interpolation.ownedCount(Move60.class));
        assertEquals(1, rig.interpolation.ownedCount(Move15.class));
        assertEquals(50f, fresh.previousPosition().x());
        rig.frameMillis(40);                       // 77 ms: 15 Hz tick at 66.7 ms captures and moves it
        assertEquals(60f, fresh.position.x);
        assertEquals(50f, fresh.previousPosition().x());
    }

    /**
     * With workers a large group is captured through the parallel-for, and components replaced behind Artemis's
     * back (some regrouped, some kept) are adopted afterwards: previous states, groups and counts come out as at
     * one worker.
     */
    @Test
    void aParallelCaptureAdoptsReplacedComponentsAsTheSerialOneDoes() {
        List<String> states = new ArrayList<>();
        for (int workers : new int[] {1, 2, 3}) {
            Rig rig = new Rig(workers, new Move60(), new Move15());
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < 3_000; i++) {
                ids.add(rig.unit(Move60.class, i));
            }
            rig.frameMillis(20);
            for (int k = 0; k < ids.size(); k += 97) {
                int e = ids.get(k);
                rig.world().edit(e).remove(Transform2.class);
                Transform2 fresh = rig.world().edit(e).create(Transform2.class);
                fresh.owner(k % 2 == 0 ? Move15.class : Move60.class).position.set(-k, 0f);
            }
            rig.frameMillis(17);                   // the 60 Hz tick at 33.3 ms adopts all 31 replacements
            rig.frameMillis(60);                   // and the next ticks capture them in their new groups
            StringBuilder sb = new StringBuilder();
            sb.append(rig.interpolation.ownedCount(Move60.class)).append('/')
                    .append(rig.interpolation.ownedCount(Move15.class)).append('/')
                    .append(rig.interpolation.flatIndex().captures);
            for (int e : ids) {
                sb.append(' ').append(rig.t2(e).previousPosition().x()).append(',').append(rig.t2(e).position.x);
            }
            states.add(sb.toString());
            rig.loop.close();
        }
        assertTrue(states.get(0).startsWith("2984/16/"), states.get(0).substring(0, 20));
        assertEquals(states.get(0), states.get(1), "2 workers");
        assertEquals(states.get(0), states.get(2), "3 workers");
    }

    @Test
    void aNewEntityAppearsWhereItWasPlaced() {
        Rig rig = new Rig(new Move60());
        rig.frameMillis(25);                       // alpha ~0.5 from here on
        int e = rig.unit(Move60.class, 500f);
        rig.frameMillis(1);                        // inserted, no tick
        assertEquals(500f, rig.interpolation.positionOf(e, new org.joml.Vector2f()).x);
        assertEquals(500f, rig.t2(e).previousPosition().x());
    }

    @Test
    void entitiesThatExistedBeforeInstallAreTracked() {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new Move60())).build();
        int e = loop.world().create();
        loop.world().edit(e).create(Transform2.class).owner(Move60.class).position.set(7f, 0f);
        clock.advance(20_000_000L);
        loop.frame();                              // moved once without interpolation: 8
        Interpolation interpolation = Interpolation.install(loop);
        assertEquals(1, interpolation.ownedCount(Move60.class));
        Transform2 t = loop.world().getMapper(Transform2.class).get(e);
        assertEquals(8f, t.previousPosition().x());
        clock.advance(15_000_000L);
        loop.frame();                              // 35 ms: tick at 33.3 ms captured 8, moved to 9
        assertEquals(8f, t.previousPosition().x());
        assertEquals(9f, t.position.x);
    }

    @Test
    void unownedEntitiesAreDrawnAsTheyAre() {
        Rig rig = new Rig(new Move60());
        int e = rig.unit(null, 3f);
        rig.frameMillis(25);
        rig.t2(e).position.x = 4f;
        for (InterpolationMode mode : InterpolationMode.values()) {
            rig.interpolation.setMode(mode);
            assertEquals(4f, rig.interpolation.positionOf(e, new org.joml.Vector2f()).x);
        }
        assertEquals(0, rig.interpolation.ownedCount(Move60.class));
    }

    @Test
    void everyFrameAndDisabledOwnersAreDrawnAsTheyAre() {
        Rig rig = new Rig(new Move100(), new Movers.MoveEveryFrame());
        int perFrame = rig.unit(Movers.MoveEveryFrame.class, 0f);
        int paused = rig.unit(Move100.class, 0f);
        rig.frameMillis(25);                       // 100 Hz: 0 -> 4 -> 8; every-frame: +2 once
        rig.world().getSystem(Move100.class).setEnabled(false);
        rig.frameMillis(10);                       // its tick at 30 ms is skipped: nothing captured
        assertNotEquals(rig.t2(paused).previousPosition().x(), rig.t2(paused).position.x);
        for (InterpolationMode mode : InterpolationMode.values()) {
            rig.interpolation.setMode(mode);
            org.joml.Vector2f out = new org.joml.Vector2f();
            assertEquals(rig.t2(perFrame).position.x, rig.interpolation.positionOf(perFrame, out).x, mode.name());
            assertEquals(8f, rig.interpolation.positionOf(paused, out).x, mode.name());
        }
    }
}
