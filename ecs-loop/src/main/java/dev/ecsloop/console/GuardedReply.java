package dev.ecsloop.console;

import java.util.function.Consumer;

/**
 * A reply sink that cannot throw into the loop: once the wrapped sink fails (a closed socket, a full pipe), it
 * is dropped and later lines vanish. A broken client must not break the game.
 */
final class GuardedReply implements Consumer<String> {

    private final Consumer<String> target;
    private boolean broken;

    GuardedReply(Consumer<String> target) {
        this.target = target;
    }

    @Override
    public void accept(String line) {
        if (broken) {
            return;
        }
        try {
            target.accept(line);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            broken = true;
        }
    }
}
