package dev.ecsloop.console;

import dev.ecsloop.console.TestSystems.AiSystem;
import dev.ecsloop.console.TestSystems.MapSystem;
import dev.ecsloop.console.TestSystems.MovementSystem;
import dev.ecsloop.console.TestSystems.RenderSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateCommandTest {

    private final ConsoleFixture f = ConsoleFixture.standard();

    @Test
    void rateRetunesAFixedSystemAndReportsTheOldRate() {
        assertEquals("AiSystem: 30 Hz fixed (was 15 Hz)", f.one("rate AiSystem 30"));
        assertEquals(30.0, f.loop.system(AiSystem.class).rate());
    }

    @Test
    void rateAcceptsDecimalRates() {
        assertEquals("AiSystem: 12.5 Hz fixed (was 15 Hz)", f.one("rate ai 12.5"));
        assertEquals(12.5, f.loop.system(AiSystem.class).rate());
    }

    @Test
    void systemNamesAreCaseInsensitiveAndMayBeUniquePrefixes() {
        f.one("rate AISYSTEM 20");
        f.one("rate mov 90");
        f.one("rate Ma 8");
        f.one("rate r 24");
        assertEquals(20.0, f.loop.system(AiSystem.class).rate());
        assertEquals(90.0, f.loop.system(MovementSystem.class).rate());
        assertEquals(8.0, f.loop.system(MapSystem.class).rate());
        assertEquals(24.0, f.loop.system(RenderSystem.class).rate());
    }

    @Test
    void anExactNameWinsOverALongerNameItPrefixes() {
        ConsoleFixture g = new ConsoleFixture(new TestSystems.AiSystem(), new TestSystems.Ai());
        assertEquals("Ai: 5 Hz fixed (was 10 Hz)", g.one("rate ai 5"));
        assertEquals(15.0, g.loop.system(AiSystem.class).rate());
        assertEquals("AiSystem: 6 Hz fixed (was 15 Hz)", g.one("rate ais 6"));
    }

    @Test
    void rateFrameMakesASystemRunEveryFrame() {
        assertEquals("MovementSystem: every frame (was 60 Hz)", f.one("rate movement frame"));
        assertTrue(f.loop.system(MovementSystem.class).isEveryFrame());
        assertEquals("MovementSystem: every frame (was every frame)", f.one("rate movement FRAME"));
    }

    @Test
    void rateOnAnEveryFrameSystemMakesItFixedStep() {
        assertEquals("RenderSystem: 20 Hz fixed (was every frame)", f.one("rate render 20"));
        assertFalse(f.loop.system(RenderSystem.class).isEveryFrame());
    }

    @Test
    void aThrottledSystemStaysThrottled() {
        assertEquals("MapSystem: 8 Hz throttled (was 4 Hz)", f.one("rate map 8"));
        assertTrue(f.loop.system(MapSystem.class).isThrottled());
    }

    @Test
    void aRateChangeAppliesAtTheNextFrameBoundaryNotWhenTyped() {
        f.console.submit("rate ai 30", line -> { });
        assertEquals(15.0, f.loop.system(AiSystem.class).rate(), "not applied before drain");
        f.console.drain();
        assertEquals(30.0, f.loop.system(AiSystem.class).rate());
    }

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(delimiterString = " => ", value = {
        "rate foo 10 => error: unknown system 'foo' (systems: AiSystem, MovementSystem, MapSystem, RenderSystem)",
        "rate m 10 => error: ambiguous system 'm' (matches: MovementSystem, MapSystem)",
        "rate => error: missing <system> (usage: rate <system> <hz>|frame)",
        "rate ai => error: missing <hz>|frame (usage: rate <system> <hz>|frame)",
        "rate ai fast => error: 'fast' is not a number for <hz>|frame (usage: rate <system> <hz>|frame)",
        "rate ai NaN => error: 'NaN' is not a number for <hz>|frame (usage: rate <system> <hz>|frame)",
        "rate ai 0x10 => error: '0x10' is not a number for <hz>|frame (usage: rate <system> <hz>|frame)",
        "rate ai 1e999 => error: '1e999' is too large for <hz>|frame (usage: rate <system> <hz>|frame)",
        "rate ai 10 20 => error: unexpected argument '20' (usage: rate <system> <hz>|frame)",
    })
    void badRateInputGetsOneErrorLineAndChangesNothing(String line, String error) {
        f.frames(3);
        String before = f.state();
        assertEquals(error, f.one(line));
        assertEquals(before, f.state());
    }

    @ParameterizedTest
    @CsvSource({"0", "-5", "0.0001", "2000000"})
    void aRateOutOfRangeIsRejectedByTheLoopAndChangesNothing(String hz) {
        String before = f.state();
        String error = f.one("rate ai " + hz);
        assertTrue(error.startsWith("error: bad rate for AiSystem: "), error);
        assertTrue(error.contains("from 0.001 to 1000000 Hz"), error);
        assertEquals(before, f.state());
    }

    @Test
    void aGamesOwnRateRuleRefusesWhatItsCommandLineRefusesAndChangesNothing() {
        f.console.withRateRule((system, typed) -> {
            double hz = Double.parseDouble(typed);
            if (!(hz >= 0.001 && hz <= 1000)) {
                throw new IllegalArgumentException("rate '" + typed + "' must be from 0.001 to 1000 Hz");
            }
            return hz;
        });
        String before = f.state();
        assertEquals("error: rate '1000000' must be from 0.001 to 1000 Hz", f.one("rate ai 1000000"));
        assertEquals(before, f.state());
        assertEquals("AiSystem: 1000 Hz fixed (was 15 Hz)", f.one("rate ai 1000"));
    }
}
