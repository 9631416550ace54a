package dev.ecsloop.demo.bench;

import com.artemis.Aspect;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.sim.Unit;
import dev.ecsloop.explorer.Explorer;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the explorer costs the demo's loop thread, measured side by side in one run: the demo game (seed 1, its
 * shipped rates) runs frames of 1/60 s of simulated time paced at 60 FPS of real time (slower when the machine
 * cannot keep up: every frame still covers the same simulated time, so frames compare), with the explorer opened as
 * {@code --explorer} does (its {@code drain()} before every frame), under four loads that take turns in segments
 * of equal length, round after round, the order reversed every other round so that a drift of the game (armies
 * meeting) or of the machine (other builds) falls on all of them alike:
 * <ul>
 *   <li>{@link Load#NONE}: the explorer is not drained: the loop as if it had none (the baseline);</li>
 *   <li>{@link Load#IDLE}: drained, with no client connected;</li>
 *   <li>{@link Load#WATCH}: one client watching 100 units' {@code Transform2} at 30 Hz;</li>
 *   <li>{@link Load#MIX}: 200 requests per second of {@link ExplorerClients}' fixed mix over 16 connections,
 *       pipelined, plus that watch (the explorer answers one request of a connection per drain, so at 20 FPS 16
 *       connections can be served 320 a second);</li>
 * </ul>
 * A frame's cost is the loop thread's CPU time ({@link ThreadCpuClock}) from before the explorer's drain to the
 * end of the loop's frame, and also its wall time, which on a shared 2-core machine includes waiting for a core
 * (the clients and the server thread take one too). The drain's own CPU time is measured apart, with how many
 * requests each drain answered ({@link Explorer#drain()}). The target: the p99 frame under the mix at most 1.2x
 * the p99 without an explorer.
 *
 * <p>{@link #pages} measures {@code world.query} against a bigger game: one client pages through the units
 * (1,000 per page) one request at a time, timing each answer end to end over HTTP, while the loop thread times the
 * drains that answered one.
 *
 * <p>Run by {@code BenchSuite --only=explorer} (see ecs-loop/docs/EXPLORER.md), or alone:
 * {@code ExplorerBenchmark [units] [rounds] [segment seconds] [query units] [pages]}.
 */
public final class ExplorerBenchmark {

    /** What the explorer serves during a segment. */
    enum Load {
        NONE("no explorer (not drained)"),
        IDLE("explorer, no client"),
        WATCH("one watching client"),
        MIX("200 req/s mix + a watch");

        final String label;

        Load(String label) {
            this.label = label;
        }
    }

    /** Requests per second of the mix, and the connections that share them. */
    static final double MIX_PER_SECOND = 200;
    static final int MIX_CONNECTIONS = 16;
    private static final long SECOND = 1_000_000_000L;
    private static final int FPS = 60;
    private static final long FRAME_NANOS = 16_666_667L;

    /** Quantiles of one series of durations, in nanoseconds. */
    record Spread(int count, double mean, long p50, long p90, long p99, long max) {
        static Spread of(long[] values, int count) {
            long[] s = Arrays.copyOf(values, count);
            Arrays.sort(s);
            double sum = 0;
            for (long v : s) {
                sum += v;
            }
            return count == 0 ? new Spread(0, 0, 0, 0, 0, 0)
                    : new Spread(count, sum / count, at(s, 0.5), at(s, 0.9), at(s, 0.99), s[count - 1]);
        }

        private static long at(long[] sorted, double q) {
            return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1))];
        }
    }

    /** One load's frames over all its segments, and what the clients achieved. */
    record Row(Load load, Spread cpu, Spread gameCpu, Spread wall, Spread drainCpu, double fps, long answered, double seconds,
               double sentPerSecond, double requestsPerSecond, long watchBytes) {
    }

    /**
     * The overhead run.
     *
     * @param rows        per load, pooled over the rounds
     * @param roundRatios per round, the p99 CPU frame cost under {@link Load#MIX} over that of {@link Load#NONE}
     * @param loadStart   the machine's load average (1 min) at the start, and {@code loadEnd} at the end
     */
    record Overhead(int units, int rounds, double segmentSeconds, Map<Load, Row> rows, double[] roundRatios,
                    double[] roundWallRatios, double loadStart, double loadEnd) {
    }

    /** The 30,000-entity page run: end-to-end answer times, and the loop thread's part (drains that answered). */
    record Pages(int units, int entities, int pages, Spread endToEnd, Spread loopWall, Spread loopCpu,
                 Spread frameCpu, Spread frameWall, double loadStart, double loadEnd) {
    }

    private ExplorerBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int units = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 2.5;
        int queryUnits = args.length > 3 ? Integer.parseInt(args[3]) : 30_000;
        int pages = args.length > 4 ? Integer.parseInt(args[4]) : 100;
        System.out.println(ExplorerTables.overhead(overhead(units, rounds, seconds)));
        System.out.println(ExplorerTables.pages(pages(queryUnits, pages)));
    }

    /**
     * Runs the loads in turn, {@code rounds} times each for {@code segmentSeconds} of real time, after a warm-up.
     *
     * @throws IOException if a client cannot reach the explorer
     */
    static Overhead overhead(int units, int rounds, double segmentSeconds) throws IOException {
        double loadStart = BenchSuite.loadAverage();
        try (Session s = new Session(units)) {
            long segment = (long) (segmentSeconds * SECOND);
            // Warm-up: the JIT compiles the game and the explorer's paths before anything is measured.
            s.segment(Load.MIX, Math.max(2 * SECOND, segment), null);
            s.segment(Load.NONE, SECOND, null);
            Map<Load, Samples> all = new EnumMap<>(Load.class);
            for (Load l : Load.values()) {
                all.put(l, new Samples(rounds * (segment * FPS / SECOND + FPS)));
            }
            double[] ratios = new double[rounds];
            double[] wallRatios = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                Map<Load, Samples> round = new EnumMap<>(Load.class);
                List<Load> order = new ArrayList<>(List.of(Load.values()));
                if (r % 2 == 1) {
                    java.util.Collections.reverse(order);
                }
                for (Load l : order) {
                    Samples one = new Samples(segment * FPS / SECOND + FPS);
                    s.segment(l, segment, one);
                    round.put(l, one);
                    all.get(l).addAll(one);
                }
                ratios[r] = round.get(Load.MIX).cpu().p99() / (double) round.get(Load.NONE).cpu().p99();
                wallRatios[r] = round.get(Load.MIX).wall().p99() / (double) round.get(Load.NONE).wall().p99();
            }
            Map<Load, Row> rows = new EnumMap<>(Load.class);
            for (Load l : Load.values()) {
                Samples x = all.get(l);
                double secs = rounds * segmentSeconds;
                rows.put(l, new Row(l, x.cpu(), x.gameCpu(), x.wall(), x.drainCpu(), x.count / secs, x.answered, secs,
                        x.sent / secs, x.answered / secs, x.watchBytes));
            }
            return new Overhead(units, rounds, segmentSeconds, rows, ratios, wallRatios, loadStart,
                    BenchSuite.loadAverage());
        }
    }

    /**
     * Pages through {@code world.query} of all units, 1,000 a page, one request at a time every 100 ms.
     *
     * @throws IOException if the client cannot reach the explorer
     */
    static Pages pages(int units, int pages) throws IOException {
        double loadStart = BenchSuite.loadAverage();
        try (Session s = new Session(units)) {
            Clock real = Clock.system();
            long[] endToEnd = new long[pages];
            int[] done = {0};
            String[] failure = {null};
            Thread client = new Thread(() -> {
                try (RpcConnection rpc = new RpcConnection(s.explorer.port(), s.explorer.token())) {
                    String after = "-1";
                    for (int i = -pages / 5; i < pages; i++) {        // the first fifth warms up, untimed
                        long t0 = real.nanoTime();
                        String page = rpc.call("world.query", "{\"with\":[\"Unit\"],\"after\":" + after
                                + ",\"limit\":1000}");
                        if (i >= 0) {
                            endToEnd[done[0]++] = real.nanoTime() - t0;
                        }
                        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"next_after\":(\\d+|null)")
                                .matcher(page);
                        after = m.find() && !m.group(1).equals("null") ? m.group(1) : "-1";
                        java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
                    }
                } catch (IOException e) {
                    failure[0] = e.getMessage();
                }
            }, "explorer-pager");
            Samples frames = new Samples(FPS * (pages / 5 + pages) / 5 + 10 * FPS);
            s.drainOn = true;
            for (int i = 0; i < 2 * FPS; i++) {   // the game's first two simulated seconds, its costliest, untimed
                s.frame(null);
            }
            client.setDaemon(true);
            client.start();
            while (client.isAlive()) {
                s.frame(frames);
            }
            if (failure[0] != null) {
                throw new IOException("the pager failed: " + failure[0]);
            }
            int entities = s.game.loop().world().getAspectSubscriptionManager().get(Aspect.all()).getEntities()
                    .size();
            return new Pages(units, entities, done[0], Spread.of(endToEnd, done[0]), frames.answeringDrainWall(),
                    frames.answeringDrainCpu(), frames.cpu(), frames.wall(), loadStart, BenchSuite.loadAverage());
        }
    }

    /** Frame and drain costs of a series of frames. */
    static final class Samples {
        long[] cpu;
        long[] wall;
        long[] drain;
        long[] drainCpu;
        int[] answeredIn;
        int count;
        long sent;
        long answered;
        long watchBytes;

        Samples(long capacity) {
            int n = (int) Math.max(16, capacity);
            cpu = new long[n];
            wall = new long[n];
            drain = new long[n];
            drainCpu = new long[n];
            answeredIn = new int[n];
        }

        void add(long cpuNanos, long wallNanos, long drainNanos, long drainCpuNanos, int answeredNow) {
            if (count == cpu.length) {
                int n = count * 2;
                cpu = Arrays.copyOf(cpu, n);
                wall = Arrays.copyOf(wall, n);
                drain = Arrays.copyOf(drain, n);
                drainCpu = Arrays.copyOf(drainCpu, n);
                answeredIn = Arrays.copyOf(answeredIn, n);
            }
            cpu[count] = cpuNanos;
            wall[count] = wallNanos;
            drain[count] = drainNanos;
            drainCpu[count] = drainCpuNanos;
            answeredIn[count] = answeredNow;
            count++;
        }

        void addAll(Samples o) {
            for (int i = 0; i < o.count; i++) {
                add(o.cpu[i], o.wall[i], o.drain[i], o.drainCpu[i], o.answeredIn[i]);
            }
            sent += o.sent;
            answered += o.answered;
            watchBytes += o.watchBytes;
        }

        Spread cpu() {
            return Spread.of(cpu, count);
        }

        /** The frame's CPU time less its drain's: the game's own work, however the clients disturb it. */
        Spread gameCpu() {
            long[] game = new long[count];
            for (int i = 0; i < count; i++) {
                game[i] = cpu[i] - drainCpu[i];
            }
            return Spread.of(game, count);
        }

        Spread wall() {
            return Spread.of(wall, count);
        }

        Spread drainCpu() {
            return Spread.of(drainCpu, count);
        }

        Spread answeringDrainWall() {
            return answering(drain);
        }

        Spread answeringDrainCpu() {
            return answering(drainCpu);
        }

        private Spread answering(long[] of) {
            long[] out = new long[count];
            int n = 0;
            for (int i = 0; i < count; i++) {
                if (answeredIn[i] == 1) {
                    out[n++] = of[i];
                }
            }
            return Spread.of(out, n);
        }
    }

    /** The demo game in real time with the explorer open, and the loads' clients. */
    private static final class Session implements AutoCloseable {
        final Clock real = Clock.system();
        final ThreadCpuClock cpu = new ThreadCpuClock();
        final ManualClock clock = new ManualClock();
        final RtsGame game;
        final Explorer explorer;
        final FramePacer pacer;
        final List<Integer> units;
        boolean drainOn;
        long drainNanos;
        long drainCpuNanos;
        int answeredNow;

        Session(int unitCount) {
            game = RtsGame.create(MatchSetup.defaults(1).withUnits(unitCount), clock, true);
            explorer = Explorer.builder(game.loop()).port(0).recorder(game.recorder()).open();
            game.onBeforeFrame(() -> {
                if (drainOn) {
                    long c0 = cpu.nanoTime();
                    long t0 = real.nanoTime();
                    answeredNow = explorer.drain();
                    drainNanos = real.nanoTime() - t0;
                    drainCpuNanos = cpu.nanoTime() - c0;
                }
            });
            pacer = new FramePacer(real, FPS);
            units = new ArrayList<>();
            var ids = game.loop().world().getAspectSubscriptionManager().get(Aspect.all(Unit.class))
                    .getEntities();
            for (int i = 0; i < ids.size(); i++) {
                units.add(ids.get(i));
            }
        }

        /**
         * One paced frame of {@value #FRAME_NANOS} ns of simulated time, its costs added to {@code into} (null: not
         * recorded). Every frame covers the same simulated time whatever the machine lets the thread do: were it fed
         * the real time that passed, a frame after a stall (the clients and the server thread take the cores too)
         * would run more ticks, and its cost would measure the neighbours, not the explorer.
         */
        void frame(Samples into) {
            clock.advance(FRAME_NANOS);
            drainNanos = 0;
            drainCpuNanos = 0;
            answeredNow = 0;
            long c0 = cpu.nanoTime();
            long w0 = real.nanoTime();
            game.frame();
            long w1 = real.nanoTime();
            long c1 = cpu.nanoTime();
            if (into != null) {
                into.add(c1 - c0, w1 - w0, drainNanos, drainCpuNanos, answeredNow);
            }
            pacer.awaitNextFrame();
        }

        /** Runs {@code nanos} of real time under {@code load}, then closes its clients and lets them go. */
        void segment(Load load, long nanos, Samples into) throws IOException {
            drainOn = load != Load.NONE;
            ExplorerClients clients = switch (load) {
                case NONE, IDLE -> null;
                case WATCH -> new ExplorerClients(explorer.port(), explorer.token(), 0, 0,
                        ExplorerClients.watchParams(units), real);
                case MIX -> new ExplorerClients(explorer.port(), explorer.token(), MIX_CONNECTIONS, MIX_PER_SECOND,
                        ExplorerClients.watchParams(units), real);
            };
            long end = real.nanoTime() + nanos;
            while (real.nanoTime() < end) {
                frame(into);
            }
            if (clients != null) {
                clients.close();
                clients.check();
                if (into != null) {
                    into.sent += clients.sent();
                    into.answered += clients.answered();
                    into.watchBytes += clients.watchBytes();
                }
                // Unrecorded frames until the server has seen every connection go and the watch is closed.
                drainOn = true;
                long limit = real.nanoTime() + 2 * SECOND;
                while ((explorer.clientCount() > 0 || explorer.drain() > 0) && real.nanoTime() < limit) {
                    frame(null);
                }
                frame(null);
            }
        }

        @Override
        public void close() {
            explorer.close();
        }
    }
}
