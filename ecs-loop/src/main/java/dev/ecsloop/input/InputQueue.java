package dev.ecsloop.input;

import dev.ecsloop.time.Durations;
import com.artemis.BaseSystem;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.FrameListener;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickListener;

import java.util.Arrays;
import java.util.Objects;

/**
 * Timestamped input for a multi-rate loop: each fixed tick of a consuming system sees exactly the events up to
 * its own simulated time, so presses made during a stall are spread over the catch-up ticks, none lost and none
 * seen twice; every-frame systems see all the events of their frame.
 *
 * <p>A tick at simulated time T sees the events whose simulated time is strictly before T (and after its previous
 * tick's): an event that lands exactly on a frame boundary therefore reaches the same tick whichever frame it was
 * assigned in, which is what lets a replay re-deliver it at its recorded simulated time.
 *
 * <p>How it works: events are posted with the real time they happened. At the start of each frame the loop
 * tells the queue how the frame's real time maps onto simulated time ({@link FrameListener}); each new event
 * gets the simulated time of its real instant on that timeline. Under {@link DebtPolicy#KEEP} that time can lie
 * ahead of where the simulation got this frame, and the event simply waits for the catch-up tick that reaches
 * it. Under {@link DebtPolicy#DISCARD} time past the catch-up bound is dropped, and so is the matching part of
 * the timeline: such events go to the frame's last instant instead. Before each tick of a consumer the queue
 * advances that consumer's own cursor to the last event at or before the tick's time.
 *
 * <p>While paused, events keep arriving: every-frame systems see them in their frame (so a UI can react), and
 * they belong to the paused simulated instant, so the first tick after resuming (or a single-step) delivers them
 * to the simulation.
 *
 * <p>Events live in a ring of pooled {@link InputEvent}s that grows when full and is otherwise reused, so the
 * steady state allocates nothing. Confined to the loop thread: post from the thread that calls
 * {@code frame()} (GLFW callbacks run there); other threads hand input over through the console.
 */
public final class InputQueue {

    private GameLoop loop;
    private final Class<? extends BaseSystem>[] consumers;
    private final long[] cursors;

    private InputEvent[] ring;
    private int mask;
    /** Oldest retained sequence; tail is the next sequence to post; assigned is the first without a sim time. */
    private long head;
    private long tail;
    private long assigned;
    private long lastAssignedSim = Long.MIN_VALUE;
    private long frameFirst;
    private long frameEnd;
    private long lastPostedReal = Long.MIN_VALUE;

    private final InputView tickView = new InputView(this);
    private final InputView frameView = new InputView(this);

    /**
     * A queue not yet attached to a loop, so that systems built before the loop can take it in their
     * constructors; {@link #attach(GameLoop)} it right after {@link dev.ecsloop.LoopBuilder#build()}. Only the given
     * systems consume events in their fixed ticks; every-frame systems read {@link #frameEvents()}.
     *
     * @param consumers fixed-step systems of the loop that read {@link #tickEvents()}
     * @throws IllegalArgumentException if a consumer is null or listed twice
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is cloned and its Class objects only compared: no heap pollution
    public InputQueue(Class<? extends BaseSystem>... consumers) {
        this(checked(consumers), 256);
    }

    private InputQueue(Class<? extends BaseSystem>[] consumers, int capacity) {
        this.consumers = consumers;
        this.cursors = new long[consumers.length];
        int size = Integer.highestOneBit(Math.max(16, capacity - 1)) << 1;
        this.ring = new InputEvent[size];
        for (int i = 0; i < size; i++) {
            ring[i] = new InputEvent();
        }
        this.mask = size - 1;
    }

    private static Class<? extends BaseSystem>[] checked(Class<? extends BaseSystem>[] consumers) {
        for (int i = 0; i < consumers.length; i++) {
            Class<? extends BaseSystem> c = consumers[i];
            if (c == null) {
                throw new IllegalArgumentException("input consumer null is not a system");
            }
            for (int j = 0; j < i; j++) {
                if (consumers[j] == c) {
                    throw new IllegalArgumentException("input consumer " + c.getName() + " listed twice");
                }
            }
        }
        return consumers.clone();
    }

    /**
     * Creates a queue and attaches it to a built loop: {@code new InputQueue(consumers).attach(loop)}.
     *
     * @param loop      the loop whose frames and ticks time the events
     * @param consumers fixed-step systems of the loop that read {@link #tickEvents()}
     * @return the queue, attached
     * @throws IllegalArgumentException if a consumer is not a system of the loop, or is listed twice
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // passed on to the constructor, which clones it
    public static InputQueue install(GameLoop loop, Class<? extends BaseSystem>... consumers) {
        Objects.requireNonNull(loop, "loop");
        return new InputQueue(consumers).attach(loop);
    }

    /**
     * Starts timing events by {@code loop}'s frames and delivering them to its consumers' ticks. Call it once,
     * between frames, before the first event is posted.
     *
     * @param loop the loop whose frames and ticks time the events
     * @return this queue
     * @throws NullPointerException     if {@code loop} is null
     * @throws IllegalArgumentException if a consumer is not a system of the loop; nothing is attached
     * @throws IllegalStateException    if this queue is already attached
     */
    public InputQueue attach(GameLoop loop) {
        Objects.requireNonNull(loop, "loop");
        if (this.loop != null) {
            throw new IllegalStateException("this InputQueue is already attached to a loop");
        }
        for (Class<? extends BaseSystem> c : consumers) {
            if (!loop.systems().contains(c)) {
                throw new IllegalArgumentException("input consumer " + c.getName() + " is not a system of this loop");
            }
        }
        this.loop = loop;
        // Listeners as method references, not interfaces of this class: its public API stays posting and reading.
        FrameListener frames = this::frameBegan;
        TickListener ticks = this::tickDue;
        loop.addFrameListener(frames);
        loop.addTickListener(ticks);
        return this;
    }

    private GameLoop attached() {
        if (loop == null) {
            throw new IllegalStateException("this InputQueue is not attached: call attach(loop) after build()");
        }
        return loop;
    }

    /**
     * Posts an event that happened at real time {@code realNanos} and returns it for the caller to fill.
     * Real times must not decrease from one post to the next; an event timestamped before the current frame
     * began counts as happening at its start.
     *
     * @param realNanos when it happened, on the loop's clock
     * @return the event to fill with {@link InputEvent#set}
     * @throws IllegalArgumentException if {@code realNanos} is earlier than the previous event's
     * @throws IllegalStateException    if the queue is not attached to a loop yet
     */
    public InputEvent post(long realNanos) {
        attached();
        if (realNanos < lastPostedReal) {
            throw new IllegalArgumentException("input events must be posted in real-time order: real time "
                    + Durations.exactSeconds(realNanos) + " is before the previous event at "
                    + Durations.exactSeconds(lastPostedReal));
        }
        if (tail - head == ring.length) {
            grow();
        }
        lastPostedReal = realNanos;
        InputEvent event = ring[(int) (tail & mask)];
        event.reset(tail, realNanos);
        tail++;
        return event;
    }

    /**
     * Posts an event that already has its simulated time, as a replay does: it bypasses the real-time mapping and
     * reaches the ticks at or after {@code simNanos} (and the next frame's every-frame systems).
     *
     * @param simNanos the simulated time it belongs to
     * @return the event to fill with {@link InputEvent#set}
     * @throws IllegalArgumentException if {@code simNanos} is earlier than an event already assigned
     * @throws IllegalStateException    if live events posted by real time are still waiting for their frame, or
     *                                  the queue is not attached to a loop yet
     */
    public InputEvent postAtSimulated(long simNanos) {
        if (assigned != tail) {
            throw new IllegalStateException("live input events are pending; replayed events cannot be mixed in");
        }
        if (simNanos < lastAssignedSim) {
            throw new IllegalArgumentException("replayed input must come in simulated-time order: "
                    + Durations.exactSeconds(simNanos) + " is before " + Durations.exactSeconds(lastAssignedSim));
        }
        if (tail - head == ring.length) {
            grow();
        }
        InputEvent event = ring[(int) (tail & mask)];
        event.reset(tail, attached().clock().nanoTime());
        event.assign(simNanos);
        lastAssignedSim = simNanos;
        tail++;
        assigned++;
        return event;
    }

    /**
     * Posts an event happening now, by the loop's clock.
     *
     * @return the event to fill with {@link InputEvent#set}
     */
    public InputEvent post() {
        return post(attached().clock().nanoTime());
    }

    /**
     * The events the running fixed tick of a consumer sees: those since its previous tick, before its time.
     *
     * @return a view reused across ticks; read it during the tick
     */
    public InputView tickEvents() {
        return tickView;
    }

    /**
     * All events that arrived during the current frame (for every-frame systems: UI, camera).
     *
     * @return a view reused across frames; read it during the frame
     */
    public InputView frameEvents() {
        return frameView;
    }

    /**
     * Events posted but not yet seen by every consumer.
     *
     * @return the count
     */
    public long pending() {
        long min = assigned;
        for (long c : cursors) {
            min = Math.min(min, c);
        }
        return tail - min;
    }

    /**
     * Whether every event posted so far has a simulated time, and it is before {@code simNanos}: the queue then
     * holds nothing a replay would post at or after that instant, so a snapshot of it taken there is the one a
     * replay reaches (what live replay keyframes need).
     *
     * @param simNanos the instant
     * @return true if no event is waiting for its frame and none is assigned at or after {@code simNanos}
     */
    public boolean settledBefore(long simNanos) {
        return assigned == tail && lastAssignedSim < simNanos;
    }

    /**
     * The sequence number the next posted event gets: every event posted so far has a smaller one.
     *
     * @return the next sequence number
     */
    public long nextSequence() {
        return tail;
    }

    /**
     * Whether live events posted by real time still wait for their frame to get a simulated time.
     *
     * @return true if some have none yet
     */
    public boolean hasUnassigned() {
        return assigned != tail;
    }

    InputEvent event(long sequence) {
        return ring[(int) (sequence & mask)];
    }

    /** The loop's frame hook: assigns this frame's new events their simulated times. */
    private void frameBegan(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
        boolean discard = loop.debtPolicy() == DebtPolicy.DISCARD;
        long realSpan = realEnd - realStart;
        frameFirst = frameEnd;
        while (assigned < tail) {
            InputEvent e = event(assigned);
            if (e.realNanos() > realEnd) {
                break;
            }
            long sim;
            if (realSpan <= 0 || wantedEnd == wantedStart) {
                sim = wantedEnd;
            } else {
                long into = Math.max(0, e.realNanos() - realStart);
                sim = wantedStart + (long) ((double) (wantedEnd - wantedStart) * into / realSpan);
            }
            if (discard && sim > simEnd) {
                sim = simEnd;
            }
            sim = Math.max(sim, lastAssignedSim);
            lastAssignedSim = sim;
            e.assign(sim);
            assigned++;
        }
        frameEnd = assigned;
        frameView.set(frameFirst, frameEnd);
        tickView.set(0, 0);
        release();
    }

    /** The loop's tick hook: moves a consumer's cursor to the events before its tick. */
    private void tickDue(BaseSystem system, long tickNanos) {
        Class<? extends BaseSystem> type = system.getClass();
        for (int c = 0; c < consumers.length; c++) {
            if (consumers[c] == type) {
                long first = Math.max(cursors[c], head);
                long end = first;
                while (end < assigned && event(end).simNanos() < tickNanos) {
                    end++;
                }
                cursors[c] = end;
                tickView.set(first, end);
                return;
            }
        }
        tickView.set(0, 0);
    }

    /** Frees ring slots that every consumer and the frame view have passed. */
    private void release() {
        long min = frameFirst;
        for (long c : cursors) {
            min = Math.min(min, c);
        }
        head = Math.max(head, min);
    }

    private void grow() {
        InputEvent[] bigger = new InputEvent[ring.length * 2];
        for (long s = head; s < tail; s++) {
            bigger[(int) (s & (bigger.length - 1))] = ring[(int) (s & mask)];
        }
        for (int i = 0; i < bigger.length; i++) {
            if (bigger[i] == null) {
                bigger[i] = new InputEvent();
            }
        }
        ring = bigger;
        mask = bigger.length - 1;
    }

    /**
     * The queue's pending events, cursors and timing as snapshot state, for {@link dev.ecsloop.snapshot.Snapshots}:
     * every event not yet seen by every consumer keeps its sequence number, simulated time and payload. Real times
     * are kept relative to the loop's latest clock reading, so a restored loop with another clock times the events
     * not yet assigned a simulated time as the captured one would have.
     *
     * @return the state, bound to this queue
     * @throws IllegalStateException if the queue is not attached to a loop yet
     */
    public dev.ecsloop.snapshot.StagedState snapshotState() {
        attached();
        return new InputState(this);
    }

    long[] cursors() {
        return cursors;
    }

    Class<? extends BaseSystem>[] consumers() {
        return consumers;
    }

    long head() {
        return head;
    }

    long tail() {
        return tail;
    }

    long assigned() {
        return assigned;
    }

    long lastAssignedSim() {
        return lastAssignedSim;
    }

    long frameFirst() {
        return frameFirst;
    }

    long frameEnd() {
        return frameEnd;
    }

    long lastPostedReal() {
        return lastPostedReal;
    }

    GameLoop loop() {
        return loop;
    }

    /** Replaces the whole queue by a snapshot's, which {@link InputState} checked; payloads filled by the caller. */
    void restore(long head, long tail, long assigned, long frameFirst, long frameEnd, long lastAssignedSim,
                 long lastPostedReal, long[] cursors) {
        int needed = (int) (tail - head);
        if (needed > ring.length) {
            int size = Integer.highestOneBit(needed - 1) << 1;
            ring = new InputEvent[size];
            for (int i = 0; i < size; i++) {
                ring[i] = new InputEvent();
            }
            mask = size - 1;
        }
        this.head = head;
        this.tail = tail;
        this.assigned = assigned;
        this.frameFirst = frameFirst;
        this.frameEnd = frameEnd;
        this.lastAssignedSim = lastAssignedSim;
        this.lastPostedReal = lastPostedReal;
        System.arraycopy(cursors, 0, this.cursors, 0, cursors.length);
        frameView.set(frameFirst, frameEnd);
        tickView.set(0, 0);
    }

    /** Capacity of the ring, for tests of growth. */
    int capacity() {
        return ring.length;
    }

    @Override
    public String toString() {
        return "InputQueue[" + Arrays.toString(cursors) + ", head=" + head + ", tail=" + tail + "]";
    }
}
