package dev.ecsloop;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Simulated time on its own: the one owner of now, debt, the catch-up bound and the horizon. */
class SimulatedTimeTest {

    private static final long MS = 1_000_000L;

    private static SimulatedTime time(long boundMillis, DebtPolicy policy) {
        return new SimulatedTime(Duration.ofMillis(boundMillis), policy);
    }

    @Test
    void realTimeWithinTheBoundBecomesSimulatedTimeOneToOne() {
        SimulatedTime t = time(250, DebtPolicy.DISCARD);
        t.advance(16 * MS);
        t.advance(17 * MS);
        assertEquals(33 * MS, t.nowNanos());
        assertFalse(t.lastFrameHitBound());
    }

    @Test
    void timePastTheBoundIsDebtUnderKeepAndDroppedUnderDiscard() {
        SimulatedTime keep = time(250, DebtPolicy.KEEP);
        keep.advance(1000 * MS);
        assertEquals(250 * MS, keep.nowNanos());
        assertEquals(750 * MS, keep.debtNanos());
        assertTrue(keep.lastFrameHitBound());
        SimulatedTime discard = time(250, DebtPolicy.DISCARD);
        discard.advance(1000 * MS);
        assertEquals(250 * MS, discard.nowNanos());
        assertEquals(0, discard.debtNanos());
        assertEquals(750 * MS, discard.droppedNanos());
    }

    @Test
    void switchingToDiscardDropsTheDebt() {
        SimulatedTime t = time(100, DebtPolicy.KEEP);
        t.advance(300 * MS);
        t.setDebtPolicy(DebtPolicy.DISCARD);
        assertEquals(0, t.debtNanos());
        assertEquals(200 * MS, t.droppedNanos());
        assertEquals(DebtPolicy.DISCARD, t.debtPolicy());
    }

    @Test
    void theHorizonHoldsSimulatedTimeAndTheHeldTimeIsHandledByTheDebtPolicy() {
        SimulatedTime t = time(250, DebtPolicy.KEEP);
        t.setHorizon(40 * MS);
        t.advance(100 * MS);
        assertEquals(40 * MS, t.nowNanos());
        assertTrue(t.lastFrameHeld());
        assertEquals(60 * MS, t.debtNanos());
        t.setHorizon(SimulatedTime.NO_HORIZON);
        t.advance(0);
        assertEquals(100 * MS, t.nowNanos(), "the debt is paid back once the horizon moves on");
    }

    @Test
    void pausedTimeIsNeverCaughtUp() {
        SimulatedTime t = time(250, DebtPolicy.KEEP);
        t.setPaused(true);
        t.advance(500 * MS);
        assertEquals(0, t.nowNanos());
        assertEquals(0, t.debtNanos());
    }

    @Test
    void endingAFrameEarlyOwesTheRestLikeTimePastTheBound() {
        SimulatedTime t = time(250, DebtPolicy.KEEP);
        t.advance(100 * MS);
        t.endFrameAt(30 * MS);
        assertEquals(30 * MS, t.nowNanos());
        assertEquals(70 * MS, t.debtNanos());
        assertThrows(IllegalArgumentException.class, () -> t.endFrameAt(31 * MS));
    }

    @Test
    void badBoundsAndScalesAreRefusedWithOneLineAndChangeNothing() {
        for (Duration bad : new Duration[] {null, Duration.ZERO, Duration.ofNanos(-1),
                Duration.ofNanos(SimulatedTime.END_NANOS + 1)}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SimulatedTime.catchUpBoundNanos(bad));
            assertTrue(e.getMessage().startsWith("bad catch-up bound"), e.getMessage());
        }
        SimulatedTime t = time(250, DebtPolicy.DISCARD);
        for (double bad : new double[] {-1, 1000.5, Double.NaN, Double.POSITIVE_INFINITY, 1e-300, 4e-7}) {
            assertThrows(IllegalArgumentException.class, () -> t.setScale(bad), Double.toString(bad));
            assertEquals(1.0, t.scale());
        }
        t.setScale(0);
        assertEquals(0.0, t.scale(), "0 stops time when asked for");
        t.setScale(6e-7);
        assertEquals(0.000001, t.scale(), "rounds to a millionth, not to 0");
    }

    /** Whatever the scale and the frame split, scaled time adds up exactly: the remainder is carried. */
    @Property(tries = 300)
    void scaledTimeDoesNotDriftWhateverTheFrameSplit(@ForAll @IntRange(min = 1, max = 3_000_000) int scalePpm,
                                                     @ForAll @Size(min = 1, max = 60) List<@LongRange(min = 0,
                                                             max = 50_000_000) Long> frames) {
        SimulatedTime t = time(250, DebtPolicy.KEEP);
        t.setScale(scalePpm / 1e6);
        long real = 0;
        for (long frame : frames) {
            t.advance(frame);
            real += frame;
        }
        t.setHorizon(SimulatedTime.NO_HORIZON);
        while (t.debtNanos() > 0) {
            t.advance(0);
        }
        long exact = Math.multiplyExact(real, (long) scalePpm) / SimulatedTime.SCALE_ONE;
        assertEquals(exact, t.nowNanos());
    }

    /** Invariants after any sequence: 0 <= now <= end, never past a horizon set ahead, no debt under DISCARD. */
    @Property(tries = 300)
    void invariantsHoldUnderAnySequence(@ForAll @Size(max = 40) List<@LongRange(min = -5, max = 2_000_000_000L)
                                                Long> frames,
                                        @ForAll boolean keep, @ForAll @LongRange(min = 1, max = 500) long boundMs,
                                        @ForAll @LongRange(min = 0, max = 3_000_000_000L) long horizon) {
        SimulatedTime t = time(boundMs, keep ? DebtPolicy.KEEP : DebtPolicy.DISCARD);
        t.setHorizon(horizon);
        long before = 0;
        for (long frame : frames) {
            t.advance(frame);
            assertTrue(t.nowNanos() >= before && t.nowNanos() <= horizon);
            assertTrue(t.nowNanos() - before <= boundMs * MS, "a frame never covers more than the bound");
            assertTrue(keep || t.debtNanos() == 0);
            before = t.nowNanos();
        }
    }

    @Test
    void aStopAtTheHorizonThatIsRegainedIsCoveredByTheNextFrame() {
        SimulatedTime t = time(250, DebtPolicy.DISCARD);
        t.setHorizon(10 * MS);
        t.advance(16 * MS); // stops at 10, the rest of the frame dropped
        assertEquals(6 * MS, t.droppedNanos());
        t.setHorizon(SimulatedTime.NO_HORIZON);
        assertEquals(6 * MS, t.regain(20 * MS), "at most what was dropped");
        assertEquals(0, t.droppedNanos());
        t.advance(16 * MS);
        assertEquals(32 * MS, t.nowNanos(), "back on the real-time timeline");
        assertEquals(0, t.droppedNanos());
        t.advance(16 * MS);
        assertEquals(48 * MS, t.nowNanos(), "given back once");
    }

    @Test
    void whatTheBoundOrTheHorizonCutsOfARegainIsDroppedAgain() {
        SimulatedTime t = time(20, DebtPolicy.DISCARD);
        t.setHorizon(0);
        t.advance(16 * MS);
        t.regain(16 * MS);
        t.setHorizon(SimulatedTime.NO_HORIZON);
        t.advance(16 * MS);
        assertEquals(20 * MS, t.nowNanos(), "the bound");
        assertEquals(12 * MS, t.droppedNanos());
        t.regain(12 * MS);
        t.setHorizon(25 * MS);
        t.advance(1 * MS);
        assertEquals(25 * MS, t.nowNanos(), "the horizon");
        assertEquals(8 * MS, t.droppedNanos());
    }

    @Test
    void aNegativeRegainIsRefusedAndChangesNothing() {
        SimulatedTime t = time(250, DebtPolicy.DISCARD);
        t.setHorizon(0);
        t.advance(16 * MS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.regain(-1));
        assertTrue(e.getMessage().contains("negative"), e.getMessage());
        assertEquals(16 * MS, t.droppedNanos());
        t.setHorizon(SimulatedTime.NO_HORIZON);
        t.advance(16 * MS);
        assertEquals(16 * MS, t.nowNanos());
    }

    @Property(tries = 300)
    void underDiscardSimulatedPlusDroppedIsRealTimeWhateverIsRegained(
            @ForAll @Size(max = 40) List<@LongRange(min = 0, max = 400_000_000L) Long> frames,
            @ForAll @Size(max = 40) List<@LongRange(min = 0, max = 100_000_000L) Long> regains,
            @ForAll @Size(max = 40) List<@LongRange(min = 0, max = 2_000_000_000L) Long> horizons,
            @ForAll @LongRange(min = 1, max = 500) long boundMs) {
        SimulatedTime t = time(boundMs, DebtPolicy.DISCARD);
        long real = 0;
        long before = 0;
        for (int i = 0; i < frames.size(); i++) {
            t.setHorizon(i < horizons.size() ? horizons.get(i) : SimulatedTime.NO_HORIZON);
            long dropped = t.droppedNanos();
            long wanted = i < regains.size() ? regains.get(i) : 0;
            long given = t.regain(wanted);
            assertEquals(Math.min(wanted, dropped), given);
            t.advance(frames.get(i));
            real += frames.get(i);
            assertEquals(real, t.nowNanos() + t.droppedNanos(), "no time made up, none lost");
            assertTrue(t.droppedNanos() >= 0 && t.debtNanos() == 0);
            assertTrue(t.nowNanos() - before <= boundMs * MS, "a frame never covers more than the bound");
            before = t.nowNanos();
        }
    }
}
