package dev.ecsloop.trace;

import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopProbe;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.parallel.WorkRecorder;
import dev.ecsloop.time.Clock;

import java.util.Arrays;
import java.util.List;

/**
 * The one probe this package attaches to a loop, shared by the trace window and the Flight Recorder events: a
 * loop has one probe slot, and both tools watch the same hook points.
 *
 * <p>It is attached only while something watches (a trace window is open, or Flight Recorder events were asked
 * for) and detaches itself when nothing does, so a loop with no trace pays one null check per hook point.
 * Everything runs on the loop thread and allocates nothing, except Flight Recorder events while a recording
 * enables them (one frame event per frame; tick and bound events are created and committed in one method,
 * where the JIT can keep them off the heap).
 */
final class Tap implements LoopProbe {

    /** Cached instances whose {@code isEnabled()} is the per-call check: a disabled event costs a branch. */
    private static final TickEvent TICKS = new TickEvent();
    private static final FrameEvent FRAMES = new FrameEvent();
    private static final CatchUpBoundEvent BOUND_HITS = new CatchUpBoundEvent();

    private final GameLoop loop;
    private final String[] names;
    private Clock profiler;
    /** The open trace window, or null. */
    private Trace trace;
    private boolean flight;
    /** Whether the running frame is traced, and its profiler reading and simulated time at its start. */
    private boolean frameTraced;
    private long frameStart;
    private long frameSimStart;
    private FrameEvent frameEvent;
    /** The loop's parallel-for, when it has workers whose lanes a trace shows; else null. */
    private final Parallel parallel;
    /** Owners of recorded chunks and jobs, by label number: a handful of system names, found by identity. */
    private String[] labels = new String[8];
    private int labelCount;
    private final WorkRecorder.Sink toBuffer = this::work;

    private Tap(GameLoop loop) {
        this.loop = loop;
        this.names = loop.systems().stream().map(Class::getSimpleName).toArray(String[]::new);
        this.parallel = loop.parallel().workers() > 1 ? loop.parallel() : null;
    }

    /**
     * The loop's tap, attached now if it was not.
     *
     * @throws IllegalStateException if another tool's probe is attached, or not on the loop's thread
     */
    static Tap of(GameLoop loop) {
        LoopProbe probe = loop.probe();
        if (probe instanceof Tap tap) {
            return tap;
        }
        if (probe != null) {
            throw new IllegalStateException("the loop already has a probe (" + probe.getClass().getName()
                    + "); tracing needs the loop's one probe slot");
        }
        Tap tap = new Tap(loop);
        loop.setProbe(tap);
        return tap;
    }

    /** The tap attached to {@code loop}, or null. */
    static Tap attachedTo(GameLoop loop) {
        return loop.probe() instanceof Tap tap ? tap : null;
    }

    List<String> systemNames() {
        return List.of(names);
    }

    Clock profiler() {
        return profiler;
    }

    Trace trace() {
        return trace;
    }

    /** Opens a window; with workers, starts recording their chunks and jobs (rings of 4,096 slices a thread). */
    void open(Trace window) {
        this.trace = window;
        if (parallel != null) {
            parallel.work().start(profiler, WORK_SLICES);
        }
    }

    static final int WORK_SLICES = 1 << 12;

    /** Closes the open window (its writing starts) and detaches if nothing else watches. */
    void close(Trace window, String why) {
        if (trace != window) {
            return;
        }
        trace = null;
        frameTraced = false;
        TraceJson.WorkLabels work = null;
        if (parallel != null) {
            work = new TraceJson.WorkLabels(parallel.workers(), List.of(Arrays.copyOf(labels, labelCount)),
                    parallel.work().dropped());
            parallel.work().stop();
        }
        detachIfIdle();
        window.finish(why, work);
    }

    /** One drained slice into the open window's buffer; on the loop thread. */
    private void work(int thread, boolean job, String owner, long number, long startNanos, long endNanos) {
        trace.buffer().add(TraceBuffer.WORK, thread, startNanos, endNanos - startNanos, number, label(owner),
                job ? 1 : 0);
    }

    private int label(String owner) {
        for (int i = 0; i < labelCount; i++) {
            if (labels[i] == owner) {
                return i;
            }
        }
        for (int i = 0; i < labelCount; i++) {
            if (labels[i].equals(owner)) {
                return i;
            }
        }
        if (labelCount == labels.length) {
            labels = Arrays.copyOf(labels, labelCount * 2);
        }
        labels[labelCount] = owner;
        return labelCount++;
    }

    void setFlightEvents(boolean on) {
        flight = on;
        if (!on) {
            frameEvent = null;
            detachIfIdle();
        }
    }

    boolean flightEvents() {
        return flight;
    }

    private void detachIfIdle() {
        if (trace == null && !flight && loop.probe() == this) {
            loop.setProbe(null);
        }
    }

    @Override
    public void attached(Clock profiler) {
        this.profiler = profiler;
    }

    @Override
    public void frameBegan(long frame, long realNanos, long simStartNanos, long simTargetNanos) {
        Trace t = trace;
        if (t != null) {
            if (t.windowOver(realNanos)) {
                close(t, Trace.WINDOW_ELAPSED);
            } else {
                frameTraced = true;
                frameStart = profiler.nanoTime();
                frameSimStart = simStartNanos;
            }
        }
        if (flight && FRAMES.isEnabled()) {
            FrameEvent e = new FrameEvent();
            e.begin();
            e.frame = frame;
            e.simulatedStart = simStartNanos;
            frameEvent = e;
        }
    }

    @Override
    public void ran(int system, long startNanos, long endNanos, long simNanos) {
        Trace t = trace;
        if (t != null) {
            t.buffer().add(TraceBuffer.RUN, system, startNanos, endNanos - startNanos, simNanos, 0, 0);
        }
        if (flight && TICKS.isEnabled()) {
            TickEvent e = new TickEvent();
            e.system = names[system];
            e.simulatedTime = simNanos;
            e.cost = endNanos - startNanos;
            e.commit();
        }
    }

    @Override
    public void skipped(int system, long runs, long firstSkippedNanos, long runsAtNanos) {
        Trace t = trace;
        if (t != null && frameTraced) {
            t.buffer().add(TraceBuffer.SKIPPED, system, frameStart, 0, runs, firstSkippedNanos, runsAtNanos);
        }
    }

    @Override
    public void frameEnded(long frame, long simNanos, boolean hitCatchUpBound, boolean heldAtHorizon) {
        Trace t = trace;
        if (t != null && frameTraced) {
            long end = profiler.nanoTime();
            TraceBuffer buffer = t.buffer();
            buffer.add(TraceBuffer.FRAME, TraceJson.FRAMES_TID, frameStart, end - frameStart, frame, frameSimStart,
                    simNanos);
            if (hitCatchUpBound) {
                buffer.add(TraceBuffer.BOUND_HIT, TraceJson.FRAMES_TID, frameStart, 0, frame, simNanos, 0);
            }
            if (heldAtHorizon) {
                buffer.add(TraceBuffer.HORIZON_WAIT, TraceJson.FRAMES_TID, frameStart, 0, frame, simNanos, 0);
            }
            if (parallel != null) {
                parallel.work().drain(toBuffer);
            }
        }
        frameTraced = false;
        FrameEvent e = frameEvent;
        if (e != null) {
            frameEvent = null;
            e.simulatedEnd = simNanos;
            e.heldAtHorizon = heldAtHorizon;
            e.commit();
        }
        if (hitCatchUpBound && flight && BOUND_HITS.isEnabled()) {
            CatchUpBoundEvent b = new CatchUpBoundEvent();
            b.frame = frame;
            b.simulatedTime = simNanos;
            b.commit();
        }
    }
}
