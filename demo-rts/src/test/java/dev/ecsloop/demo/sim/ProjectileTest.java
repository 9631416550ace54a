package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.artemis.Aspect;
import com.artemis.EntitySubscription;
import com.artemis.utils.IntBag;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProjectileTest {

    @Test
    void projectilesAreEntitiesThatHitAndAreDeleted() {
        RtsGame game = Games.small(120, 2, 40);
        CombatSystem combat = game.loop().world().getSystem(CombatSystem.class);
        ProjectileSystem flight = game.loop().world().getSystem(ProjectileSystem.class);
        EntitySubscription projectiles = game.loop().world().getAspectSubscriptionManager()
                .get(Aspect.all(Projectile.class));
        int[] most = {0};
        Map<Integer, Integer> framesInFlight = new HashMap<>();
        int[] longest = {0};
        Games.run(game, 60, () -> {
            IntBag live = projectiles.getEntities();
            // Shots of the frame's last combat tick join the subscription at the next tick, so they may be missing.
            long unaccounted = combat.shots() - flight.hits() - flight.misses() - live.size();
            assertTrue(unaccounted >= 0 && unaccounted <= 60,
                    "every shot is in flight, hit, or dropped for a vanished target: " + unaccounted);
            most[0] = Math.max(most[0], live.size());
            Map<Integer, Integer> next = new HashMap<>();
            for (int i = 0; i < live.size(); i++) {
                int age = framesInFlight.getOrDefault(live.get(i), 0) + 1;
                next.put(live.get(i), age);
                longest[0] = Math.max(longest[0], age);
            }
            framesInFlight.clear();
            framesInFlight.putAll(next);
        });
        assertTrue(flight.hits() > 20, "archers' projectiles hit: " + flight.hits());
        assertTrue(most[0] > 0, "projectiles were entities in the world");
        assertTrue(longest[0] <= 60, "none lives a second (range 7 at 16 cells/s): " + longest[0] + " frames");
    }
}
