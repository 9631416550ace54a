package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A host told to wait for a spectator keeps a full table unstarted (one more player is told every seat is taken,
 * not that the game started) until the spectator is in, then starts everyone, the spectator too; a count out of
 * range is refused in one line.
 */
class WaitForSpectatorsTest {

    static final LockstepConfig CONFIG = LockstepMatchTest.CONFIG;
    static final String SETUP = CONFIG.setup(TestPeer.GAME_SETUP);

    @Test
    void aFullTableWaitsForItsSpectatorThenEveryoneStarts() throws Exception {
        try (LockstepHost host = LockstepHost.open(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP),
                InetAddress.getLoopbackAddress(), 0, 2, CONFIG)) {
            host.startAfterSpectators(1);
            CompletableFuture<PeerLink> bob = CompletableFuture.supplyAsync(() -> join("bob", false, host.port()));
            SpectatorTest.awaitLog(host, "bob joined at seat 1", 1);
            LockstepRefusedException extra = assertThrows(LockstepRefusedException.class, () -> LockstepClient.join(
                    PeerSettings.of("cy", Match.SECRET, Match.BUILD, SETUP), "127.0.0.1", host.port(),
                    Duration.ofSeconds(10)));
            assertEquals("refused by the host: every seat is taken", extra.getMessage());
            assertFalse(bob.isDone(), "the game started without its spectator");
            assertTrue(host.log().stream().noneMatch(l -> l.startsWith("game started")), host.log().toString());
            PeerLink watcher = join("watcher", true, host.port());
            try (PeerLink ann = host.awaitStart(Duration.ofSeconds(30)); PeerLink b = bob.get(); watcher) {
                assertEquals(List.of("ann", "bob"), ann.names());
                assertEquals(List.of("ann", "bob"), watcher.names());
                assertEquals(-1, watcher.seat());
                assertEquals(1, b.seat());
                assertEquals(1, host.spectators());
                assertTrue(host.log().contains("game started: ann, bob; 1 watching"), host.log().toString());
            }
        }
    }

    @Test
    void aSpectatorCountOutOfRangeIsRefused() throws Exception {
        try (LockstepHost host = LockstepHost.open(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP),
                InetAddress.getLoopbackAddress(), 0, 2, CONFIG)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> host.startAfterSpectators(17));
            assertEquals("a match waits for 0 to 16 spectators, not 17", e.getMessage());
        }
    }

    static PeerLink join(String name, boolean spectator, int port) {
        PeerSettings s = PeerSettings.of(name, Match.SECRET, Match.BUILD, SETUP);
        try {
            return spectator ? LockstepClient.spectate(s, "127.0.0.1", port, Duration.ofSeconds(30))
                    : LockstepClient.join(s, "127.0.0.1", port, Duration.ofSeconds(30));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
