package dev.ecsloop.console;

import dev.ecsloop.FrameRig;
import dev.ecsloop.pace.FrameCapCommand;
import dev.ecsloop.interpolate.InterpolationCommand;
import dev.ecsloop.state.HashCommand;
import dev.ecsloop.replay.RecordingCommands;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.InterpolationMode;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.ReplayTarget;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** fps, interp, hash, record, stop and replay. */
class FeatureCommandsTest {

    public static final class Counter extends Component {
        public int value;
    }

    @TickRate(30)
    @All(Counter.class)
    public static final class CountingSystem extends IteratingSystem {
        ComponentMapper<Counter> counters;

        @Override
        protected void process(int e) {
            counters.get(e).value += e + 1;
        }
    }

    @TempDir
    Path dir;

    private static final class Game {
        final ManualClock clock = new ManualClock();
        final GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new CountingSystem())).build();

        Game() {
            ComponentMapper<Counter> counters = loop.world().getMapper(Counter.class);
            for (int i = 0; i < 3; i++) {
                counters.create(loop.world().create());
            }
        }

        void frames(int n) {
            new FrameRig(clock, loop).frames(n, 10_000_000L);
        }
    }

    private final Game game = new Game();
    private final Recorder recorder = Recorder.attach(game.loop, null, "counting", Duration.ofMillis(100));
    private final FramePacer pacer = new FramePacer(game.clock, 60);
    private final Interpolation interpolation = Interpolation.install(game.loop);
    private volatile Thread builtOn;
    private final java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
    private volatile boolean gated;
    private final Console console = Console.forLoop(game.loop);

    {
        FrameCapCommand.register(console, pacer);
        InterpolationCommand.register(console, interpolation);
        HashCommand.register(console, game.loop);
        RecordingCommands.register(console, game.loop, recorder, () -> {
            builtOn = Thread.currentThread();
            if (gated) {
                try {
                    gate.await(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            Game fresh = new Game();
            return new ReplayTarget(fresh.loop, fresh.clock, null);
        });
    }

    /** Submits a line and drains, as the loop does every frame, until its reply is complete (file commands
     *  report from their I/O thread a few drains later). */
    private String one(String line) {
        List<String> out = new ArrayList<>();
        java.util.concurrent.CompletableFuture<Void> done = console.submit(line, out::add);
        for (int i = 0; i < 10_000 && !done.isDone(); i++) {
            console.drain();
            try {
                done.get(1, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // not yet: drain again
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
        assertTrue(done.isDone(), line + " never completed");
        assertEquals(1, out.size(), () -> line + " -> " + out);
        return out.get(0);
    }

    @Test
    void fpsSetsAndRemovesTheFrameCap() {
        assertEquals("frame cap 144 fps (was 60 fps)", one("fps 144"));
        assertEquals("frame cap off (was 144 fps)", one("fps off"));
        assertEquals(0, pacer.fps());
        assertTrue(one("fps 0").startsWith("error: <n>|off must be from 1 to 1000"), one("fps 0"));
        assertTrue(one("fps fast").startsWith("error: "));
        assertEquals(0, pacer.fps());
    }

    @Test
    void interpSwitchesTheMode() {
        assertEquals("interpolation extrapolate (was interpolate)", one("interp extrapolate"));
        assertEquals("interpolation off (was extrapolate)", one("interp off"));
        assertEquals("interpolation interpolate (was off)", one("interp on"));
        assertTrue(one("interp sideways").startsWith("error: 'sideways' is not on or off or extrapolate"),
                one("interp sideways"));
        assertEquals(InterpolationMode.INTERPOLATE, interpolation.mode());
    }

    @Test
    void hashPrintsTheWorldStateHashWhichChangesWithTheState() {
        game.frames(1);
        String before = one("hash");
        assertTrue(before.matches("world-hash: [0-9a-f]{16} at simulated time 0\\.010 s"), before);
        assertEquals(before, one("hash"));
        game.frames(10);
        assertFalse(one("hash").startsWith(before.substring(0, 28)));
    }

    @Test
    void recordThenStopWritesAReplayThatReplayMatches() {
        Path file = dir.resolve("session.replay");
        game.frames(20);
        assertEquals("recording to " + file + " (the session from simulated time 0; 'stop' or the end of the game writes "
                + "it)",
                one("record " + file));
        assertTrue(one("record " + file).startsWith("error: already recording to"));
        one("rate counting 45");
        game.frames(50);
        String saved = one("stop");
        assertTrue(saved.startsWith("saved simulated time 0.700 s to " + file), saved);
        assertTrue(Files.exists(file));
        String replayed = one("replay " + file);
        assertTrue(replayed.startsWith("replay matched 6 hashes to simulated time 0.700 s"), replayed);
        assertTrue(saved.endsWith(replayed.substring(replayed.indexOf("world-hash:")) + ")"), saved + " / " + replayed);
    }

    @Test
    void recordingErrorsAreOneLineAndChangeNothing() throws Exception {
        assertEquals("error: not recording (use record <file> first) (usage: stop)", one("stop"));
        assertTrue(one("record " + dir.resolve("no/such/dir/x")).startsWith("error: cannot write"));
        assertEquals("error: not recording (use record <file> first) (usage: stop)", one("stop"));
        Path garbage = dir.resolve("garbage");
        Files.write(garbage, "not a replay at all, just text".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertTrue(one("replay " + garbage).contains("is not an ecs-loop replay"), one("replay " + garbage));
        Files.write(garbage, new byte[] {'E', 'C', 'S'});
        assertTrue(one("replay " + garbage).contains("is truncated"), one("replay " + garbage));
        assertTrue(one("replay " + dir.resolve("missing")).contains("does not exist"));
    }

    private Path saved(String name) {
        Path file = dir.resolve(name);
        game.frames(30);
        one("record " + file);
        assertTrue(one("stop").startsWith("saved "));
        return file;
    }

    @Test
    void finishWritesANamedRecordingThatStopDidNotAndItReplays() {
        Path file = dir.resolve("quit.replay");
        game.frames(20);
        one("record " + file);
        game.frames(30);
        List<String> lines = new ArrayList<>();
        console.finish(lines::add);
        assertEquals(1, lines.size(), lines::toString);
        assertTrue(lines.get(0).startsWith("saved simulated time 0.500 s to " + file), lines.get(0));
        assertTrue(Files.exists(file));
        assertTrue(one("replay " + file).startsWith("replay matched 5 hashes to simulated time 0.500 s"));
        List<String> again = new ArrayList<>();
        console.finish(again::add);
        assertEquals(List.of(), again, "a second finish owes nothing");
        assertEquals("error: not recording (use record <file> first) (usage: stop)", one("stop"));
    }

    @Test
    void finishWaitsForAStopStillWritingAndReportsIt() {
        Path file = dir.resolve("late.replay");
        game.frames(10);
        one("record " + file);
        List<String> reply = new ArrayList<>();
        console.submit("stop", reply::add);
        console.drain(); // the write is handed to the I/O thread; its report waits for a drain that never comes
        console.finish(line -> reply.add("finish: " + line));
        assertEquals(1, reply.size(), reply::toString);
        assertTrue(reply.get(0).startsWith("saved simulated time 0.100 s to " + file), reply::toString);
        assertTrue(Files.exists(file));
    }

    @Test
    void finishWithNothingNamedWritesNothing() throws Exception {
        List<String> lines = new ArrayList<>();
        console.finish(lines::add);
        assertEquals(List.of(), lines);
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void recordRefusesAnExistingFileUnlessToldToOverwrite() throws Exception {
        Path file = dir.resolve("kept.replay");
        Files.writeString(file, "someone's earlier replay");
        assertEquals("error: " + file + " exists: not replaced (record " + file + " overwrite, or another name) "
                + "(usage: record <file> [overwrite])", one("record " + file));
        assertEquals("error: not recording (use record <file> first) (usage: stop)", one("stop"));
        assertEquals("someone's earlier replay", Files.readString(file));
        assertTrue(one("record " + file + " replace").startsWith("error: 'replace' is not overwrite"),
                one("record " + file + " replace"));
        game.frames(10);
        assertTrue(one("record " + file + " overwrite").startsWith("recording to " + file));
        assertTrue(one("stop").startsWith("saved simulated time 0.100 s to " + file));
        assertTrue(one("replay " + file).startsWith("replay matched"));
    }

    @Test
    void aFileThatAppearsBetweenRecordAndStopIsNotReplaced() throws Exception {
        Path file = dir.resolve("raced.replay");
        one("record " + file);
        Files.writeString(file, "written meanwhile");
        assertEquals("error: " + file + " appeared since 'record': not replaced (record it again with overwrite)",
                one("stop"));
        assertEquals("written meanwhile", Files.readString(file));
    }

    @Test
    void replayOfAnotherSetupsFileNamesTheSetup() throws Exception {
        Game other = new Game();
        Recorder foreign = Recorder.attach(other.loop, null, "another-game level=3", Duration.ofMillis(100));
        other.frames(10);
        Path file = dir.resolve("foreign.replay");
        foreign.save(file);
        assertEquals("error: " + file + " was recorded for setup 'another-game level=3', this game is 'counting': "
                + "replay it with the setup it names", one("replay " + file));
    }

    @Test
    void replayReadsAndRunsOffTheLoopThreadAndReportsOnIt() {
        Path file = saved("off.replay");
        assertTrue(one("replay " + file).startsWith("replay matched"));
        assertTrue(builtOn != null && builtOn != Thread.currentThread(), "copy built on " + builtOn);
    }

    @Test
    void aSecondFileCommandWhileOneIsAtWorkIsRefusedAndTheLoopGoesOn() {
        Path file = saved("busy.replay");
        gated = true;
        List<String> first = new ArrayList<>();
        java.util.concurrent.CompletableFuture<Void> done = console.submit("replay " + file, first::add);
        console.drain();
        long before = game.loop.simulatedNanos();
        game.frames(5); // frames go on while the replay waits at its gate
        assertEquals(before + 50_000_000L, game.loop.simulatedNanos());
        assertEquals("error: busy: a file command is still at work; try again when it reports", one("replay " + file));
        gate.countDown();
        for (int i = 0; i < 10_000 && !done.isDone(); i++) {
            console.drain();
            try {
                done.get(1, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // not yet
            }
        }
        assertEquals(1, first.size(), first::toString);
        assertTrue(first.get(0).startsWith("replay matched"), first::toString);
    }

    @Test
    void fileCommandsTouchRegularFilesOnly() throws Exception {
        assertTrue(one("replay /dev/zero").endsWith("is not a regular file (a device, FIFO or socket cannot be "
                + "replayed)"), one("replay /dev/zero"));
        assertTrue(one("replay " + dir).endsWith(" is a directory"));
        Path fifo = dir.resolve("fifo");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start()
                .waitFor() == 0);
        assertTrue(one("replay " + fifo).contains("is not a regular file"), one("replay " + fifo));
        assertEquals("error: cannot write " + fifo + ": it exists and is not a regular file (usage: record <file> [overwrite])",
                one("record " + fifo));
        assertEquals("error: cannot write /dev/null: it exists and is not a regular file (usage: record <file> [overwrite])",
                one("record /dev/null"));
        assertEquals("error: 'a?b' is not a valid path for <file> (usage: replay <file>)", one("replay a\u0000b"));
    }
}
