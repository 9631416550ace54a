package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.artemis.BaseSystem;
import dev.ecsloop.time.ManualClock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StaggerTest {

    /** Every tick of two simulated seconds as "system@nanos", driving frames of the given lengths in turn. */
    private static List<String> tickLog(long... frameNanos) {
        RtsGame game = Games.small(60, 2, 40);
        List<String> log = new ArrayList<>();
        game.loop().addTickListener((BaseSystem s, long at) -> log.add(s.getClass().getSimpleName() + "@" + at));
        ManualClock clock = (ManualClock) game.loop().clock();
        int k = 0;
        while (game.loop().simulatedNanos() < 2_000_000_000L) {
            clock.advance(Math.min(frameNanos[k++ % frameNanos.length], 2_000_000_000L - clock.nanoTime()));
            game.frame();
        }
        return log;
    }

    @Test
    void theStaggeredSystemsTickTheirExactCountsAtTheSameInstantsUnderAnyFrameSplit() {
        List<String> steady = tickLog(16_666_667L);
        assertEquals(steady, tickLog(3_000_000L, 41_000_000L, 16_000_000L), "jittery frames, same ticks");
        assertEquals(steady, tickLog(240_000_000L, 1_000_000L), "long frames caught up, same ticks");
        Map<String, Integer> counts = new TreeMap<>();
        for (String tick : steady) {
            counts.merge(tick.substring(0, tick.indexOf('@')), 1, Integer::sum);
        }
        assertEquals(40, counts.get("CombatSystem"), "20 Hz for 2 s, first at 10 ms");
        assertEquals(30, counts.get("PathfindingSystem"));
        assertEquals(20, counts.get("FogSystem"));
        assertEquals(20, counts.get("EconomySystem"));
        assertEquals(10, counts.get("InfluenceSystem"));
        assertEquals(10, counts.get("AiSystem"));
    }

    @Test
    void fogNeverTicksInTheFrameOfCombatOrPathfindingAtSixtyFramesPerSecond() {
        Set<Long> busy = new HashSet<>();
        List<Long> fog = new ArrayList<>();
        for (String tick : tickLog(16_666_667L)) {
            long at = Long.parseLong(tick.substring(tick.indexOf('@') + 1));
            long frame = (at + 16_666_666L) / 16_666_667L; // the frame whose end first reaches the tick
            if (tick.startsWith("FogSystem")) {
                fog.add(frame);
            } else if (tick.startsWith("CombatSystem") || tick.startsWith("PathfindingSystem")) {
                busy.add(frame);
            }
        }
        assertEquals(20, fog.size());
        for (long f : fog) {
            assertFalse(busy.contains(f), "fog shares frame " + f + " with combat or pathfinding");
        }
    }
}
