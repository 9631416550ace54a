package dev.ecsloop.trace;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Whatever the frame splits and rates, a trace is the tick log: each system's lane holds one slice per run, at
 * the run's simulated instant, in order; every lane is strictly nested; there is a frame slice per traced frame.
 */
class TraceProperties {

    @Provide
    Arbitrary<List<Long>> frames() {
        // Real frame lengths from 0 to 300 ms (past the 250 ms catch-up bound), biased to short ones.
        return Arbitraries.oneOf(Arbitraries.longs().between(0, 20_000_000L),
                        Arbitraries.longs().between(0, 300_000_000L))
                .list().ofMinSize(1).ofMaxSize(120);
    }

    @Property(tries = 60)
    void theSlicesOfEachSystemAreItsTickLogStrictlyNested(
            @ForAll("frames") List<Long> frames,
            @ForAll @DoubleRange(min = 1, max = 240) double movementHz,
            @ForAll @DoubleRange(min = 0.5, max = 90) double combatHz,
            @ForAll @DoubleRange(min = 0.5, max = 30) double minimapHz,
            @ForAll @IntRange(min = 0, max = 5) int before) throws Exception {
        TracedGame game = new TracedGame();
        game.loop.setRate(TracedGame.Movement.class, movementHz);
        game.loop.setRate(TracedGame.Combat.class, combatHz);
        game.loop.setRate(TracedGame.Minimap.class, minimapHz);
        for (int i = 0; i < before; i++) {
            game.frame(TracedGame.FRAME);
        }
        Path dir = Files.createTempDirectory("trace-properties");
        Path file = dir.resolve("t.json");
        try {
            Trace trace = Trace.start(game.loop, Duration.ofMinutes(10), file);
            Map<String, List<Long>> log = TracedGame.emptyLog();
            for (long f : frames) {
                TracedGame.log(log, game.frame(f));
            }
            trace.stop();
            Trace.Result result = trace.written().get(30, TimeUnit.SECONDS);
            TraceFileCheck check = TraceFileCheck.read(file);
            assertEquals(0, result.droppedEvents());
            assertEquals(log, check.simulatedBySystem());
            assertEquals(frames.size(), check.lane("frames").size());
            long bound = check.instants.stream().filter(i -> i.name().equals("catch-up bound hit")).count();
            // Frames before the trace are short, so every bound hit the loop counted is in the trace.
            assertEquals(game.loop.stats().catchUpBoundHits(), bound);
        } finally {
            deleteAll(dir);
        }
    }

    private static void deleteAll(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
            Files.delete(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
