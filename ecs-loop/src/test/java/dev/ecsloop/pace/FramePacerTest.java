package dev.ecsloop.pace;

import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FramePacerTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    /** Runs {@code frames} frames of {@code work} ns each, each followed by a wait; returns their start times. */
    private static long[] frameStarts(CountingClock clock, FramePacer pacer, int frames, long work) {
        long[] starts = new long[frames];
        pacer.restart();
        for (int i = 0; i < frames; i++) {
            starts[i] = clock.now();
            clock.advance(work);
            pacer.awaitNextFrame();
        }
        return starts;
    }

    @Test
    void sixtyFpsGivesExactlyOneSixtiethOfASecondPerFrame() {
        CountingClock clock = new CountingClock();
        long[] starts = frameStarts(clock, new FramePacer(clock, 60), 601, 3 * MS);
        for (int i = 1; i < starts.length; i++) {
            long interval = starts[i] - starts[i - 1];
            assertTrue(interval == 16_666_666L || interval == 16_666_667L, "frame " + i + ": " + interval);
        }
        assertEquals(10 * SECOND, starts[600] - starts[0], "600 frames at 60 FPS are exactly 10 s");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 30, 144, 240, 999, 1000})
    void everyCapGivesWholeSecondsOnTheGrid(int fps) {
        CountingClock clock = new CountingClock();
        long[] starts = frameStarts(clock, new FramePacer(clock, fps, Duration.ZERO), 2 * fps + 1, 0);
        long floor = SECOND / fps;
        for (int i = 1; i < starts.length; i++) {
            long interval = starts[i] - starts[i - 1];
            assertTrue(interval == floor || interval == floor + 1, "frame " + i + ": " + interval);
            assertEquals(SECOND * i / fps, starts[i] - starts[0], "deadline " + i + " is floor(i s / fps)");
        }
    }

    @Test
    void sleepsThroughMostOfTheWaitAndSpinsOnlyTheLastStretch() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60, FramePacer.DEFAULT_SPIN_THRESHOLD);
        frameStarts(clock, pacer, 1, 0);
        clock.resetCounts();
        frameStarts(clock, pacer, 60, 3 * MS); // one grid restart, then 60 waits of ~13.67 ms
        long waited = clock.sleptNanos + clock.spunNanos;
        assertEquals(SECOND - 60 * 3 * MS, waited);
        assertEquals(60, clock.sleeps, "one sleep per frame");
        assertEquals(60 * 100, clock.spins, "1 ms of 10 us spins per frame");
        assertEquals(60 * MS, clock.spunNanos);
        assertTrue(clock.sleptNanos > 12 * clock.spunNanos, "slept " + clock.sleptNanos);
    }

    @Test
    void aSleepThatOvershootsWithinTheThresholdIsAbsorbedBySpinning() {
        CountingClock clock = new CountingClock();
        clock.overshootNanos = 400_000L;
        long[] starts = frameStarts(clock, new FramePacer(clock, 60, FramePacer.DEFAULT_SPIN_THRESHOLD), 61, 3 * MS);
        assertEquals(SECOND, starts[60] - starts[0]);
        assertEquals(61 * 60, clock.spins, "0.6 ms of spin per wait");
    }

    @Test
    void aSleepThatOvershootsTheThresholdIsLateButErrorsDoNotAccumulate() {
        CountingClock clock = new CountingClock();
        clock.overshootNanos = 1_500_000L; // wakes 0.5 ms after every deadline
        long[] starts = frameStarts(clock, new FramePacer(clock, 60, FramePacer.DEFAULT_SPIN_THRESHOLD), 61, 3 * MS);
        for (int i = 1; i <= 60; i++) {
            assertEquals(SECOND * i / 60 + 500_000L, starts[i] - starts[0], "frame " + i + " is 0.5 ms late");
        }
        assertEquals(0, clock.spins);
    }

    @Test
    void theDefaultPacerLearnsThatSleepsArePreciseAndSpinsLess() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60);
        assertEquals(FramePacer.DEFAULT_SPIN_THRESHOLD, pacer.spinThreshold(), "starts from the default");
        long[] starts = frameStarts(clock, pacer, 601, 3 * MS); // ten seconds of sleeps that wake on time
        assertEquals(10 * SECOND, starts[600] - starts[0], "on the grid while learning");
        assertEquals(Duration.ofNanos(FramePacer.MIN_LEARNED_SPIN_MICROS * 1_000), pacer.spinThreshold());
        clock.resetCounts();
        frameStarts(clock, pacer, 60, 3 * MS);
        assertEquals(60 * 5, clock.spins, "50 us of 10 us spins per frame, not 1 ms");
    }

    @Test
    void theDefaultPacerLearnsHowLateSleepsWakeAndStaysOnTime() {
        CountingClock clock = new CountingClock();
        clock.overshootNanos = 400_000L;
        FramePacer pacer = new FramePacer(clock, 60);
        long[] starts = frameStarts(clock, pacer, 601, 3 * MS);
        for (int i = 1; i <= 600; i++) {
            assertEquals(SECOND * i / 60, starts[i] - starts[0], "frame " + i + " is on time");
        }
        assertEquals(Duration.ofNanos(500_000L), pacer.spinThreshold(), "the overshoot plus a quarter");
    }

    @Test
    void oneLateWakeUpRaisesTheThresholdAtOnceAndItSinksAgainAfterwards() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60);
        frameStarts(clock, pacer, 600, 3 * MS);
        long[] sleeps = {0};
        clock.onSleep = () -> clock.overshootNanos = ++sleeps[0] == 1 ? 1_200_000L : 0L;
        long start = clock.now();
        clock.advance(3 * MS);
        pacer.awaitNextFrame();
        assertEquals(start + 16_666_666L + 1_200_000L - 50_000L, clock.now(),
                "woken 1.2 ms late with 50 us left to spin: this frame is late by the rest");
        assertEquals(Duration.ofNanos(1_500_000L), pacer.spinThreshold(), "1.2 ms plus a quarter");
        long[] after = frameStarts(clock, pacer, 301, 3 * MS);
        assertEquals(5 * SECOND, after[300] - after[0], "later frames keep the grid");
        assertTrue(pacer.spinThreshold().toNanos() < 200_000L, "sunk again: " + pacer.spinThreshold());
    }

    @Test
    void aLearnedThresholdNeverExceedsTwoMilliseconds() {
        CountingClock clock = new CountingClock();
        clock.overshootNanos = 5 * MS;
        FramePacer pacer = new FramePacer(clock, 60);
        long[] starts = frameStarts(clock, pacer, 61, 3 * MS);
        assertEquals(Duration.ofMillis(FramePacer.MAX_LEARNED_SPIN_MICROS / 1_000), pacer.spinThreshold());
        assertEquals(SECOND + 3 * MS, starts[60] - starts[0], "every frame 3 ms late, errors not accumulated");
    }

    @Test
    void aHitchLongerThanTheLargestThresholdSinksAsFastAsOneAtIt() {
        CountingClock hitch = new CountingClock();
        CountingClock atCap = new CountingClock();
        FramePacer afterHitch = new FramePacer(hitch, 60);
        FramePacer afterCap = new FramePacer(atCap, 60);
        frameStarts(hitch, afterHitch, 600, 3 * MS);
        frameStarts(atCap, afterCap, 600, 3 * MS);
        long[] sleeps = {0, 0};
        hitch.onSleep = () -> hitch.overshootNanos = ++sleeps[0] == 1 ? 10 * MS : 0L;
        atCap.onSleep = () -> atCap.overshootNanos = ++sleeps[1] == 1 ? 1_600_000L : 0L;
        frameStarts(hitch, afterHitch, 240, 3 * MS);
        frameStarts(atCap, afterCap, 240, 3 * MS);
        assertEquals(afterCap.spinThreshold(), afterHitch.spinThreshold(), "a 10 ms hitch teaches what 1.6 ms does");
        assertTrue(afterHitch.spinThreshold().toNanos() < 100_000L,
                "four seconds later: " + afterHitch.spinThreshold());
    }

    @Test
    void anExplicitThresholdIsNeverLearned() {
        CountingClock clock = new CountingClock();
        clock.overshootNanos = 400_000L;
        FramePacer pacer = new FramePacer(clock, 60, Duration.ofMillis(1));
        frameStarts(clock, pacer, 121, 3 * MS);
        assertEquals(Duration.ofMillis(1), pacer.spinThreshold());
    }

    @Test
    void aStallRestartsTheGridAndIsFollowedByOneFrameNotABurst() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60);
        frameStarts(clock, pacer, 10, 3 * MS);
        long stallStart = clock.now();
        clock.advance(100 * MS); // a 100 ms hitch: six frames missed
        clock.resetCounts();
        pacer.awaitNextFrame();
        assertEquals(stallStart + 100 * MS, clock.now(), "the late frame starts at once");
        assertEquals(0, clock.sleeps + clock.spins);
        assertEquals(1, pacer.stalls());
        long restart = clock.now();
        clock.advance(3 * MS);
        pacer.awaitNextFrame();
        assertEquals(restart + 16_666_666L, clock.now(), "then one interval after the restart, not a burst");
        clock.advance(3 * MS);
        pacer.awaitNextFrame();
        assertEquals(restart + 33_333_333L, clock.now());
    }

    @Test
    void aStallBeforeTheFrameIsCaughtAtItsStartSoTheNextFrameIsNotReleasedAtOnce() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60);
        pacer.restart();
        pacer.awaitNextFrame();
        clock.advance(100 * MS); // a blocking event pump
        pacer.beginFrame();
        assertEquals(1, pacer.stalls());
        long start = clock.now();
        clock.advance(3 * MS);
        pacer.awaitNextFrame();
        assertEquals(start + 16_666_666L, clock.now());
        pacer.beginFrame();
        assertEquals(1, pacer.stalls(), "a frame on the grid is no stall");
    }

    @Test
    void aFrameLateByLessThanAnIntervalKeepsTheGrid() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60);
        pacer.restart();
        long start = clock.now();
        clock.advance(25 * MS); // 8.3 ms past the first deadline
        pacer.awaitNextFrame();
        assertEquals(start + 25 * MS, clock.now(), "late: no wait");
        clock.advance(3 * MS);
        pacer.awaitNextFrame();
        assertEquals(start + 33_333_333L, clock.now(), "the next frame is back on the grid");
        assertEquals(0, pacer.stalls());
    }

    @Test
    void uncappedNeverWaitsNorReadsTheClock() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 0);
        pacer.restart();
        for (int i = 0; i < 1000; i++) {
            pacer.awaitNextFrame();
        }
        assertEquals(0, clock.now());
        assertEquals(0, clock.reads + clock.sleeps + clock.spins);
    }

    @Test
    void theFirstWaitWithoutRestartReturnsAtOnceAndAnchorsTheGrid() {
        CountingClock clock = new CountingClock();
        clock.advance(5 * MS);
        FramePacer pacer = new FramePacer(clock, 50);
        pacer.awaitNextFrame();
        assertEquals(5 * MS, clock.now());
        pacer.awaitNextFrame();
        assertEquals(25 * MS, clock.now());
    }

    @Test
    void setFpsAppliesAtTheNextWaitFromTheCurrentFrameStart() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60);
        pacer.restart();
        pacer.awaitNextFrame();
        long start = clock.now();
        clock.advance(3 * MS);
        pacer.setFps(30);
        assertEquals(30, pacer.fps());
        pacer.awaitNextFrame();
        assertEquals(start + 33_333_333L, clock.now());
        pacer.awaitNextFrame();
        assertEquals(start + 66_666_666L, clock.now());

        pacer.setFps(0);
        long uncapped = clock.now();
        pacer.awaitNextFrame();
        pacer.awaitNextFrame();
        assertEquals(uncapped, clock.now(), "uncapped: no wait");

        pacer.setFps(100);
        pacer.awaitNextFrame();
        assertEquals(uncapped, clock.now(), "from uncapped, the first capped wait anchors the grid");
        pacer.awaitNextFrame();
        assertEquals(uncapped + 10 * MS, clock.now());
        assertEquals(0, pacer.stalls());
    }

    @Test
    void setFpsFromAnotherThreadIsSeenByTheLoop() throws InterruptedException {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60);
        pacer.restart();
        Thread t = new Thread(() -> pacer.setFps(20));
        t.start();
        t.join(5_000);
        pacer.awaitNextFrame();
        assertEquals(50 * MS, clock.now());
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 1001, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void badFpsIsRejectedNamingTheValueAndNothingChanges(int bad) {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 60);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pacer.setFps(bad));
        assertTrue(e.getMessage().contains(String.valueOf(bad)), e.getMessage());
        assertEquals(60, pacer.fps());
        pacer.restart();
        pacer.awaitNextFrame();
        assertEquals(16_666_666L, clock.now());

        e = assertThrows(IllegalArgumentException.class, () -> new FramePacer(clock, bad));
        assertTrue(e.getMessage().contains(String.valueOf(bad)), e.getMessage());
    }

    @Test
    void badConstructorArgumentsAreRejected() {
        ManualClock clock = new ManualClock();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FramePacer(clock, 60, Duration.ofNanos(-1)));
        assertTrue(e.getMessage().contains("PT-0.000000001S"), e.getMessage());
        assertThrows(NullPointerException.class, () -> new FramePacer(null, 60));
        assertThrows(NullPointerException.class, () -> new FramePacer(clock, 60, null));
        assertEquals(FramePacer.DEFAULT_SPIN_THRESHOLD, new FramePacer(clock, 60).spinThreshold());
    }

    @Test
    void aZeroThresholdOnlySleepsAndAHugeOneOnlySpins() {
        CountingClock clock = new CountingClock();
        frameStarts(clock, new FramePacer(clock, 50, Duration.ZERO), 11, 0);
        assertEquals(0, clock.spins);
        assertEquals(11, clock.sleeps);

        CountingClock spinner = new CountingClock();
        frameStarts(spinner, new FramePacer(spinner, 50, Duration.ofDays(1)), 11, 0);
        assertEquals(0, spinner.sleeps);
        assertEquals(11 * 2_000, spinner.spins);
    }

    @Test
    void theSpareRunsToHalfAnIntervalOrAsLateAsLeavesTheFramesBusyTime() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 100, Duration.ZERO); // 10 ms frames
        assertEquals(0, pacer.spareNanos(), "before the first frame no deadline is known");
        frameStarts(clock, pacer, 20, 2 * MS);
        assertEquals(5 * MS, pacer.spareNanos(), "released on the grid, 2 ms busy frames: half an interval");
        clock.advance(MS);
        assertEquals(4 * MS, pacer.spareNanos(), "a millisecond into the frame");
        clock.advance(6 * MS); // this frame is busy for 7 ms in all
        assertEquals(0, pacer.spareNanos(), "past half the interval");
        pacer.awaitNextFrame();
        assertEquals(3 * MS, pacer.spareNanos(), "the peak rises at once to the busiest frame: 10 - 7 ms");
        for (int i = 0; i < 200; i++) {
            clock.advance(2 * MS);
            pacer.awaitNextFrame();
        }
        assertEquals(5 * MS, pacer.spareNanos(), "and sinks back to the frames' own busy time");
    }

    @Test
    void aFrameBusierThanItsIntervalLeavesNothingToSpareAndUncappedHasNone() {
        CountingClock clock = new CountingClock();
        FramePacer pacer = new FramePacer(clock, 100, Duration.ZERO);
        frameStarts(clock, pacer, 3, 12 * MS); // each frame late by 2 ms: released at once, the grid stands
        assertEquals(0, pacer.spareNanos());
        FramePacer uncapped = new FramePacer(clock, 0);
        frameStarts(clock, uncapped, 3, MS);
        assertEquals(0, uncapped.spareNanos(), "vsync paces: no deadline is known");
    }
}
