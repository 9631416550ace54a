package dev.ecsloop.trace;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Args;
import dev.ecsloop.console.Console;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The console's {@code trace} command, registered by this package so the console knows nothing of tracing.
 *
 * <p>{@code trace <seconds> <file>} opens a window (the file is checked and created at once, on the loop
 * thread, by a cheap open; the JSON is written later on the trace's writer thread); {@code trace} reports the
 * state of the last window, {@code trace stop} ends it early. Bad input is one error line and changes nothing.
 */
final class TraceCommand {

    /** The last trace started from this console: the loop thread reads and writes it. */
    private Trace last;

    private TraceCommand() {
    }

    static void register(Console console, GameLoop loop) {
        TraceCommand command = new TraceCommand();
        console.register("trace", "trace [<seconds> <file>|stop]",
                "writes the next seconds of real time as a Chrome/Perfetto trace (alone: the last trace's state)",
                (args, out) -> out.accept(command.run(loop, args)));
    }

    private String run(GameLoop loop, Args args) {
        args.expectAtMost(2);
        if (!args.has(0)) {
            return state();
        }
        if (!args.has(1) && args.word(0, "<seconds>").equalsIgnoreCase("stop")) {
            if (last == null || !last.isOpen()) {
                throw args.error("no trace is open");
            }
            last.stop();
            return "trace window ended; writing " + last.file();
        }
        double seconds = args.number(0, "<seconds>");
        if (!(seconds >= 0.001 && seconds <= Trace.MAX_WINDOW.toSeconds())) {
            throw args.error(args.word(0, "<seconds>") + " is out of range for <seconds> (0.001 to "
                    + Trace.MAX_WINDOW.toSeconds() + ")");
        }
        String typed = args.word(1, "<file>");
        Path file;
        try {
            file = Path.of(typed);
        } catch (InvalidPathException e) {
            throw args.error("'" + typed + "' is not a valid path");
        }
        if (last != null && last.isOpen()) {
            throw args.error("a trace is already open, into " + last.file() + " ('trace stop' ends it)");
        }
        Duration window = Duration.ofNanos(Math.round(seconds * 1e9));
        try {
            last = Trace.start(loop, window, file);
        } catch (IOException e) {
            throw args.error(e.getMessage());
        } catch (IllegalStateException e) {
            throw args.error(e.getMessage());
        }
        return String.format(Locale.ROOT, "tracing the next %.3f s of real time into %s ('trace' tells when it"
                + " is written)", window.toNanos() / 1e9, file);
    }

    private String state() {
        if (last == null) {
            return "no trace yet (trace <seconds> <file> starts one)";
        }
        if (last.isOpen()) {
            return "tracing into " + last.file() + "; 'trace stop' ends it early";
        }
        CompletableFuture<Trace.Result> written = last.written();
        if (!written.isDone()) {
            return "writing " + last.file();
        }
        try {
            Trace.Result r = written.join();
            return "wrote " + r.file() + ": " + r.events() + " events"
                    + (r.droppedEvents() > 0 ? ", " + r.droppedEvents() + " dropped (the buffer was full)" : "")
                    + " (" + r.ended() + ")";
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return "the last trace failed: " + cause.getMessage();
        }
    }
}
