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
        assertTrue(full.rtsUnits().size() > quick.rtsUnits().size(), "the full run measures a larger army too");
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
    void theRealTimeArmyIsInterpolatedBetweenTheRunsAroundOneAlongAPowerLaw() {
        int[] units = {2_000, 10_000, 20_000, 30_000};
        double[] speeds = new double[units.length];
        for (int i = 0; i < units.length; i++) {
            speeds[i] = Math.pow(25_000.0 / units[i], 1.5); // exactly 1.0 at 25,000
        }
        assertEquals(25_000, BenchSuite.realTimeEstimate(units, speeds, 1_000, 50_000));
        assertEquals(24_000, BenchSuite.realTimeEstimate(units, speeds, 4_000, 50_000), "rounded down to the step");
    }

    @Test
    void theRealTimeArmyIsExtrapolatedWhenAllOrNoRunsKeepRealTime() {
        int[] units = {10_000, 20_000};
        assertEquals(40_000, BenchSuite.realTimeEstimate(units, new double[] {4, 2}, 1_000, 50_000),
                "speed halves per doubling: 1.0 at twice the last");
        assertEquals(5_000, BenchSuite.realTimeEstimate(units, new double[] {0.5, 0.25}, 1_000, 50_000));
        assertEquals(50_000, BenchSuite.realTimeEstimate(units, new double[] {8, 4}, 1_000, 50_000),
                "never beyond the largest army the demo allows");
        assertEquals(1_000, BenchSuite.realTimeEstimate(units, new double[] {0.01, 0.005}, 1_000, 50_000),
                "never below one step");
    }

    @Test
    void aSpeedThatDoesNotFallWithTheArmyIsExtrapolatedLinearly() {
        assertEquals(30_000, BenchSuite.realTimeEstimate(new int[] {10_000, 20_000}, new double[] {1.5, 1.5},
                1_000, 50_000));
    }

    @Test
    void theEstimateNeedsTwoRuns() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchSuite.realTimeEstimate(new int[] {10_000}, new double[] {2}, 1_000, 50_000));
        assertTrue(e.getMessage().contains("two runs"), e.getMessage());
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
