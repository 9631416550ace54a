package dev.ecsloop.demo.bench;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.lockstep.BuildId;
import dev.ecsloop.lockstep.LateStart;
import dev.ecsloop.lockstep.LockstepConfig;
import dev.ecsloop.lockstep.LockstepSession;
import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.lockstep.net.SeatTokens;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How long a rejoin takes, from the moment the player reconnects to playing live, in an {@code --endless}
 * 2,000-unit match (headless setup, seed 1) after {@code minutes} simulated minutes; JVM start and building the
 * joiner's game are excluded, as a player's process has both before it connects. One JVM, loopback: the host
 * plays alone (bob dropped at once) as fast as it can up to the instant, then in real time (its manual clock
 * follows the real one) while bob reconnects with his seat token, receives the host's fresh snapshot and the
 * turns since, restores it and catches up (time scale 1000, frames of at most 0.5 simulated seconds, its clock
 * also following the real one). Columns: the catch-up's bytes, the time to the restored world, the time from
 * there to live, the total, and the turns the host played meanwhile (the others never wait for a rejoin).
 *
 * <p>{@code RejoinBenchmark [minutes...]}; default 2 5 10.
 */
public final class RejoinBenchmark {
    private static final String SECRET = "bench";

    private RejoinBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        double[] minutes = args.length > 0 ? Arrays.stream(args).mapToDouble(Double::parseDouble).toArray()
                : new double[] {2, 5, 10};
        MarkdownTable table = new MarkdownTable("simulated min", "units then", "catch-up KB", "to restored s",
                "restored to live s", "reconnect to live s", "x target 10 s", "host turns meanwhile");
        for (double m : minutes) {
            String[] row = run(m);
            table.row(row);
            System.out.println(String.join(" | ", row));
        }
        System.out.println("Rejoin of an --endless 2,000-unit match (wall time, one JVM, loopback); load: "
                + SnapshotBenchmark.load());
        System.out.print(table);
    }

    private static String[] run(double minutes) throws Exception {
        MatchSetup setup = MatchSetup.defaults(1).withUnits(2_000).withEndless(true);
        LockstepConfig rules = LockstepConfig.defaults();
        ManualClock hostClock = new ManualClock();
        RtsGame hostGame = RtsGame.create(setup, hostClock, false);
        String build = BuildId.of(hostGame.loop().systems().toArray(new Class<?>[0]));
        String matchSetup = rules.setup(setup.identity());
        Path dir = Files.createTempDirectory("rejoin-bench");
        SeatTokens tokens = SeatTokens.in(dir);
        try (LockstepHost host = LockstepHost.open(PeerSettings.of("alice", SECRET, build, matchSetup),
                InetAddress.getLoopbackAddress(), 0, 2, rules.inputDelay())) {
            PeerSettings bob = PeerSettings.of("bob", SECRET, build, matchSetup);
            CompletableFuture<PeerLink> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return LockstepClient.join(bob, "127.0.0.1", host.port(), Duration.ofSeconds(30), tokens);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            PeerLink hostLink = host.awaitStart(Duration.ofSeconds(30));
            first.get().close(); // bob drops at once; the host plays on alone
            AtomicBoolean stop = new AtomicBoolean();
            Clock real = Clock.system();
            CompletableFuture<long[]> reached = new CompletableFuture<>();
            CompletableFuture<Long> meanwhile = new CompletableFuture<>();
            Thread hostThread = new Thread(() -> { // the host's loop lives on this one thread
                try {
                    LockstepSession session = LockstepSession.start(hostGame.loop(), hostGame.inputs(), hostLink,
                            rules);
                    session.serveRejoins(hostGame.snapshots());
                    long until = Math.round(minutes * 60e9);
                    while (hostGame.loop().simulatedNanos() < until) {
                        session.poll(1_000_000L);
                        hostClock.advance(1_000_000_000L / 60);
                        hostGame.frame();
                    }
                    long at = session.turn();
                    reached.complete(new long[] {at, hostGame.unitCount(0) + hostGame.unitCount(1)});
                    long last = real.nanoTime();
                    while (!stop.get()) { // then in real time
                        session.poll();
                        long now = real.nanoTime();
                        hostClock.advance(now - last);
                        last = now;
                        hostGame.frame();
                    }
                    meanwhile.complete(session.turn() - at);
                } catch (RuntimeException | InterruptedException e) {
                    reached.completeExceptionally(e);
                    meanwhile.completeExceptionally(e);
                }
            }, "host");
            hostThread.start();
            long unitsThen = reached.get()[1];
            RtsGame bobGame = RtsGame.create(setup, new ManualClock(), false);
            ManualClock bobClock = (ManualClock) bobGame.loop().clock();
            long t0 = real.nanoTime();
            PeerLink again = LockstepClient.join(bob, "127.0.0.1", host.port(), Duration.ofSeconds(30), tokens);
            LockstepSession bobSession = LateStart.rejoin(bobGame.loop(), bobGame.inputs(), again, rules,
                    bobGame.snapshots(), Duration.ofSeconds(60));
            long restored = real.nanoTime();
            long bytes = again.bytes();
            long last = restored;
            while (bobSession.catchingUp() && bobSession.stopReason() == null) {
                bobSession.poll();
                long now = real.nanoTime();
                bobClock.advance(now - last);
                last = now;
                bobGame.frame();
            }
            long liveAt = real.nanoTime();
            stop.set(true);
            long hostTurns = meanwhile.get();
            if (bobSession.stopReason() != null) {
                throw new IllegalStateException("bob stopped: " + bobSession.stopReason());
            }
            again.close();
            hostLink.close();
            return new String[] {fmt(minutes, 1), Long.toString(unitsThen), fmt(bytes / 1024.0, 0),
                    fmt((restored - t0) / 1e9, 2), fmt((liveAt - restored) / 1e9, 2), fmt((liveAt - t0) / 1e9, 2),
                    fmt((liveAt - t0) / 1e10, 2), Long.toString(hostTurns)};
        }
    }

    private static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
