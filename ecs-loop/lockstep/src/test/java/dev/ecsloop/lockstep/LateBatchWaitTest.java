package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LockstepSession#poll(long)} before a frame: a frame that would stop short at the horizon for want of a
 * peer's batch waits for it up to the wait given (a window gives its frame's spare time), and then reaches where real
 * time has it; a batch later than that leaves the frame short after the whole wait; a frame the inputs already cover
 * does not wait. Time is the manual clock's: the link's messages arrive at set instants on it.
 */
class LateBatchWaitTest {

    static final LockstepConfig RULES = PausedRejoinTest.RULES;
    static final long MS = 1_000_000L;
    static final long FRAME = 10 * MS;

    /** Bob's link (seat 1 of ann and bob): ann's batches arrive at set instants; a wait moves the clock. */
    static final class ArrivingLink extends ForwardingLink {
        final ManualClock clock;
        final Queue<long[]> arrivals = new ArrayDeque<>(); // {instant, turn}: ann's empty batch for that turn

        ArrivingLink(ManualClock clock) {
            super(new SilentLink("ann", "bob"));
            this.clock = clock;
        }

        @Override
        public int seat() {
            return 1;
        }

        @Override
        public void send(Message message) {
        }

        @Override
        public Message poll() {
            return arrivals.isEmpty() || arrivals.peek()[0] > clock.nanoTime() ? null : batch(arrivals.poll());
        }

        @Override
        public Message await(long timeoutNanos) {
            if (arrivals.isEmpty() || arrivals.peek()[0] > clock.nanoTime() + timeoutNanos) {
                clock.advance(timeoutNanos);
                return null;
            }
            clock.advance(Math.max(0, arrivals.peek()[0] - clock.nanoTime()));
            return batch(arrivals.poll());
        }

        private static Message batch(long[] arrival) {
            return new Message.Turn(0, arrival[1], List.of());
        }
    }

    private final ManualClock clock = new ManualClock();
    private final TestPeer.Game game = TestPeer.build(clock);
    private final ArrivingLink link = new ArrivingLink(clock);
    private final LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), link, RULES);

    /** Ann's batches come at once, up to turn 9: bob may run to the end of turn 9, 500 ms; it stops at 490. */
    private void playToJustBeforeTheHorizon() throws InterruptedException {
        long next = RULES.inputDelay(); // as ann's loop would send them: never far ahead of bob's
        for (int i = 0; i < 100 && game.loop().simulatedNanos() + FRAME < 500 * MS; i++) {
            for (; next <= Math.min(9, session.turn() + RULES.inputDelay() - 1); next++) {
                link.arrivals.add(new long[] {0, next});
            }
            clock.advance(FRAME);
            session.poll(0);
            game.loop().frame();
        }
        assertEquals(490 * MS, game.loop().simulatedNanos(), session.stopReason() + ", horizon " + session.horizonNanos());
        assertEquals(500 * MS, session.horizonNanos());
    }

    @Test
    void aFrameThatWouldStopShortWaitsForTheBatchAndReachesWhereRealTimeHasIt() throws Exception {
        playToJustBeforeTheHorizon();
        long sim = game.loop().simulatedNanos();
        clock.advance(FRAME + 4 * MS); // this frame would take the simulation 4 ms past the horizon
        long polled = clock.nanoTime();
        link.arrivals.add(new long[] {polled + 3 * MS, 10});
        session.poll(5 * MS);
        assertEquals(3 * MS, clock.nanoTime() - polled, "waited until the batch came, no longer");
        game.loop().frame();
        assertEquals(sim + FRAME + 7 * MS, game.loop().simulatedNanos(), "the frame covered the wait too");
        assertFalse(session.waiting());
    }

    @Test
    void aBatchLaterThanTheWaitLeavesTheFrameShortAfterTheWholeWait() throws Exception {
        playToJustBeforeTheHorizon();
        clock.advance(FRAME + 4 * MS);
        long polled = clock.nanoTime();
        link.arrivals.add(new long[] {polled + 8 * MS, 10});
        session.poll(5 * MS);
        assertEquals(5 * MS, clock.nanoTime() - polled);
        game.loop().frame();
        assertEquals(500 * MS, game.loop().simulatedNanos());
        assertTrue(session.waiting(), "the frame stopped short, waiting for ann's turn 10");
        clock.advance(FRAME);
        session.poll(5 * MS); // it came meanwhile: taken without a wait
        assertEquals(polled + 5 * MS + FRAME, clock.nanoTime());
        game.loop().frame();
        assertFalse(session.waiting());
    }

    @Test
    void aFrameTheInputsCoverDoesNotWait() throws Exception {
        playToJustBeforeTheHorizon();
        clock.advance(FRAME - MS); // reaches 1 ms short of the horizon
        long polled = clock.nanoTime();
        link.arrivals.add(new long[] {polled + MS, 10});
        session.poll(5 * MS);
        assertEquals(polled, clock.nanoTime(), "waited though the frame was covered");
        game.loop().pause();
        clock.advance(2 * FRAME);
        session.poll(5 * MS);
        assertEquals(polled + 2 * FRAME, clock.nanoTime(), "waited while paused, where no frame moves");
    }
}
