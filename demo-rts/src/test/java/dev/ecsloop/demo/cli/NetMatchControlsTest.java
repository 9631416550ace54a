package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A network match on loopback, two players in process: the loop's controls typed on one player apply on both at
 * the same turn and the match ends in sync; {@code step} and a system every frame are refused in one line; orders
 * only move the sender's team; {@code --quiet} prints no counters; a player who quits is reported as having quit, a
 * clean end as nothing at all, and no recording file appears unless asked for.
 */
class NetMatchControlsTest {

    static int freePort() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    @Test
    void rateTypedOnOnePlayerAppliesOnBothAndTheMatchEndsInSync() throws Exception {
        int port = freePort();
        String game = "--headless --quiet --units 200 --map-size 64 --seconds 2 --print-hash --secret pw";
        String hostArgs = game + " --host " + port;
        String joinArgs = game + " --join 127.0.0.1:" + port + " --name bob";
        CompletableFuture<Runs> host = CompletableFuture.supplyAsync(() -> Runs.withInput(
                "rate ai 2\nphase movement 0.5\ntimescale 1\nstep\nrate move frame\nrate anim 20\nrate anim frame\n",
                hostArgs.split(" ")));
        Runs bob = NetPlayTest.joinBeside(host, joinArgs, "select 0 0 64 64\nmove 10 10\n");
        Runs hosted = host.get(120, TimeUnit.SECONDS);
        assertEquals(0, hosted.status(), hosted.err() + " " + hosted.out());
        assertEquals(0, bob.status(), bob.err() + " " + bob.out());
        assertTrue(hosted.lastOut().startsWith("world-hash: "), hosted.out().toString());
        assertEquals(hosted.lastOut(), bob.lastOut(), "the match desynced: " + hosted.out() + " / " + bob.out());
        for (Runs r : new Runs[] {hosted, bob}) {
            assertTrue(r.out().stream().anyMatch(l -> l.matches("host: rate AiSystem 2 Hz at turn \\d+")),
                    r.out().toString());
            assertTrue(r.out().stream().anyMatch(l -> l.matches("host: phase MovementSystem 0.5 at turn \\d+")),
                    r.out().toString());
            // A drawing-only system may go back to every frame: frame timing never reaches the simulation.
            assertTrue(r.out().stream().anyMatch(l -> l.matches("host: rate AnimationSystem every frame at turn \\d+")),
                    r.out().toString());
            assertFalse(r.out().stream().anyMatch(l -> l.contains(" fps") || l.contains("Frames:")),
                    "--quiet printed counters: " + r.out());
            assertFalse(r.out().stream().anyMatch(l -> l.contains(" left")), "a clean end is no leave: " + r.out());
        }
        assertTrue(hosted.out().stream().anyMatch(l -> l.startsWith("error: step is refused in a network match")),
                hosted.out().toString());
        assertTrue(hosted.out().stream().anyMatch(l -> l.equals("error: 'frame' is refused in a match for MovementSystem, a simulation system: it would tick "
                + "with each player's own frames")),
                hosted.out().toString());
    }

    @Test
    void withHostOnlyControlsAJoinersControlsAreRefusedWhereTypedAndTheHostsApplyEverywhere() throws Exception {
        int port = freePort();
        String game = "--headless --quiet --units 200 --map-size 64 --seconds 2 --print-hash --secret pw "
                + "--controls host";
        CompletableFuture<Runs> host = CompletableFuture.supplyAsync(() -> Runs.withInput("rate ai 3\n",
                (game + " --host " + port).split(" ")));
        Runs bob = NetPlayTest.joinBeside(host, game + " --join 127.0.0.1:" + port + " --name bob",
                "rate ai 2\ntimescale 0.5\npause\nresume\n");
        Runs hosted = host.get(120, TimeUnit.SECONDS);
        assertEquals(0, hosted.status(), hosted.err() + " " + hosted.out());
        assertEquals(0, bob.status(), bob.err() + " " + bob.out());
        assertEquals(hosted.lastOut(), bob.lastOut(), "the match desynced: " + hosted.out() + " / " + bob.out());
        assertTrue(bob.out().contains("the host alone changes the loop in this match (--controls host): rate, phase, "
                + "timescale, pause and resume are the host's"), bob.out().toString());
        String refused = "error: in this match the host alone changes the loop (--controls host): ";
        for (String what : List.of("AiSystem at 2 Hz", "time scale 0.5", "pause", "resume")) {
            assertTrue(bob.out().contains(refused + what + " not sent"), what + ": " + bob.out());
        }
        for (Runs r : new Runs[] {hosted, bob}) {
            assertTrue(r.out().stream().anyMatch(l -> l.matches("host: rate AiSystem 3 Hz at turn \\d+")),
                    r.out().toString());
            assertFalse(r.out().stream().anyMatch(l -> l.contains("bob: ") || l.contains("ignored")),
                    "nothing of bob's was sent: " + r.out());
        }
    }

    @Test
    void aPlayerWhoQuitsIsReportedAsQuittingAndNoFileIsWritten() throws Exception {
        int port = freePort();
        String game = "--headless --units 100 --map-size 64 --secret pw";
        String hostArgs = game + " --seconds 2 --host " + port;
        String joinArgs = game + " --join 127.0.0.1:" + port + " --name bob";
        CompletableFuture<Runs> host = CompletableFuture.supplyAsync(() -> Runs.withInput("", hostArgs.split(" ")));
        Runs bob = NetPlayTest.joinBeside(host, joinArgs, "quit\n");
        Runs hosted = host.get(120, TimeUnit.SECONDS);
        assertEquals(0, bob.status(), bob.err() + " " + bob.out());
        assertEquals(0, hosted.status(), hosted.err() + " " + hosted.out());
        assertTrue(hosted.out().stream().anyMatch(l -> l.matches("bob left at turn \\d+ \\(quit\\); the others play "
                + "on, its seat gets no orders")), hosted.out().toString());
        assertTrue(hosted.out().stream().anyMatch(l -> l.contains(" fps | ") && l.contains(" | turn ")), "counters: " + hosted.out());
        assertFalse(Files.exists(Path.of("lockstep-host.replay")) || Files.exists(Path.of("lockstep-bob.replay")),
                "a recording nobody asked for");
    }

    @Test
    void aHostWhoQuitsEndsTheMatchForTheJoinerWithThatReason(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        int port = freePort();
        String game = "--headless --quiet --units 100 --map-size 64 --secret pw";
        // Child JVMs in a temporary directory: bob saves its host-loss snapshot and recording where it runs.
        NetInterruptTest.Child host = NetInterruptTest.Child.startIn(dir, (game + " --host " + port).split(" "));
        NetInterruptTest.Child bob = null;
        try {
            host.await("hosting on ");
            bob = NetInterruptTest.Child.startIn(dir, (game + " --join 127.0.0.1:" + port + " --name bob")
                    .split(" "));
            bob.await("match started");
            host.await("match started");
            host.process().getOutputStream().write("quit\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            host.process().getOutputStream().flush();
            assertTrue(host.process().waitFor(60, TimeUnit.SECONDS), host.lines()::toString);
            assertTrue(bob.process().waitFor(60, TimeUnit.SECONDS), bob.lines()::toString);
            assertEquals(0, host.process().exitValue(), host.lines()::toString);
            assertEquals(3, bob.process().exitValue(), bob.lines()::toString);
            List<String> out = bob.lines();
            assertTrue(out.stream().anyMatch(l -> l.matches("game stopped at turn \\d+: the host left \\(quit\\)")),
                    out::toString);
            assertEquals(1, out.stream().filter(l -> l.contains("the host left")).count(), "said once: " + out);
            try (java.util.stream.Stream<Path> files = Files.list(dir)) {
                assertTrue(files.anyMatch(f -> f.getFileName().toString().matches("bob-hostlost-turn\\d+\\.snap")),
                        "bob's host-loss snapshot is not in its working directory: " + out);
            }
        } finally {
            host.process().destroyForcibly();
            if (bob != null) {
                bob.process().destroyForcibly();
            }
        }
    }
}
