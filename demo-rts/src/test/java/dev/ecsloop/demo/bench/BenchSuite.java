package dev.ecsloop.demo.bench;

import dev.ecsloop.DebtPolicy;
import dev.ecsloop.bench.OverheadRatio;
import dev.ecsloop.bench.PacingBenchmark;
import com.artemis.BaseSystem;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.sim.CombatSystem;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.MovementSystem;
import dev.ecsloop.demo.sim.ProjectileSystem;
import dev.ecsloop.demo.sim.SimSystems;
import dev.ecsloop.time.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The benchmark suite: one command runs the benchmarks of ecs-loop/docs/BENCHMARKS.md one after the other and prints
 * Markdown tables of figures measured side by side (ratios against a baseline measured in the same run), writing
 * them to a file as each section completes. Run it through Maven (see ecs-loop/docs/BENCHMARKS.md):
 *
 * <pre>
 * mvn -B -q -Pbench -DskipTests package                          # full: under 10 minutes on 2 cores
 * mvn -B -q -Pbench -DskipTests package -Dbench.args=--quick     # about a minute
 * </pre>
 *
 * <p>Sections, in order: {@code overhead} (JMH: scheduler cost per frame against plain Artemis), {@code ratio}
 * (the same loops in CPU time, interleaved round by round: the overhead ratio that holds on a loaded machine),
 * {@code rts} (what low AI rates buy in the demo), {@code pacing} (the frame cap against naive loops on the real
 * clock), {@code catchup} (recovery from a 2 s stall under KEEP and DISCARD) and {@code explorer} (the explorer's cost to
 * the demo's loop thread under 200 requests per second, and its page times). {@code --only} picks some.
 */
@Command(name = "bench-suite", mixinStandardHelpOptions = true,
        description = "Runs ecs-loop's benchmarks and prints Markdown tables of side-by-side ratios.")
public final class BenchSuite implements Callable<Integer> {

    /** The sections, in the order they run. */
    enum Section { overhead, ratio, rts, pacing, catchup, explorer }

    @Option(names = "--quick", description = "Short runs: a one-minute look, not figures to quote.")
    boolean quick;

    @Option(names = "--only", split = ",", paramLabel = "SECTION",
            description = "Run only these sections (comma-separated): ${COMPLETION-CANDIDATES}.")
    Set<Section> only = EnumSet.allOf(Section.class);

    @Option(names = "--out", paramLabel = "FILE", description = "Also write the tables to FILE (Markdown).")
    Path out;

    private final PrintStream console;
    private final StringBuilder report = new StringBuilder();

    BenchSuite(PrintStream console) {
        this.console = console;
    }

    /** Durations and sizes of one mode. */
    record Plan(int rtsSeconds, List<Integer> rtsUnits, List<Integer> shippedOnlyUnits, int armyStep,
                double pacingSeconds, double catchUpWarmUpSeconds) {
        /** 60 simulated seconds per RTS run: the armies meet and fight, and the battle is the expensive part. */
        static final Plan FULL = new Plan(60, List.of(2_000, 5_000, 10_000, 20_000), List.of(30_000), 1_000, 10, 3);
        static final Plan QUICK = new Plan(10, List.of(2_000, 10_000, 20_000), List.of(), 1_000, 2, 1);
    }

    public static void main(String[] args) {
        System.exit(commandLine(new BenchSuite(System.out)).execute(args));
    }

    /** The parser: a bad flag or section prints one line naming it and exits 2 before anything runs. */
    static CommandLine commandLine(BenchSuite suite) {
        return new CommandLine(suite)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler((e, args) -> {
                    e.getCommandLine().getErr().println("bench-suite: " + e.getMessage() + " (--help lists the flags)");
                    return CommandLine.ExitCode.USAGE;
                });
    }

    Plan plan() {
        return quick ? Plan.QUICK : Plan.FULL;
    }

    @Override
    public Integer call() throws Exception {
        Plan plan = plan();
        long start = Clock.system().nanoTime();
        emit("# ecs-loop benchmark results\n\n" + machine() + "\n");
        for (Section section : Section.values()) {
            if (!only.contains(section)) {
                continue;
            }
            switch (section) {
                case overhead -> overhead();
                case ratio -> ratio();
                case rts -> rts(plan);
                case pacing -> pacing(plan);
                case catchup -> catchUp(plan);
                case explorer -> explorer();
                default -> throw new AssertionError(section);
            }
        }
        emit(String.format(Locale.ROOT, "Suite finished in %.0f s; load average at the end %.2f.%n",
                (Clock.system().nanoTime() - start) / 1e9, loadAverage()));
        return 0;
    }

    private void overhead() throws Exception {
        progress("overhead: JMH with -prof gc, FrameBenchmark (10 and 50 systems, three loops, trace and JFR)");
        List<OverheadBenchmark.Row> rows = OverheadBenchmark.measure(quick);
        MarkdownTable table = new MarkdownTable("systems", "loop", "ns / frame", "ns / tick", "x plain",
                "x ecs-loop", "B / frame");
        List<String> verdicts = new ArrayList<>();
        List<String> tracing = new ArrayList<>();
        for (OverheadBenchmark.Row row : rows) {
            double plain = row.plain().nsPerFrame();
            double profiled = row.ecsLoop().nsPerFrame();
            addOverhead(table, row, "ecs-loop (profiled; trace off)", row.ecsLoop(), plain, profiled);
            addOverhead(table, row, "ecs-loop (profiler off)", row.unprofiled(), plain, profiled);
            addOverhead(table, row, "plain Artemis + accumulator", row.plain(), plain, profiled);
            addOverhead(table, row, "ecs-loop, trace window open", row.traced(), plain, profiled);
            addOverhead(table, row, "ecs-loop, JFR events, no recording", row.flightOff(), plain, profiled);
            addOverhead(table, row, "ecs-loop, JFR events recorded", row.flightOn(), plain, profiled);
            table.row(Integer.toString(row.systems()), "one empty world.process() (per instant)",
                    String.format(Locale.ROOT, "%.1f ± %.1f", row.processStep().nsPerFrame(),
                            row.processStep().nsError()), "", "", "", String.format(Locale.ROOT, "%.3f",
                            row.processStep().bytesPerFrame()));
            verdicts.add(String.format(Locale.ROOT, "%d systems: profiled %.2fx plain, profiler off %.2fx plain",
                    row.systems(), profiled / plain, row.unprofiled().nsPerFrame() / plain));
            tracing.add(String.format(Locale.ROOT, "%d systems: trace on %.2fx, JFR off %.2fx, JFR on %.2fx"
                            + " the profiled loop; trace on %.3f B/frame",
                    row.systems(), row.traced().nsPerFrame() / profiled, row.flightOff().nsPerFrame() / profiled,
                    row.flightOn().nsPerFrame() / profiled, row.traced().bytesPerFrame()));
        }
        double worstBytes = rows.stream().mapToDouble(r -> Math.max(r.ecsLoop().bytesPerFrame(),
                Math.max(r.unprofiled().bytesPerFrame(), r.traced().bytesPerFrame()))).max().orElse(Double.NaN);
        emit("## Scheduler overhead\n\n" + table + "\nTarget within 5% of the plain loop ("
                + String.join("; ", verdicts) + "). Tracing (" + String.join("; ", tracing) + "). Target 0 B/frame"
                + " with the profiler on or off and with a trace window open: "
                + (worstBytes < 0.5 ? "met" : "missed") + String.format(Locale.ROOT,
                " (largest such figure %.3f B/frame; JMH's own residue is a few thousandths).%n%n", worstBytes));
    }

    private void ratio() throws ReflectiveOperationException {
        progress("ratio: OverheadRatio, loop-thread CPU time, interleaved rounds (10 and 50 systems)");
        int rounds = quick ? 11 : 41;
        MarkdownTable table = new MarkdownTable("systems", "loop", "median CPU ns / frame", "median x plain",
                "x plain, 25th-75th percentile");
        List<String> verdicts = new ArrayList<>();
        for (OverheadRatio.Row row : OverheadRatio.measure(rounds, 50_000, 10, 50)) {
            table.row(Integer.toString(row.systems()), row.loop(), String.format(Locale.ROOT, "%.1f",
                    row.nsPerFrame()), String.format(Locale.ROOT, "%.3f", row.ratio()),
                    String.format(Locale.ROOT, "%.3f - %.3f", row.ratioLow(), row.ratioHigh()));
            if (row.loop().startsWith("ecs-loop (profiler off)")) {
                verdicts.add(String.format(Locale.ROOT, "%d systems %.3fx: %s", row.systems(), row.ratio(),
                        row.ratio() <= 1.05 ? "met" : "missed"));
            }
        }
        emit("## Scheduler overhead in CPU time, interleaved\n\n" + table + "\nTarget profiler off at most 1.05x"
                + " the plain loop (" + String.join("; ", verdicts) + ").\n\n");
    }

    private static void addOverhead(MarkdownTable table, OverheadBenchmark.Row row, String loop,
                                    OverheadBenchmark.Measure m, double plain, double profiled) {
        table.row(Integer.toString(row.systems()), loop,
                String.format(Locale.ROOT, "%.0f ± %.0f", m.nsPerFrame(), m.nsError()),
                String.format(Locale.ROOT, "%.1f", m.nsPerFrame() / row.runsPerFrame()),
                String.format(Locale.ROOT, "%.2f", m.nsPerFrame() / plain),
                String.format(Locale.ROOT, "%.3f", m.nsPerFrame() / profiled),
                String.format(Locale.ROOT, "%.3f", m.bytesPerFrame()));
    }

    private void rts(Plan plan) {
        MarkdownTable table = new MarkdownTable("units", "rates", "sim s / CPU s",
                "slowest " + SimBenchmark.WINDOW_SECONDS + " s", "p99 frame ms", "Movement ms/tick",
                "Combat ms/tick", "low-rate systems ms per sim s", "units alive (mean)");
        MarkdownTable ratios = new MarkdownTable("units", "speed-up, whole run", "speed-up, slowest window",
                "low-rate cost, all 60 Hz / shipped", "p99 frame, shipped / all 60 Hz");
        MarkdownTable perSystem = new MarkdownTable("units", "system", "shipped Hz", "ms per sim s, shipped",
                "ms per sim s, all 60 Hz", "saving", "ideal (60 / rate)", "share of ideal");
        MarkdownTable physics = new MarkdownTable("units (mean alive)", "rates", "Movement ns / unit / tick",
                "Combat ns / unit / tick", "Projectile ms / tick");
        List<SimBenchmark.Result> measured = new ArrayList<>();
        // Warm the JIT on both configurations first: otherwise whichever runs first pays for compiling the
        // systems, and a 5 Hz system, with few ticks, pays for more of its ticks running interpreted.
        progress("rts: JIT warm-up, 2,000 units, both configurations, discarded");
        for (SimBenchmark.Rates rates : COMPARED) {
            SimBenchmark.measure(2_000, rates, SimBenchmark.WINDOW_SECONDS * 2);
        }
        for (int units : plan.rtsUnits()) {
            SimBenchmark.Result s = measureRow(units, SimBenchmark.Rates.SHIPPED, plan, table, measured);
            SimBenchmark.Result a = measureRow(units, SimBenchmark.Rates.ALL_60, plan, table, measured);
            ratios.row(String.format(Locale.ROOT, "%,d", units), fmt2(s.simPerReal() / a.simPerReal()) + "x",
                    fmt2(s.worstWindow() / a.worstWindow()) + "x", fmt2(lowRateCost(a) / lowRateCost(s)) + "x",
                    fmt2(s.p99FrameMs() / a.p99FrameMs()) + "x");
            for (Class<?> system : LOW_RATE) {
                double hz = declaredHz(system);
                double saving = perSecond(a, system) / perSecond(s, system);
                double ideal = 60 / hz;
                perSystem.row(String.format(Locale.ROOT, "%,d", units), system.getSimpleName(), fmt2(hz),
                        String.format(Locale.ROOT, "%.1f", perSecond(s, system)),
                        String.format(Locale.ROOT, "%.1f", perSecond(a, system)), fmt2(saving) + "x",
                        fmt2(ideal) + "x", String.format(Locale.ROOT, "%.0f%%", 100 * saving / ideal));
            }
            for (SimBenchmark.Result r : List.of(s, a)) {
                physics.row(String.format(Locale.ROOT, "%,d (%,.0f)", units, r.meanUnits()), r.rates().label(),
                        String.format(Locale.ROOT, "%.0f", ms(r, MovementSystem.class) * 1e6 / r.meanUnits()),
                        String.format(Locale.ROOT, "%.0f", ms(r, CombatSystem.class) * 1e6 / r.meanUnits()),
                        fmt3(ms(r, ProjectileSystem.class)));
            }
        }
        for (int units : plan.shippedOnlyUnits()) { // far past real time at 60 Hz: only to bracket the shipped game
            measureRow(units, SimBenchmark.Rates.SHIPPED, plan, table, measured);
        }
        StringBuilder largest = new StringBuilder(String.format(Locale.ROOT, "Largest army that keeps real time on"
                + " the loop's one thread (slowest %d s window at least 1.0 simulated s per CPU s of that thread),"
                + " estimated from"
                + " the runs above to the %,d below:", SimBenchmark.WINDOW_SECONDS, plan.armyStep()));
        int[] estimates = new int[COMPARED.size()];
        for (int c = 0; c < COMPARED.size(); c++) {
            SimBenchmark.Rates rates = COMPARED.get(c);
            List<SimBenchmark.Result> mine = measured.stream().filter(r -> r.rates() == rates).toList();
            int[] units = mine.stream().mapToInt(SimBenchmark.Result::units).toArray();
            double[] speeds = mine.stream().mapToDouble(SimBenchmark.Result::worstWindow).toArray();
            estimates[c] = realTimeEstimate(units, speeds, plan.armyStep(), MatchSetup.MAX_UNITS);
            boolean bracketed = speeds[0] >= 1 && speeds[speeds.length - 1] < 1;
            largest.append(String.format(Locale.ROOT, " %s %,d (%s);", rates.label(), estimates[c],
                    bracketed ? "interpolated" : "extrapolated"));
        }
        largest.setLength(largest.length() - 1);
        largest.append(String.format(Locale.ROOT, ". Ratio shipped / all 60 Hz: %.2fx",
                estimates[0] / (double) estimates[1]));
        emit("## What multi-rate buys in the RTS\n\nTimes are the loop thread's CPU time (ThreadCpuClock), so that"
                + " other processes on the machine do not count.\n\n" + table + "\n" + ratios + "\n" + largest + ".\n\n"
                + "### Each low-rate system's cost per simulated second\n\n" + perSystem + "\n"
                + "### Physics per unit\n\n" + physics + "\n");
    }

    /** Runs one game, adds its row to {@code table} and its result to {@code measured}. */
    private SimBenchmark.Result measureRow(int units, SimBenchmark.Rates rates, Plan plan, MarkdownTable table,
                                           List<SimBenchmark.Result> measured) {
        progress("rts: " + units + " units, " + rates.label() + ", " + plan.rtsSeconds() + " simulated s");
        SimBenchmark.Result r = SimBenchmark.measure(units, rates, plan.rtsSeconds());
        measured.add(r);
        table.row(String.format(Locale.ROOT, "%,d", units), rates.label(), fmt2(r.simPerReal()),
                fmt2(r.worstWindow()), fmt2(r.p99FrameMs()), fmt3(ms(r, MovementSystem.class)),
                fmt3(ms(r, CombatSystem.class)), String.format(Locale.ROOT, "%.1f", lowRateCost(r)),
                String.format(Locale.ROOT, "%,.0f", r.meanUnits()));
        return r;
    }

    /** The rate configurations the RTS table compares. */
    private static final List<SimBenchmark.Rates> COMPARED = List.of(SimBenchmark.Rates.SHIPPED,
            SimBenchmark.Rates.ALL_60);

    /** The systems that ship below 60 Hz: where multi-rate saves. */
    private static final List<Class<? extends BaseSystem>> LOW_RATE = SimSystems.ALL.stream()
            .filter(s -> s.isAnnotationPresent(TickRate.class) && declaredHz(s) < 60).toList();

    private static double declaredHz(Class<?> system) {
        return system.getAnnotation(TickRate.class).value();
    }

    /** What the systems whose rates differ cost per simulated second: where multi-rate saves. */
    private static double lowRateCost(SimBenchmark.Result r) {
        double sum = 0;
        for (Class<?> s : LOW_RATE) {
            sum += perSecond(r, s);
        }
        return sum;
    }

    private static double perSecond(SimBenchmark.Result r, Class<?> system) {
        return r.msPerSecond()[SimSystems.ALL.indexOf(system)];
    }

    /**
     * The army at which the slowest-window speed falls to 1.0, rounded down to {@code step}, from runs at
     * increasing unit counts. The speed falls roughly as a power of the army, {@code s = c N^-k}; the power is
     * fitted through the two runs on either side of 1.0 (or the last two, or the first two, when all or none kept
     * real time) and solved for {@code s = 1}; if the speed did not fall between those two runs, cost is taken as
     * proportional to the army from the run nearer 1.0. Interpolation between runs is close; extrapolation beyond
     * them errs high, as crowds make large armies cost more than a power law says.
     *
     * @param units  unit counts, increasing, at least two
     * @param speeds the slowest-window speed of each
     * @return a multiple of {@code step} in {@code [step, max]}
     * @throws IllegalArgumentException with fewer than two runs
     */
    static int realTimeEstimate(int[] units, double[] speeds, int step, int max) {
        if (units.length < 2 || speeds.length != units.length) {
            throw new IllegalArgumentException("need two runs or more, with a speed each: " + units.length + " / "
                    + speeds.length);
        }
        int b = 1;
        while (b < units.length - 1 && speeds[b] >= 1.0) {
            b++;
        }
        int a = b - 1;
        double k = Math.log(speeds[a] / speeds[b]) / Math.log((double) units[b] / units[a]);
        int nearer = Math.abs(Math.log(speeds[a])) < Math.abs(Math.log(speeds[b])) ? a : b;
        double estimate = k > 0 ? units[a] * Math.pow(speeds[a], 1 / k)
                : units[nearer] * speeds[nearer]; // no fall to fit (noise): cost proportional to the army
        long rounded = (long) Math.floor(estimate / step + 1e-9) * step;
        return (int) Math.max(step, Math.min(max, rounded));
    }

    private static double ms(SimBenchmark.Result r, Class<?> system) {
        return r.msPerTick()[SimSystems.ALL.indexOf(system)];
    }

    private void pacing(Plan plan) {
        MarkdownTable table = new MarkdownTable("FPS", "variant", "mean error ms", "p50 dev ms", "p99 dev ms",
                "max dev ms", "CPU % of a core");
        List<PacingBenchmark.Row> pacer = new ArrayList<>();
        for (int fps : new int[] {60, 144}) {
            progress("pacing: " + fps + " FPS, four variants, " + plan.pacingSeconds() + " s each");
            List<PacingBenchmark.Row> rows = PacingBenchmark.measure(fps, plan.pacingSeconds());
            pacer.add(rows.get(0));
            for (PacingBenchmark.Row r : rows) {
                table.row(Integer.toString(fps), r.variant(), String.format(Locale.ROOT, "%+.4f", r.meanErrorMs()),
                        fmt3(r.p50Ms()), fmt3(r.p99Ms()), fmt3(r.maxMs()), String.format(Locale.ROOT, "%.1f",
                                r.cpuPercent()));
            }
        }
        StringBuilder verdict = new StringBuilder("Target p99 deviation under 1 ms at under 10% of one core:");
        for (PacingBenchmark.Row r : pacer) {
            boolean met = r.p99Ms() < 1 && r.cpuPercent() < 10;
            verdict.append(String.format(Locale.ROOT, " %d FPS %s (p99 %.3f ms, %.1f%% CPU);", r.fps(),
                    met ? "met" : "missed", r.p99Ms(), r.cpuPercent()));
        }
        verdict.setLength(verdict.length() - 1);
        emit("## Frame pacing (real clock, 0.5 ms of work per frame)\n\n" + table + "\n" + verdict
                + ". CPU includes the frame's work (3% of a core at 60 FPS, 7% at 144).\n\n");
    }

    private void catchUp(Plan plan) {
        MarkdownTable table = new MarkdownTable("policy", "stall", "frames to catch up", "real ms to catch up",
                "longest frame ms", "Movement ticks run", "simulated ms dropped");
        int units = 5_000;
        for (DebtPolicy policy : DebtPolicy.values()) {
            progress("catchup: " + units + " units, 2 s stall, " + policy);
            CatchUpBenchmark.Result r = CatchUpBenchmark.measure(units, policy, plan.catchUpWarmUpSeconds(), 2_000);
            table.row(policy.name(), r.stallMs() + " ms", Integer.toString(r.frames()), String.format(Locale.ROOT,
                    "%.0f", r.realMs()), fmt2(r.longestFrameMs()), Long.toString(r.movementTicks()),
                    String.format(Locale.ROOT, "%.0f", r.droppedMs()));
        }
        emit("## Catch-up after a 2 s stall (" + String.format(Locale.ROOT, "%,d", units)
                + " units, 60 FPS cap, catch-up bound 250 ms)\n\n" + table + "\n");
    }

    private static String machine() {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return String.format(Locale.ROOT, "Run %s on %s, %d cores, %.0f GiB; %s %s; Java %s (%s); load average"
                        + " at the start %.2f.%n", LocalDate.now(), cpuModel(),
                Runtime.getRuntime().availableProcessors(), os.getTotalMemorySize() / (double) (1L << 30),
                System.getProperty("os.name"), System.getProperty("os.arch"), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), loadAverage());
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture below still says something
        }
        return "an unknown CPU";
    }

    /** The explorer's cost to the demo's loop thread, and its page times at 30,000 units (ExplorerBenchmark). */
    private void explorer() throws IOException {
        progress("explorer: 5,000 units in real time, loads in turn (about a minute), then 30,000 units' pages");
        emit(ExplorerTables.overhead(ExplorerBenchmark.overhead(5_000, quick ? 2 : 4, quick ? 1 : 2.5)));
        emit(ExplorerTables.pages(ExplorerBenchmark.pages(30_000, quick ? 20 : 100)));
    }

    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private void progress(String what) {
        console.println("[bench] " + what);
    }

    /** Prints a finished section and rewrites the results file with everything so far. */
    private void emit(String markdown) {
        console.print(markdown);
        report.append(markdown);
        if (out != null) {
            try {
                if (out.toAbsolutePath().getParent() != null) {
                    Files.createDirectories(out.toAbsolutePath().getParent());
                }
                Files.writeString(out, report);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + out, e);
            }
        }
    }

    private static String fmt2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String fmt3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
