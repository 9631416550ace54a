package dev.ecsloop.example;

import com.artemis.ComponentMapper;
import dev.ecsloop.GameLoop;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParallelismTest {

    private static long[] run(int workers) {
        ManualClock clock = new ManualClock();
        try (GameLoop loop = Parallelism.build(clock, workers)) {
            ComponentMapper<Parallelism.Heat> heat = loop.world().getMapper(Parallelism.Heat.class);
            for (int i = 0; i < 3000; i++) {
                heat.create(loop.world().create()).value = 1f + i % 500;
            }
            Parallelism.CoolingSystem system = loop.world().getSystem(Parallelism.CoolingSystem.class);
            for (int f = 0; f < 60; f++) {
                clock.advance(16_666_667L);
                loop.frame();
            }
            return new long[] {new StateHash(loop.world()).hash(), system.bodies};
        }
    }

    @Test
    void theReadmeSystemEndsInTheSameStateAtAnyNumberOfWorkers() {
        long[] one = run(1);
        assertTrue(one[1] > 0 && one[1] < 3000, "some bodies went cold, some are left: " + one[1]);
        assertEquals(one[0], run(4)[0]);
        assertEquals(one[1], run(4)[1]);
    }
}
