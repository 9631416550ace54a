package dev.ecsloop.demo;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.OrderSink;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.ManualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** F5 and the banner's restart button cannot swap a network match's game for a fresh one that plays alone. */
class NetworkedRestartTest {

    @Test
    void aGameWhoseOrdersGoToTheNetworkDoesNotRestart() {
        RtsGame game = RtsGame.create(new MatchSetup(50, 5, 32, 5_000, List.of()), new ManualClock(), false);
        assertNotNull(new RtsWindowGame(game, -1).restart(), "a local game restarts");
        game.playAs(1, (type, code, x, y, z, w) -> OrderSink.NEXT_TICK);
        assertNull(new RtsWindowGame(game, -1).restart(), "a network match's game restarted alone");
    }
}
