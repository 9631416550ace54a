package dev.ecsloop.input;

/**
 * A window onto a run of consecutive events of an {@link InputQueue}: those a fixed tick sees, or those of the
 * whole frame. Reused by the queue; valid only while the tick or frame lasts. Iterate by index so that reading
 * input allocates nothing:
 * <pre>{@code
 * InputView events = inputs.tickEvents();
 * for (int i = 0; i < events.size(); i++) handle(events.get(i));
 * }</pre>
 */
public final class InputView {

    private final InputQueue queue;
    private long first;
    private int size;

    InputView(InputQueue queue) {
        this.queue = queue;
    }

    void set(long firstSequence, long endSequence) {
        this.first = firstSequence;
        this.size = (int) (endSequence - firstSequence);
    }

    /**
     * How many events the view holds.
     *
     * @return the count
     */
    public int size() {
        return size;
    }

    /**
     * Whether the view holds no event.
     *
     * @return true if there are none
     */
    public boolean isEmpty() {
        return size == 0;
    }

    /**
     * @param index from 0 to {@code size() - 1}
     * @return the event; valid until the view moves on
     * @throws IndexOutOfBoundsException if {@code index} is not in [0, size)
     */
    public InputEvent get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " of " + size + " events");
        }
        return queue.event(first + index);
    }
}
