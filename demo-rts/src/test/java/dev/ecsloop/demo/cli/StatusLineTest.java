package dev.ecsloop.demo.cli;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The headless status line: short, complete, in place on a terminal, plain when piped, silent when quiet. */
class StatusLineTest {

    @Test
    void theDemoLineNamesTimeFramesUnitsRatesAndLoad() {
        List<String> lines = Runs.of("--headless", "--units", "40", "--map-size", "32", "--seconds", "3",
                "--frame-times", "steady:10").out();
        List<String> status = lines.stream().filter(l -> l.startsWith("sim ")).toList();
        assertEquals(3, status.size(), "one line per simulated second when piped: " + lines);
        for (String l : status) {
            assertTrue(l.length() <= StatusLine.MAX, l.length() + ": " + l);
            assertTrue(l.matches("sim \\d+\\.\\d{3} s x1 \\| \\d+ fps \\| 2\\d v 2\\d \\| Hz orde \\d+( [a-z]{1,4} \\d+)*"
                    + "( \\.\\.)? \\| load \\d+%"), l);
        }
        assertTrue(status.get(2).startsWith("sim 3.000 s"), status.get(2));
    }

    @Test
    void quietPrintsNoStatusButStillTheResults() {
        List<String> lines = Runs.of("--headless", "--quiet", "--units", "40", "--map-size", "32", "--seconds", "2",
                "--frame-times", "steady:10", "--print-hash").out();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("world-hash: "), lines.get(0));
    }

    // On a terminal: see TerminalTypingTest, which asserts what the screen shows.

    @Test
    void pipedEachStatusIsAPlainLineAndQuietDropsThem() {
        ByteArrayOutputStream piped = new ByteArrayOutputStream();
        StatusOutput lines = new StatusOutput(new PrintStream(piped, true, StandardCharsets.UTF_8),
                StatusOutput.Mode.LINES);
        lines.status("sim 1.0 s");
        lines.printer().println("moving 3 units to (1, 2)");
        lines.status("sim 2.0 s");
        lines.finish();
        assertEquals("sim 1.0 s\nmoving 3 units to (1, 2)\nsim 2.0 s\n",
                piped.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
        ByteArrayOutputStream quiet = new ByteArrayOutputStream();
        StatusOutput q = new StatusOutput(new PrintStream(quiet, true, StandardCharsets.UTF_8), StatusOutput.Mode.QUIET);
        q.status("sim 1.0 s");
        q.printer().println("reply");
        q.finish();
        assertEquals("reply\n", quiet.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
    }

    @TickRate(60)
    public static final class SixtyHzWithAVeryLongNameIndeed extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(15)
    public static final class AnotherSystemNamedAtLength extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(5)
    public static final class YetAnotherOne extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(7)
    public static final class AndOneMore extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    private static ManualClock clockOf(GameLoop loop) {
        return (ManualClock) loop.clock();
    }

    @Property(tries = 60)
    void neverWiderThanAnEightyColumnTerminalWhateverTheNumbers(
            @ForAll @IntRange(min = 0, max = 50_000) int team0, @ForAll @IntRange(min = 0, max = 50_000) int team1,
            @ForAll @IntRange(min = 1, max = 1_000_000) int scaleMillis, @ForAll @IntRange(min = 0, max = 30) int hz) {
        // Six figures per count, a thousand-fold scale, 30 kHz rates: the widest numbers the line can meet.
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new SixtyHzWithAVeryLongNameIndeed(),
                        new AnotherSystemNamedAtLength(), new YetAnotherOne(), new AndOneMore())).build();
        loop.setTimeScale(scaleMillis / 1000.0);
        loop.setRate(SixtyHzWithAVeryLongNameIndeed.class, 1 + hz * 1000.123);
        for (int i = 0; i < 3; i++) {
            clockOf(loop).advance(400_000_000L); // a few buckets, so ticks per second are measured
            loop.frame();
        }
        String line = StatusLine.format(loop, team0, team1);
        assertTrue(line.length() <= StatusLine.MAX, line.length() + ": " + line);
        assertTrue(line.contains(" | " + team0 + " v " + team1 + " | "), line);
        assertTrue(line.endsWith("%"), "the load is never cut: " + line);
        assertTrue(line.matches(".*\\| Hz( [a-z0-9]{1,4} \\d+)+( \\.\\.)? \\| load \\d+%"),
                "whole name-value entries only: " + line);
    }
}
