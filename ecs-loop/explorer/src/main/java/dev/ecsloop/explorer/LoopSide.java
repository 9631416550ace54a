package dev.ecsloop.explorer;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.World;
import com.artemis.utils.Bag;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopStats;
import dev.ecsloop.replay.ComponentEdit;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.time.Clock;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The explorer's loop-thread half: a bounded queue of checked requests that {@link #drain()} answers between
 * frames, plus the watch streams it samples there. Nothing else of the explorer touches the loop or the world.
 *
 * <p>A drain feeds the watches that are due first (at most {@value #MAX_WATCHES}, each throttled to its interval),
 * then answers requests until {@value #CALLS_PER_DRAIN} are answered or it has spent {@link #CALLS_BUDGET_NANOS}
 * of real time on them, whichever comes first; at least one is answered per drain, so a request never waits
 * forever. Many clients then make their own answers wait, never the frame.
 *
 * <p>Cost: with nothing queued, no client connected and no watch open, {@link #drain()} reads two atomic
 * counters and an int and returns; it does no other work and allocates nothing.
 */
final class LoopSide {

    /** Requests answered per drain at most: a busy client delays its own answers, never the game. */
    static final int CALLS_PER_DRAIN = 16;
    /** Real time a drain may spend answering requests before it leaves the rest for the next frame. */
    static final long CALLS_BUDGET_NANOS = 500_000L;
    /** Requests waiting at most; beyond it a request is refused at once as busy. */
    static final int MAX_QUEUED = 256;
    /** Watch streams open at once at most. */
    static final int MAX_WATCHES = 8;

    final GameLoop loop;
    final World world;
    final Recorder recorder;
    final StatsHistory history;
    private final Clock clock;
    private final List<Class<? extends BaseSystem>> systems;
    private final ConcurrentLinkedQueue<Call> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    /** Connected HTTP clients, kept by the server: the 1s window is sampled only while there is one. */
    final AtomicInteger connections = new AtomicInteger();
    private final List<Watch> watches = new ArrayList<>();
    private final AtomicInteger openWatches = new AtomicInteger();
    private long lastFrameNanos = Long.MIN_VALUE;
    private long[] lastRuns;
    private final long startNanos;
    /** Every living entity; made by the first {@link #alive()}, on the loop thread. */
    private com.artemis.EntitySubscription all;

    LoopSide(GameLoop loop, Recorder recorder, Clock clock) {
        this.loop = loop;
        this.world = loop.world();
        this.recorder = recorder;
        this.clock = clock;
        this.systems = loop.systems();
        String[] names = new String[systems.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = systems.get(i).getSimpleName();
        }
        this.history = new StatsHistory(names);
        this.lastRuns = new long[names.length];
        this.startNanos = clock.nanoTime();
    }

    /** A queued request and where its answer goes. */
    record Call(LoopWork work, CompletableFuture<Object> answer) {
    }

    /**
     * Queues work for the next drain. Safe from any thread.
     *
     * @return the answer, completed on the loop thread
     * @throws RpcException if {@value #MAX_QUEUED} requests are already waiting
     */
    CompletableFuture<Object> submit(LoopWork work) {
        if (queued.incrementAndGet() > MAX_QUEUED) {
            queued.decrementAndGet();
            throw new RpcException(RpcException.REFUSED, "busy: " + MAX_QUEUED + " requests already wait for the "
                    + "loop; retry later");
        }
        CompletableFuture<Object> answer = new CompletableFuture<>();
        queue.offer(new Call(work, answer));
        return answer;
    }

    /** Claims a watch slot; false when {@value #MAX_WATCHES} are open. Safe from any thread. */
    boolean reserveWatch() {
        if (openWatches.incrementAndGet() > MAX_WATCHES) {
            openWatches.decrementAndGet();
            return false;
        }
        return true;
    }

    void releaseWatch() {
        openWatches.decrementAndGet();
    }

    /** Adds a watch; on the loop thread (from a queued request). */
    void addWatch(Watch watch) {
        watches.add(watch);
    }

    /**
     * Answers queued requests and feeds watches; on the loop thread, between frames.
     *
     * @return how many requests it answered
     */
    int drain() {
        if (queued.get() == 0 && connections.get() == 0 && watches.isEmpty()) {
            return 0;
        }
        if (connections.get() > 0) {
            sampleFrame();
        }
        if (!watches.isEmpty()) {
            feedWatches();
        }
        int answered = 0;
        long start = queued.get() > 0 ? clock.nanoTime() : 0;
        for (; answered < CALLS_PER_DRAIN; answered++) {
            if (answered > 0 && clock.nanoTime() - start >= CALLS_BUDGET_NANOS) {
                break;
            }
            Call call = queue.poll();
            if (call == null) {
                break;
            }
            queued.decrementAndGet();
            try {
                call.answer().complete(call.work().run(this));
            } catch (RpcException e) {
                call.answer().completeExceptionally(e);
            } catch (IllegalArgumentException | IllegalStateException e) {
                // The loop's or the edit's own one-line refusal: nothing changed.
                call.answer().completeExceptionally(RpcException.params(oneLine(e)));
            } catch (RuntimeException e) {
                call.answer().completeExceptionally(new RpcException(RpcException.REFUSED, "failed: " + oneLine(e)));
            }
        }
        return answered;
    }

    private static String oneLine(RuntimeException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replace('\n', ' ').replace('\r', ' ');
    }

    private void feedWatches() {
        long now = clock.nanoTime();
        for (int i = watches.size() - 1; i >= 0; i--) {
            Watch w = watches.get(i);
            if (w.closed || w.sent >= w.maxEvents) {
                watches.remove(i);
                w.closed = true;
                releaseWatch();
                w.inFlight.incrementAndGet();
                w.sink.accept(null);
                continue;
            }
            if (!w.headWritten || now < w.nextAt) {
                continue;
            }
            w.nextAt = now + w.intervalNanos;
            if (w.inFlight.get() >= Watch.MAX_IN_FLIGHT) {
                w.skipped++;
                continue;
            }
            w.inFlight.incrementAndGet();
            w.sent++;
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("sim_ns", loop.simulatedNanos());
            Map<String, Object> values = new LinkedHashMap<>();
            com.artemis.utils.BitVector living = alive();
            if (w.type == null) {
                for (int e : w.entities) {
                    values.put(Integer.toString(e), living.get(e) ? Methods.components(this, e) : null);
                }
            } else {
                var mapper = world.getMapper(w.type);
                for (int e : w.entities) {
                    values.put(Integer.toString(e), living.get(e) && mapper.has(e)
                            ? ComponentJson.object(mapper.get(e)) : null);
                }
            }
            event.put("values", values);
            w.sink.accept(event);
        }
    }

    /** One sample of the 1s window: this frame's length and each system's runs since the previous drain. */
    private void sampleFrame() {
        long now = clock.nanoTime();
        LoopStats stats = loop.stats();
        int n = systems.size();
        double[] runs = new double[n];
        double[] mean = new double[n];
        double[] max = new double[n];
        for (int s = 0; s < n; s++) {
            long total = stats.runs(loop.system(systems.get(s)));
            runs[s] = total - lastRuns[s];
            lastRuns[s] = total;
            mean[s] = stats.meanRunMillis(loop.system(systems.get(s)));
            max[s] = stats.maxRunMillis(loop.system(systems.get(s)));
        }
        if (lastFrameNanos != Long.MIN_VALUE && now > lastFrameNanos) {
            double fps = 1e9 / (now - lastFrameNanos);
            history.frame((now - startNanos) / 1_000_000L, fps, runs, mean, max);
        }
        lastFrameNanos = now;
    }

    /** One sample of the 1m window; from the server's timer (the loop's figures are readable from any thread). */
    void sampleSecond() {
        LoopStats stats = loop.stats();
        int n = systems.size();
        double[] tps = new double[n];
        double[] mean = new double[n];
        double[] max = new double[n];
        for (int s = 0; s < n; s++) {
            tps[s] = stats.runsPerSecond(loop.system(systems.get(s)));
            mean[s] = stats.meanRunMillis(loop.system(systems.get(s)));
            max[s] = stats.maxRunMillis(loop.system(systems.get(s)));
        }
        history.second((clock.nanoTime() - startNanos) / 1_000_000L, stats.framesPerSecond(), tps, mean, max);
    }

    /** The system of this loop with that simple (or full) class name. */
    Class<? extends BaseSystem> system(String name) {
        for (Class<? extends BaseSystem> s : systems) {
            if (s.getSimpleName().equals(name) || s.getName().equals(name)) {
                return s;
            }
        }
        throw RpcException.params("no system " + name + " in this loop (loop.systems lists them)");
    }

    List<Class<? extends BaseSystem>> systems() {
        return systems;
    }

    /** The component type named so, as a JSON-RPC parameter error if there is none. */
    Class<? extends Component> component(String name) {
        try {
            return ComponentEdit.componentType(world, name);
        } catch (IllegalArgumentException e) {
            throw RpcException.params(e.getMessage());
        }
    }

    /** The components of an entity. */
    Bag<Component> componentsOf(int entity, Bag<Component> into) {
        into.clear();
        return world.getComponentManager().getComponentsFor(entity, into);
    }

    /**
     * The living entities. The subscription is made at the first read, not before: a game nobody queries keeps
     * no subscription of the explorer's; afterwards it is looked up once, not per request and per event.
     */
    com.artemis.utils.BitVector alive() {
        if (all == null) {
            all = world.getAspectSubscriptionManager().get(Aspect.all());
        }
        return all.getActiveEntityIds();
    }
}
