package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EconomyTest {

    @Test
    void harvestersDeliverAndCreditsGrow() {
        RtsGame game = Games.small(200, 3, 64);
        Games.run(game, 1 / 60.0, () -> { });
        assertEquals(0, game.delivered(0));
        int[] lastDelivered = {0};
        boolean[] grew = {false};
        Games.run(game, 40, () -> {
            if (game.delivered(0) > lastDelivered[0]) {
                grew[0] = true;
            }
            assertTrue(game.delivered(0) >= lastDelivered[0], "deliveries only ever add up");
            lastDelivered[0] = game.delivered(0);
        });
        assertTrue(grew[0] && game.delivered(0) >= EconomySystem.LOAD * 5,
                "harvesters brought loads home: " + game.delivered(0));
        assertEquals(game.delivered(0), game.credits(0) + game.spentCredits(0),
                "every credit delivered is banked or spent");
    }

    @Test
    void harvestersGoToTheirOwnFieldCells() {
        RtsGame game = Games.small(400, 3, 64);
        Games.run(game, 1, () -> { });
        ComponentMapper<Harvester> harvesters = game.loop().world().getMapper(Harvester.class);
        ComponentMapper<Unit> units = game.loop().world().getMapper(Unit.class);
        IntBag all = game.loop().world().getAspectSubscriptionManager().get(Aspect.all(Harvester.class)).getEntities();
        Set<Integer> cells = new HashSet<>();
        int team0 = 0;
        for (int i = 0; i < all.size(); i++) {
            if (units.get(all.get(i)).team == 0) {
                team0++;
                cells.add(harvesters.get(all.get(i)).fieldCell);
            }
        }
        assertTrue(team0 >= 10, "a harvester in ten units: " + team0);
        assertEquals(Math.min(team0, game.resourceFields().cellCount(0)), cells.size(), "one cell each");
    }

    @Test
    void productionSpawnsUnitsFromTheBank() {
        RtsGame game = Games.small(200, 3, 64);
        Games.run(game, 90, () -> { });
        long built = game.loop().world().getSystem(EconomySystem.class).produced();
        assertTrue(built > 0, "factories built units: " + built);
        CombatSystem combat = game.loop().world().getSystem(CombatSystem.class);
        ProjectileSystem shots = game.loop().world().getSystem(ProjectileSystem.class);
        long deaths = combat.kills() + shots.kills() - (game.isOver() ? 1 : 0); // a fallen base is no unit
        int left = game.unitCount(0) + game.unitCount(1);
        assertEquals(200 + built - deaths, left,
                "units alive = started + built - killed: entities created while others die");
        assertTrue(left <= 200, "never above the starting population");
    }

    @Test
    void theEconomyCommandReportsBothTeamsAndRefusesArguments() {
        RtsGame game = Games.small(200, 3, 64);
        Games.run(game, 40, () -> { });
        java.util.List<String> out = new java.util.ArrayList<>();
        game.console().execute("economy", out::add);
        assertEquals(1, out.size());
        assertTrue(out.get(0).startsWith("economy: team 0 credits " + game.credits(0) + " delivered "
                + game.delivered(0)), out.get(0));
        out.clear();
        game.console().execute("economy now", out::add);
        assertEquals(java.util.List.of("error: unexpected argument 'now' (usage: economy)"), out);
    }
}
