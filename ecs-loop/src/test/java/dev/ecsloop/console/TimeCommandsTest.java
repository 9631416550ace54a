package dev.ecsloop.console;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.TestSystems.AiSystem;
import dev.ecsloop.console.TestSystems.MovementSystem;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** pause, resume, step, timescale, catchup, debt and stats. */
class TimeCommandsTest {

    private final ConsoleFixture f = ConsoleFixture.standard();

    @Test
    void pauseStopsSimulatedTimeAndResumeRestartsIt() {
        f.frames(30);
        assertEquals("paused at simulated time 0.500 s", f.one("pause"));
        assertTrue(f.loop.isPaused());
        f.frames(30);
        assertEquals(30 * ConsoleFixture.FRAME_NANOS, f.loop.simulatedNanos(), "no simulated time while paused");
        assertEquals("already paused at simulated time 0.500 s", f.one("pause"));
        assertEquals("resumed at simulated time 0.500 s", f.one("resume"));
        assertFalse(f.loop.isPaused());
        assertEquals("already running at simulated time 0.500 s", f.one("resume"));
    }

    @Test
    void stepRunsTheNextTickInstantAndStaysPaused() {
        assertEquals("stepped 1 time, paused at simulated time 0.017 s", f.one("step"));
        assertTrue(f.loop.isPaused());
        assertEquals(1, f.loop.stats().runs(f.loop.system(MovementSystem.class)));
        assertEquals(0, f.loop.stats().runs(f.loop.system(AiSystem.class)));
    }

    @Test
    void stepNRunsNTickInstants() {
        assertEquals("stepped 4 times, paused at simulated time 0.067 s", f.one("step 4"));
        assertEquals(4, f.loop.stats().runs(f.loop.system(MovementSystem.class)));
        assertEquals(1, f.loop.stats().runs(f.loop.system(AiSystem.class))); // AI's first tick is at 4/60 s
    }

    @Test
    void stepAcceptsItsUpperBound() {
        assertEquals("stepped 10000 times, paused at simulated time 166.667 s", f.one("step 10000"));
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiterString = " => ", value = {
        "step 0 => error: [n] must be from 1 to 10000, got '0' (usage: step [n])",
        "step 10001 => error: [n] must be from 1 to 10000, got '10001' (usage: step [n])",
        "step 99999999999999999999 => error: [n] must be from 1 to 10000, got '99999999999999999999' (usage: step [n])",
        "step -3 => error: [n] must be from 1 to 10000, got '-3' (usage: step [n])",
        "step 1.5 => error: '1.5' is not a whole number for [n] (usage: step [n])",
        "step two => error: 'two' is not a whole number for [n] (usage: step [n])",
        "step 1 2 => error: unexpected argument '2' (usage: step [n])",
    })
    void badStepInputGetsOneErrorLineAndChangesNothing(String line, String error) {
        String before = f.state();
        assertEquals(error, f.one(line));
        assertEquals(before, f.state());
        assertFalse(f.loop.isPaused(), "a rejected step must not pause");
    }

    @Test
    void stepWithNoFixedStepSystemIsAnError() {
        ConsoleFixture g = new ConsoleFixture(new TestSystems.RenderSystem());
        assertEquals("error: nothing to step: every system runs every frame (usage: step [n])", g.one("step"));
        assertFalse(g.loop.isPaused());
    }

    @Test
    void aFailingStepSaysWhichStepFailedAndTheLoopStaysUsable() {
        ConsoleFixture g = new ConsoleFixture(new TestSystems.ExplodingSystem());
        String error = g.one("step 3");
        assertTrue(error.startsWith("error: step 1 of 3 failed, paused at simulated time 0.017 s: "
                + "system ExplodingSystem failed"), error);
        assertTrue(g.loop.isPaused());
    }

    @Test
    void timescaleSetsSimulatedSecondsPerRealSecond() {
        assertEquals("time scale 0.5 (was 1)", f.one("timescale 0.5"));
        assertEquals(0.5, f.loop.timeScale());
        f.frames(60);
        assertEquals(30 * ConsoleFixture.FRAME_NANOS, f.loop.simulatedNanos());
        assertEquals("time scale 0 (was 0.5)", f.one("timescale 0"));
        assertEquals("time scale 1000 (was 0)", f.one("timescale 1000"));
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiterString = " => ", value = {
        "timescale => error: missing <x> (usage: timescale <x>)",
        "timescale fast => error: 'fast' is not a number for <x> (usage: timescale <x>)",
        "timescale Infinity => error: 'Infinity' is not a number for <x> (usage: timescale <x>)",
        "timescale 2 3 => error: unexpected argument '3' (usage: timescale <x>)",
        "timescale -1 => error: bad time scale: -1.0 (must be 0, or from 0.000001 to 1000.0)",
        "timescale 1000.5 => error: bad time scale: 1000.5 (must be 0, or from 0.000001 to 1000.0)",
    })
    void badTimescaleInputGetsOneErrorLineAndChangesNothing(String line, String error) {
        String before = f.state();
        assertEquals(error, f.one(line));
        assertEquals(before, f.state());
    }

    @Test
    void catchupSetsTheCatchUpBound() {
        assertEquals("catch-up bound 100 ms (was 250 ms)", f.one("catchup 100"));
        assertEquals(Duration.ofMillis(100), f.loop.catchUpBound());
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiterString = " => ", value = {
        "catchup => error: missing <ms> (usage: catchup <ms>)",
        "catchup 0 => error: <ms> must be from 1 to 60000, got '0' (usage: catchup <ms>)",
        "catchup 60001 => error: <ms> must be from 1 to 60000, got '60001' (usage: catchup <ms>)",
        "catchup 12.5 => error: '12.5' is not a whole number for <ms> (usage: catchup <ms>)",
        "catchup 100 ms => error: unexpected argument 'ms' (usage: catchup <ms>)",
    })
    void badCatchupInputGetsOneErrorLineAndChangesNothing(String line, String error) {
        String before = f.state();
        assertEquals(error, f.one(line));
        assertEquals(before, f.state());
    }

    @Test
    void debtSwitchesThePolicyCaseInsensitively() {
        assertEquals("debt policy keep (was discard)", f.one("debt KEEP"));
        assertEquals(DebtPolicy.KEEP, f.loop.debtPolicy());
        assertEquals("debt policy discard (was keep)", f.one("debt discard"));
        assertEquals(DebtPolicy.DISCARD, f.loop.debtPolicy());
    }

    @Test
    void debtDiscardSaysHowMuchDebtItDropped() {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder()
                .world(new WorldConfigurationBuilder().with(new TestSystems.MovementSystem()))
                .clock(clock).profiler(clock)
                .catchUpBound(Duration.ofMillis(100)).debtPolicy(DebtPolicy.KEEP)
                .build();
        Console console = Console.forLoop(loop);
        clock.advance(1_000_000_000L);
        loop.frame(); // covers 100 ms, owes 900 ms
        StringBuilder out = new StringBuilder();
        console.execute("debt discard", out::append);
        assertEquals("debt policy discard (was keep, 900 ms of debt discarded)", out.toString());
        assertEquals(0, loop.debtNanos());
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiterString = " => ", value = {
        "debt => error: missing keep|discard (usage: debt keep|discard)",
        "debt maybe => error: 'maybe' is not keep or discard for keep|discard (usage: debt keep|discard)",
        "debt keep now => error: unexpected argument 'now' (usage: debt keep|discard)",
    })
    void badDebtInputGetsOneErrorLineAndChangesNothing(String line, String error) {
        String before = f.state();
        assertEquals(error, f.one(line));
        assertEquals(before, f.state());
    }

    @Test
    void statsPrintsTheLoopStatsLine() {
        f.frames(90);
        assertEquals(f.loop.stats().line(), f.one("stats"));
        assertTrue(f.one("stats").startsWith("Frames: 60 | AiSystem: 15 "), f.one("stats"));
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiterString = " => ", value = {
        "stats now => error: unexpected argument 'now' (usage: stats)",
        "pause 3 => error: unexpected argument '3' (usage: pause)",
        "resume x => error: unexpected argument 'x' (usage: resume)",
    })
    void commandsWithoutArgumentsRejectExtraOnes(String line, String error) {
        String before = f.state();
        assertEquals(error, f.one(line));
        assertEquals(before, f.state());
    }
}
