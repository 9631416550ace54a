package dev.ecsloop.demo.path;

import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

import java.util.Arrays;

/**
 * A FIFO ring buffer of {@code (unit, startCell, goalCell)} triples in one int array: no object per request.
 * It doubles when full, so it allocates only while growing to the largest burst seen.
 */
final class RequestQueue {
    private int[] slots = new int[3 * 64];
    private int head;
    private int size;

    void add(int unit, int start, int goal) {
        int capacity = slots.length / 3;
        if (size == capacity) {
            int[] grown = new int[slots.length * 2];
            for (int i = 0; i < size; i++) {
                System.arraycopy(slots, ((head + i) % capacity) * 3, grown, i * 3, 3);
            }
            slots = grown;
            head = 0;
            capacity *= 2;
        }
        int at = ((head + size) % capacity) * 3;
        slots[at] = unit;
        slots[at + 1] = start;
        slots[at + 2] = goal;
        size++;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    int headUnit() {
        return slots[head * 3];
    }

    int headStart() {
        return slots[head * 3 + 1];
    }

    int headGoal() {
        return slots[head * 3 + 2];
    }

    /** Drops the head; the queue must not be empty. */
    void removeHead() {
        head = (head + 1) % (slots.length / 3);
        size--;
    }

    /** Writes the requests, head first. */
    void save(SnapshotOut out) {
        int capacity = slots.length / 3;
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            int at = ((head + i) % capacity) * 3;
            out.writeInt(slots[at]);
            out.writeInt(slots[at + 1]);
            out.writeInt(slots[at + 2]);
        }
    }

    /**
     * Replaces the requests by what {@link #save} wrote.
     *
     * @param cells cells of the map: start and goal must be below it
     * @throws SnapshotException if a unit id is negative or a cell off the map
     */
    void load(SnapshotIn in, int cells) {
        int n = in.readCount(12, "path request");
        head = 0;
        size = 0;
        for (int i = 0; i < n; i++) {
            int unit = in.readInt();
            int start = in.readInt();
            int goal = in.readInt();
            if (unit < 0 || start < 0 || start >= cells || goal < 0 || goal >= cells) {
                throw in.fail("bad path request (unit " + unit + ", cells " + start + " -> " + goal + ")");
            }
            add(unit, start, goal);
        }
    }

    @Override
    public String toString() {
        return "RequestQueue[" + size + " of " + slots.length / 3 + "]" + (size == 0 ? "" : Arrays.toString(
                new int[] {headUnit(), headStart(), headGoal()}));
    }
}
