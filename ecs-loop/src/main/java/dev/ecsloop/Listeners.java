package dev.ecsloop;

import java.util.Arrays;
import java.util.Objects;

/**
 * The loop's one listener registry. Arrays are replaced, never changed in place, so a listener added or removed
 * while listeners are being called takes effect from the next call, and iterating allocates nothing.
 */
final class Listeners {

    TickListener[] tick = new TickListener[0];
    FrameListener[] frame = new FrameListener[0];
    ControlListener[] control = new ControlListener[0];

    static <T> T[] with(T[] listeners, T listener) {
        T[] grown = Arrays.copyOf(listeners, listeners.length + 1);
        grown[listeners.length] = Objects.requireNonNull(listener, "listener");
        return grown;
    }

    static <T> T[] without(T[] listeners, T listener) {
        for (int i = 0; i < listeners.length; i++) {
            if (listeners[i] == listener) {
                T[] out = Arrays.copyOf(listeners, listeners.length - 1);
                System.arraycopy(listeners, i + 1, out, i, listeners.length - i - 1);
                return out;
            }
        }
        return listeners;
    }
}
