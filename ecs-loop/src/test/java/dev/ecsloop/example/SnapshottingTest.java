package dev.ecsloop.example;

import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README's snapshot example saves, loads and passes the check, as the README says. */
class SnapshottingTest {

    @Test
    void theExampleGameRoundTripsAndDeclaresEverything() throws Exception {
        ManualClock clock = new ManualClock();
        Snapshots live = Snapshotting.snapshots(Snapshotting.create(clock));
        for (int i = 0; i < 90; i++) {
            clock.advance(16_666_667L);
            live.loop().frame();
        }
        byte[] before = live.capture();
        Path dir = Files.createTempDirectory("snap");
        Path file = dir.resolve("quick.snap");
        live.save(file);
        Snapshots other = Snapshotting.snapshots(Snapshotting.create(new ManualClock()));
        other.load(file);
        assertArrayEquals(before, other.capture());
        assertEquals(Optional.empty(), live.check(Snapshotting.snapshots(Snapshotting.create(new ManualClock())),
                Duration.ofSeconds(10)));
        Files.delete(file);
        Files.delete(dir);
    }
}
