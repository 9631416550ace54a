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
 * Run by hand (not part of {@code mvn verify}): two players in real time at 60 frames a second, the
 * joiner behind the {@link DelayProxy} with a round trip of 50, 100 and 150 ms and ±25 ms of jitter, 200 units (light
 * frames: the network's part is measured, not the machine's), each with the
 * fixed default delay (3 turns of 50 ms) and with the adaptive one (1 to 10 turns, starting at 3). Prints a
 * Markdown table: the delay the match settled on, the input-to-effect latency in real milliseconds (to the real time
 * the simulation passed the order's instant, and to the test game's 30 Hz tick that saw it) beside
 * round trip + jitter (target: within one turn of it) and the stalls (runs of frames whose simulation waited at the
 * horizon for the other's inputs; target: none), after a warm-up of 5 simulated seconds in which the delay settles.
 *
 * <pre>{@code
 * mvn -q -pl ecs-loop/lockstep -am test-compile
 * mvn -q -pl ecs-loop/lockstep dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp "ecs-loop/target/classes:ecs-loop/lockstep/target/classes:ecs-loop/lockstep/target/test-classes:$(cat /tmp/cp.txt)" \
 *     dev.ecsloop.lockstep.AdaptiveDelayBenchmark [seconds]
 * }</pre>
 */
public final class AdaptiveDelayBenchmark {

    static final long JITTER = 50_000_000L;
    static final long WARMUP = 5_000_000_000L;
    /** Light frames: what is measured is the network's part, not the machine's. */
    static final int UNITS = 200;

    private AdaptiveDelayBenchmark() {
    }

    static String row(long rttNanos, LockstepConfig config, double seconds) throws Exception {
        String setup = config.setup(TestPeer.GAME_SETUP);
        long endTurn = Math.round(seconds * 1e9 / config.turnNanos());
        List<LockstepBenchmark.Peer> peers = List.of(new LockstepBenchmark.Peer("p0", config),
                new LockstepBenchmark.Peer("p1", config));
        try (LockstepHost host = LockstepHost.open(PeerSettings.of("p0", Match.SECRET, Match.BUILD, setup),
                InetAddress.getLoopbackAddress(), 0, 2, config);
             DelayProxy proxy = DelayProxy.open(host.port(), rttNanos, JITTER, 1)) {
            CompletableFuture<PeerLink> joiner = CompletableFuture.supplyAsync(() -> {
                try {
                    return LockstepClient.join(PeerSettings.of("p1", Match.SECRET, Match.BUILD, setup), "127.0.0.1",
                            proxy.port(), Duration.ofSeconds(30));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            List<PeerLink> links = List.of(host.awaitStart(Duration.ofSeconds(30)), joiner.get());
            for (int i = 0; i < 2; i++) {
                LockstepBenchmark.Peer p = peers.get(i);
                PeerLink link = links.get(i);
                p.warmupNanos = WARMUP;
                p.units = UNITS;
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
            links.get(1).close();
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
        lat.sort(null);
        double mean = lat.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1e6;
        double p95 = lat.isEmpty() ? Double.NaN : lat.get((int) Math.min(lat.size() - 1, lat.size() * 0.95)) / 1e6;
        double meanInstant = instant.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1e6;
        double target = (rttNanos + JITTER / 2) / 1e6;
        double turnMs = config.turnNanos() / 1e6;
        LockstepBenchmark.Peer host = peers.get(0);
        return String.format("| %d ± %d | %s | %d | %d | %d | %.0f | %.1f | %.1f | %.1f | %+.1f | %s | %d | %d |",
                rttNanos / 1_000_000, JITTER / 2_000_000, config.adaptive() ? config.delayFloor() + "-"
                        + config.delayCeiling() + " adaptive" : config.inputDelay() + " fixed", host.finalDelay,
                host.changes.size(), lat.size(), target, meanInstant, mean, p95, meanInstant - target,
                Math.abs(meanInstant - target) <= turnMs ? "yes" : "no", stalls, stalledFrames);
    }

    /**
     * @param args optional: simulated seconds per configuration (default 20, of which 5 warm up)
     * @throws Exception if a run fails
     */
    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 20;
        LockstepConfig fixed = LockstepConfig.defaults();
        LockstepConfig adaptive = fixed.withAdaptiveDelay(1, 10);
        StringBuilder out = new StringBuilder();
        out.append("| round trip ± jitter (ms) | input delay | settled on (turns) | changes | orders | round trip + "
                + "jitter (ms) | to the turn's instant, mean ms | to the 30 Hz tick, mean ms | p95 ms | instant - (rtt + "
                + "jitter) | within one turn | stalls | stalled frames |\n");
        out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (long rtt : new long[] {50_000_000L, 100_000_000L, 150_000_000L}) {
            for (LockstepConfig config : List.of(fixed, adaptive)) {
                out.append(row(rtt, config, seconds)).append('\n');
                System.out.print(out);
                out.setLength(0);
            }
        }
    }
}
