package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The network flags: bad ones exit 2 with one line; a host and a joiner on loopback, each giving orders to its own
 * team, end on the same world hash, and each one's recording replays to a match.
 */
class NetPlayTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--host 0 --secret s | --host: port 0 must be from 1 to 65535",
            "--join nowhere --name a --secret s | --join: 'nowhere' is not HOST:PORT",
            "--join h:99999 --name a --secret s | --join: port 99999 must be from 1 to 65535",
            "--join h:7000 --secret s | --join needs --name (everyone needs a different one)",
            "--host 7000 --join h:7000 --secret s | --host, --join and --spectate exclude each other: host a match, "
                    + "join one or watch one",
            "--host 7000 --spectate h:7000 --secret s | --host, --join and --spectate exclude each other",
            "--secret s | --secret needs --host, --join or --spectate",
            "--spectate h:7000 --secret s | --spectate needs --name (everyone needs a different one)",
            "--spectate-delay 1 --secret s | --secret needs --host, --join or --spectate",
            "--join h:7000 --name a --spectate-delay 1 --secret s | --spectate-delay is a spectator's: it needs "
                    + "--spectate",
            "--spectate h:7000 --name a --spectate-delay -1 --secret s | --spectate-delay: '-1' must be from 0 to "
                    + "600 seconds",
            "--spectate h:7000 --name a --spectate-delay 1e9 --secret s | --spectate-delay: '1e9' must be from 0 to "
                    + "600 seconds",
            "--spectate h:7000 --name a --spectate-delay soon --secret s | --spectate-delay: 'soon' is not a number "
                    + "of seconds",
            "--spectate h:7000 --name a --wait-spectators 1 --secret s | --wait-spectators is the host's: drop it "
                    + "when watching",
            "--host 7000 --wait-spectators 17 --secret s | --wait-spectators: '17' must be from 0 to 16",
            "--join h:7000 --name a --diagnose d --spectate-delay 1 --secret s | --spectate-delay is a spectator's",
            "--host 7000 --input-delay 5..2 --secret s | --input-delay: '5..2': the least delay is over the most",
            "--host 7000 --input-delay 0..4 --secret s | --input-delay: '0' must be from 1 to 20",
            "--host 7000 --input-delay 2..x --secret s | --input-delay: 'x' is not a whole number",
            "--host 7000 --players 9 --secret s | --players: '9' must be from 2 to 8",
            "--join h:7000 --name a --players 3 --secret s | --players is the host's: drop it when joining",
            "--host 7000 --bind example.com --secret s | --bind: 'example.com' is not an IP address",
            "--host 7000 --input-delay 0 --secret s | --input-delay: '0' must be from 1 to 20",
            "--host 7000 --turn-ms 5 --secret s | --turn-ms: '5' must be from 10 to 1000",
            "--host 7000 --controls everyone --secret s | --controls: 'everyone' is neither all (every player "
                    + "changes the loop) nor host (the host alone)",
            "--controls host | --controls needs --host, --join or --spectate",
            "--host 7000 --secret s --frame-times steady:16 | a network match runs in real time with its own "
                    + "console: drop --frame-times",
            "--host 7000 --name '' --secret s | --name: a player name has 1 to 32 characters",
    })
    void aBadNetworkFlagExitsTwoWithOneLine(String args, String expected) {
        List<String> argv = new java.util.ArrayList<>(List.of(("--headless " + args).split(" ")));
        argv.replaceAll(a -> a.equals("''") ? "" : a);
        Runs run = Runs.of(argv.toArray(new String[0]));
        assertEquals(2, run.status(), run.err().toString());
        assertEquals(1, run.err().size(), "exactly one line: " + run.err());
        assertTrue(run.err().get(0).startsWith("error: " + expected), run.err().get(0));
    }

    @Test
    void aHostPortInUseIsNamedInOneLine() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Runs run = Runs.of("--headless", "--secret", "s", "--host", String.valueOf(port));
            assertEquals(3, run.status(), run.err().toString());
            assertEquals(1, run.err().size(), "exactly one line: " + run.err());
            assertTrue(run.err().get(0).startsWith("error: --host " + port + ": cannot listen on 127.0.0.1:" + port
                    + ": "), run.err().get(0));
        }
    }

    @Test
    void twoPlayersOnLoopbackEndOnTheSameWorldAndTheirRecordingsReplay(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        String game = "--headless --units 200 --map-size 64 --seconds 1.5 --print-hash --secret pw --turn-ms 50";
        String hostArgs = game + " --host " + port + " --record " + dir.resolve("host.replay");
        String joinArgs = game + " --join 127.0.0.1:" + port + " --name bob --record " + dir.resolve("bob.replay");
        CompletableFuture<Runs> host = CompletableFuture.supplyAsync(
                () -> Runs.withInput("select 0 0 64 64\nmove 40 40\n", hostArgs.split(" ")));
        Runs bob = joinBeside(host, joinArgs, "select 0 0 64 64\nattack 10 10\n");
        Runs hosted = host.get(120, TimeUnit.SECONDS);
        assertEquals(0, hosted.status(), hosted.err().toString());
        assertEquals(0, bob.status(), bob.err().toString());
        assertTrue(hosted.lastOut().startsWith("world-hash: "), hosted.out().toString());
        assertEquals(hosted.lastOut(), bob.lastOut(), "the two worlds differ");
        assertTrue(hosted.out().stream().anyMatch(l -> l.contains("you are host (seat 0) commanding team 0")));
        assertTrue(bob.out().stream().anyMatch(l -> l.contains("you are bob (seat 1) commanding team 1")));
        for (String who : List.of("host", "bob")) {
            Runs replay = Runs.of("--replay", dir.resolve(who + ".replay").toString());
            assertEquals(0, replay.status(), who + ": " + replay.out() + replay.err());
        }
    }

    /**
     * Runs a joiner (or a spectator) beside the host run by {@code host}, which it may start before the host listens
     * (the demo's joiner waits for it). A host that ended without joining it would leave the joiner waiting for its
     * hour: the test fails with the host's lines instead.
     */
    static Runs joinBeside(CompletableFuture<Runs> host, String args, String stdin) throws Exception {
        return awaitBeside(host, startJoiner(args, stdin));
    }

    /** @return a joiner (or a spectator) run on a thread of its own, to be awaited with {@link #awaitBeside} */
    static CompletableFuture<Runs> startJoiner(String args, String stdin) {
        return CompletableFuture.supplyAsync(() -> Runs.withInput(stdin, args.split(" ")), task -> {
            Thread t = new Thread(task, "joiner");
            t.setDaemon(true);
            t.start();
        });
    }

    /** @return the joiner's run, once it ended; fails if the host ended first without it, as {@link #joinBeside} */
    static Runs awaitBeside(CompletableFuture<Runs> host, CompletableFuture<Runs> joiner) throws Exception {
        CompletableFuture.anyOf(host, joiner).get(120, TimeUnit.SECONDS);
        if (!joiner.isDone() && host.get().status() != 0) {
            throw new AssertionError("the host ended before its joiner: " + host.get().out() + " "
                    + host.get().err());
        }
        return joiner.get(120, TimeUnit.SECONDS);
    }
}
