package dev.ecsloop.input;

/**
 * One input event with the real time it happened and the simulated time it was assigned to.
 *
 * <p>Events are pooled by their {@link InputQueue}: an instance is valid only during the tick or frame in which
 * it is seen, and is reused afterwards. Copy what you need to keep. The meaning of {@link #type()},
 * {@link #code()} and the four coordinates is the game's: a key press, a click at (x, y), an order to move a
 * selection box (x, y)-(z, w) somewhere, and so on.
 */
public final class InputEvent {

    private long sequence;
    private long realNanos;
    private long simNanos;
    private int type;
    private int code;
    private float x;
    private float y;
    private float z;
    private float w;

    InputEvent() {
    }

    void reset(long sequence, long realNanos) {
        this.sequence = sequence;
        this.realNanos = realNanos;
        this.simNanos = Long.MIN_VALUE;
        this.type = 0;
        this.code = 0;
        this.x = 0;
        this.y = 0;
        this.z = 0;
        this.w = 0;
    }

    void assign(long simNanos) {
        this.simNanos = simNanos;
    }

    /**
     * Fills the event's payload; returns it for chaining.
     *
     * @param type what kind of event, as the game defines it
     * @param code a key, button or other code, as the game defines it
     * @param x first value, e.g. a cursor x
     * @param y second value, e.g. a cursor y
     * @return this event
     */
    public InputEvent set(int type, int code, float x, float y) {
        return set(type, code, x, y, 0, 0);
    }

    /**
     * Fills the event's payload; returns it for chaining.
     *
     * @param type what kind of event, as the game defines it
     * @param code a key, button or other code, as the game defines it
     * @param x first value, e.g. a cursor x
     * @param y second value, e.g. a cursor y
     * @param z third value
     * @param w fourth value
     * @return this event
     */
    public InputEvent set(int type, int code, float x, float y, float z, float w) {
        this.type = type;
        this.code = code;
        this.x = x;
        this.y = y;
        this.z = z;
        this.w = w;
        return this;
    }

    /**
     * Position of this event in its queue, counting from 0: events are delivered in this order.
     *
     * @return the sequence number
     */
    public long sequence() {
        return sequence;
    }

    /**
     * Real time at which the event happened, as read from the loop's clock.
     *
     * @return nanoseconds on the loop's clock
     */
    public long realNanos() {
        return realNanos;
    }

    /**
     * Simulated time the event belongs to: fixed ticks at or after it see it. {@link Long#MIN_VALUE} until the
     * next frame assigns it.
     *
     * @return simulated nanoseconds, or {@link Long#MIN_VALUE}
     */
    public long simNanos() {
        return simNanos;
    }

    /**
     * The kind of event, as the game defines it.
     *
     * @return the value set by {@code set}
     */
    public int type() {
        return type;
    }

    /**
     * The key, button or other code.
     *
     * @return the value set by {@code set}
     */
    public int code() {
        return code;
    }

    /**
     * The first value (e.g. a cursor x).
     *
     * @return the value set by {@code set}
     */
    public float x() {
        return x;
    }

    /**
     * The second value (e.g. a cursor y).
     *
     * @return the value set by {@code set}
     */
    public float y() {
        return y;
    }

    /**
     * The third value.
     *
     * @return the value set by {@code set}
     */
    public float z() {
        return z;
    }

    /**
     * The fourth value.
     *
     * @return the value set by {@code set}
     */
    public float w() {
        return w;
    }

    @Override
    public String toString() {
        return "InputEvent#" + sequence + "[type=" + type + ", code=" + code + ", " + x + ", " + y + ", " + z + ", "
                + w + ", real=" + realNanos + ", sim=" + simNanos + "]";
    }
}
