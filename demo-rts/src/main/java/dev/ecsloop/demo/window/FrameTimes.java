package dev.ecsloop.demo.window;

/**
 * The last {@link #SIZE} frame intervals in milliseconds, as a ring ready for {@code ImGui.plotLines} (values
 * plus the offset of the oldest). Recording allocates nothing.
 */
final class FrameTimes {

    static final int SIZE = 240;

    private final float[] millis = new float[SIZE];
    private int next;
    private int count;

    void add(float ms) {
        millis[next] = ms;
        next = (next + 1) % SIZE;
        count = Math.min(SIZE, count + 1);
    }

    /** The ring itself; read it from {@link #oldest()} on, wrapping. */
    float[] values() {
        return millis;
    }

    /** Index of the oldest value: where a plot starts. */
    int oldest() {
        return count < SIZE ? 0 : next;
    }

    int count() {
        return count;
    }

    /** The largest interval held, for the plot's scale; 0 when empty. */
    float max() {
        float m = 0;
        for (int i = 0; i < count; i++) {
            m = Math.max(m, millis[i]);
        }
        return m;
    }

    /** The newest interval, or 0 when empty. */
    float last() {
        return count == 0 ? 0 : millis[(next + SIZE - 1) % SIZE];
    }
}
