package dev.ecsloop.demo.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The suite's command line and table format; the benchmarks themselves are not run here (they take minutes). */
class BenchSuiteTest {

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final BenchSuite suite = new BenchSuite(new PrintStream(printed, true, StandardCharsets.UTF_8));
    private final StringWriter err = new StringWriter();
    private final CommandLine cli = BenchSuite.commandLine(suite).setErr(new PrintWriter(err, true));

    @Test
    void withoutFlagsRunsEverySectionInFullMode() {
        cli.parseArgs();
        assertEquals(EnumSet.allOf(BenchSuite.Section.class), suite.only);
        assertSame(BenchSuite.Plan.FULL, suite.plan());
        assertEquals(null, suite.out);
    }

    @Test
    void onlyPicksTheNamedSectionsCaseInsensitively() {
        cli.parseArgs("--only=RTS,pacing", "--quick", "--out", "target/x.md");
        assertEquals(EnumSet.of(BenchSuite.Section.rts, BenchSuite.Section.pacing), suite.only);
        assertSame(BenchSuite.Plan.QUICK, suite.plan());
        assertEquals(Path.of("target/x.md"), suite.out);
    }

    @Test
    void quickPlanIsShorterThanTheFullOne() {
        BenchSuite.Plan quick = BenchSuite.Plan.QUICK;
        BenchSuite.Plan full = BenchSuite.Plan.FULL;
        assertTrue(quick.rtsSeconds() < full.rtsSeconds());
        assertTrue(quick.pacingSeconds() < full.pacingSeconds());
        assertFalse(quick.searches(), "the army search alone takes minutes");
        assertTrue(full.searches());
        assertTrue(quick.rtsSeconds() >= SimBenchmark.WINDOW_SECONDS, "a quick run still has one whole window");
        assertEquals(10.0, full.pacingSeconds(), "the pacing comparison runs 10 s per variant");
    }

    @Test
    void anUnknownSectionExitsTwoWithOneLineNamingItAndRunsNothing() {
        int code = cli.execute("--only=overhead,gpu");
        assertEquals(2, code);
        String message = err.toString().strip();
        assertFalse(message.contains("\n"), message);
        assertTrue(message.contains("gpu"), message);
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "nothing ran");
    }

    @Test
    void anUnknownFlagExitsTwoNamingIt() {
        assertEquals(2, cli.execute("--fast"));
        assertTrue(err.toString().contains("--fast"), err.toString());
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theArmySearchFindsTheLargestStepBelowTheThreshold() {
        List<Integer> tried = new ArrayList<>();
        int largest = BenchSuite.largestKeeping(20_000, Integer.MAX_VALUE, 2_500, 50_000, units -> {
            tried.add(units);
            return units <= 37_000;
        });
        assertEquals(35_000, largest);
        assertEquals(List.of(40_000, 30_000, 35_000, 37_500), tried, "doubles from what the table showed, then bisects");
    }

    @Test
    void theArmySearchStopsAtTheLargestArmyAllowed() {
        assertEquals(50_000, BenchSuite.largestKeeping(20_000, Integer.MAX_VALUE, 2_500, 50_000, units -> true));
    }

    @Test
    void theArmySearchBisectsBelowAFailureTheTableShowed() {
        List<Integer> tried = new ArrayList<>();
        assertEquals(0, BenchSuite.largestKeeping(0, 2_000, 1_000, 50_000, units -> {
            tried.add(units);
            return false;
        }));
        assertEquals(List.of(1_000), tried);
        assertEquals(12_000, BenchSuite.largestKeeping(10_000, 20_000, 1_000, 50_000, units -> units < 12_500));
    }

    @Test
    void tablesAreMarkdownWithFigureColumnsRightAlignedAndTextLeft() {
        String table = new MarkdownTable("rates", "units", "sim s / real s").row("shipped", "2,000", "27.71")
                .row("all at 60 Hz", "20,000", "-2.5").toString();
        assertEquals("""
                | rates        |  units | sim s / real s |
                | ------------ | -----: | -------------: |
                | shipped      |  2,000 |          27.71 |
                | all at 60 Hz | 20,000 |           -2.5 |
                """, table);
    }

    @Test
    void aRowWithTheWrongNumberOfCellsIsRefused() {
        MarkdownTable table = new MarkdownTable("a", "b");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table.row("1"));
        assertTrue(e.getMessage().contains("1 cells"), e.getMessage());
    }
}
