package dev.ecsloop.trace;

import dev.ecsloop.AllocationMeter;
import dev.ecsloop.DebtPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceTest {

    @TempDir
    Path dir;

    /** Runs frames until the trace's window closed; returns the log of the traced frames. */
    static Map<String, List<Long>> runWindow(TracedGame game, Trace trace, long frameNanos) {
        Map<String, List<Long>> log = TracedGame.emptyLog();
        for (int i = 0; i < 1_000_000 && trace.isOpen(); i++) {
            List<String[]> runs = game.frame(frameNanos);
            if (trace.isOpen()) {
                TracedGame.log(log, runs);
            }
        }
        return log;
    }

    @Test
    void fiveSecondsBecomeALanePerSystemWithASlicePerRunAtItsSimulatedInstant() throws Exception {
        TracedGame game = new TracedGame();
        game.frame(TracedGame.FRAME);
        Path file = dir.resolve("five.json");
        Trace trace = Trace.start(game.loop, Duration.ofSeconds(5), file);
        assertTrue(Files.exists(dir.resolve("five.json.part")), "the file is created at once");
        Map<String, List<Long>> log = runWindow(game, trace, TracedGame.FRAME);
        Trace.Result result = trace.written().get(30, TimeUnit.SECONDS);

        TraceFileCheck check = TraceFileCheck.read(file);
        assertEquals(List.of("frames", "Movement", "Combat", "Minimap", "Render"), List.copyOf(check.lanes.values()));
        assertEquals(log, check.simulatedBySystem());
        assertEquals(300, log.get("Movement").size(), "5 s at 60 Hz");
        assertEquals(300, check.lane("frames").size(), "a frame slice per frame");
        assertEquals(20, log.get("Minimap").size());
        // Slice lengths are the profiler's readings: a Movement run costs 3 us.
        for (TraceFileCheck.Slice s : check.lane("Movement")) {
            assertEquals(3_000, s.dur());
        }
        assertEquals(0, result.droppedEvents());
        assertEquals(result.events(), check.slices.size() + check.instants.size());
        assertTrue(check.otherData.get("complete").asBoolean());
        assertEquals("window elapsed", check.otherData.get("ended").asText());
        assertFalse(Files.exists(dir.resolve("five.json.part")));
        assertNull(game.loop.probe(), "the probe detaches when the window ends: tracing off costs nothing");
    }

    @Test
    void boundHitsSkippedRunsAndHorizonWaitsAreInstants() throws Exception {
        TracedGame game = new TracedGame(Duration.ofMillis(500), DebtPolicy.DISCARD);
        Path file = dir.resolve("events.json");
        Trace trace = Trace.start(game.loop, Duration.ofSeconds(10), file);
        game.frame(TracedGame.FRAME);
        game.frame(2_000_000_000L);                 // a stall: cut to 500 ms, the throttled minimap skips a run
        long held = game.loop.simulatedNanos();
        game.loop.setHorizon(held);
        game.frame(TracedGame.FRAME);               // a lockstep wait: input for later is missing
        game.frame(TracedGame.FRAME);
        game.loop.clearHorizon();
        game.frame(TracedGame.FRAME);
        trace.stop();
        trace.written().get(30, TimeUnit.SECONDS);

        TraceFileCheck check = TraceFileCheck.read(file);
        List<TraceFileCheck.Instant> bound = check.instants.stream()
                .filter(i -> i.name().equals("catch-up bound hit")).toList();
        assertEquals(1, bound.size());
        assertEquals("frames", check.lanes.get(bound.get(0).tid()));
        assertEquals(2, bound.get(0).args().get("frame").asLong());
        List<TraceFileCheck.Instant> skipped = check.instants.stream()
                .filter(i -> i.name().equals("dropped runs")).toList();
        assertEquals(1, skipped.size());
        assertEquals("Minimap", check.lanes.get(skipped.get(0).tid()));
        assertEquals(1, skipped.get(0).args().get("runs").asLong());
        assertEquals(250_000_000L, TraceFileCheck.secondsToNanos(skipped.get(0).args().get("first_skipped_s")));
        assertEquals(500_000_000L, TraceFileCheck.secondsToNanos(skipped.get(0).args().get("runs_at_s")));
        List<TraceFileCheck.Instant> waits = check.instants.stream()
                .filter(i -> i.name().equals("horizon wait")).toList();
        assertEquals(2, waits.size());
        for (TraceFileCheck.Instant w : waits) {
            assertEquals(held, TraceFileCheck.secondsToNanos(w.args().get("sim_s")));
        }
        assertEquals("stopped", check.otherData.get("ended").asText());
    }

    @Test
    void aFullBufferDropsAndCountsAndTheFileSaysSo() throws Exception {
        TracedGame game = new TracedGame();
        Path file = dir.resolve("small.json");
        Trace trace = Trace.start(game.loop, Duration.ofSeconds(1), file, 50);
        runWindow(game, trace, TracedGame.FRAME);
        Trace.Result result = trace.written().get(30, TimeUnit.SECONDS);
        TraceFileCheck check = TraceFileCheck.read(file);
        assertEquals(50, result.events());
        assertTrue(result.droppedEvents() > 100, "a second is more than 50 events: " + result.droppedEvents());
        assertFalse(check.otherData.get("complete").asBoolean());
        assertEquals(result.droppedEvents(), check.otherData.get("dropped_events").asLong());
        assertTrue(check.otherData.get("warning").asText().contains("dropped"));
    }

    @Test
    void theSteadyStateFrameAllocatesNothingWhileTracingOrWithFlightEventsAttached() throws IOException {
        TracedGame game = new TracedGame();
        game.logging = false;
        Trace trace = Trace.start(game.loop, Duration.ofMinutes(10), dir.resolve("long.json"), 1 << 16);
        Trace.flightRecorder(game.loop, true);
        long bytes = AllocationMeter.steadyStateBytes(() -> {
            for (int i = 0; i < 2_000; i++) {
                game.frame(TracedGame.FRAME);
            }
        }, 10);
        assertEquals(0, bytes, "bytes allocated by 2,000 traced frames (the buffer fills and drops too)");
        assertTrue(trace.isOpen());
        trace.stop();
    }

    @Test
    void aFileThatCannotBeWrittenIsRefusedAtOnceNamingIt() throws IOException {
        TracedGame game = new TracedGame();
        Path missing = dir.resolve("no/such/dir/t.json");
        IOException e = assertThrows(IOException.class, () -> Trace.start(game.loop, Duration.ofSeconds(1), missing));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("directory"),
                e.getMessage());
        Path directory = Files.createDirectory(dir.resolve("adir"));
        e = assertThrows(IOException.class, () -> Trace.start(game.loop, Duration.ofSeconds(1), directory));
        assertTrue(e.getMessage().contains(directory.toString()), e.getMessage());
        Path proc = Path.of("/proc/version");
        e = assertThrows(IOException.class, () -> Trace.start(game.loop, Duration.ofSeconds(1), proc));
        assertTrue(e.getMessage().contains("/proc/version"), e.getMessage());
        assertNull(game.loop.probe(), "a refused trace attaches nothing");
        assertThrows(IllegalArgumentException.class, () -> Trace.start(game.loop, Duration.ZERO, dir.resolve("z")));
        assertThrows(IllegalArgumentException.class,
                () -> Trace.start(game.loop, Duration.ofMinutes(11), dir.resolve("z")));
        assertThrows(IllegalArgumentException.class,
                () -> Trace.start(game.loop, Duration.ofSeconds(1), dir.resolve("z"), 0));
        assertFalse(Files.exists(dir.resolve("z.part")));
    }

    @Test
    void oneTraceAtATimeAndTheTapKeepsTheFlightEventsAfterIt() throws Exception {
        TracedGame game = new TracedGame();
        Trace.flightRecorder(game.loop, true);
        Trace trace = Trace.start(game.loop, Duration.ofSeconds(1), dir.resolve("a.json"));
        assertThrows(IllegalStateException.class,
                () -> Trace.start(game.loop, Duration.ofSeconds(1), dir.resolve("b.json")));
        runWindow(game, trace, TracedGame.FRAME);
        trace.written().get(30, TimeUnit.SECONDS);
        assertInstanceOf(Tap.class, game.loop.probe(), "still attached for the Flight Recorder events");
        Trace.flightRecorder(game.loop, false);
        assertNull(game.loop.probe());
    }

    @Test
    void aFailedWriteCompletesExceptionallyNamingTheFile() throws Exception {
        TracedGame game = new TracedGame();
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path file = sub.resolve("t.json");
        Trace trace = Trace.start(game.loop, Duration.ofSeconds(1), file);
        // The file's place is taken by a directory while the window is open: the final move fails.
        Files.createDirectory(file);
        Files.writeString(file.resolve("keep"), "x");
        runWindow(game, trace, TracedGame.FRAME);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> trace.written().get(30, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains(file.toString()), e.getCause().getMessage());
        assertFalse(Files.exists(sub.resolve("t.json.part")), "no half-written file is left");
        assertSame(null, game.loop.probe());
    }
}
