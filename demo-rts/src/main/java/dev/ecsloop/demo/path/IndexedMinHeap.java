package dev.ecsloop.demo.path;

/**
 * A binary min-heap of node ids {@code [0, capacity)} keyed by {@code long}, with decrease-key; all storage
 * is allocated once, so a search performs no per-node allocation. Equal keys come out in an order fixed by
 * the sequence of operations, hence deterministic.
 *
 * <p>Invariant: for every node in the heap, {@code heap[pos[node]] == node}. Nodes not in the heap have
 * stale {@code pos} entries; callers must know membership themselves (the searches do: seen and not yet
 * closed means queued), which is why {@link #clear} is O(1).
 */
final class IndexedMinHeap {
    private final int[] heap;
    private final int[] pos;
    private final long[] key;
    private int size;

    IndexedMinHeap(int capacity) {
        heap = new int[capacity];
        pos = new int[capacity];
        key = new long[capacity];
    }

    void clear() {
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** Adds a node that is not in the heap. */
    void push(int node, long k) {
        key[node] = k;
        heap[size] = node;
        pos[node] = size;
        siftUp(size++);
    }

    /** Lowers the key of a node that is in the heap. */
    void decrease(int node, long k) {
        key[node] = k;
        siftUp(pos[node]);
    }

    /** Removes and returns the node with the smallest key; the heap must not be empty. */
    int poll() {
        int top = heap[0];
        int last = heap[--size];
        if (size > 0) {
            heap[0] = last;
            pos[last] = 0;
            siftDown(0);
        }
        return top;
    }

    private void siftUp(int i) {
        int node = heap[i];
        long k = key[node];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            int p = heap[parent];
            if (key[p] <= k) {
                break;
            }
            heap[i] = p;
            pos[p] = i;
            i = parent;
        }
        heap[i] = node;
        pos[node] = i;
    }

    private void siftDown(int i) {
        int node = heap[i];
        long k = key[node];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && key[heap[right]] < key[heap[child]]) {
                child = right;
            }
            int c = heap[child];
            if (k <= key[c]) {
                break;
            }
            heap[i] = c;
            pos[c] = i;
            i = child;
        }
        heap[i] = node;
        pos[node] = i;
    }
}
