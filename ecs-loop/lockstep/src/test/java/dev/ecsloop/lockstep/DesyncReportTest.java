package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A deliberately nondeterministic system (it nudges one body's x by an unseeded random amount on one peer) over
 * real loopback sockets, with desync diagnosis on: every peer writes its snapshots of the mismatched checkpoint and
 * of the last agreed one, and all of them make the same block naming the entity, component and field, with the
 * rogue's value apart from the others'.
 */
class DesyncReportTest {

    static final LockstepConfig CONFIG = new LockstepConfig(50_000_000L, 3, 1);
    static final Pattern HEAD = Pattern.compile("desync at turn (\\d+): entity (\\d+), component (\\w+), field (\\w+)");

    @Test
    void theReportNamesTheComponentAndFieldTheRogueSystemChanged(@TempDir Path dir) throws Exception {
        List<TestPeer> peers = LockstepMatchTest.peers(3);
        TestPeer rogue = peers.get(2);
        rogue.chaosFromNanos = 1_020_000_000L;
        for (TestPeer p : peers) {
            p.diagnoseIn = dir.resolve(p.name);
        }
        try (Match match = new Match(LockstepMatchTest.names(peers), CONFIG, UnaryOperator.identity())) {
            LockstepMatchTest.run(match, peers, CONFIG, 200);
            for (TestPeer p : peers) {
                p.await(LockstepMatchTest.PATIENCE);
            }
        }
        long turn = rogue.firstChaosNanos / CONFIG.turnNanos() + 1;
        String block = null;
        for (TestPeer p : peers) {
            String report = p.session.desyncReport();
            assertNotNull(report, p.name + " made no report; reports: " + p.reports);
            Matcher m = HEAD.matcher(report);
            assertTrue(m.lookingAt(), p.name + ": " + report);
            assertEquals(turn, Long.parseLong(m.group(1)), report);
            assertEquals("Body", m.group(3), report);
            assertEquals("x", m.group(4), report);
            String[] lines = report.split("\n");
            assertEquals(5, lines.length, report);
            String values = String.join("\n", List.of(lines).subList(0, 4));
            if (block == null) {
                block = values;
            }
            assertEquals(block, values, p.name + "'s block differs from ann's");
            assertTrue(p.reports.containsAll(List.of(lines)), p.name + " did not report it: " + p.reports);
            // The rogue's value stands apart; the honest peers agree.
            String ann = value(lines, "ann");
            String bob = value(lines, "bob");
            String cy = value(lines, "cy");
            assertEquals(ann, bob, report);
            assertNotEquals(ann, cy, report);
            assertSnapshots(p, turn, peers, rogue);
        }
    }

    private static String value(String[] lines, String name) {
        for (String line : lines) {
            if (line.startsWith("  " + name + ": ")) {
                return line.substring(line.indexOf(": ") + 2);
            }
        }
        throw new AssertionError("no line for " + name + " in " + String.join("\n", lines));
    }

    /**
     * Both snapshots were written, and each is exactly the state hashed at its checkpoint: by this peer, or, for a
     * peer that stopped before hashing it (it was behind), by the peers whose worlds it shares.
     */
    private static void assertSnapshots(TestPeer p, long turn, List<TestPeer> peers, TestPeer rogue) {
        int seat = p.session.seat();
        Path mismatch = p.diagnoseIn.resolve("desync-" + seat + "-turn" + turn + "-mismatch.snap");
        Path agreed = p.diagnoseIn.resolve("desync-" + seat + "-turn" + (turn - 1) + "-agreed.snap");
        assertTrue(Files.isRegularFile(mismatch), "no " + mismatch + ": " + p.session.desyncReport());
        assertTrue(Files.isRegularFile(agreed), "no " + agreed + ": " + p.session.desyncReport());
        // The rogue hashed the mismatch (a desync is a pair of hashes that differ, and only its world differs),
        // and so did at least one honest peer; a peer behind it stopped before hashing it.
        String atMismatch = loadedHash(mismatch);
        String honest = hashedAt(peers.stream().filter(q -> q != rogue).toList(), turn);
        assertEquals(p == rogue ? hashedAt(List.of(rogue), turn) : honest, atMismatch,
                p.name + "'s mismatch snapshot is not the state hashed there");
        assertNotEquals(p == rogue, honest.equals(atMismatch), p.name + "'s mismatch snapshot is in the wrong camp");
        assertEquals(hashedAt(peers, turn - 1), loadedHash(agreed),
                p.name + "'s agreed snapshot is not the state hashed there");
    }

    /** The hash some of {@code peers} took at checkpoint {@code turn} (they agree), or "" if none took it. */
    private static String hashedAt(List<TestPeer> peers, long turn) {
        return peers.stream().flatMap(p -> p.session.checkpoints().stream()).filter(h -> h.turn() == turn)
                .map(h -> StateHash.hex(h.hash())).findFirst().orElse("");
    }

    private static String loadedHash(Path snapshot) {
        TestPeer.Game copy = TestPeer.build(new ManualClock());
        copy.loop().frame(); // a frame with no time passed: the spawned bodies are in, nothing ticked
        Snapshots.builder(copy.loop()).setup(CONFIG.setup(TestPeer.GAME_SETUP)).input(copy.inputs()).build()
                .load(snapshot);
        return StateHash.hex(new StateHash(copy.loop().world()).hash());
    }
}
