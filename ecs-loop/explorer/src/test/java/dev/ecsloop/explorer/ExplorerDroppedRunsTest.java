package dev.ecsloop.explorer;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code loop.systems}' {@code dropped_runs} is the loop's exact count of a throttled system's skipped runs, not an
 * estimate from dropped time; and {@code drain()} says how many requests it answered.
 */
class ExplorerDroppedRunsTest {

    @TickRate(value = 10, catchUp = false)
    public static final class Throttled extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(10)
    public static final class CatchingUp extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @Test
    void droppedRunsAreTheThrottledSystemsSkippedRuns() throws IOException {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(2))
                .world(new WorldConfigurationBuilder().with(new Throttled(), new CatchingUp())).build();
        clock.advance(1_500_000_000L);   // one frame over 1.5 s: the throttled system runs once, skips 14 of 15
        loop.frame();
        try (Explorer explorer = Explorer.builder(loop).port(0).clock(clock).open();
             Http http = new Http(explorer.port())) {
            assertEquals(0, explorer.drain(), "nothing asked yet");
            http.send(Http.post(explorer.port(), explorer.token(),
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"loop.systems\"}"));
            int[] answered = {0};
            Http.Response r = http.read(() -> answered[0] += explorer.drain());
            assertEquals(1, answered[0]);
            JsonNode systems = new ObjectMapper().readTree(r.body()).get("result").get("systems");
            assertEquals("throttled", systems.get(0).get("kind").asText());
            assertEquals(1, systems.get(0).get("runs").asLong());
            assertEquals(14, systems.get(0).get("dropped_runs").asLong());
            assertEquals(15, systems.get(1).get("runs").asLong(), "a system that catches up runs every tick");
            assertEquals(0, systems.get(1).get("dropped_runs").asLong());
        }
    }
}
