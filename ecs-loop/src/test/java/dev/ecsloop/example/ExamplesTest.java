package dev.ecsloop.example;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The docs' examples do what the docs say they do (on a manual clock: no test waits for real time). */
class ExamplesTest {

    private static final long FRAME = 16_666_667L;

    @Test
    void anUnannotatedSystemRunsEveryFrameAndRetuningTakesEffect() {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder()
                .with(new Rates.AiSystem(), new Rates.PathfindingSystem(), new Rates.MinimapSystem(),
                        new Rates.CameraSystem())).build();
        assertTrue(loop.system(Rates.CameraSystem.class).isEveryFrame());
        assertTrue(loop.system(Rates.MinimapSystem.class).isThrottled());
        assertEquals(15.0, loop.system(Rates.AiSystem.class).rate());
        assertEquals(0.5, loop.system(Rates.PathfindingSystem.class).phase());
        long ai = 0;
        long path = 0;
        for (int i = 0; i < 60; i++) {                          // one second at 60 FPS
            clock.advance(FRAME);
            loop.frame();
            long aiNow = loop.stats().runs(loop.system(Rates.AiSystem.class));
            long pathNow = loop.stats().runs(loop.system(Rates.PathfindingSystem.class));
            assertFalse(aiNow > ai && pathNow > path, "phase 0.5 keeps the two 15 Hz systems apart, frame " + i);
            ai = aiNow;
            path = pathNow;
        }
        assertEquals(15, ai);
        assertEquals(15, path);
        Rates.retune(loop);
        assertEquals(0.25, loop.system(Rates.PathfindingSystem.class).phase());
        assertEquals(5.0, loop.system(Rates.AiSystem.class).rate());
        assertTrue(loop.system(Rates.MinimapSystem.class).isEveryFrame());
        assertEquals(0.5, loop.timeScale());
        assertFalse(loop.isPaused());
        assertTrue(loop.stats().runs(loop.system(Rates.AiSystem.class)) + loop.stats().runs(loop.system(Rates.PathfindingSystem.class))
                > ai + path, "step() ran the next instant's ticks");
    }

    @Test
    void theDrawnPositionGlidesBetweenTenHertzSteps() {
        ManualClock clock = new ManualClock();
        GameLoop loop = Interpolated.create(clock);
        Interpolated.DrawSystem draw = loop.world().getSystem(Interpolated.DrawSystem.class);
        Transform2 unit = loop.world().getMapper(Transform2.class).get(0);
        List<Float> drawn = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            clock.advance(FRAME);
            loop.frame();
            drawn.add(draw.at.x);
        }
        assertEquals(1.0f, unit.position.x, 1e-5f, "5 ticks of 0.2 units in half a second");
        long distinct = drawn.stream().distinct().count();
        assertTrue(distinct > 20, "drawn x changes nearly every frame, not only every sixth: " + drawn);
        for (int i = 1; i < drawn.size(); i++) {
            assertTrue(drawn.get(i) >= drawn.get(i - 1), "never backwards: " + drawn);
        }
        assertEquals(5f, draw.at.y, 0f);
    }

    @Test
    void aKeyPressReachesTheNextPlayerTickAndAReplayReproducesTheSession(@TempDir Path dir) throws IOException {
        ManualClock clock = new ManualClock();
        InputQueue inputs = new InputQueue(TimestampedInput.PlayerSystem.class);
        GameLoop loop = TimestampedInput.create(clock, inputs);
        Recorder recorder = RecordReplay.record(loop, inputs);
        for (int i = 0; i < 120; i++) {
            if (i % 10 == 3) {
                TimestampedInput.onKey(inputs, 'D');
            }
            clock.advance(i == 50 ? 200_000_000L : FRAME);   // one stall: its presses land on catch-up ticks
            loop.frame();
        }
        TimestampedInput.Position p = loop.world().getMapper(TimestampedInput.Position.class).get(0);
        assertEquals(12f, p.x, 0f);
        Path file = dir.resolve("bug.replay");
        recorder.save(file);
        assertTrue(RecordReplay.replays(file));
        assertTrue(RecordReplay.seeks(file), "seeking with keyframes built on the way");
        assertTrue(Files.size(dir.resolve("bug.replay.keys")) > 0);
        assertTrue(RecordReplay.seeks(file), "seeking with the keyframes saved beside the replay");

        // A game loaded from a snapshot of this session records from there; the replay restores it first.
        byte[] saved = Snapshots.builder(loop).setup("my-game v1 seed=7").input(inputs).build().capture();
        ManualClock laterClock = new ManualClock();
        InputQueue laterInputs = new InputQueue(TimestampedInput.PlayerSystem.class);
        GameLoop later = TimestampedInput.create(laterClock, laterInputs);
        Snapshots laterSnapshots = Snapshots.builder(later).setup("my-game v1 seed=7").input(laterInputs).build();
        later.snapshotState().flushEntities();
        Recorder fromLoaded = RecordReplay.recordFromLoaded(laterSnapshots, laterInputs, saved);
        for (int i = 0; i < 60; i++) {
            if (i % 10 == 3) {
                TimestampedInput.onKey(laterInputs, 'A');
            }
            laterClock.advance(FRAME);
            later.frame();
        }
        Path loaded = dir.resolve("loaded.replay");
        long end = fromLoaded.save(loaded);
        assertTrue(Replay.read(loaded).startNanos() > 0);
        ManualClock replayClock = new ManualClock();
        InputQueue replayInputs = new InputQueue(TimestampedInput.PlayerSystem.class);
        GameLoop replayLoop = TimestampedInput.create(replayClock, replayInputs);
        Snapshots fresh = Snapshots.builder(replayLoop).setup("my-game v1 seed=7").input(replayInputs).build();
        assertTrue(RecordReplay.replaysFromItsStart(loaded, fresh, replayClock, replayInputs));
        assertEquals(end, new dev.ecsloop.state.StateHash(replayLoop.world()).hash());
    }

    @Test
    void theConsoleRunsBuiltInsAFeaturesOwnCommandAndQuitAndRefusesBadInputInOneLine() {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new Rates.AiSystem())).build();
        LoopRunner runner = new LoopRunner(new FramePacer(clock, 60));
        DebugConsole.Spawner spawner = new DebugConsole.Spawner();
        Console console = DebugConsole.console(loop, runner, spawner);
        List<String> out = new ArrayList<>();
        console.execute("spawn 3", out::add);
        console.execute("spawn lots", out::add);
        console.execute("rate ai 5", out::add);
        console.execute("fps 30", out::add);
        assertEquals(3, spawner.units);
        assertEquals("spawned 3, 3 in all", out.get(0));
        assertTrue(out.get(1).startsWith("error: ") && out.get(1).lines().count() == 1, out.get(1));
        assertEquals(5.0, loop.system(Rates.AiSystem.class).rate());
        assertEquals(30, runner.pacer().fps());
        console.execute("help", out::add);
        assertTrue(out.stream().anyMatch(l -> l.contains("spawn <count>")), "help lists the feature's command: " + out);
        assertTrue(out.stream().anyMatch(l -> l.contains("quit")), "help lists quit: " + out);

        int[] frames = {0};
        runner.run(() -> {                                      // the pacer waits on the manual clock: no sleep
            clock.advance(16_666_667L);
            loop.frame();
            if (++frames[0] == 3) {
                console.execute("quit", out::add);             // as typed on standard input in the third frame
            }
            assertTrue(frames[0] <= 3, "quit ends the loop after its frame");
        });
        assertEquals(3, frames[0]);
        assertFalse(runner.isRunning());
        assertEquals("bye", out.get(out.size() - 1));
    }

    @Test
    void wanderingDependsOnTheSeedInTheWorldOnly() {
        int[] first = wander();
        int[] second = wander();
        assertEquals(java.util.Arrays.toString(first), java.util.Arrays.toString(second));
        assertTrue(java.util.Arrays.stream(first).distinct().count() > 1, "it does turn");
    }

    private static int[] wander() {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new Determinism.WanderSystem())).build();
        int unit = loop.world().create();
        loop.world().edit(unit).create(Determinism.Heading.class);
        int[] directions = new int[200];
        for (int i = 0; i < directions.length; i++) {
            clock.advance(FRAME * 4);
            loop.frame();
            directions[i] = loop.world().getMapper(Determinism.Heading.class).get(unit).direction;
        }
        return directions;
    }
}
