package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * Run by hand (not part of {@code mvn verify}): peers on loopback in real time at 60 frames a second, 2,000 units,
 * each peer giving an order every half simulated second; prints a Markdown table of the bytes each peer sends and
 * receives per second and the input-to-effect latency, in turns and in real milliseconds, for 2 and 4 peers, each
 * without and with 2 spectators (fed by the host: a player's own traffic should not change).
 *
 * <pre>{@code
 * mvn -q -pl ecs-loop/lockstep -am test-compile
 * mvn -q -pl ecs-loop/lockstep dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp "ecs-loop/target/classes:ecs-loop/lockstep/target/classes:ecs-loop/lockstep/target/test-classes:$(cat /tmp/cp.txt)" \
 *     dev.ecsloop.lockstep.LockstepBenchmark [seconds]
 * }</pre>
 */
public final class LockstepBenchmark {

    static final int UNITS = 2_000;
    static final LockstepConfig CONFIG = LockstepConfig.defaults();
    static final long FRAME = 16_666_667L;
    /** A frame that begins this much after it was due counts as late (a probe's threshold, not a frame step). */
    static final long LATE_WAKE = 8_000_000L;
    /** {@code -Dbench.ordersBeforeFrame=true}: orders given between frames before the poll, as a game takes input. */
    static final boolean ORDERS_BEFORE_FRAME = Boolean.getBoolean("bench.ordersBeforeFrame");

    private LockstepBenchmark() {
    }

    /**
     * One peer in real time: measures when each of its orders is seen by a tick, in real time, and counts the
     * frames its simulation waited at the horizon for another peer's inputs (stalls), after a warm-up.
     */
    static final class Peer {
        final String name;
        final LockstepConfig config;
        /** Orders given and stalls before this simulated time are not counted (the delay is still settling). */
        long warmupNanos;
        /** Frames that ended with the simulation waiting at the horizon, and how many runs of them. */
        int stalledFrames;
        int stalls;
        /** Probe: the real time each counted stall started, and the first counted frame's (0 before it). */
        final List<Long> stallStarts = new ArrayList<>();
        long countedFrom;
        /**
         * Probe: the real time of each counted frame that began over {@link #LATE_WAKE} after it was due (the
         * machine woke the loop's thread late, or the frame before ran long), and the latest such start. The frames
         * are paced as the demo paces them ({@link FramePacer}); the frame after a late one, released at once and
         * late by the same hiccup, is not counted again.
         */
        final List<Long> lateFrames = new ArrayList<>();
        long latestWake;
        private boolean wokeLate;
        /**
         * Whether a frame that would stop short waits for the batch within its spare time (as the demo does); off,
         * it polls without waiting, as before the wait existed (for a side-by-side run).
         */
        boolean waitInSpare = !Boolean.getBoolean("bench.noWait");
        /**
         * Whether the session covers this peer's late frames from a thread of its own, as the demo does
         * ({@link LockstepSession#coverLateFrames}); {@code -Dbench.noCover=true} runs without, for a side-by-side run.
         */
        boolean coverLateFrames = !Boolean.getBoolean("bench.noCover");
        /**
         * Injected hiccups (system properties {@code bench.hiccupMs}, {@code bench.hiccupEvery} in seconds): every so
         * often this peer's frame starts that late, as when the machine wakes its thread late; the peers take turns
         * (seat 1 half a period after seat 0). 0: none.
         */
        final long hiccupNanos = Long.getLong("bench.hiccupMs", 0) * 1_000_000L;
        final long hiccupEveryNanos = (long) (Double.parseDouble(System.getProperty("bench.hiccupEvery", "3")) * 1e9);
        /**
         * Probe ({@link TimedLink}): counted frames whose poll waited for a message (the frame would have stopped
         * short), the longest such wait in ns, and how many of them ended without the batch.
         */
        int frameWaits;
        int waitsInVain;
        long longestWait;
        int finalDelay;
        int units = UNITS;
        /** Real time between this peer's frames. */
        long frameNanos = FRAME;
        /** As {@link #latencies}, less the simulated time from the turn's instant to the tick that saw the order. */
        final List<Long> toInstant = new ArrayList<>();
        List<DelayChange> changes = List.of();
        final Clock real = Clock.system();
        final List<Long> givenReal = new ArrayList<>();
        final List<Long> givenTurnDelay = new ArrayList<>();
        final List<Long> latencies = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);
        volatile Throwable failure;
        long bytes;
        long simNanos;
        /** Probes (AdaptiveDelayBenchmark): the timed link, and when the simulation first reached each turn. */
        TimedLink timed;
        long[] reached;
        /** Probe: the delay's budget over the counted frames, {sum, frames, most} in ns. */
        final long[] budget = new long[3];
        /** Probe: the loop's dropped time when the simulation first reached each turn. */
        long[] droppedAt;
        /** Probe: dropped ms over the counted frames, by the state the frame ended in: {waiting, at a turn's
         *  instant, else}, how many frames dropped, and how much the polls gave back. */
        final double[] drops = new double[5];
        /** Orders given, each {turn given in, effect turn, real time given, counted (1) or not}. */
        final List<long[]> given = new ArrayList<>();
        /** Real time each seat's order (by index) took effect here: executed[seat][index], 0 if not seen. */
        long[][] executed;
        /** Seeded phases for orders within a turn (uniform), or null: every order just after a turn's start. */
        java.util.Random phases;

        Peer(String name) {
            this(name, CONFIG);
        }

        Peer(String name, LockstepConfig config) {
            this.name = name;
            this.config = config;
        }

        /** Where the orders' half-second grid stands, the next order's simulated time, and how many were given. */
        private long orderBase;
        private long nextOrder;
        private int orders;

        /**
         * Gives the next order if the simulation has reached its time: one every half simulated second, at the seeded
         * phase within its turn.
         *
         * @param givenAt real time the order counts from
         * @param counted whether each order given falls in the counted window (appended to)
         */
        private void order(LockstepSession session, GameLoop loop, int seat, long givenAt, List<Boolean> counted) {
            if (seat < 0 || loop.simulatedNanos() < nextOrder) {
                return;
            }
            boolean inWindow = loop.simulatedNanos() >= warmupNanos;
            long turn = session.turn();
            givenReal.add(givenAt);
            counted.add(inWindow);
            long effect = session.submit(new Command(1, seat, orders++, 50, 0, 0));
            givenTurnDelay.add(effect - turn);
            given.add(new long[] {turn, effect, givenAt, inWindow ? 1 : 0});
            orderBase += 500_000_000L;
            long turnStart = (orderBase + config.turnNanos() - 1) / config.turnNanos() * config.turnNanos();
            nextOrder = phases == null ? orderBase : turnStart + (long) (phases.nextDouble() * config.turnNanos());
        }

        void run(PeerLink given0, long endTurn) {
            PeerLink link = given0;
            try {
                ManualClock clock = new ManualClock();
                TestPeer.Game game = TestPeer.build(clock, units);
                GameLoop loop = game.loop();
                if (reached != null) {
                    timed = new TimedLink(link, reached.length);
                    link = timed;
                    executed = new long[link.names().size()][(int) (endTurn / 10 + 10)];
                }
                int reachedUpTo = 0;
                LockstepSession session = LockstepSession.start(loop, game.inputs(), link, config);
                session.endAt(endTurn);
                if (coverLateFrames) {
                    session.coverLateFrames(real); // the loop's manual clock stands still while this thread is held
                }
                int seat = link.seat();
                orderBase = 250_000_000L + seat * 50_000_000L;
                nextOrder = orderBase;
                orders = 0;
                int seen = 0;
                boolean waited = false;
                List<Boolean> counted = new ArrayList<>();
                FramePacer pacer = new FramePacer(real, (int) Math.round(1e9 / frameNanos));
                pacer.restart();
                long last = real.nanoTime();
                long droppedBefore = 0;
                long nextFrame = last;
                long pacerStalls = 0;
                long nextHiccup = last + hiccupEveryNanos + Math.max(0, seat) * hiccupEveryNanos / 2;
                while (!session.ended() && session.stopReason() == null) {
                    if (ORDERS_BEFORE_FRAME) { // as a game gives input: between frames, before the poll
                        order(session, loop, seat, real.nanoTime(), counted);
                    }
                    long polled = real.nanoTime();
                    clock.advance(polled - last); // so that the poll sees where this frame would go
                    last = polled;
                    int awaits = timed == null ? 0 : timed.awaits;
                    long awaited = timed == null ? 0 : timed.awaitedNanos;
                    int timedOut = timed == null ? 0 : timed.awaitsTimedOut;
                    session.poll(waitInSpare ? pacer.spareNanos() : 0);
                    if (countedFrom != 0 && timed != null && timed.awaits > awaits) {
                        frameWaits++;
                        longestWait = Math.max(longestWait, timed.awaitedNanos - awaited);
                        waitsInVain += timed.awaitsTimedOut > timedOut ? 1 : 0;
                    }
                    if (loop.simulatedNanos() >= warmupNanos) {
                        drops[4] += (droppedBefore - loop.droppedNanos()) / 1e6;
                    }
                    droppedBefore = loop.droppedNanos();
                    long now = real.nanoTime();
                    clock.advance(now - last);
                    last = now;
                    loop.frame();
                    long after = real.nanoTime();
                    boolean waiting = session.waiting() && loop.simulatedNanos() >= warmupNanos;
                    long droppedNow = loop.droppedNanos() - droppedBefore;
                    droppedBefore = loop.droppedNanos();
                    if (droppedNow > 0 && loop.simulatedNanos() >= warmupNanos) {
                        int kind = session.waiting() ? 0 : loop.simulatedNanos() % config.turnNanos() == 0 ? 1 : 2;
                        drops[kind] += droppedNow / 1e6;
                        drops[3]++;
                    }
                    stalledFrames += waiting ? 1 : 0;
                    stalls += waiting && !waited ? 1 : 0;
                    if (waiting && !waited) {
                        stallStarts.add(after);
                    }
                    if (countedFrom == 0 && loop.simulatedNanos() >= warmupNanos) {
                        countedFrom = after;
                    }
                    if (reached != null && loop.simulatedNanos() >= warmupNanos) {
                        long b = session.budgetNanos();
                        budget[0] += b;
                        budget[1]++;
                        budget[2] = Math.max(budget[2], b);
                    }
                    waited = waiting;
                    for (; reached != null && reachedUpTo < reached.length
                            && loop.simulatedNanos() >= reachedUpTo * config.turnNanos(); reachedUpTo++) {
                        reached[reachedUpTo] = after;
                        if (droppedAt != null) {
                            droppedAt[reachedUpTo] = loop.droppedNanos();
                        }
                    }
                    List<CommandSystem.Seen> all = game.commands().seen;
                    for (; seen < all.size(); seen++) {
                        CommandSystem.Seen s = all.get(seen);
                        if (executed != null && s.team() >= 0 && s.team() < executed.length
                                && (int) s.x() < executed[0].length) {
                            executed[s.team()][(int) s.x()] = after;
                        }
                        if (s.team() == seat && counted.get((int) s.x())) {
                            int index = (int) s.x();
                            latencies.add(after - givenReal.get(index));
                            toInstant.add(after - givenReal.get(index) - (s.tickNanos() - s.eventSimNanos()));
                        }
                    }
                    if (!ORDERS_BEFORE_FRAME) {
                        order(session, loop, seat, after, counted);
                    }
                    pacer.awaitNextFrame();
                    long released = real.nanoTime();
                    if (hiccupNanos > 0 && released >= nextHiccup) {
                        java.util.concurrent.locks.LockSupport.parkNanos(hiccupNanos);
                        released = real.nanoTime();
                        nextHiccup += hiccupEveryNanos;
                    }
                    nextFrame += frameNanos; // when this frame was due
                    long woke = released - nextFrame;
                    if (pacer.stalls() != pacerStalls) { // over an interval late: the grid restarted here
                        pacerStalls = pacer.stalls();
                        nextFrame = released;
                    }
                    if (countedFrom != 0 && woke > LATE_WAKE && !wokeLate) { // the frame after one is released
                        latestWake = Math.max(latestWake, woke);             // late by the same hiccup
                        lateFrames.add(released);
                    }
                    wokeLate = woke > LATE_WAKE;
                }
                if (session.stopReason() != null) {
                    throw new IllegalStateException(name + " stopped: " + session.stopReason());
                }
                bytes = link.bytes();
                simNanos = loop.simulatedNanos();
                finalDelay = session.inputDelay();
                changes = session.delayChanges();
            } catch (Throwable e) {
                failure = e;
            } finally {
                done.countDown();
            }
        }
    }

    static String row(int n, int spectators, double seconds) throws Exception {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add("p" + i);
        }
        List<Peer> peers = new ArrayList<>();
        long endTurn = Math.round(seconds * 1e9 / CONFIG.turnNanos());
        List<java.util.concurrent.CompletableFuture<PeerLink>> watching = new ArrayList<>();
        try (Match match = new Match(names, CONFIG, UnaryOperator.identity(), host -> {
            for (int i = 0; i < spectators; i++) {
                watching.add(SpectatorTest.spectate(host.port(), "s" + i, CONFIG));
            }
            SpectatorTest.awaitLog(host, "watches", spectators);
        })) {
            List<PeerLink> links = new ArrayList<>(match.links);
            for (java.util.concurrent.CompletableFuture<PeerLink> w : watching) {
                links.add(w.get());
            }
            int spectator = 0;
            for (PeerLink link : links) {
                Peer p = new Peer(link.seat() >= 0 ? link.names().get(link.seat()) : "s" + spectator++);
                peers.add(p);
                Thread t = new Thread(() -> p.run(link, endTurn), "bench-" + p.name);
                t.setDaemon(true);
                t.start();
            }
            for (Peer p : peers) {
                if (!p.done.await((long) (seconds * 10 + 60), TimeUnit.SECONDS)) {
                    throw new IllegalStateException(p.name + " did not finish");
                }
                if (p.failure != null) {
                    throw new IllegalStateException(p.failure);
                }
            }
        }
        double clientBytes = 0;
        int clients = 0;
        double hostBytes = 0;
        double spectatorBytes = 0;
        List<Long> lat = new ArrayList<>();
        long turnsMin = Long.MAX_VALUE;
        long turnsMax = Long.MIN_VALUE;
        for (Peer p : peers) {
            double perSecond = p.bytes / (p.simNanos / 1e9);
            if (p.name.equals("p0")) {
                hostBytes = perSecond;
            } else if (p.name.startsWith("s")) {
                spectatorBytes += perSecond / spectators;
            } else {
                clientBytes += perSecond;
                clients++;
            }
            lat.addAll(p.latencies);
            for (long d : p.givenTurnDelay) {
                turnsMin = Math.min(turnsMin, d);
                turnsMax = Math.max(turnsMax, d);
            }
        }
        lat.sort(null);
        double mean = lat.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1e6;
        double p95 = lat.isEmpty() ? Double.NaN : lat.get((int) Math.min(lat.size() - 1, lat.size() * 0.95)) / 1e6;
        return String.format("| %d | %d | %,d | %d ms | %d | %.1f | %,.0f | %,.0f | %s | %s | %d | %.1f | %.1f |",
                n, spectators, UNITS, CONFIG.turnNanos() / 1_000_000, CONFIG.inputDelay(), seconds,
                clientBytes / clients, hostBytes, spectators == 0 ? "-" : String.format("%,.0f", spectatorBytes),
                turnsMin == turnsMax ? String.valueOf(turnsMin) : turnsMin + "-" + turnsMax, lat.size(), mean, p95);
    }

    /**
     * @param args optional: simulated seconds per configuration (default 10)
     * @throws Exception if a run fails
     */
    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        StringBuilder out = new StringBuilder();
        out.append("| peers | spectators | units | turn | input delay | simulated s | bytes/s per client (sent + "
                + "received) | bytes/s host (all links) | bytes/s per spectator | input to effect (turns) | orders "
                + "| input to effect, real ms mean | real ms p95 |\n");
        out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (int n : new int[] {2, 4}) {
            for (int spectators : new int[] {0, 2}) {
                out.append(row(n, spectators, seconds)).append('\n');
            }
        }
        System.out.print(out);
    }
}
