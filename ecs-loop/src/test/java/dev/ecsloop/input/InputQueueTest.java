package dev.ecsloop.input;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.AllocationMeter;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InputQueueTest {

    private static final long MS = 1_000_000L;

    /** What a system saw: event codes with the simulated time of the tick (or frame) that saw them. */
    record Seen(int code, long at) {
    }

    abstract static class Reader extends BaseSystem {
        final List<Seen> seen = new ArrayList<>();
        InputQueue inputs;
        GameLoop loop;
        boolean frameView;

        @Override
        protected void processSystem() {
            InputView view = frameView ? inputs.frameEvents() : inputs.tickEvents();
            for (int i = 0; i < view.size(); i++) {
                seen.add(new Seen(view.get(i).code(), loop.tickNanos()));
            }
        }

        List<Integer> codes() {
            return seen.stream().map(Seen::code).toList();
        }
    }

    @TickRate(60) static final class Physics extends Reader { }
    @TickRate(15) static final class Ai extends Reader { }
    @EveryFrame static final class Ui extends Reader { }

    private final ManualClock clock = new ManualClock();
    private final Physics physics = new Physics();
    private final Ai ai = new Ai();
    private final Ui ui = new Ui();

    private InputQueue start(DebtPolicy policy) {
        GameLoop loop = GameLoop.builder().clock(clock).debtPolicy(policy).catchUpBound(Duration.ofMillis(250))
                .world(new WorldConfigurationBuilder().with(physics, ai, ui)).build();
        InputQueue inputs = InputQueue.install(loop, Physics.class, Ai.class);
        for (Reader r : List.of(physics, ai, ui)) {
            r.inputs = inputs;
            r.loop = loop;
        }
        ui.frameView = true;
        return inputs;
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> out = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            out.add(i);
        }
        return out;
    }

    /** The first 60 Hz tick strictly after {@code sim}: floor(sim * 60 / 1 s) + 1 sixtieths, in whole ns. */
    private static long physicsTickAfter(long sim) {
        long k = sim * 60 / 1_000_000_000L + 1;
        return (k * 1_000_000_000L + 59) / 60;
    }

    @Test
    void pressesDuringAStallAreSpreadOverTheCatchUpTicksEachSeenOnce() {
        InputQueue inputs = start(DebtPolicy.KEEP);
        clock.advance(10 * MS);
        physics.loop.frame();
        // A one-second stall: ten presses, one every 100 ms of real time, no frame in between.
        for (int i = 1; i <= 10; i++) {
            clock.advance(100 * MS);
            inputs.post().set(1, i, 0, 0);
        }
        while (physics.loop.simulatedNanos() < 1100 * MS) {   // catch up, then run past the last press
            clock.advance(1 * MS);
            physics.loop.frame();
        }
        assertEquals(range(1, 10), physics.codes());
        assertEquals(range(1, 10), ai.codes());
        for (Seen s : physics.seen) {
            long pressedAt = 10 * MS + s.code() * 100 * MS;
            assertEquals(physicsTickAfter(pressedAt), s.at(), "press " + s.code());
        }
        // The catch-up took several frames, but the UI saw every event in the frame after the stall.
        assertEquals(range(1, 10), ui.codes());
        assertEquals(0, inputs.pending());
    }

    @Test
    void underDiscardPressesInTheDroppedTimeGoToTheFramesLastTick() {
        InputQueue inputs = start(DebtPolicy.DISCARD);
        for (int i = 1; i <= 10; i++) {
            clock.advance(100 * MS);
            inputs.post().set(1, i, 0, 0);
        }
        physics.loop.frame();                 // one second of real time, 250 ms simulated
        clock.advance(20 * MS);
        physics.loop.frame();
        assertEquals(range(1, 10), physics.codes());
        // Presses at 100 and 200 ms reach the ticks just after; the rest fell in dropped time and belong to the
        // frame's last instant, 250 ms, so the first tick after it sees them.
        assertEquals(List.of(116_666_667L, 216_666_667L, 266_666_667L, 266_666_667L, 266_666_667L, 266_666_667L,
                266_666_667L, 266_666_667L, 266_666_667L, 266_666_667L), physics.seen.stream().map(Seen::at).toList());
    }

    @Test
    void eachConsumerSeesEachEventOnceAtItsOwnRate() {
        InputQueue inputs = start(DebtPolicy.KEEP);
        long[] posts = {5 * MS, 20 * MS, 70 * MS, 71 * MS, 140 * MS};
        long previous = 0;
        int code = 0;
        for (long at : posts) {
            clock.advance(at - previous);
            previous = at;
            inputs.post().set(0, ++code, 0, 0);
            physics.loop.frame();
        }
        clock.advance(200 * MS);
        physics.loop.frame();
        assertEquals(range(1, 5), physics.codes());
        assertEquals(range(1, 5), ai.codes());
        // AI ticks at 66.7, 133.3, 200 ms: events 1-2 at the first, 3-4 at the second, 5 at the third.
        assertEquals(List.of(66_666_667L, 66_666_667L, 133_333_334L, 133_333_334L, 200_000_000L),
                ai.seen.stream().map(Seen::at).toList());
    }

    @Test
    void whilePausedEventsReachEveryFrameSystemsAndWaitForTheNextTick() {
        InputQueue inputs = start(DebtPolicy.KEEP);
        clock.advance(20 * MS);
        physics.loop.frame();
        physics.loop.pause();
        clock.advance(500 * MS);
        inputs.post().set(0, 42, 0, 0);
        physics.loop.frame();
        assertEquals(List.of(42), ui.codes(), "the UI sees it while paused");
        assertEquals(List.of(), physics.codes(), "the simulation does not, yet");
        physics.loop.step();                  // the next physics tick, at 33.3 ms
        assertEquals(List.of(new Seen(42, 33_333_334L)), physics.seen);
        assertEquals(List.of(), ai.codes());
        physics.loop.resume();
        clock.advance(50 * MS);
        physics.loop.frame();
        assertEquals(List.of(42), ai.codes(), "the AI gets it at its first tick after resuming");
        assertEquals(List.of(42), physics.codes(), "seen once");
    }

    @Test
    void eventsMustBePostedInRealTimeOrder() {
        InputQueue inputs = start(DebtPolicy.KEEP);
        inputs.post(100).set(0, 1, 0, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> inputs.post(99));
        assertTrue(e.getMessage().contains("99"), e.getMessage());
    }

    @Test
    void consumersMustBeSystemsOfTheLoopListedOnce() {
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(physics)).build();
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> InputQueue.install(loop, Ai.class));
        assertTrue(unknown.getMessage().contains("Ai"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> InputQueue.install(loop, Physics.class, Physics.class));
    }

    @Test
    void theRingGrowsWhenABurstOutrunsItAndKeepsOrder() {
        InputQueue inputs = start(DebtPolicy.KEEP);
        int burst = inputs.capacity() * 3;
        for (int i = 1; i <= burst; i++) {
            inputs.post(i).set(0, i, 0, 0);
        }
        clock.advance(100 * MS);
        physics.loop.frame();
        assertEquals(range(1, burst), physics.codes());
    }

    /** A consumer that reads without recording, for the allocation test. */
    @TickRate(60)
    static final class Counting extends BaseSystem {
        InputQueue inputs;
        long sum;

        @Override
        protected void processSystem() {
            InputView view = inputs.tickEvents();
            for (int i = 0; i < view.size(); i++) {
                sum += view.get(i).code();
            }
        }
    }

    @Test
    void theSteadyStateWithInputAllocatesNothing() {
        Counting counting = new Counting();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(counting)).build();
        counting.inputs = InputQueue.install(loop, Counting.class);
        Runnable frames = () -> {
            for (int i = 0; i < 50_000; i++) {
                clock.advance(3 * MS);
                counting.inputs.post().set(1, 1, i, i);
                clock.advance(4 * MS);
                loop.frame();
            }
        };
        assertEquals(0, AllocationMeter.steadyStateBytes(frames, 5));
        assertEquals(0, counting.sum % 50_000);
        assertTrue(counting.sum >= 150_000);
    }
}
