package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.interpolate.Transform2;
import org.junit.jupiter.api.Test;

class MovementTest {

    @Test
    void unitsNeverStandInsideAnObstacleOverThousandsOfTicks() {
        RtsGame game = Games.small(600, 5, 64);
        GridMap map = game.map();
        assertTrue(map.blockedCount() > 100, "the test map should have obstacles: " + map);
        ComponentMapper<Transform2> transforms = game.loop().world().getMapper(Transform2.class);
        IntBag units = game.loop().world().getAspectSubscriptionManager().get(Aspect.all(Unit.class)).getEntities();
        float[] start = new float[2];
        Transform2 first = transforms.get(units.get(0));
        start[0] = first.position.x;
        start[1] = first.position.y;
        int[] frames = {0};
        Games.run(game, 40, () -> {
            frames[0]++;
            for (int i = 0; i < units.size(); i++) {
                Transform2 t = transforms.get(units.get(i));
                if (!map.isWalkableAt(t.position.x, t.position.y)) {
                    fail("unit " + units.get(i) + " inside an obstacle at " + t.position + " in frame " + frames[0]);
                }
            }
        });
        assertTrue(game.loop().stats().runs(game.loop().system(MovementSystem.class)) >= 2400, "ran 40 s of 60 Hz movement");
    }

    @Test
    void unitsWalkTowardsTheEnemy() {
        RtsGame game = Games.small(40, 2, 32);
        Games.run(game, 1 / 60.0, () -> { }); // units join the world's subscriptions at the first frame
        float before = meanDistanceFromOrigin(game, 0);
        Games.run(game, 3, () -> { });
        assertTrue(meanDistanceFromOrigin(game, 0) > before + 5, "team 0 left its corner towards team 1");
    }

    @Test
    void aPlayerMoveOrderBringsTheSelectionToTheGoal() {
        RtsGame game = Games.small(40, 2, 32);
        game.select(0, 0, 8, 8);
        game.orderMove(8.5f, 20.5f);
        Games.run(game, 8, () -> { });
        ComponentMapper<Transform2> transforms = game.loop().world().getMapper(Transform2.class);
        ComponentMapper<Selected> selected = game.loop().world().getMapper(Selected.class);
        IntBag units = game.loop().world().getAspectSubscriptionManager().get(Aspect.all(Unit.class)).getEntities();
        int near = 0;
        int chosen = 0;
        for (int i = 0; i < units.size(); i++) {
            if (selected.has(units.get(i))) {
                chosen++;
                Transform2 t = transforms.get(units.get(i));
                if (t.position.distance(8.5f, 20.5f) <= 4f + 2) {
                    near++;
                }
            }
        }
        assertTrue(chosen > 10, "the box selected team 0's spawn: " + chosen);
        assertTrue(near >= chosen * 3 / 4, near + " of " + chosen + " selected units reached the goal");
    }

    private static float meanDistanceFromOrigin(RtsGame game, int team) {
        FrameView s = game.snapshot(new FrameView());
        float sum = 0;
        int n = 0;
        for (int i = 0; i < s.count; i++) {
            if (s.team[i] == team) {
                sum += (float) Math.hypot(s.x[i], s.y[i]);
                n++;
            }
        }
        return sum / n;
    }
}
