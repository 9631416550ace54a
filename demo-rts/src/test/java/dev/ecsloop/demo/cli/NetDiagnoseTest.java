package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --diagnose DIR} in the demo: a match whose players capture a snapshot at every checkpoint (the demo's own
 * snapshots) still ends in sync and writes nothing when nothing desyncs; a directory that cannot be made, or the
 * flag on a spectator, is refused in one line before anything connects. (The diagnosis itself, from a deliberately
 * nondeterministic system to the field it names, is the lockstep module's DesyncReportTest.)
 */
class NetDiagnoseTest {

    @Test
    void playersThatDiagnoseEndInSyncAndWriteNothingWithoutADesync(@TempDir Path dir) throws Exception {
        int port = NetMatchControlsTest.freePort();
        String game = "--headless --quiet --units 100 --map-size 64 --seconds 2 --print-hash --secret pw --diagnose ";
        CompletableFuture<Runs> host = CompletableFuture.supplyAsync(() -> Runs.withInput("",
                (game + dir.resolve("host") + " --host " + port).split(" ")));
        Runs bob = NetPlayTest.joinBeside(host, game + dir.resolve("bob") + " --join 127.0.0.1:" + port
                + " --name bob", "rate ai 2\n");
        Runs hosted = host.get(120, TimeUnit.SECONDS);
        assertEquals(0, hosted.status(), hosted.err() + " " + hosted.out());
        assertEquals(0, bob.status(), bob.err() + " " + bob.out());
        assertTrue(hosted.lastOut().startsWith("world-hash: "), hosted.out().toString());
        assertEquals(hosted.lastOut(), bob.lastOut(), "the match desynced: " + hosted.out() + " / " + bob.out());
        for (String who : List.of("host", "bob")) {
            try (Stream<Path> files = Files.list(dir.resolve(who))) {
                assertEquals(List.of(), files.toList(), who + " wrote a desync report without a desync");
            }
        }
    }

    @Test
    void aDirectoryThatCannotBeMadeOrASpectatorsDiagnosisIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "a file");
        Runs blocked = Runs.of("--headless", "--secret", "pw", "--host", "1", "--diagnose", file.resolve("d").toString());
        assertEquals(2, blocked.status(), blocked.out() + " " + blocked.err());
        assertEquals(List.of("error: --diagnose: cannot make the directory " + file.resolve("d")
                + " (FileSystemException)"), blocked.err());
        Runs watcher = Runs.of("--headless", "--secret", "pw", "--spectate", "127.0.0.1:1", "--name", "eve",
                "--diagnose", dir.toString());
        assertEquals(2, watcher.status());
        assertEquals(List.of("error: --diagnose is a player's: a spectator's hashes are not compared"),
                watcher.err());
    }
}
