package dev.ecsloop.trace;

import dev.ecsloop.console.Console;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceCommandTest {

    @TempDir
    Path dir;
    TracedGame game;
    Console console;

    @BeforeEach
    void setUp() {
        game = new TracedGame();
        console = new Console();
        Trace.addCommand(console, game.loop);
    }

    private String run(String line) {
        List<String> out = new ArrayList<>();
        console.execute(line, out::add);
        assertEquals(1, out.size(), "one line for " + line + ": " + out);
        return out.get(0);
    }

    /** Waits for the trace writer threads (they end once the file is written). */
    private static void awaitWriters() throws InterruptedException {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("ecs-loop-trace-writer")) {
                t.join(30_000);
            }
        }
    }

    @Test
    void badInputIsOneLineAndChangesNothing() {
        assertTrue(run("trace").startsWith("no trace yet"));
        for (String bad : List.of("trace x f.json", "trace 0 f.json", "trace 601 f.json", "trace -1 f.json",
                "trace 5", "trace 5 a b", "trace stop", "trace NaN f.json", "trace 1e999 f.json")) {
            assertTrue(run(bad).startsWith("error: "), bad + " -> " + run(bad));
        }
        assertNull(game.loop.probe());
    }

    @Test
    void aFileThatCannotBeWrittenIsRefusedAtOnceNamingIt() {
        Path missing = dir.resolve("missing/t.json");
        String reply = run("trace 5 " + missing);
        assertTrue(reply.startsWith("error: ") && reply.contains(missing.toString()), reply);
        String proc = run("trace 5 /proc/version");
        assertTrue(proc.startsWith("error: ") && proc.contains("/proc/version"), proc);
        assertNull(game.loop.probe());
    }

    @Test
    void aTraceIsWrittenOffTheLoopThreadAndItsStateReported() throws Exception {
        Path file = dir.resolve("t.json");
        assertTrue(run("trace 0.5 " + file).startsWith("tracing the next 0.500 s of real time into " + file));
        assertTrue(run("trace 1 " + dir.resolve("u.json")).startsWith("error: a trace is already open"));
        assertTrue(run("trace").startsWith("tracing into " + file));
        for (int i = 0; i < 40; i++) {
            game.frame(TracedGame.FRAME);
        }
        awaitWriters();
        String state = run("trace");
        assertTrue(state.startsWith("wrote " + file + ": ") && state.endsWith("(window elapsed)"), state);
        assertTrue(TraceFileCheck.read(file).lane("Movement").size() >= 29);
        assertFalse(Files.exists(dir.resolve("u.json")));
    }

    @Test
    void stopEndsTheWindowEarly() throws Exception {
        Path file = dir.resolve("s.json");
        run("trace 60 " + file);
        for (int i = 0; i < 10; i++) {
            game.frame(TracedGame.FRAME);
        }
        assertTrue(run("trace stop").startsWith("trace window ended; writing " + file));
        awaitWriters();
        assertTrue(run("trace").endsWith("(stopped)"));
        assertEquals(10, TraceFileCheck.read(file).lane("Movement").size());
    }
}
