package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.cli.NetInterruptTest.Child;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Late join in the demo, each player a child JVM on loopback in a temporary directory: a host with
 * {@code --late-join 2} starts alone; a wrong secret and garbage are refused while the match runs; dan, whose
 * {@code --seconds} have passed, is told so and leaves; bob joins the match under way, catches up and plays; eve
 * watches from the middle without {@code --seconds} and reports the clean end as an end; all three end on one hash.
 */
class LateJoinCliTest {

    @TempDir
    Path dir;

    private final List<Child> children = new ArrayList<>();

    private Child start(String args) throws Exception {
        Child c = Child.startIn(dir, args.split(" "));
        children.add(c);
        return c;
    }

    /** Waits (woken by each line, at most a minute) until {@code c} has printed {@code n} counters lines. */
    private static void waitForCounters(Child c, int n) throws Exception {
        for (int i = 0; i < 60; i++) {
            if (c.lines().stream().filter(l -> l.startsWith("sim ") && l.contains("| turn ")).count() >= n) {
                return;
            }
            synchronized (c.lines) {
                c.lines.wait(1000);
            }
        }
        throw new AssertionError("no counters in " + c.lines());
    }

    private static String hash(Child c) throws Exception {
        assertTrue(c.process().waitFor(120, TimeUnit.SECONDS), "never ended: " + c.lines());
        return c.lines().stream().filter(l -> l.startsWith("world-hash: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no hash in " + c.lines()));
    }

    @Test
    void aLatePlayerAndALateSpectatorEndOnTheHostsHash() throws Exception {
        int port = NetMatchControlsTest.freePort();
        String game = "--headless --units 60 --map-size 32 --secret pw --print-hash";
        try {
            Child host = start(game + " --seconds 30 --host " + port + " --name alice --players 3 --late-join 2");
            host.await("hosting on ");
            host.await("match started");
            waitForCounters(host, 2); // the match is under way

            Child mallory = start(game.replace("pw", "nope") + " --seconds 16 --join 127.0.0.1:" + port
                    + " --name mallory");
            assertTrue(mallory.process().waitFor(60, TimeUnit.SECONDS), mallory.lines()::toString);
            assertTrue(mallory.lines().contains("error: refused by the host: wrong secret"), mallory.lines()::toString);
            assertEquals(3, mallory.process().exitValue());
            try (Socket garbage = new Socket(InetAddress.getLoopbackAddress(), port)) {
                garbage.setSoTimeout(20_000);
                garbage.getOutputStream().write("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertEquals(-1, drain(garbage.getInputStream()), "the host kept a connection that sent garbage");
            }

            // dan's --seconds ended before he joined: he would end at once, on a hash no one else has.
            Child dan = start(game + " --seconds 1 --join 127.0.0.1:" + port + " --name dan");
            assertTrue(dan.process().waitFor(60, TimeUnit.SECONDS), dan.lines()::toString);
            assertEquals(2, dan.process().exitValue(), dan.lines()::toString);
            assertTrue(dan.lines().stream().anyMatch(l -> l.matches("error: --seconds: the match is at [0-9.]+ s "
                    + "\\(turn \\d+\\), past the 1.000 s asked; give more, or leave --seconds out")),
                    dan.lines()::toString);
            assertTrue(dan.lines().stream().noneMatch(l -> l.startsWith("world-hash") || l.startsWith("match over")),
                    dan.lines()::toString);
            host.await("dan left at turn "); // the players hear of it, though dan never played
            assertTrue(host.lines().stream().anyMatch(l -> l.startsWith("dan left at turn ")
                    && l.contains(" (its --seconds had passed, while catching up); ")), host.lines()::toString);

            Child bob = start(game + " --seconds 30 --join 127.0.0.1:" + port + " --name bob");
            bob.await("joining the match under way as bob (seat 2): receiving the host's snapshot");
            bob.await("match started: alice, dan (left), bob; you are bob (seat 2)"); // dan took seat 1 and left
            bob.await("playing live at turn ");
            host.await("bob took open seat 2");
            host.await("bob rejoined: plays again from turn ");
            bob.type("phase ai 0.1"); // the peers that started name the late joiner in its control's line too
            host.await("bob: phase AiSystem 0.1 at turn ");
            Child eve = start(game + " --spectate 127.0.0.1:" + port + " --name eve");
            eve.await("watching the match under way: receiving the host's snapshot");
            eve.await("watching live at turn "); // a spectator does not play

            String hosted = hash(host);
            assertEquals(hosted, hash(bob), "bob: " + bob.lines());
            assertEquals(hosted, hash(eve), "eve: " + eve.lines());
            for (Child c : List.of(host, bob, eve)) {
                assertEquals(0, c.process().exitValue(), c.lines()::toString);
                assertTrue(c.lines().contains("match over at turn 600 (simulated 30.000 s)"), c.lines()::toString);
            }
        } finally {
            children.forEach(c -> c.process().destroyForcibly());
        }
    }

    /** A snapshot loaded past the asked end is refused before hosting: nobody joins a match its host would leave. */
    @Test
    void aSnapshotLoadedPastItsSecondsIsRefusedBeforeHostingOrJoining() {
        Path snap = dir.resolve("s.snap");
        Runs saving = Runs.of("--headless", "--quiet", "--units", "60", "--map-size", "32", "--save", snap + "@3",
                "--seconds", "3", "--frame-times", "steady:16.667");
        assertEquals(0, saving.status(), saving.err().toString());
        for (String role : List.of("--host 1", "--join 127.0.0.1:1 --name bob")) {
            Runs run = Runs.of(("--headless --units 60 --map-size 32 --secret pw --seconds 2 --load " + snap + " "
                    + role).split(" "));
            assertEquals(2, run.status(), run.out() + " " + run.err());
            assertEquals(List.of("error: --seconds: the match is at 3.000 s (turn 60), past the 2.000 s asked; give "
                    + "more, or leave --seconds out"), run.err());
            assertTrue(run.out().stream().noneMatch(l -> l.startsWith("hosting on") || l.startsWith("joining")),
                    run.out().toString());
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
            "--host 1 --late-join 2 | --late-join 2 leaves no seat for you: at most 1 of 2 --players seats",
            "--host 1 --players 3 --late-join 8 | --late-join: '8' must be from 0 to 7",
            "--join 127.0.0.1:1 --name bob --late-join 1 | --late-join is the host's: drop it when joining",
            "--host 1 --seats alice | --seats names 2 to 8 players, not 1",
            "--host 1 --seats alice,alice | --seats names a player twice",
            "--host 1 --seats alice,bob | --seats is a resumed match's: it needs --load",
    })
    void aBadLateJoinOrSeatsFlagExitsTwoWithOneLine(String args, String expected) {
        Runs run = Runs.of(("--headless --secret pw " + args).split(" "));
        assertEquals(2, run.status(), run.out().toString());
        assertEquals(List.of("error: " + expected), run.err());
    }

    /**
     * Reads until the host closes the connection (the challenge, then nothing).
     *
     * @return -1 once it has, on a clean close or a reset
     * @throws java.net.SocketTimeoutException if it kept the connection for 20 s
     */
    private static int drain(InputStream in) throws IOException {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                continue;
            }
        } catch (java.net.SocketException reset) {
            return -1;
        }
        return -1;
    }
}
