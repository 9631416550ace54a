package dev.ecsloop;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

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

    /**
     * Tells every control listener of a change. One listener that throws does not keep the change from the
     * others (a recorder registered after a failing display still journals it); the first failure is rethrown
     * once all were told, later ones suppressed in it.
     */
    void tell(Consumer<ControlListener> change) {
        Throwable failure = null;
        for (ControlListener l : control) {
            try {
                change.accept(l);
            } catch (RuntimeException | Error e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }
}
