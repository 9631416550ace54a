package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import dev.ecsloop.ControlListener;
import dev.ecsloop.FrameListener;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickListener;
import dev.ecsloop.time.Clock;

import java.util.List;

/**
 * What the tick timeline draws, recorded from ecs-loop's public listeners: every tick (system, simulated instant,
 * measured cost, frame), every frame (the simulated span it covered, whether the catch-up bound cut it, debt owed
 * after it, its largest burst), and control events (pause, resume, step). Throttled systems also get a
 * <em>dropped</em> mark at each instant they skipped, computed from their rate: the loop drops those runs
 * without a callback.
 *
 * <p>Cost: the loop has no after-tick callback, so a tick's cost is the real time from its start to the next
 * tick's start in the same frame, and the last tick of a frame runs until {@link #endFrame()} (which also counts
 * the every-frame systems that follow it). That is an upper bound, exact for all but a frame's last tick.
 *
 * <p>Memory: fixed ring buffers sized at construction; recording allocates nothing, so the steady-state frame
 * stays allocation-free. The oldest entries are overwritten; at {@link #TICKS} entries the rings hold well over
 * two simulated seconds at the demo's rates, even at a 4x time scale.
 *
 * <p>With more than one worker it also records which thread ran which parallel-for chunks and async jobs
 * ({@link WorkTimeline}, the worker lanes), placed at the ticks they belong to.
 *
 * <p>Threads: the loop's only, like the listeners that feed it.
 */
final class TickTimeline implements TickListener, FrameListener, ControlListener {

    /** Ticks kept (dropped marks included). */
    static final int TICKS = 16_384;
    /** Frames kept. */
    static final int FRAMES = 2_048;
    /** Control events kept. */
    static final int EVENTS = 256;

    /** A frame this many times longer (in simulated time) than the running average is a catch-up burst. */
    static final long BURST_FACTOR = 3;

    static final byte PAUSE = 1;
    static final byte RESUME = 2;
    static final byte STEP = 3;

    private final GameLoop loop;
    private final Clock real;
    private final Class<?>[] lanes;
    private final String[] laneNames;
    /** The worker lanes: empty with one worker. */
    final WorkTimeline work;

    // Ticks: ring of TICKS, newest at (tickHead - 1).
    final long[] tickAt = new long[TICKS];
    final long[] tickCost = new long[TICKS];
    /** The real clock when the tick began (0 for a dropped mark): the worker lanes find a chunk's tick by it. */
    final long[] tickReal = new long[TICKS];
    final int[] tickLane = new int[TICKS];
    final long[] tickFrame = new long[TICKS];
    final boolean[] tickDropped = new boolean[TICKS];
    int tickHead;
    int tickCount;

    // Frames: ring of FRAMES.
    final long[] frameStart = new long[FRAMES];
    final long[] frameEnd = new long[FRAMES];
    final boolean[] frameCapped = new boolean[FRAMES];
    final long[] frameDebt = new long[FRAMES];
    final int[] frameBurst = new int[FRAMES];
    /** Whether the frame covered over {@link #BURST_FACTOR} times the usual simulated span: a catch-up burst. */
    final boolean[] frameLong = new boolean[FRAMES];
    final long[] frameNumber = new long[FRAMES];
    int frameHead;
    int frameCount;

    // Control events: ring of EVENTS.
    final long[] eventAt = new long[EVENTS];
    final byte[] eventKind = new byte[EVENTS];
    int eventHead;
    int eventCount;

    private final long[] laneLast;
    private final int[] laneInFrame;
    private long frames;
    /** Moving average of frame spans, in simulated nanoseconds: a burst is a frame far longer than usual. */
    private long typicalSpan;
    private long lastSimEnd;
    private int openTick = -1;
    private long openTickReal;
    private boolean inFrame;

    /**
     * Registers itself on {@code loop} as a tick, frame and control listener.
     *
     * @param loop the loop to watch; call between frames
     * @param real the real clock tick costs are measured with
     */
    TickTimeline(GameLoop loop, Clock real) {
        this.loop = loop;
        this.real = real;
        List<Class<? extends BaseSystem>> systems = loop.systems();
        this.lanes = systems.toArray(new Class<?>[0]);
        this.laneLast = new long[lanes.length];
        this.laneInFrame = new int[lanes.length];
        this.laneNames = new String[lanes.length];
        for (int i = 0; i < lanes.length; i++) {
            laneNames[i] = lanes[i].getSimpleName();
        }
        java.util.Arrays.fill(laneLast, -1);
        this.lastSimEnd = loop.simulatedNanos();
        loop.addTickListener(this);
        loop.addFrameListener(this);
        loop.addControlListener(this);
        this.work = new WorkTimeline(this, loop.parallel(), real);
    }

    /** Stops recording: unregisters from the loop. */
    void detach() {
        work.detach();
        loop.removeTickListener(this);
        loop.removeFrameListener(this);
        loop.removeControlListener(this);
    }

    int laneCount() {
        return lanes.length;
    }

    /** Lanes drawn: a lane per system, then a lane per thread with more than one worker. */
    int shownLanes() {
        return lanes.length + work.threads;
    }

    Class<?> lane(int i) {
        return lanes[i];
    }

    @Override
    public void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
        closeOpenTick();
        frames++;
        inFrame = true;
        java.util.Arrays.fill(laneInFrame, 0);
        int f = frameHead;
        frameStart[f] = lastSimEnd;
        frameEnd[f] = simEnd;
        long span = simEnd - lastSimEnd;
        frameCapped[f] = !loop.isPaused() && wantedEnd - wantedStart > span + 1;
        frameLong[f] = span > 0 && typicalSpan > 0 && span > BURST_FACTOR * typicalSpan;
        if (span > 0) {
            typicalSpan = typicalSpan == 0 ? span : typicalSpan + (span - typicalSpan) / 16;
        }
        frameDebt[f] = loop.debtNanos();
        frameBurst[f] = 0;
        frameNumber[f] = frames;
        frameHead = (f + 1) % FRAMES;
        frameCount = Math.min(FRAMES, frameCount + 1);
        lastSimEnd = simEnd;
    }

    @Override
    public void beforeTick(BaseSystem system, long tickNanos) {
        long now = real.nanoTime();
        closeOpenTick(now);
        int lane = laneOf(system.getClass());
        if (lane < 0) {
            return;
        }
        Class<?> type = lanes[lane];
        @SuppressWarnings("unchecked")
        Class<? extends BaseSystem> typed = (Class<? extends BaseSystem>) type;
        if (laneLast[lane] >= 0 && !loop.system(typed).isEveryFrame() && loop.system(typed).isThrottled()) {
            long step = Math.round(1e9 / loop.system(typed).rate());
            long missed = step <= 0 ? 0 : (tickNanos - laneLast[lane] + step / 2) / step - 1;
            for (long k = 1; k <= Math.min(missed, 16); k++) {
                add(laneLast[lane] + k * step, lane, true);
            }
        }
        laneLast[lane] = tickNanos;
        if (inFrame) {
            int burst = ++laneInFrame[lane];
            int f = (frameHead + FRAMES - 1) % FRAMES;
            frameBurst[f] = Math.max(frameBurst[f], burst);
        }
        openTick = add(tickNanos, lane, false);
        openTickReal = now;
        tickReal[openTick] = now;
    }

    private int add(long at, int lane, boolean dropped) {
        int i = tickHead;
        tickAt[i] = at;
        tickLane[i] = lane;
        tickCost[i] = 0;
        tickReal[i] = 0;
        tickFrame[i] = inFrame ? frames : -1;
        tickDropped[i] = dropped;
        tickHead = (i + 1) % TICKS;
        tickCount = Math.min(TICKS, tickCount + 1);
        return i;
    }

    /** The frame's systems are done: the last tick's cost ends now. Call right after {@link GameLoop#frame()}. */
    void endFrame() {
        closeOpenTick();
        work.drain();
        inFrame = false;
        lastSimEnd = loop.simulatedNanos();
    }

    private void closeOpenTick() {
        if (openTick >= 0) {
            closeOpenTick(real.nanoTime());
        }
    }

    private void closeOpenTick(long now) {
        if (openTick >= 0) {
            tickCost[openTick] = now - openTickReal;
            openTick = -1;
        }
    }

    /** The lane of the system with this simple name (a chunk's or job's owner), or -1. */
    int laneNamed(String name) {
        for (int i = 0; i < laneNames.length; i++) {
            if (laneNames[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The ring index of the newest tick of {@code lane} that began at or before real instant {@code realNanos}
     * (dropped marks skipped), searching at most {@code lookback} ticks back; -1 if none.
     */
    int tickOf(int lane, long realNanos, int lookback) {
        for (int k = 0, n = Math.min(tickCount, lookback); k < n; k++) {
            int i = tick(k);
            if (tickLane[i] == lane && !tickDropped[i] && tickReal[i] - realNanos <= 0) {
                return i;
            }
        }
        return -1;
    }

    private int laneOf(Class<?> type) {
        for (int i = 0; i < lanes.length; i++) {
            if (lanes[i] == type) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void pausedChanged(boolean paused, long simNanos) {
        event(paused ? PAUSE : RESUME, simNanos);
    }

    @Override
    public void stepped(long simNanos) {
        closeOpenTick();
        event(STEP, simNanos);
        lastSimEnd = simNanos;
    }

    private void event(byte kind, long at) {
        eventKind[eventHead] = kind;
        eventAt[eventHead] = at;
        eventHead = (eventHead + 1) % EVENTS;
        eventCount = Math.min(EVENTS, eventCount + 1);
    }

    /** Index of the {@code k}-th newest tick (0 = newest); {@code k < tickCount}. */
    int tick(int k) {
        return (tickHead - 1 - k + 2 * TICKS) % TICKS;
    }

    /** Index of the {@code k}-th newest frame (0 = newest); {@code k < frameCount}. */
    int frame(int k) {
        return (frameHead - 1 - k + 2 * FRAMES) % FRAMES;
    }

    /** Index of the {@code k}-th newest event (0 = newest); {@code k < eventCount}. */
    int event(int k) {
        return (eventHead - 1 - k + 2 * EVENTS) % EVENTS;
    }
}
