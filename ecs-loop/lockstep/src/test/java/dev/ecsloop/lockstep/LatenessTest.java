package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The frame step the host's budget keeps over the worst reading: the host's own mean frame, or the longest a joiner
 * reported while it plays; a joiner reports the mean of its frames since its last report; what a report says is
 * bounded. The first hold of a match, and any hold of a turn or more, make the readings before them stale once the
 * pair is level. A joiner that left feeds neither the frame step nor the balance.
 */
class LatenessTest {

    static final long L = 50_000_000L;
    static final long MS = 1_000_000L;

    @Test
    void theHostsFrameStepIsItsMeanFrameOrTheLongestAJoinerReported() {
        GameLoop loop = TestPeer.build(new ManualClock()).loop();
        Lateness host = new Lateness(loop, L, 0, seats(3));
        assertEquals(0, host.frameStep(), "no frame yet");
        host.frame(10 * MS);
        host.frame(20 * MS);
        host.frame(0); // a frame that did not advance (a pause) is no step
        assertEquals(15 * MS, host.frameStep(), "the mean of the frames so far");
        for (int i = 2; i < Lateness.STEP_FRAMES; i++) {
            host.frame(i % 2 == 0 ? 16 * MS : 17 * MS);
        }
        assertEquals((30 + 15 * 16 + 15 * 17) * MS / Lateness.STEP_FRAMES, host.frameStep(), "the mean of its frames");
        host.frame(50 * MS);
        assertEquals((30 + 15 * 16 + 15 * 17) * MS / Lateness.STEP_FRAMES, host.frameStep(),
                "the last full count of frames, not one long frame");
        host.taken(report(1, 33_333f), L);
        assertEquals(33_333_000L, host.frameStep(), "a joiner at 30 frames a second");
        host.taken(report(2, 25_000f), L);
        assertEquals(33_333_000L, host.frameStep(), "the longest counts");
        host.taken(report(1, Float.NaN), L);
        assertEquals(25_000_000L, host.frameStep(), "a report without a step drops the old one");
        host.taken(report(2, 1e12f), L);
        assertEquals(Lateness.MOST_STEP_NANOS, host.frameStep(), "a step beyond a second counts as a second");
    }

    @Test
    void aJoinerThatLeftNoLongerHoldsTheFrameStepUp() {
        GameLoop loop = TestPeer.build(new ManualClock()).loop();
        boolean[] playing = seats(3);
        Lateness host = new Lateness(loop, L, 0, playing);
        host.frame(16 * MS);
        host.taken(report(2, 100_000f), L);
        assertEquals(100 * MS, host.frameStep(), "a slow joiner's frames");
        playing[2] = false;
        assertEquals(16 * MS, host.frameStep(), "gone: the host's own frames again");
        playing[2] = true;
        assertEquals(100 * MS, host.frameStep(), "back (a rejoin): its last report until its next");
    }

    @Test
    void aJoinerThatLeftNoLongerFeedsTheBalance() {
        ManualClock clock = new ManualClock();
        GameLoop loop = TestPeer.build(clock).loop();
        boolean[] playing = seats(2);
        Lateness host = new Lateness(loop, L, 0, playing);
        OwnTurns own = new OwnTurns(new SilentLink("ann", "bob"), new TurnBook(2, 3, false));
        imbalance(host, loop, clock, 40);
        playing[1] = false;
        assertEquals(0, host.balance(own, false), "its means from before it left");
        playing[1] = true;
        assertEquals(20 * MS, host.balance(own, false), 1_000, "back: the same means count");
    }

    @Test
    void aJoinersReportCarriesTheMeanOfItsFramesSinceTheLast() {
        GameLoop loop = TestPeer.build(new ManualClock()).loop();
        Lateness joiner = new Lateness(loop, L, 1, seats(2));
        joiner.frame(20 * MS);
        joiner.frame(30 * MS);
        joiner.taken(new Message.Turn(0, 3, List.of()), 2 * L);
        Command r = joiner.report(10);
        assertNotNull(r);
        assertEquals(25_000f, r.w(), "its mean frame in microseconds");
        joiner.frame(40 * MS);
        joiner.taken(new Message.Turn(0, 4, List.of()), 2 * L);
        assertEquals(40_000f, joiner.report(20).w(), "only the frames since the last report");
    }

    /**
     * A joiner whose batches come {@code lateMs} later to the host than the host's come to it (the host's own come
     * at once): five of its batches and a report, made after the means' last reset.
     */
    static void imbalance(Lateness host, GameLoop loop, ManualClock clock, long lateMs) {
        long from = loop.simulatedNanos() / L + 12; // past the reset the last balance made
        while (loop.simulatedNanos() < from * L) {
            frame(loop, clock);
        }
        long budget = 2 * L - (loop.simulatedNanos() - from * L); // the frame passed from * L by a little
        for (long turn = from + 1; turn <= from + 5; turn++) { // closed at turn * L - B: a mean of -50 ms late
            List<Command> report = turn == from + 3
                    ? List.of(new Command(Lateness.REPORT_TYPE, 0, -(lateMs + 50) * 1_000f, 0, 0, 16_667f))
                    : List.of();
            host.taken(new Message.Turn(1, turn, report), budget);
        }
    }

    static void frame(GameLoop loop, ManualClock clock) {
        clock.advance(16_666_667L);
        loop.frame();
    }

    /** @return how many times the host saw the pair levelled while its simulation ran {@code turns} more turns */
    static int levellings(Lateness host, OwnTurns own, GameLoop loop, ManualClock clock, long turns, long after) {
        int levelled = 0;
        long end = loop.simulatedNanos() + turns * L;
        while (loop.simulatedNanos() < end) {
            frame(loop, clock);
            host.balance(own, false);
            if (host.levelled()) {
                levelled++;
                assertTrue(loop.simulatedNanos() > after, "levelled at " + loop.simulatedNanos() + " before its holds "
                        + "were done (" + after + ")");
            }
        }
        return levelled;
    }

    /**
     * The match's first balance that holds levels the pair (its start), whatever the hold; once its holds are done
     * (20 turns, and 8 times the hold for frames that drop an eighth of their advance at most), the readings before
     * are stale, once. A later hold under a turn leaves them; a later hold of a turn or more (a peer that lost a
     * quarter second at once) makes them stale again.
     */
    @Test
    void theFirstHoldAndAnyHoldOfATurnMakeTheReadingsBeforeThemStaleOnceThePairIsLevel() {
        ManualClock clock = new ManualClock();
        GameLoop loop = TestPeer.build(clock).loop();
        Lateness host = new Lateness(loop, L, 0, seats(2));
        OwnTurns own = new OwnTurns(new SilentLink("ann", "bob"), new TurnBook(2, 3, false));

        imbalance(host, loop, clock, 20);
        long start = loop.simulatedNanos();
        long hold = host.balance(own, false);
        assertEquals(10 * MS, hold, 1_000, "half of the 20 ms the joiner's batches come later");
        assertEquals(1, levellings(host, own, loop, clock, 60, start + 20 * L + 8 * hold), "the start levels");

        imbalance(host, loop, clock, 20);
        assertEquals(10 * MS, host.balance(own, false), 1_000);
        assertEquals(0, levellings(host, own, loop, clock, 60, 0), "a later hold under a turn");

        imbalance(host, loop, clock, 500);
        start = loop.simulatedNanos();
        hold = host.balance(own, false);
        assertEquals(250 * MS, hold, 1_000, "a joiner that lost half a second");
        assertEquals(1, levellings(host, own, loop, clock, 80, start + 20 * L + 8 * hold), "a hold of a turn");
        assertFalse(host.levelled(), "and not again");
    }

    /** @return every one of {@code n} seats playing */
    static boolean[] seats(int n) {
        boolean[] playing = new boolean[n];
        Arrays.fill(playing, true);
        return playing;
    }

    static Message.Turn report(int seat, float stepMicros) {
        return new Message.Turn(seat, 5, List.of(new Command(Lateness.REPORT_TYPE, 40_000, 30_000f, 0, 0,
                stepMicros)));
    }
}
