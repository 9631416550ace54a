package dev.ecsloop.demo.bench;

import dev.ecsloop.time.Clock;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmark's clients of the explorer, each on its own thread: {@code connections} keep-alive connections
 * sending, together, {@code perSecond} requests per second of a fixed mix, and optionally one {@code world.watch}
 * stream read and discarded. Requests are sent on a grid, pipelined (each connection has a writing and a reading
 * thread), so the offered rate is the rate asked for however long answers take; {@link #answered()} tells how
 * many were answered.
 *
 * <p>The mix, per ten requests of one connection: three {@code loop.systems}, one {@code loop.stats} (the 1 min
 * window), three {@code world.query} pages of 1,000 units (walking the whole list, page after page) and three
 * {@code world.get} of units seen on the last page.
 */
final class ExplorerClients implements AutoCloseable {

    /** The watch of the mix and of the one-watcher load: 100 units' positions at 30 Hz. */
    static String watchParams(List<Integer> units) {
        return "{\"component\":\"Transform2\",\"entities\":" + units.subList(0, Math.min(100, units.size()))
                + ",\"hz\":30}";
    }

    private static final Pattern NEXT = Pattern.compile("\"next_after\":(\\d+|null)");
    private static final Pattern IDS = Pattern.compile("\"entities\":\\[([0-9,]*)]");

    private final List<Thread> threads = new ArrayList<>();
    private final List<AutoCloseable> sockets = new ArrayList<>();
    /** Requests one connection may have unanswered; a request due beyond it is not sent (counted as behind). */
    static final int MAX_IN_FLIGHT = 8;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong behind = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong watchBytes = new AtomicLong();
    private volatile boolean stop;
    private volatile String firstFailure;

    /**
     * Connects and starts the threads.
     *
     * @param watch the params of one watch stream, or null for none; opened by its thread, since the caller may be
     *              the loop thread that answers it
     * @throws IOException if a connection is refused
     */
    ExplorerClients(int port, String token, int connections, double perSecond, String watch, Clock real)
            throws IOException {
        try {
            long interval = perSecond <= 0 ? 0 : (long) (connections * 1e9 / perSecond);
            for (int c = 0; c < connections && interval > 0; c++) {
                RpcConnection rpc = new RpcConnection(port, token);
                sockets.add(rpc);
                long offset = c * interval / connections;
                Cursor cursor = new Cursor();
                threads.add(new Thread(() -> mix(rpc, real, interval, offset, cursor), "explorer-client-" + c));
                threads.add(new Thread(() -> answers(rpc, cursor), "explorer-client-" + c + "-answers"));
            }
            if (watch != null) {
                RpcConnection rpc = new RpcConnection(port, token);
                sockets.add(rpc);
                // Opened on its own thread: the loop thread, which constructs this, is the one that answers it.
                threads.add(new Thread(() -> read(rpc, watch), "explorer-watcher"));
            }
        } catch (IOException e) {
            close();
            throw e;
        }
        for (Thread t : threads) {
            t.setDaemon(true);
            t.start();
        }
    }

    /**
     * The sending half of one connection: requests go out on their grid whatever the answers' delay (pipelined,
     * as a browser's or a tool's requests would be), so the offered rate is the rate asked for; the reading half
     * ({@link #answers}) takes the answers in order and keeps the cursor of the entity list and the ids seen.
     */
    private void mix(RpcConnection rpc, Clock real, long interval, long offset, Cursor cursor) {
        long next = real.nanoTime() + offset;
        try {
            long i = 0;
            while (!stop) {
                long wait = next - real.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                    continue;
                }
                next += interval;
                i++;
                if (cursor.inFlight.get() >= MAX_IN_FLIGHT) {
                    behind.incrementAndGet();   // the server closes a connection with over 16 waiting
                    continue;
                }
                cursor.inFlight.incrementAndGet();
                switch ((int) (i % 10)) {
                    case 0, 3, 7 -> rpc.send("loop.systems", "{}");
                    case 1 -> rpc.send("loop.stats", "{\"window\":\"1m\"}");
                    case 2, 5, 8 -> rpc.send("world.query", "{\"with\":[\"Unit\"],\"after\":" + cursor.after
                            + ",\"limit\":1000}");
                    default -> {
                        List<String> seen = cursor.seen;
                        // A unit that died since answers a one-line error: still a request the loop served.
                        rpc.send("world.get", "{\"entity\":" + (seen.isEmpty() ? "0" : seen.get((int) (i * 37
                                % seen.size()))) + "}");
                    }
                }
                sent.incrementAndGet();
            }
        } catch (IOException e) {
            fail(e);
        }
    }

    private void answers(RpcConnection rpc, Cursor cursor) {
        try {
            while (!stop) {
                String answer = rpc.answer();
                cursor.inFlight.decrementAndGet();
                Matcher m = NEXT.matcher(answer);
                if (m.find()) {
                    cursor.after = m.group(1).equals("null") ? "-1" : m.group(1);
                    Matcher ids = IDS.matcher(answer);
                    if (ids.find() && !ids.group(1).isEmpty()) {
                        cursor.seen = List.of(ids.group(1).split(","));
                    }
                }
                answered.incrementAndGet();
            }
        } catch (IOException e) {
            fail(e);
        }
    }

    private void fail(IOException e) {
        if (!stop) {
            failed.incrementAndGet();
            firstFailure = e.getMessage();
        }
    }

    /** Where one connection is in the entity list, written by its reader and read by its writer. */
    private static final class Cursor {
        volatile String after = "-1";
        volatile List<String> seen = List.of();
        final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
    }

    private void read(RpcConnection rpc, String watch) {
        byte[] sink = new byte[1 << 16];
        try {
            InputStream events = rpc.watch(watch);
            for (int n = events.read(sink); n >= 0 && !stop; n = events.read(sink)) {
                watchBytes.addAndGet(n);
            }
        } catch (IOException e) {
            if (!stop) {
                failed.incrementAndGet();
                firstFailure = "watch: " + e.getMessage();
            }
        }
    }

    /** @return requests that fell due while their connection had {@value #MAX_IN_FLIGHT} unanswered: not sent */
    long behind() {
        return behind.get();
    }

    /** @return requests sent so far */
    long sent() {
        return sent.get();
    }

    /** @return requests answered so far (HTTP 200, result or error) */
    long answered() {
        return answered.get();
    }

    /** @return bytes of watch events read so far */
    long watchBytes() {
        return watchBytes.get();
    }

    /**
     * @throws IllegalStateException if a connection failed (the benchmark's figures would not be what they say)
     */
    void check() {
        if (failed.get() > 0) {
            throw new IllegalStateException(failed.get() + " explorer client(s) failed: " + firstFailure);
        }
    }

    /** Stops the threads, closes the connections and waits for the threads to end. */
    @Override
    public void close() {
        stop = true;
        for (AutoCloseable s : sockets) {
            try {
                s.close();
            } catch (Exception e) {
                // already closed
            }
        }
        for (Thread t : threads) {
            LockSupport.unpark(t);
            try {
                t.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
