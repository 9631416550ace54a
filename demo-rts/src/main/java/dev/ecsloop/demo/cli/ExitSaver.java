package dev.ecsloop.demo.cli;

import dev.ecsloop.console.Console;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ends a session cleanly on Ctrl-C or SIGTERM, so that what it owes is written (a {@code --record} file, a file
 * named by the console's {@code record}) and {@code --print-hash} printed: the JVM's shutdown hook
 * asks the game to {@code quit} through its console (the game is confined to its loop thread, so the hook
 * cannot save it itself) and waits until the session has saved and printed what it owes, at most
 * {@value #WAIT_SECONDS} seconds.
 */
final class ExitSaver {
    static final int WAIT_SECONDS = 20;

    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;
    private final Console console;

    private ExitSaver(Console console) {
        this.console = console;
        this.hook = new Thread(this::onSignal, "demo-rts-exit-saver");
    }

    /** Installs the hook for a session whose console has a {@code quit} command (or will have, once running). */
    static ExitSaver install(Console console) {
        ExitSaver saver = new ExitSaver(console);
        Runtime.getRuntime().addShutdownHook(saver.hook);
        return saver;
    }

    private void onSignal() {
        if (finished.getCount() == 0) {
            return;
        }
        console.submit("quit", line -> { });
        try {
            finished.await(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes {@code saver} if there is one. */
    static void close(ExitSaver saver) {
        if (saver != null) {
            saver.close();
        }
    }

    /** The session has saved what it owes: a signal from now on has nothing to wait for. */
    void close() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it finds the latch open and returns.
        }
    }
}
