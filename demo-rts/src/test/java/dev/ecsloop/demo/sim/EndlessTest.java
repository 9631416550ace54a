package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code --endless}: the match that ends by minute 4 without it has, at every simulated minute up to 4, both armies
 * alive and still fighting (shots fired and hits landed within the last minute), no base fallen, and its state
 * still snapshots completely (the front rule is stateless).
 */
class EndlessTest {
    private static final MatchSetup SETUP = new MatchSetup(300, 1, 96, 20_000, List.of(), AiSides.BOTH, true);

    private static long fired(RtsGame game) {
        return game.loop().world().getSystem(CombatSystem.class).shots()
                + game.loop().world().getSystem(CombatSystem.class).kills();
    }

    private static long landed(RtsGame game) {
        return game.loop().world().getSystem(ProjectileSystem.class).hits();
    }

    @Test
    void bothArmiesAreAliveAndFightingAtEveryMinute() {
        RtsGame endless = RtsGame.create(SETUP, new ManualClock(), false);
        for (int minute = 1; minute <= 4; minute++) {
            long shots = fired(endless);
            long hits = landed(endless);
            Games.run(endless, 60, () -> { });
            assertFalse(endless.isOver(), "minute " + minute);
            assertTrue(endless.unitCount(0) > 0 && endless.unitCount(1) > 0, "minute " + minute + ": "
                    + endless.unitCount(0) + " v " + endless.unitCount(1));
            assertTrue(fired(endless) > shots && landed(endless) > hits, "minute " + minute + ": still fighting");
        }
        assertTrue(endless.produced(0) > 0 && endless.produced(1) > 0, "both factories kept producing");
        Optional<String> forgotten = endless.snapshots().check(RtsGame.create(SETUP, new ManualClock(), false)
                .snapshots(), Duration.ofSeconds(5));
        assertEquals(Optional.empty(), forgotten);

        RtsGame ending = RtsGame.create(SETUP.withEndless(false), new ManualClock(), false);
        Games.run(ending, 240, () -> { });
        assertTrue(ending.isOver(), "without --endless the same match is decided by minute 4");
    }

    @Test
    void endlessIsPartOfTheSetupIdentity() {
        assertTrue(SETUP.identity().endsWith(" endless"), SETUP.identity());
        assertEquals(SETUP, MatchSetup.fromIdentity(SETUP.identity()));
        assertFalse(MatchSetup.fromIdentity(SETUP.withEndless(false).identity()).endless());
    }

    /**
     * The battle is balanced and its population bounded and steady: from minute 2 to 6 the two sides stay within
     * a tenth of each other (the side ahead waits to build), never above the starting count, and the total stays
     * within a quarter of minute 2's (the soak's flat heap needs a steady population).
     */
    @Test
    void theBattleStaysBalancedAndItsPopulationBoundedAndSteady() {
        RtsGame endless = RtsGame.create(SETUP, new ManualClock(), false);
        Games.run(endless, 120, () -> { });
        int first = endless.unitCount(0) + endless.unitCount(1);
        for (int minute = 2; minute <= 6; minute++) {
            int a = endless.unitCount(0);
            int b = endless.unitCount(1);
            String at = "minute " + minute + ": " + a + " v " + b;
            assertTrue(Math.abs(a - b) <= Math.max(5, Math.max(a, b) / 10), "balanced, " + at);
            assertTrue(a + b <= SETUP.units() && a > 0 && b > 0, "bounded, " + at);
            assertTrue(Math.abs(a + b - first) <= first / 4, "steady against " + first + ", " + at);
            Games.run(endless, 60, () -> { });
        }
    }
}
