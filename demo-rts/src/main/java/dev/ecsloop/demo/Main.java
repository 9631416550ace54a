package dev.ecsloop.demo;

import dev.ecsloop.demo.cli.Cli;

/**
 * Entry point of the demo jar: {@code java -jar demo-rts.jar --help}. All behaviour is in {@link Cli#run}, which
 * returns the exit status instead of exiting, so tests run the real command line in-process.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the demo on the process's standard streams; returns the exit status (0, 1 or 2). */
    public static int run(String... args) {
        return Cli.run(args, System.in, System.out, System.err);
    }
}
