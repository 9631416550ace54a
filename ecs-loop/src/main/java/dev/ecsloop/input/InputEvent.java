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

    /** Fills the event's payload; returns it for chaining. */
    public InputEvent set(int type, int code, float x, float y) {
        return set(type, code, x, y, 0, 0);
    }

    /** Fills the event's payload; returns it for chaining. */
    public InputEvent set(int type, int code, float x, float y, float z, float w) {
        this.type = type;
        this.code = code;
        this.x = x;
        this.y = y;
        this.z = z;
        this.w = w;
        return this;
    }

    /** Position of this event in its queue, counting from 0: events are delivered in this order. */
    public long sequence() {
        return sequence;
    }

    /** Real time at which the event happened, as read from the loop's clock. */
    public long realNanos() {
        return realNanos;
    }

    /**
     * Simulated time the event belongs to: fixed ticks at or after it see it. {@link Long#MIN_VALUE} until the
     * next frame assigns it.
     */
    public long simNanos() {
        return simNanos;
    }

    public int type() {
        return type;
    }

    public int code() {
        return code;
    }

    public float x() {
        return x;
    }

    public float y() {
        return y;
    }

    public float z() {
        return z;
    }

    public float w() {
        return w;
    }

    @Override
    public String toString() {
        return "InputEvent#" + sequence + "[type=" + type + ", code=" + code + ", " + x + ", " + y + ", " + z + ", "
                + w + ", real=" + realNanos + ", sim=" + simNanos + "]";
    }
}
