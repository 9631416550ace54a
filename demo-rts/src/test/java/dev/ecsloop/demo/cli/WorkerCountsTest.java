package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --workers} does not change the simulation, so it is the player's own choice everywhere: a recording made
 * at one count replays at another, and lockstep peers at different counts stay in sync.
 */
class WorkerCountsTest {
    @TempDir
    Path dir;

    @Test
    void aRecordingMadeWithOneWorkerReplaysWithTwoAndThree() {
        Path file = dir.resolve("one.replay");
        Runs recording = Runs.withInput("select 0 0 64 64\nmove 40 40\n", "--headless", "--quiet", "--units", "700",
                "--map-size", "64", "--seconds", "12", "--workers", "1", "--record", file.toString(), "--print-hash",
                "--frame-times", "jitter:2-40:7");
        assertEquals(0, recording.status(), recording.err().toString());
        String hash = recording.lastOut();
        assertTrue(hash.startsWith("world-hash: "), recording.out().toString());
        for (String workers : new String[] {"2", "3"}) {
            Runs replay = Runs.of("--replay", file.toString(), "--workers", workers, "--print-hash");
            assertEquals(0, replay.status(), workers + ": " + replay.out() + replay.err());
            assertTrue(replay.out().get(0).startsWith("replay matched: "), replay.out().get(0));
            assertEquals(hash, replay.lastOut(), workers + " workers");
        }
    }

    @Test
    void lockstepPeersWithOneAndTwoWorkersStayInSync() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        String game = "--headless --units 700 --map-size 64 --seconds 2 --print-hash --secret pw --turn-ms 50";
        String hostArgs = game + " --workers 1 --host " + port + " --record " + dir.resolve("host.replay");
        String joinArgs = game + " --workers 2 --join 127.0.0.1:" + port + " --name bob --record "
                + dir.resolve("bob.replay");
        CompletableFuture<Runs> host = CompletableFuture.supplyAsync(
                () -> Runs.withInput("select 0 0 64 64\nmove 40 40\n", hostArgs.split(" ")));
        Runs bob = NetPlayTest.joinBeside(host, joinArgs, "select 0 0 64 64\nattack 10 10\n");
        Runs hosted = host.get(120, TimeUnit.SECONDS);
        assertEquals(0, hosted.status(), hosted.out() + " " + hosted.err());
        assertEquals(0, bob.status(), bob.out() + " " + bob.err());
        assertTrue(hosted.lastOut().startsWith("world-hash: "), hosted.out().toString());
        assertEquals(hosted.lastOut(), bob.lastOut(), "the peers' worlds differ");
        Runs hostAtTwo = Runs.of("--replay", dir.resolve("host.replay").toString(), "--workers", "2", "--print-hash");
        Runs bobAtOne = Runs.of("--replay", dir.resolve("bob.replay").toString(), "--workers", "1", "--print-hash");
        assertEquals(0, hostAtTwo.status(), hostAtTwo.out() + " " + hostAtTwo.err());
        assertEquals(0, bobAtOne.status(), bobAtOne.out() + " " + bobAtOne.err());
    }
}
