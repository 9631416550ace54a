package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.cli.NetInterruptTest.Child;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A network match that outlives a crash, each player a child JVM on loopback: a joiner destroyed forcibly (kill -9)
 * and started again with the same command takes its seat back and ends on the host's hash; a host destroyed
 * forcibly leaves the joiner a snapshot and a recording, from which the two players resume the match with
 * {@code --load} under a new host, each commanding the team it had ({@code --seats}), and end on one hash.
 */
class RejoinCliTest {

    @TempDir
    Path dir;

    private final List<Child> children = new ArrayList<>();

    private Child start(String args) throws Exception {
        Child c = Child.startIn(dir, args.split(" "));
        children.add(c);
        return c;
    }

    private static void kill9(Child c) throws Exception {
        c.process().destroyForcibly();
        assertTrue(c.process().waitFor(30, TimeUnit.SECONDS), "still running after a forcible destroy");
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

    /** Waits (woken by each line, at most a minute) until {@code c} has printed a line that {@code test} takes. */
    private static void awaitLine(Child c, java.util.function.Predicate<String> test) throws Exception {
        for (int i = 0; i < 60; i++) {
            if (c.lines().stream().anyMatch(test)) {
                return;
            }
            synchronized (c.lines) {
                c.lines.wait(1000);
            }
        }
        throw new AssertionError("no such line in " + c.lines());
    }

    private static String hash(Child c) throws Exception {
        assertTrue(c.process().waitFor(120, TimeUnit.SECONDS), "never ended: " + c.lines());
        return c.lines().stream().filter(l -> l.startsWith("world-hash: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no hash in " + c.lines()));
    }

    @Test
    void aJoinerKilledForciblyRejoinsWithTheSameCommandAndEndsOnTheHostsHash() throws Exception {
        int port = NetMatchControlsTest.freePort();
        String game = "--headless --quiet --units 60 --map-size 32 --secret pw --seconds 16 --print-hash";
        String join = game + " --join 127.0.0.1:" + port + " --name bob --record bob.replay";
        try {
            Child host = start(game + " --host " + port + " --name alice");
            host.await("hosting on ");
            Child bob = start(join);
            bob.await("match started");
            bob.type("net");
            bob.await("turn ");
            kill9(bob);
            try (Stream<Path> kept = Files.list(dir.resolve(".ecsloop-seats"))) {
                assertEquals(1, kept.count(), "bob's seat token was not kept");
            }
            host.await("bob left at turn ");
            host.type("net");
            awaitLine(host, l -> l.endsWith("  players alice, bob (left)"));
            Child again = start(join);
            again.await("rejoining the match under way as bob (seat 1)");
            again.await("playing live at turn ");
            host.await("bob rejoined: plays again from turn ");
            host.type("net");
            awaitLine(host, l -> l.endsWith("  players alice, bob"));
            String hostHash = hash(host);
            assertEquals(hostHash, hash(again), "host " + host.lines() + "\nbob " + again.lines());
            assertEquals(0, again.process().exitValue(), again.lines()::toString);
            // The rejoined bob's own recording starts from the snapshot it received and replays to the match's
            // final hash.
            Runs replayed = Runs.of("--replay", dir.resolve("bob.replay").toString(), "--print-hash");
            assertEquals(0, replayed.status(), () -> replayed.err() + " " + replayed.out());
            assertEquals(hostHash, replayed.lastOut(), replayed.out()::toString);
            try (Stream<Path> kept = Files.list(dir.resolve(".ecsloop-seats"))) {
                assertEquals(0, kept.count(), "the token outlived the match's clean end");
            }
        } finally {
            children.forEach(c -> c.process().destroyForcibly());
        }
    }

    @Test
    void aLostHostLeavesASnapshotAndRecordingFromWhichTheMatchResumesUnderANewHost() throws Exception {
        int port = NetMatchControlsTest.freePort();
        String game = "--headless --quiet --units 60 --map-size 32 --secret pw --seconds 30 --print-hash";
        String snap;
        try {
            Child host = start(game + " --host " + port + " --name alice");
            host.await("hosting on ");
            Child bob = start(game.replace("--quiet ", "") + " --join 127.0.0.1:" + port + " --name bob");
            bob.await("match started");
            waitForCounters(bob, 3); // a few seconds into the match
            kill9(host);
            bob.await("resume: the new host runs --host PORT --players 2 --load ");
            assertTrue(bob.lines().stream().anyMatch(l -> l.startsWith("resume: ") && l.contains(" --seats alice,bob, ")),
                    bob.lines()::toString);
            assertTrue(bob.process().waitFor(60, TimeUnit.SECONDS), bob.lines()::toString);
            assertEquals(3, bob.process().exitValue(), "a match that stopped");
            String saved = bob.lines().stream().filter(l -> l.startsWith("the host is lost: saved snapshot "))
                    .findFirst().orElseThrow(() -> new AssertionError(bob.lines().toString()));
            assertTrue(saved.matches("the host is lost: saved snapshot bob-hostlost-turn\\d+\\.snap and recording "
                    + "bob-hostlost-turn\\d+\\.replay"), saved);
            snap = saved.split(" ")[6];
            String replay = saved.split(" ")[9];
            Runs replayed = Runs.of("--replay", dir.resolve(replay).toString());
            assertEquals(0, replayed.status(), () -> replayed.err() + " " + replayed.out());

            // bob hosts the resumed match; a player without the file is refused in one line, alice with it plays.
            int again = NetMatchControlsTest.freePort();
            Child newHost = start(game + " --host " + again + " --name bob --load " + snap + " --seats alice,bob");
            newHost.await("hosting on ");
            Child stranger = start(game + " --join 127.0.0.1:" + again + " --name alice");
            assertTrue(stranger.process().waitFor(60, TimeUnit.SECONDS), stranger.lines()::toString);
            assertTrue(stranger.lines().stream().anyMatch(l -> l.startsWith("error: refused by the host: another "
                    + "setup") && l.contains("resume=")), stranger.lines()::toString);
            Files.copy(dir.resolve(snap), dir.resolve("copy.snap"));
            Child alice = start(game + " --join 127.0.0.1:" + again + " --name alice --load copy.snap --seats alice,bob");
            alice.await("match started");
            // bob hosts now (seat 0) yet keeps team 1, alice (seat 1) team 0: the teams of the lost match.
            alice.await("match started: bob, alice; you are alice (seat 1) commanding team 0");
            newHost.await("match started: bob, alice; you are bob (seat 0) commanding team 1");
            assertEquals(hash(newHost), hash(alice), "new host " + newHost.lines() + "\nalice " + alice.lines());
            assertEquals(0, alice.process().exitValue(), alice.lines()::toString);
            assertFalse(alice.lines().stream().anyMatch(l -> l.contains("desync")), alice.lines()::toString);
        } finally {
            children.forEach(c -> c.process().destroyForcibly());
        }
    }
}
