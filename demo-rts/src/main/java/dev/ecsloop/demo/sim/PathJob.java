package dev.ecsloop.demo.sim;

import dev.ecsloop.demo.path.PathService;
import dev.ecsloop.demo.path.PathSink;
import dev.ecsloop.demo.path.Route;
import dev.ecsloop.parallel.AsyncJobs;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One pathfinding tick's work on both path services, as an async job: submitted at the end of the system's tick
 * t (after the tick's requests are queued), computed on any thread, its answers applied in tick t + 1.
 *
 * <p>Why the whole tick and not a job per request: the services' budgets, queues and caches carry over from tick
 * to tick, and requests of one tick share cached paths and fields. With one job in flight at a time (delivered
 * before the next is submitted) the services are touched by one thread at a time, in the same order as serially.
 *
 * <p>A snapshot is taken between frames, while the job may be running: {@link #ensureComputed()} finishes it
 * first (on the loop thread if no worker took it yet), so the state saved is the services' after the job, and
 * the job's answers are saved with it (by route number, see {@link PathfindingSystem}). Computing earlier
 * changes no result, only when the work is done. The claim flag makes the second caller of {@link #compute()}
 * (the channel, after a save computed it) wait for the first instead of running the services twice.
 */
final class PathJob implements AsyncJobs.Job, PathSink {
    private final PathService flow;
    private final PathService shared;
    private final AtomicBoolean claimed = new AtomicBoolean();
    private volatile boolean done;
    private Throwable failure;
    /** Answers in the order the services gave them: unit ids and their routes. */
    int count;
    int[] units = new int[64];
    Route[] routes = new Route[64];
    /** For a job read from a snapshot: its answers' route numbers until {@link PathfindingSystem} resolves them. */
    int[] refs;

    PathJob(PathService flow, PathService shared) {
        this.flow = flow;
        this.shared = shared;
    }

    /** Makes this job ready for its next tick's work; allocates nothing. */
    void reset() {
        Arrays.fill(routes, 0, count, null);
        count = 0;
        refs = null;
        failure = null;
        done = false;
        claimed.set(false);
    }

    /** Marks a job read from a snapshot as computed: its answers are given, not worked out again. */
    void restored() {
        claimed.set(true);
        done = true;
    }

    @Override
    public void compute() {
        if (claimed.compareAndSet(false, true)) {
            try {
                flow.tick(this);
                shared.tick(this);
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                done = true;
            }
        } else {
            awaitDone();
        }
        Throwable f = failure;
        if (f instanceof Error error) {
            throw error;
        }
        if (f != null) {
            throw (RuntimeException) f;
        }
    }

    /**
     * Finishes the job now, on the calling thread if nobody started it, else by waiting for the thread that did.
     *
     * @throws RuntimeException what a service threw
     */
    void ensureComputed() {
        compute();
    }

    boolean done() {
        return done;
    }

    private void awaitDone() {
        int spins = 0;
        while (!done) {
            if (++spins < 1_000) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    @Override
    public void deliver(int unitId, Route route) {
        if (count == units.length) {
            units = Arrays.copyOf(units, count * 2);
            routes = Arrays.copyOf(routes, count * 2);
        }
        units[count] = unitId;
        routes[count] = route;
        count++;
    }
}
