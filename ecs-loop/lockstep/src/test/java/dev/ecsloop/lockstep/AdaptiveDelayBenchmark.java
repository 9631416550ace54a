package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.DelayProxy;
import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Run by hand (not part of {@code mvn verify}): two players in real time at 60 frames a second (or as given), the
 * joiner behind the {@link DelayProxy} with a round trip of 50, 100 and 150 ms and ±25 ms of jitter each way (or as
 * given), 200 units (light frames: the network's part is measured, not the machine's), each with the fixed delay (150
 * ms in whole turns) and the adaptive one (1 to 10 turns). Each peer starts as soon as its link has (the joiner a
 * one-way trip after the host, as in a real match); orders come every half simulated second at a seeded uniform phase
 * within a turn (or, with {@code start}, just after a turn's start). Prints a Markdown table (delay settled on,
 * input-to-effect latency to the order's turn instant, mean and p95, beside the round trip + 25 ms, stalls, the
 * machine's load) and, under each row, the probes' breakdown ({@link TimedLink}): for each direction, how long an
 * order waited for its turn to close, from close to send, from send to the other peer taking it in, and the slack the
 * other peer had left; then how far the joiner's simulation ran behind the host's, second by second (what the balance
 * and the delay must cover), each peer's dropped time by where its frame ended (waiting for a batch, at a turn's
 * instant, else: holds, late frames) and what the polls gave back, and the two peers' difference in dropped time
 * second by second. The row's budget is the host's over the counted frames (mean and most). The four columns after
 * the load count the collector's pauses over the counted frames and the stalls that began during one or within a round
 * trip's worst and a turn after it ({@link GcPauses}): the peers and the proxy share one JVM, so one pause stops
 * sender, proxy and receiver at once; then the frames either peer began over 8 ms after they were due (the machine
 * woke its thread late), and the stalls that began within the same reach after one. The next column counts the
 * frames whose poll waited for a batch within the frame's spare time, as the demo's do ({@code
 * LockstepSession.poll(FramePacer.spareNanos())}); {@code -Dbench.noWait=true} polls without waiting, for a
 * side-by-side run. The last counts the batches the late frames' cover sent for a peer whose frame was late
 * ({@code LockstepSession.coverLateFrames}); {@code -Dbench.noCover=true} runs without the cover. And {@code -Dbench.hiccupMs=MS -Dbench.hiccupEvery=SECONDS} starts a frame of each peer that
 * late every so often (the peers take turns), as a machine that wakes a thread late does.
 * Arguments, all optional: simulated seconds (20, of which 5 warm up), turn ms (50), modes ({@code fixed,adaptive}),
 * phase ({@code uniform} or {@code start}), round trips in ms ({@code 50,100,150}), repeats (1), each way's jitter
 * in ms ({@code 25}: a round trip ± 50; {@code 12.5}: a round trip ± 25; a list runs each), frames a second of
 * both peers ({@code 60}; a list runs each, interleaved).
 *
 * <pre>{@code
 * mvn -q -pl ecs-loop/lockstep -am test-compile
 * mvn -q -pl ecs-loop/lockstep dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp "ecs-loop/target/classes:ecs-loop/lockstep/target/classes:ecs-loop/lockstep/target/test-classes:$(cat /tmp/cp.txt)" \
 *     dev.ecsloop.lockstep.AdaptiveDelayBenchmark [seconds]
 * }</pre>
 */
public final class AdaptiveDelayBenchmark {

    /**
     * The target's jitter: an order should take effect within one turn of the round trip and 25 ms. The network
     * injected is set apart from it (each way's jitter, an argument), so that the same target can be held against
     * the round trip ± 25 ms it names (± 12.5 each way) and against the harsher ± 25 each way (a round trip ± 50).
     */
    static final long TARGET_JITTER = 25_000_000L;
    static final long WARMUP = 5_000_000_000L;
    /** Light frames: what is measured is the network's part, not the machine's. */
    static final int UNITS = 200;

    private AdaptiveDelayBenchmark() {
    }

    /** Probe results of one run beside its table row: where the latency went, in ms (means over counted orders). */
    static String breakdown;
    /**
     * The row's last columns: the collector's pauses over the counted frames (how many, the longest in ms), the stalls
     * at one, the frames of both peers that began over 8 ms after they were due (how many, the latest in ms), the
     * stalls after one, the frames that waited in their spare (or "off"), and the batches the cover sent (or "off").
     */
    private static String pauses;

    static String row(long rttNanos, long eachWayNanos, LockstepConfig config, double seconds, boolean uniform,
                      int fps) throws Exception {
        String setup = config.setup(TestPeer.GAME_SETUP);
        long endTurn = Math.round(seconds * 1e9 / config.turnNanos());
        List<LockstepBenchmark.Peer> peers = List.of(new LockstepBenchmark.Peer("p0", config),
                new LockstepBenchmark.Peer("p1", config));
        String load = load();
        try (GcPauses gc = new GcPauses(peers.get(0).real);
             LockstepHost host = LockstepHost.open(PeerSettings.of("p0", Match.SECRET, Match.BUILD, setup),
                InetAddress.getLoopbackAddress(), 0, 2, config);
             DelayProxy proxy = DelayProxy.open(host.port(), rttNanos, 2 * eachWayNanos, 1)) {
            CompletableFuture<PeerLink> joiner = CompletableFuture.supplyAsync(() -> {
                try {
                    return LockstepClient.join(PeerSettings.of("p1", Match.SECRET, Match.BUILD, setup), "127.0.0.1",
                            proxy.port(), Duration.ofSeconds(30));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            List<PeerLink> links = new ArrayList<>();
            for (int i = 0; i < 2; i++) { // each peer starts as soon as its link has, as in a real match: the
                // joiner a one-way trip after the host
                LockstepBenchmark.Peer p = peers.get(i);
                PeerLink link = i == 0 ? host.awaitStart(Duration.ofSeconds(30)) : joiner.get();
                links.add(link);
                p.warmupNanos = WARMUP;
                p.units = UNITS;
                p.frameNanos = 1_000_000_000L / fps;
                p.reached = new long[(int) endTurn + 1];
                p.droppedAt = new long[(int) endTurn + 1];
                p.phases = uniform ? new java.util.Random(17 + i) : null;
                Thread t = new Thread(() -> p.run(link, endTurn), "bench-" + p.name);
                t.setDaemon(true);
                t.start();
            }
            for (LockstepBenchmark.Peer p : peers) {
                if (!p.done.await((long) (seconds * 10 + 60), TimeUnit.SECONDS)) {
                    throw new IllegalStateException(p.name + " did not finish");
                }
                if (p.failure != null) {
                    throw new IllegalStateException(p.failure);
                }
            }
            long to = peers.get(0).real.nanoTime();
            links.get(1).close();
            long from = countedFrom(peers);
            long reach = rttNanos + 2 * eachWayNanos + config.turnNanos(); // a batch a hiccup held comes this late
            int atPause = 0;
            int afterLate = 0;
            int late = 0;
            long longest = 0;
            int waits = 0;
            int inVain = 0;
            long longestWait = 0;
            int covered = 0;
            for (LockstepBenchmark.Peer p : peers) {
                covered += p.timed.covered.get();
                waits += p.frameWaits;
                inVain += p.waitsInVain;
                longestWait = Math.max(longestWait, p.longestWait);
                late += p.lateFrames.size();
                longest = Math.max(longest, p.latestWake);
                for (long at : p.stallStarts) {
                    atPause += gc.near(at, reach) ? 1 : 0;
                    afterLate += lateFrameBefore(peers, at, reach) ? 1 : 0;
                }
            }
            pauses = gc.summary(from, to) + " | " + atPause + " | " + late + " (" + Math.round(longest / 1e6) + ") | "
                    + afterLate + " | " + (peers.get(0).waitInSpare ? waits + " (" + String.format("%.1f",
                    longestWait / 1e6) + "), " + inVain + " in vain" : "off") + " | "
                    + (peers.get(0).coverLateFrames ? String.valueOf(covered) : "off");
        }
        List<Long> lat = new ArrayList<>();
        List<Long> instant = new ArrayList<>();
        int stalls = 0;
        int stalledFrames = 0;
        for (LockstepBenchmark.Peer p : peers) {
            lat.addAll(p.latencies);
            instant.addAll(p.toInstant);
            stalls += p.stalls;
            stalledFrames += p.stalledFrames;
        }
        instant.sort(null);
        double mean = lat.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1e6;
        double p95 = instant.isEmpty() ? Double.NaN
                : instant.get((int) Math.min(instant.size() - 1, instant.size() * 0.95)) / 1e6;
        double meanInstant = instant.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1e6;
        double target = (rttNanos + TARGET_JITTER) / 1e6;
        double turnMs = config.turnNanos() / 1e6;
        LockstepBenchmark.Peer host = peers.get(0);
        breakdown = breakdown(peers, config, rttNanos, uniform);
        StringBuilder settled = new StringBuilder();
        for (DelayChange c : host.changes) {
            settled.append(settled.length() == 0 ? "" : ",").append(c.delay());
        }
        return String.format("| %d ± %s | %d | %.0f | %s | %s | %d (%s) | %.0f / %.0f | %d | %.0f | %.1f | %.1f "
                        + "| %.1f "
                        + "| %+.1f | %s | %d (%d) | %s | %s |",
                rttNanos / 1_000_000, new java.math.BigDecimal(eachWayNanos).movePointLeft(6).stripTrailingZeros()
                        .toPlainString(), fps, turnMs, uniform ? "uniform" : "turn start",
                config.adaptive() ? config.delayFloor() + "-" + config.delayCeiling() + " adaptive"
                        : config.inputDelay() + " fixed", host.finalDelay, settled,
                host.budget[0] / Math.max(1.0, host.budget[1]) / 1e6,
                host.budget[2] / 1e6, instant.size(), target,
                meanInstant, p95, mean, meanInstant - target, meanInstant - target <= turnMs ? "yes" : "no", stalls,
                stalledFrames, load, pauses);
    }

    /** The probes' story: where each counted order's time went from its issue to its effect, per direction. */
    static String breakdown(List<LockstepBenchmark.Peer> peers, LockstepConfig config, long rttNanos,
                            boolean uniform) {
        StringBuilder out = new StringBuilder();
        long l = config.turnNanos();
        for (int seat = 0; seat < 2; seat++) {
            LockstepBenchmark.Peer from = peers.get(seat);
            LockstepBenchmark.Peer to = peers.get(1 - seat);
            double[] sum = new double[8];
            int n = 0;
            int late = 0;
            double worstNet = 0;
            double worstLateness = Double.NEGATIVE_INFINITY;
            for (int index = 0; index < from.given.size(); index++) {
                long[] g = from.given.get(index);
                int given = (int) g[0];
                int effect = (int) g[1];
                if (g[3] == 0 || effect >= from.reached.length || given + 1 >= from.reached.length) {
                    continue;
                }
                long issued = g[2];
                long close = from.reached[given + 1];
                long sent = from.timed.sent[effect];
                long taken = to.timed.taken[seat][effect];
                long needOwn = from.reached[effect];
                long needOther = to.reached[effect];
                long execOwn = index < from.executed[seat].length ? from.executed[seat][index] : 0;
                long execOther = index < to.executed[seat].length ? to.executed[seat][index] : 0;
                if (close == 0 || sent == 0 || taken == 0 || needOwn == 0 || needOther == 0 || execOwn == 0
                        || execOther == 0) {
                    continue;
                }
                n++;
                sum[0] += close - issued;
                sum[1] += sent - close;
                sum[2] += taken - sent;
                sum[3] += needOther - taken;
                sum[4] += needOwn - close;
                sum[5] += execOwn - needOwn;
                sum[6] += execOwn - issued;
                sum[7] += needOther - needOwn;
                late += needOther - taken <= 0 ? 1 : 0;
                worstNet = Math.max(worstNet, (taken - sent) / 1e6);
                worstLateness = Math.max(worstLateness, (taken - close) / 1e6);
            }
            out.append(String.format("    %s -> %s (%d orders): issue->turn closes %.1f | closes->sent %.1f | "
                            + "sent->taken by other %.1f (worst %.1f) | taken->other needs it %.1f (%d late) | "
                            + "closes->own instant %.1f | own instant->tick saw it %.1f | issue->effect own %.1f | "
                            + "other's instant - own instant %.1f | worst closes->taken %.1f%n",
                    from.name, to.name, n, sum[0] / n / 1e6, sum[1] / n / 1e6, sum[2] / n / 1e6, worstNet,
                    sum[3] / n / 1e6, late, sum[4] / n / 1e6, sum[5] / n / 1e6, sum[6] / n / 1e6, sum[7] / n / 1e6,
                    worstLateness));
        }
        out.append(offsets(peers, config));
        long from = countedFrom(peers);
        for (LockstepBenchmark.Peer p : peers) {
            if (!p.stallStarts.isEmpty()) {
                out.append("    ").append(p.name).append(" stalled at (s after the counted frames began):");
                for (long at : p.stallStarts) {
                    out.append(String.format(" %.2f", (at - from) / 1e9));
                }
                out.append(System.lineSeparator());
            }
        }
        return out.toString();
    }

    /**
     * The two simulations' offset over the run: for each simulated second, the mean of how much later the joiner's
     * simulation reached a turn than the host's (real ms): how level the balance keeps them.
     */
    static String offsets(List<LockstepBenchmark.Peer> peers, LockstepConfig config) {
        StringBuilder out = new StringBuilder("    joiner behind host by second (ms):");
        long[] a = peers.get(0).reached;
        long[] b = peers.get(1).reached;
        int perSecond = (int) (1_000_000_000L / config.turnNanos());
        for (int from = 0; from + perSecond <= a.length; from += perSecond) {
            double sum = 0;
            int n = 0;
            for (int t = from; t < from + perSecond; t++) {
                if (a[t] != 0 && b[t] != 0) {
                    sum += (b[t] - a[t]) / 1e6;
                    n++;
                }
            }
            out.append(n == 0 ? " -" : String.format(" %.0f", sum / n));
        }
        out.append(System.lineSeparator());
        for (LockstepBenchmark.Peer p : peers) {
            out.append(String.format("    %s dropped ms by where the frame ended: waiting %.0f, at a turn's instant %.0f, "
                    + "else %.0f (%.0f frames); given back at the next poll %.0f%n", p.name, p.drops[0], p.drops[1],
                    p.drops[2], p.drops[3], p.drops[4]));
        }
        out.append("    joiner dropped - host dropped by second (ms):");
        long[] da = peers.get(0).droppedAt;
        long[] db = peers.get(1).droppedAt;
        for (int from = 0; from + perSecond <= a.length; from += perSecond) {
            out.append(String.format(" %.0f", (db[from] - da[from]) / 1e6));
        }
        return out.append(System.lineSeparator()).toString();
    }

    /** @return when the first peer's counted frames began, on the real clock */
    static long countedFrom(List<LockstepBenchmark.Peer> peers) {
        return Math.min(peers.get(0).countedFrom, peers.get(1).countedFrom);
    }

    /** @return whether a peer had a late frame up to {@code reach} before {@code at} */
    static boolean lateFrameBefore(List<LockstepBenchmark.Peer> peers, long at, long reach) {
        for (LockstepBenchmark.Peer p : peers) {
            for (long late : p.lateFrames) {
                if (late <= at && at - late <= reach) {
                    return true;
                }
            }
        }
        return false;
    }

    /** @return the machine's load averages (1, 5 minutes), read from /proc where it exists */
    static String load() {
        try {
            String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1];
        } catch (java.io.IOException | RuntimeException e) {
            return "?";
        }
    }

    /**
     * @param args optional: simulated seconds per configuration (default 20, of which 5 warm up)
     * @throws Exception if a run fails
     */
    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 20;
        long turnMs = args.length > 1 ? Long.parseLong(args[1]) : 50;
        String modes = args.length > 2 ? args[2] : "fixed,adaptive";
        boolean uniform = args.length <= 3 || !args[3].equals("start");
        String rtts = args.length > 4 ? args[4] : "50,100,150";
        int repeats = args.length > 5 ? Integer.parseInt(args[5]) : 1;
        String jitters = args.length > 6 ? args[6] : "25";
        String rates = args.length > 7 ? args[7] : "60";
        LockstepConfig fixed = LockstepConfig.defaults().withTurn(Duration.ofNanos(turnMs * 1_000_000L));
        if (turnMs != 50) {
            fixed = fixed.withInputDelay((int) Math.round(150.0 / turnMs));
        }
        LockstepConfig adaptive = fixed.withAdaptiveDelay(1, 10);
        System.out.println("| round trip ± jitter each way (ms) | frames/s | turn ms | order phase | input delay "
                + "| settled on (changes) | "
                + "budget mean / most ms | orders | round trip + 25 (ms) | to the turn's instant, mean ms | p95 ms | to the 30 Hz tick, "
                + "mean ms | instant - (rtt + 25) | within one turn | stalls (frames) | load 1/5 min "
                + "| GC pauses (longest ms) | stalls at a GC pause | frames 8+ ms late (latest ms) "
                + "| stalls after one | frames that waited in their spare (longest ms), in vain | batches the cover sent |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int r = 0; r < repeats; r++) {
            for (String rtt : rtts.split(",")) {
                for (String jitter : jitters.split(",")) {
                    for (String mode : modes.split(",")) {
                        for (String fps : rates.split(",")) {
                            System.out.println(row(Long.parseLong(rtt) * 1_000_000L,
                                    new java.math.BigDecimal(jitter).movePointRight(6).longValueExact(),
                                    mode.equals("fixed") ? fixed : adaptive, seconds, uniform, Integer.parseInt(fps)));
                            System.out.print(breakdown);
                        }
                    }
                }
            }
        }
    }
}
