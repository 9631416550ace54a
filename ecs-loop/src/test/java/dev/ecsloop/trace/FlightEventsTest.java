package dev.ecsloop.trace;

import dev.ecsloop.DebtPolicy;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlightEventsTest {

    @TempDir
    Path dir;

    @Test
    void aRecordingThatEnablesTheEventsGetsEveryTickFrameAndBoundHit() throws Exception {
        TracedGame game = new TracedGame(Duration.ofMillis(250), DebtPolicy.DISCARD);
        Trace.flightRecorder(game.loop, true);
        game.frame(TracedGame.FRAME);               // before the recording: not in it
        Map<String, List<Long>> log = TracedGame.emptyLog();
        Path file = dir.resolve("loop.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("dev.ecsloop.Tick");
            recording.enable("dev.ecsloop.Frame");
            recording.enable("dev.ecsloop.CatchUpBoundHit");
            recording.start();
            for (int i = 0; i < 30; i++) {
                TracedGame.log(log, game.frame(TracedGame.FRAME));
            }
            TracedGame.log(log, game.frame(1_000_000_000L));     // cut short by the bound
            recording.stop();
            recording.dump(file);
        }
        game.frame(TracedGame.FRAME);               // after it: not in it either
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        List<RecordedEvent> ticks = events.stream().filter(e -> e.getEventType().getName().equals("dev.ecsloop.Tick"))
                .toList();
        for (Map.Entry<String, List<Long>> system : log.entrySet()) {
            List<Long> recorded = ticks.stream().filter(e -> e.getString("system").equals(system.getKey()))
                    .map(e -> e.getLong("simulatedTime")).sorted().toList();
            assertEquals(system.getValue(), recorded, system.getKey());
        }
        RecordedEvent movement = ticks.stream().filter(e -> e.getString("system").equals("Movement")).findFirst()
                .orElseThrow();
        assertEquals(3_000, movement.getLong("cost"), "the loop's own measurement of the run");
        List<RecordedEvent> frames = events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.ecsloop.Frame")).toList();
        assertEquals(31, frames.size());
        assertEquals(List.of(2L, 32L), List.of(frames.stream().mapToLong(e -> e.getLong("frame")).min().orElse(0),
                frames.stream().mapToLong(e -> e.getLong("frame")).max().orElse(0)));
        List<RecordedEvent> bound = events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.ecsloop.CatchUpBoundHit")).toList();
        assertEquals(1, bound.size());
        assertEquals(32, bound.get(0).getLong("frame"));
        assertTrue(bound.get(0).getLong("simulatedTime") > 0);
    }

    @Test
    void turningTheEventsOffDetachesTheProbe() {
        TracedGame game = new TracedGame();
        Trace.flightRecorder(game.loop, true);
        game.frame(TracedGame.FRAME);
        assertTrue(game.loop.probe() instanceof Tap);
        Trace.flightRecorder(game.loop, false);
        assertEquals(null, game.loop.probe());
    }
}
