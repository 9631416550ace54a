package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.lockstep.wire.Message;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spectators over real loopback sockets: fed by the host, they simulate the same match and end on the players'
 * hash and checkpoints, one of them held a second behind; a spectator that never reads and one that sends orders
 * hold nobody back; a spectator cannot take a player's name (one that joins a started match: {@code LateJoinTest}).
 */
class SpectatorTest {

    static final String SETUP = LockstepMatchTest.CONFIG.setup(TestPeer.GAME_SETUP);

    @Test
    void spectatorsEndOnThePlayersHashAndASlowOrRogueOneHoldsNobodyBack() throws Exception {
        List<TestPeer> players = LockstepMatchTest.peers(3);
        TestPeer live = new TestPeer("watcher", TestPeer.steady(20));
        TestPeer delayed = new TestPeer("stream", TestPeer.jitter(5, 30, 3));
        delayed.spectatorDelay = Duration.ofSeconds(1);
        List<CompletableFuture<PeerLink>> watching = new ArrayList<>();
        try (Match match = new Match(LockstepMatchTest.names(players), LockstepMatchTest.CONFIG,
                UnaryOperator.identity(), host -> {
                    for (TestPeer s : List.of(live, delayed)) {
                        watching.add(spectate(host.port(), s.name));
                    }
                    try (RawPeer deaf = RawPeer.connect(host.port()); RawPeer rogue = RawPeer.connect(host.port())) {
                        // Never reads a byte: the relay writes to it without waiting, and drops it if it backs up.
                        assertInstanceOf(Message.Welcome.class, deaf.joinAs("deaf", true));
                        assertInstanceOf(Message.Welcome.class, rogue.joinAs("rogue", true));
                        rogue.write(new Message.Turn(0, 5, List.of(new Command(1, 0, 1, 1, 0, 0))));
                        awaitLog(host, "watches", 4);
                    }
                })) {
            LockstepMatchTest.run(match, players, LockstepMatchTest.CONFIG, LockstepMatchTest.END_TURN);
            live.start(watching.get(0).get(), LockstepMatchTest.CONFIG, LockstepMatchTest.END_TURN);
            delayed.start(watching.get(1).get(), LockstepMatchTest.CONFIG, LockstepMatchTest.END_TURN);
            for (TestPeer p : players) {
                p.await(LockstepMatchTest.PATIENCE);
            }
            live.await(LockstepMatchTest.PATIENCE);
            delayed.await(LockstepMatchTest.PATIENCE);
            assertTrue(match.host.log().stream().anyMatch(l -> l.contains("a spectator sends no orders")),
                    String.join("\n", match.host.log()));
        }
        LockstepMatchTest.assertAllAgree(players, LockstepMatchTest.CONFIG);
        TestPeer first = players.get(0);
        for (TestPeer s : List.of(live, delayed)) {
            assertNull(s.session.stopReason(), s.name + ": " + s.reports);
            assertEquals(-1, s.session.seat());
            assertEquals(first.finalHash, s.finalHash, s.name + " ended on another world");
            assertEquals(first.finalSimNanos, s.finalSimNanos);
            assertEquals(LockstepMatchTest.hashesOnly(first.session.checkpoints()),
                    LockstepMatchTest.hashesOnly(s.session.checkpoints()), s.name + "'s checkpoints");
            assertEquals(first.seen, s.seen, s.name + " saw other orders");
        }
        assertTrue(delayed.maxLagTurns >= 18, "the delayed spectator was never a second behind: "
                + delayed.maxLagTurns);
    }

    @Test
    void aSpectatorCannotTakeAPlayersName() throws Exception {
        List<TestPeer> players = LockstepMatchTest.peers(2);
        try (Match match = new Match(LockstepMatchTest.names(players), LockstepMatchTest.CONFIG,
                UnaryOperator.identity(), host -> { })) {
            LockstepRefusedException named = assertThrows(LockstepRefusedException.class,
                    () -> LockstepClient.spectate(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP),
                            "127.0.0.1", match.host.port(), Duration.ofSeconds(10)));
            assertEquals("refused by the host: the name 'ann' is taken", named.getMessage());
        }
    }

    static CompletableFuture<PeerLink> spectate(int port, String name) {
        return spectate(port, name, LockstepMatchTest.CONFIG);
    }

    static CompletableFuture<PeerLink> spectate(int port, String name, LockstepConfig config) {
        PeerSettings s = PeerSettings.of(name, Match.SECRET, Match.BUILD, config.setup(TestPeer.GAME_SETUP));
        return CompletableFuture.supplyAsync(() -> {
            try {
                return LockstepClient.spectate(s, "127.0.0.1", port, Duration.ofSeconds(30));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Waits (bounded by polls of the host's log, not by the clock) until {@code n} lines contain {@code text}. */
    static void awaitLog(dev.ecsloop.lockstep.net.LockstepHost host, String text, int n) throws InterruptedException {
        for (int i = 0; i < 1_000_000; i++) {
            if (host.log().stream().filter(l -> l.contains(text)).count() >= n) {
                return;
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("the host never logged " + n + " x '" + text + "': " + host.log());
    }
}
