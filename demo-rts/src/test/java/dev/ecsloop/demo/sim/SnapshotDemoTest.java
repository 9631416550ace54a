package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The demo world as a value: captured at random instants, restored into a fresh game of the same setup, it goes
 * on exactly as the original (the check mode compares every tick; a run under another frame split compares the
 * end), and a system that keeps state it does not declare is named.
 */
class SnapshotDemoTest {
    private static final MatchSetup SETUP = new MatchSetup(600, 3, 96, 2_000, List.of());

    private static RtsGame fresh() {
        return RtsGame.create(SETUP, new ManualClock(), false);
    }

    /** Runs frames of random lengths (1 to 40 ms, seeded) until simulated time reaches {@code end} exactly. */
    private static void runJittered(RtsGame game, long end, long seed) {
        ManualClock clock = (ManualClock) game.loop().clock();
        SplittableRandom r = new SplittableRandom(seed);
        while (game.loop().simulatedNanos() < end) {
            long step = Math.min(1_000_000L + r.nextLong(39_000_000L), end - game.loop().simulatedNanos());
            clock.advance(step);
            game.frame();
        }
    }

    @Test
    void checkModeFindsNothingMissingAtRandomInstants() {
        SplittableRandom instants = new SplittableRandom(21);
        for (int i = 0; i < 3; i++) {
            RtsGame game = fresh();
            double at = 1 + instants.nextDouble() * 30;
            Games.run(game, at, () -> { });
            Optional<String> forgotten = game.snapshots().check(fresh().snapshots(), Duration.ofSeconds(10));
            assertEquals(Optional.empty(), forgotten, "captured at " + at + " s");
        }
    }

    @Test
    void restoredGameEndsWithTheSameHashUnderAnotherFrameSplit() {
        RtsGame original = fresh();
        runJittered(original, 17_345_678_901L, 1);
        byte[] snapshot = original.snapshots().capture();
        long end = 40_000_000_000L;
        RtsGame restored = fresh();
        restored.snapshots().restore(snapshot);
        assertEquals(original.worldHash(), restored.worldHash());
        assertEquals(original.loop().simulatedNanos(), restored.loop().simulatedNanos());
        Games.run(original, 40 - 17.345678901, () -> { });
        runJittered(original, end, 2);
        runJittered(restored, end, 3);
        assertEquals(StateHash.hex(original.worldHash()), StateHash.hex(restored.worldHash()));
        assertTrue(original.unitCount(0) > 0 && original.unitCount(1) > 0, "still fighting");
        assertTrue(original.resourceFields() != null);
    }

    @Test
    void captureIsBitIdenticalForIdenticalStateAndRestoreIsInPlace() {
        RtsGame a = fresh();
        RtsGame b = fresh();
        Games.run(a, 12, () -> { });
        runJittered(b, a.loop().simulatedNanos(), 9);
        byte[] fromA = a.snapshots().capture();
        byte[] fromB = b.snapshots().capture();
        int diff = java.util.Arrays.mismatch(fromA, fromB);
        assertEquals(-1, diff, "same state, same bytes; lengths " + fromA.length + " " + fromB.length + " around "
                + new String(fromA, Math.max(0, diff - 60), 60, java.nio.charset.StandardCharsets.ISO_8859_1));
        Games.run(a, 3, () -> { });
        assertNotEquals(a.worldHash(), b.worldHash());
        a.snapshots().restore(fromA);
        assertTrue(java.util.Arrays.equals(fromA, a.snapshots().capture()), "restored in place, bit for bit");
    }

    @Test
    void undeclaredSystemStateIsNamedByTheCheckMode() {
        RtsGame game = RtsGame.createWith(SETUP, new ManualClock(), new ForgetfulSystem.Forgetful());
        Games.run(game, 5, () -> { });
        Optional<String> forgotten = game.snapshots().check(
                RtsGame.createWith(SETUP, new ManualClock(), new ForgetfulSystem.Forgetful()).snapshots(),
                Duration.ofSeconds(10));
        assertTrue(forgotten.isPresent(), "the forgotten generator is found");
        assertTrue(forgotten.get().contains("system Forgetful has state it does not declare"), forgotten.get());
        assertTrue(forgotten.get().contains("rng"), forgotten.get());

        RtsGame declared = RtsGame.createWith(SETUP, new ManualClock(), new ForgetfulSystem.Declaring());
        Games.run(declared, 5, () -> { });
        assertFalse(declared.snapshots().check(
                RtsGame.createWith(SETUP, new ManualClock(), new ForgetfulSystem.Declaring()).snapshots(),
                Duration.ofSeconds(10)).isPresent(), "declared, nothing is missing");
    }
}
