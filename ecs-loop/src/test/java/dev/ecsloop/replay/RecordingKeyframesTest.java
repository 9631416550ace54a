package dev.ecsloop.replay;

import dev.ecsloop.console.Console;
import dev.ecsloop.snapshot.SnapWorld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A recording the console names is written with its live keyframes beside it whichever way it ends: by
 * {@code stop} (on the console's I/O thread, while the game records on) and by the end of the session
 * ({@link Console#finish}: quit, end of input, Ctrl-C, the end of the game). Each {@code .keys} file loads, holds
 * the keyframes up to its recording's end, and seeks to what a straight replay reaches.
 */
class RecordingKeyframesTest {
    private static final long SEED = 11;
    private static final long INTERVAL = 200_000_000L;

    @TempDir
    Path dir;

    private final SnapWorld w = new SnapWorld(SEED, 0);
    private final Recorder recorder = Recorder.attach(w.loop, w.input, "snapworld seed=" + SEED, Duration.ofMillis(100));
    private final LiveKeyframes live = LiveKeyframes.start(w.snapshots, w.input, new Keyframes(INTERVAL, 1 << 20),
            true);
    private final Console console = Console.forLoop(w.loop);

    private void frames(int n) {
        for (int i = 0; i < n; i++) {
            if (i % 7 == 3) {
                w.post(i);
            }
            w.frame(50_000_000L);   // 20 FPS: frames land on every keyframe instant
            live.poll();
        }
    }

    /** Submits a line and drains, as the loop does every frame, until its reply is complete. */
    private String one(String line) {
        List<String> out = new ArrayList<>();
        CompletableFuture<Void> done = console.submit(line, out::add);
        for (int i = 0; i < 10_000 && !done.isDone(); i++) {
            console.drain();
            try {
                done.get(1, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // not yet: drain again
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
        assertTrue(done.isDone(), line + " never completed");
        assertEquals(1, out.size(), () -> line + " -> " + out);
        return out.get(0);
    }

    /** The keyframes beside {@code file} load and seek to a straight replay's hashes; returns their count. */
    private static int seeksThroughItsKeys(Path file) throws IOException {
        Replay replay = Replay.read(file);
        Keyframes keys = Keyframes.load(Keyframes.besideReplay(file), replay, 4);
        List<Long> at = List.of(replay.endNanos() / 3, replay.endNanos(), replay.endNanos() * 2 / 3, 0L);
        TreeMap<Long, Long> expected = ReplaySeekProperties.straight(replay, SEED, at);
        SnapWorld v = new SnapWorld(SEED, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, v.snapshots, v.clock, v.input, () -> 13_000_000L, keys)) {
            for (long t : at) {
                s.seek(t);
                assertEquals(expected.get(t), v.hash(), "seek to " + t + " through " + file + ".keys");
            }
        }
        assertEquals(replay.endNanos(), keys.lastNanos(), "the last keyframe is the recording's end");
        return keys.count();
    }

    @Test
    void stopAndTheEndOfTheSessionWriteTheKeyframesBesideTheRecording() throws IOException {
        RecordingCommands.register(console, w.loop, recorder, () -> {
            SnapWorld fresh = new SnapWorld(SEED, 0);
            return new ReplayTarget(fresh.loop, fresh.clock, fresh.input);
        }, live);
        Path first = dir.resolve("first.replay");
        assertTrue(one("record " + first).startsWith("recording to "));
        frames(24);   // 1.2 s
        String stopped = one("stop");
        assertTrue(stopped.startsWith("saved simulated time 1.200 s to " + first), stopped);
        assertTrue(stopped.endsWith("; keyframes: " + Keyframes.besideReplay(first) + " (7 every 0.200 s)"), stopped);
        assertEquals(7, seeksThroughItsKeys(first));

        Path second = dir.resolve("second.replay");
        one("record " + second);
        frames(15);   // on to 1.95 s: the last keyframe at 1.8 s
        List<String> finished = new ArrayList<>();
        console.finish(finished::add);   // quit, the end of input, Ctrl-C and the end of the game all come here
        assertEquals(1, finished.size(), finished.toString());
        assertTrue(finished.get(0).endsWith("; keyframes: " + Keyframes.besideReplay(second) + " (10 every 0.200 s)"),
                finished.get(0));
        Replay replay = Replay.read(second);
        assertEquals(1_950_000_000L, replay.endNanos());
        Keyframes keys = Keyframes.load(Keyframes.besideReplay(second), replay, 4);
        assertEquals(1_800_000_000L, keys.lastNanos());
        assertEquals(10, keys.count());
    }

    @Test
    void withoutKeyframesKeptStopWritesTheRecordingAlone() {
        RecordingCommands.register(console, w.loop, recorder, () -> {
            SnapWorld fresh = new SnapWorld(SEED, 0);
            return new ReplayTarget(fresh.loop, fresh.clock, fresh.input);
        });
        Path file = dir.resolve("alone.replay");
        one("record " + file);
        frames(10);
        String stopped = one("stop");
        assertTrue(stopped.startsWith("saved simulated time 0.500 s to " + file) && !stopped.contains("keyframes"),
                stopped);
        assertTrue(Files.exists(file));
        assertFalse(Files.exists(Keyframes.besideReplay(file)));
    }
}
