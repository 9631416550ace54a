package dev.ecsloop.input;

import com.artemis.BaseSystem;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.StagedState;

/**
 * An {@link InputQueue} as snapshot state. Layout: int n consumers and their class names; long head, tail,
 * assigned, frame first, frame end, last assigned simulated time, last posted real time (relative); n cursors;
 * then per event from head to tail: long real time (relative), long simulated time ({@link Long#MIN_VALUE} while
 * unassigned), int type, int code, float x, y, z, w. Sequence numbers are head, head + 1, ...
 *
 * <p>Staging checks the order every queue keeps: {@code head <= frame first <= frame end <= assigned <= tail},
 * every cursor in {@code [head, assigned]}, assigned events in simulated-time order and unassigned ones
 * unassigned.
 */
final class InputState implements StagedState {

    /** Most pending events a snapshot may hold. */
    static final int MAX_EVENTS = 1 << 20;
    private static final int EVENT_BYTES = 8 + 8 + 4 + 4 + 16;
    private static final long REL_LIMIT = 1L << 62;

    private final InputQueue queue;
    private dev.ecsloop.snapshot.LoopHooks hooks;

    InputState(InputQueue queue) {
        this.queue = queue;
    }

    private long origin() {
        if (hooks == null) {
            hooks = queue.loop().snapshotState();
        }
        return hooks.realNanos();
    }

    @Override
    public void save(SnapshotOut out) {
        long origin = origin();
        Class<? extends BaseSystem>[] consumers = queue.consumers();
        out.writeInt(consumers.length);
        for (Class<? extends BaseSystem> c : consumers) {
            out.writeString(c.getName());
        }
        out.writeLong(queue.head());
        out.writeLong(queue.tail());
        out.writeLong(queue.assigned());
        out.writeLong(queue.frameFirst());
        out.writeLong(queue.frameEnd());
        out.writeLong(queue.lastAssignedSim());
        out.writeLong(relative(queue.lastPostedReal(), origin));
        for (long c : queue.cursors()) {
            out.writeLong(c);
        }
        for (long s = queue.head(); s < queue.tail(); s++) {
            InputEvent e = queue.event(s);
            out.writeLong(relative(e.realNanos(), origin));
            out.writeLong(e.simNanos());
            out.writeInt(e.type());
            out.writeInt(e.code());
            out.writeFloat(e.x());
            out.writeFloat(e.y());
            out.writeFloat(e.z());
            out.writeFloat(e.w());
        }
    }

    private static long relative(long real, long origin) {
        if (real == Long.MIN_VALUE) {
            return Long.MIN_VALUE;
        }
        return Math.max(-REL_LIMIT, Math.min(REL_LIMIT, real - origin));
    }

    @Override
    public Runnable stage(SnapshotIn in) {
        Class<? extends BaseSystem>[] consumers = queue.consumers();
        int n = in.readInt();
        if (n != consumers.length) {
            throw in.fail("snapshot of an input queue with " + n + " consumers, this one has " + consumers.length);
        }
        for (int i = 0; i < n; i++) {
            String name = in.readString();
            if (!name.equals(consumers[i].getName())) {
                throw in.fail("input consumer #" + i + " is " + name + " in the snapshot but "
                        + consumers[i].getName() + " here");
            }
        }
        long head = in.readLong();
        long tail = in.readLong();
        long assigned = in.readLong();
        long frameFirst = in.readLong();
        long frameEnd = in.readLong();
        long lastAssignedSim = in.readLong();
        long lastPostedRel = in.readLong();
        if (head < 0 || !(head <= frameFirst && frameFirst <= frameEnd && frameEnd <= assigned && assigned <= tail)
                || tail - head > MAX_EVENTS) {
            throw in.fail("bad queue positions head " + head + ", frame " + frameFirst + ".." + frameEnd
                    + ", assigned " + assigned + ", tail " + tail);
        }
        long[] cursors = new long[n];
        for (int i = 0; i < n; i++) {
            cursors[i] = in.readLong();
            if (cursors[i] < head || cursors[i] > assigned) {
                throw in.fail("cursor " + cursors[i] + " of " + consumers[i].getSimpleName() + " outside ["
                        + head + ", " + assigned + "]");
            }
        }
        int count = (int) (tail - head);
        if ((long) count * EVENT_BYTES != in.remaining()) {
            throw in.fail(count + " events need " + (long) count * EVENT_BYTES + " bytes, " + in.remaining()
                    + " left");
        }
        if (lastPostedRel != Long.MIN_VALUE && Math.abs(lastPostedRel) > REL_LIMIT) {
            throw in.fail("bad last real time " + lastPostedRel);
        }
        long[] real = new long[count];
        long[] sim = new long[count];
        int[] ints = new int[count * 2];
        float[] floats = new float[count * 4];
        long previousSim = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            real[i] = in.readLong();
            sim[i] = in.readLong();
            ints[2 * i] = in.readInt();
            ints[2 * i + 1] = in.readInt();
            for (int k = 0; k < 4; k++) {
                floats[4 * i + k] = in.readFloat();
            }
            if (real[i] != Long.MIN_VALUE && Math.abs(real[i]) > REL_LIMIT) {
                throw in.fail("bad real time of event " + (head + i));
            }
            boolean isAssigned = head + i < assigned;
            if (isAssigned ? sim[i] < previousSim || sim[i] == Long.MIN_VALUE : sim[i] != Long.MIN_VALUE) {
                throw in.fail("event " + (head + i) + " has simulated time " + sim[i] + " out of order");
            }
            if (isAssigned) {
                previousSim = sim[i];
            }
        }
        if (assigned > head && lastAssignedSim < previousSim) {
            throw in.fail("last assigned time " + lastAssignedSim + " before an assigned event");
        }
        return () -> {
            long origin = origin();
            queue.restore(head, tail, assigned, frameFirst, frameEnd, lastAssignedSim,
                    lastPostedRel == Long.MIN_VALUE ? Long.MIN_VALUE : origin + lastPostedRel, cursors);
            for (int i = 0; i < count; i++) {
                InputEvent e = queue.event(head + i);
                e.reset(head + i, real[i] == Long.MIN_VALUE ? Long.MIN_VALUE : origin + real[i]);
                if (sim[i] != Long.MIN_VALUE) {
                    e.assign(sim[i]);
                }
                e.set(ints[2 * i], ints[2 * i + 1], floats[4 * i], floats[4 * i + 1], floats[4 * i + 2],
                        floats[4 * i + 3]);
            }
        };
    }
}
