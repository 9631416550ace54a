package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The logic behind the in-game console window, with no GL in it: runs typed lines through the same
 * {@link Console#execute} as the terminal and TCP consoles (so everything is recorded alike), keeps the scrollback,
 * the {@link CommandHistory} and {@link Completion}. The overlay's buttons and sliders go through {@link #run} too,
 * so their effects and replies show in the same log.
 *
 * <p>Loop thread only (where {@code execute} belongs). Invariant: the log never holds more than
 * {@link #LOG_LIMIT} lines.
 */
final class OverlayConsole {

    static final int LOG_LIMIT = 500;

    private final Console console;
    private final GameLoop loop;
    private final CommandHistory history = new CommandHistory();
    private final ArrayDeque<String> log = new ArrayDeque<>();
    private final List<String> logView = new ArrayList<>();
    private boolean logChanged;

    OverlayConsole(Console console, GameLoop loop) {
        this.console = console;
        this.loop = loop;
    }

    /** A line the user typed: echoed, remembered in the history, run. */
    void submit(String line) {
        history.add(line);
        if (!line.isBlank()) {
            run(line);
        }
    }

    /** Runs a command for a control (slider, button): echoed and run, not put in the typed history. */
    void run(String line) {
        append("> " + line);
        console.execute(line, this::append);
    }

    String historyUp(String current) {
        return history.up(current);
    }

    String historyDown(String current) {
        return history.down(current);
    }

    /** Tab: completes the line; when several names fit, lists them in the log. */
    String complete(String line) {
        Completion.Result r = Completion.complete(line, commandNames(), systemNames());
        if (!r.candidates().isEmpty()) {
            append(String.join("  ", r.candidates()));
        }
        return r.line();
    }

    /**
     * The console's command names, read from its {@code help} listing (each line starts with the usage, which
     * starts with the name: a rule {@link Console#register} enforces), so commands registered late appear too.
     */
    List<String> commandNames() {
        List<String> names = new ArrayList<>();
        console.execute("help", line -> {
            int space = line.indexOf(' ');
            names.add(space < 0 ? line : line.substring(0, space));
        });
        return names;
    }

    List<String> systemNames() {
        List<String> names = new ArrayList<>();
        for (Class<? extends BaseSystem> type : loop.systems()) {
            names.add(type.getSimpleName());
        }
        return names;
    }

    void append(String line) {
        log.addLast(line);
        while (log.size() > LOG_LIMIT) {
            log.removeFirst();
        }
        logChanged = true;
    }

    /** The scrollback, oldest first; a view refreshed only when lines were added. */
    List<String> log() {
        if (logChanged) {
            logView.clear();
            logView.addAll(log);
            logChanged = false;
        }
        return Collections.unmodifiableList(logView);
    }

    /** The last line of the log, or "" when empty. */
    String lastLine() {
        return log.isEmpty() ? "" : log.peekLast();
    }
}
