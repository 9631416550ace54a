package dev.ecsloop.explorer;

import dev.ecsloop.time.Clock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A drain stops answering once it has spent its real-time budget on requests, answers at least one each time,
 * and leaves the rest, in order, to the next drains.
 */
class DrainBudgetTest {

    /** Real time that moves a fixed step at every reading: each request answered costs one step. */
    private static final class SteppingClock implements Clock {
        final long step;
        long now;

        SteppingClock(long step) {
            this.step = step;
        }

        @Override
        public long nanoTime() {
            return now += step;
        }
    }

    private static List<Integer> drainAll(long step, int requests, List<Integer> perDrain) {
        TestGame game = new TestGame(false);
        game.frame();
        LoopSide side = new LoopSide(game.loop, null, new SteppingClock(step));
        List<Integer> order = new ArrayList<>();
        List<CompletableFuture<Object>> answers = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            int n = i;
            answers.add(side.submit(s -> {
                order.add(n);
                return n;
            }));
        }
        while (order.size() < requests) {
            perDrain.add(side.drain());
        }
        answers.forEach(a -> assertTrue(a.isDone()));
        return order;
    }

    @Test
    void aDrainLeavesWhatDoesNotFitItsBudgetToTheNextOnesInOrder() {
        List<Integer> perDrain = new ArrayList<>();
        // 0.2 ms per reading: 0.2 and 0.4 ms are inside the 0.5 ms budget, 0.6 ms is not: 3 requests a drain.
        List<Integer> order = drainAll(200_000L, 10, perDrain);
        assertEquals(List.of(3, 3, 3, 1), perDrain);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), order);
    }

    @Test
    void aRequestSlowerThanTheWholeBudgetStillGetsAnsweredOnePerDrain() {
        List<Integer> perDrain = new ArrayList<>();
        drainAll(LoopSide.CALLS_BUDGET_NANOS * 2, 3, perDrain);
        assertEquals(List.of(1, 1, 1), perDrain);
    }

    @Test
    void withTimeToSpareADrainStopsAtItsCountLimit() {
        List<Integer> perDrain = new ArrayList<>();
        drainAll(0, LoopSide.CALLS_PER_DRAIN + 4, perDrain);
        assertEquals(List.of(LoopSide.CALLS_PER_DRAIN, 4), perDrain);
    }
}
