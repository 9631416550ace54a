package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.time.ManualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which teams the AI commands, and how that choice travels in the match setup a recording carries. */
class AiSidesTest {

    private static RtsGame game(AiSides sides) {
        return RtsGame.create(new MatchSetup(200, 5, 64, 5_000, List.of(), sides), new ManualClock(), false);
    }

    /** AI orders given to each team's units so far. */
    private static int[] aiOrdered(RtsGame game) {
        ComponentMapper<Mover> movers = game.loop().world().getMapper(Mover.class);
        ComponentMapper<Unit> units = game.loop().world().getMapper(Unit.class);
        IntBag all = game.loop().world().getAspectSubscriptionManager().get(Aspect.all(Unit.class, Mover.class))
                .getEntities();
        int[] ordered = new int[2];
        for (int i = 0; i < all.size(); i++) {
            if (movers.get(all.get(i)).order == Mover.ORDER_AI) {
                ordered[units.get(all.get(i)).team]++;
            }
        }
        return ordered;
    }

    @Test
    void withTeam1OnlyTheAiLeavesThePlayersUnitsAlone() {
        RtsGame game = game(AiSides.TEAM1);
        Games.run(game, 3, () -> assertEquals(0, aiOrdered(game)[0], "no AI order for a team-0 unit"));
        assertTrue(aiOrdered(game)[1] > 0, "team 1's units march on the AI's orders");
    }

    @Test
    void withBothTheAiCommandsBothTeams() {
        RtsGame game = game(AiSides.BOTH);
        Games.run(game, 3, () -> { });
        int[] ordered = aiOrdered(game);
        assertTrue(ordered[0] > 0 && ordered[1] > 0, ordered[0] + " and " + ordered[1] + " AI orders");
    }

    @Test
    void theChoiceChangesTheSimulation() {
        RtsGame both = game(AiSides.BOTH);
        RtsGame team1 = game(AiSides.TEAM1);
        Games.run(both, 3, () -> { });
        Games.run(team1, 3, () -> { });
        assertNotEquals(both.worldHash(), team1.worldHash());
    }

    @Test
    void theIdentityCarriesTheChoiceOnlyWhenItIsNotBoth() {
        MatchSetup both = new MatchSetup(200, 5, 64, 5_000, List.of());
        assertEquals("demo-rts/2 units=200 seed=5 map=64 budget=5000", both.identity(),
                "recordings made before the choice existed read as both");
        MatchSetup team1 = both.withAi(AiSides.TEAM1);
        assertEquals("demo-rts/2 units=200 seed=5 map=64 budget=5000 ai=team1", team1.identity());
        assertEquals(team1, MatchSetup.fromIdentity(team1.identity()));
        assertEquals(both, MatchSetup.fromIdentity(both.identity()));
    }

    @Test
    void anUnknownSideIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AiSides.parse("team0"));
        assertEquals("'team0' is not an AI side: both or team1", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> MatchSetup.fromIdentity("demo-rts/2 units=200 seed=5 map=64 budget=5000 ai=nobody"));
    }
}
