package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A network match on loopback with a spectator, all in process: the host waits for the spectator
 * ({@code --wait-spectators 1}), the joiner types {@code rate ai 2}, the input delay adapts between 1 and 6 turns,
 * and the spectator, half a second behind, ends on the players' {@code --print-hash}. Everyone's counters show the
 * spectator (the host tells the players at a turn), the spectator's say it watches, every peer reports the clean end as an end, and a spectator's orders
 * and controls are refused in one line.
 */
class NetSpectateTest {

    @Test
    void aSpectatorEndsOnThePlayersHashAndTheJoinersRateAppliesEverywhere() throws Exception {
        int port = NetMatchControlsTest.freePort();
        String game = "--headless --units 200 --map-size 64 --seconds 2 --print-hash --secret pw --input-delay 1..6";
        CompletableFuture<Runs> host = CompletableFuture.supplyAsync(() -> Runs.withInput("",
                (game + " --host " + port + " --wait-spectators 1").split(" ")));
        CompletableFuture<Runs> watching = NetPlayTest.startJoiner(
                game + " --spectate 127.0.0.1:" + port + " --name eve --spectate-delay 0.5",
                "select 0 0 64 64\nrate ai 3\nresume\n");
        Runs bob = NetPlayTest.joinBeside(host, game + " --join 127.0.0.1:" + port + " --name bob", "rate ai 2\n");
        Runs eve = NetPlayTest.awaitBeside(host, watching);
        Runs hosted = host.get(120, TimeUnit.SECONDS);
        assertTrue(bob.out().stream().anyMatch(l -> l.contains(" | turn ") && l.contains("  delay ")),
                "the counters show the input delay: " + bob.out());
        for (Runs r : new Runs[] {hosted, bob, eve}) {
            assertEquals(0, r.status(), r.err() + " " + r.out());
            assertTrue(r.lastOut().startsWith("world-hash: "), r.out().toString());
            assertEquals(hosted.lastOut(), r.lastOut(), "another world: " + hosted.out() + " / " + r.out());
            assertTrue(r.out().stream().anyMatch(l -> l.matches("bob: rate AiSystem 2 Hz at turn \\d+")),
                    r.out().toString());
            assertTrue(r.out().contains("match over at turn 40 (simulated 2.000 s)"), r.out().toString());
            assertTrue(r.out().stream().noneMatch(l -> l.contains(" left") || l.contains("stopped")),
                    "a clean end is no leave: " + r.out());
        }
        assertTrue(hosted.out().stream().anyMatch(l -> l.contains("waiting for 1 more player(s) and 1 spectator(s)")),
                hosted.out().toString());
        for (Runs r : new Runs[] {hosted, bob, eve}) {
            assertTrue(r.out().stream().anyMatch(l -> l.contains(" | turn ") && l.contains("  spectators 1")),
                    "the counters show the spectator: " + r.out());
        }
        assertTrue(eve.out().stream().anyMatch(l -> l.contains(" | turn ") && l.contains("  watching")),
                "the spectator's counters: " + eve.out());
        assertTrue(eve.out().stream().anyMatch(l -> l.endsWith("; you watch, 0.500 s behind")), eve.out().toString());
        assertTrue(eve.out().contains("a spectator gives no orders"), eve.out().toString());
        assertTrue(eve.out().contains("error: a spectator gives no orders: AiSystem at 3 Hz not sent"),
                eve.out().toString());
        assertTrue(eve.out().stream().anyMatch(l -> l.startsWith("error: a spectator gives no orders: the players "
                + "resume the match")), eve.out().toString());
        for (Runs r : new Runs[] {bob, eve}) {
            assertEquals(delayChanges(hosted), delayChanges(r), "the input delay changed elsewhere");
        }
    }

    /** The input delay's changes a peer reported: the same turns on every peer. */
    static java.util.List<String> delayChanges(Runs r) {
        return r.out().stream().filter(l -> l.startsWith("input delay ")).toList();
    }
}
