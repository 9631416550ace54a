package dev.ecsloop.console;

import dev.ecsloop.AllocationMeter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry, the parser and the frame-boundary queue, independent of any transport. */
class ConsoleTest {

    private final ConsoleFixture f = ConsoleFixture.standard();

    @Test
    void anUnknownCommandGetsOneErrorLine() {
        assertEquals("error: unknown command 'warp' (try 'help')", f.one("warp 9"));
    }

    @Test
    void aTypoGetsTheNearestCommandSuggestedAndRunsNothing() {
        assertEquals("error: unknown command 'pasue' (did you mean 'pause'? try 'help')", f.one("pasue"));
        assertEquals("error: unknown command 'tiemscale' (did you mean 'timescale'? try 'help')",
                f.one("tiemscale 2"));
        assertEquals("error: unknown command 'times' (did you mean 'timescale'? try 'help')", f.one("times 2"));
        assertTrue(f.one("resume").startsWith("already running"), "the typo paused nothing");
    }

    @Test
    void commandNamesAreCaseInsensitiveAndWhitespaceIsFree() {
        assertEquals("paused at simulated time 0.000 s", f.one("  PAUSE \t "));
    }

    @Test
    void aBlankLineDoesNothing() {
        assertEquals(List.of(), f.lines("   "));
    }

    @Test
    void userCommandsAreRegisteredLikeBuiltInsAndGetParsedArguments() {
        f.console.register("echo", "echo <n> <word>", "repeats a word", (args, out) -> {
            args.expectAtMost(2);
            int n = args.integer(0, "<n>", 1, 3);
            out.accept(String.join(" ", java.util.Collections.nCopies(n, args.word(1, "<word>"))));
        });
        assertEquals("hi hi hi", f.one("echo 3 hi"));
        assertEquals("error: <n> must be from 1 to 3, got '4' (usage: echo <n> <word>)", f.one("echo 4 hi"));
        assertEquals("error: missing <word> (usage: echo <n> <word>)", f.one("echo 2"));
    }

    @Test
    void registrationRejectsMalformedOrDuplicateCommands() {
        Command nothing = (args, out) -> { };
        assertThrows(IllegalArgumentException.class, () -> f.console.register("rate", "rate", "again", nothing));
        assertThrows(IllegalArgumentException.class, () -> f.console.register("Fps", "Fps", "upper case", nothing));
        assertThrows(IllegalArgumentException.class, () -> f.console.register("a b", "a b", "space", nothing));
        assertThrows(IllegalArgumentException.class, () -> f.console.register("fps", "frames", "usage", nothing));
        assertThrows(IllegalArgumentException.class, () -> f.console.register("fps", "fps", "two\nlines", nothing));
        assertThrows(IllegalArgumentException.class, () -> f.console.register("fps", "fps", "trailing\r\n", nothing));
        assertThrows(IllegalArgumentException.class, () -> f.console.register("fps", "fps", " ", nothing));
        assertThrows(NullPointerException.class, () -> f.console.register("fps", "fps", "x", null));
        assertEquals("error: unknown command 'fps' (try 'help')", f.one("fps"));
    }

    @Test
    void aCommandThatThrowsBecomesOneErrorLineAndNeverReachesTheLoop() {
        f.console.register("boom", "boom", "throws", (args, out) -> {
            throw new IllegalStateException("kaput");
        });
        f.console.register("npe", "npe", "throws without a message", (args, out) -> {
            throw new NullPointerException();
        });
        List<String> out = new ArrayList<>();
        f.console.submit("boom", out::add);
        f.console.submit("npe", out::add);
        f.console.submit("pause", out::add);
        assertDoesNotThrow(f.console::drain);
        assertEquals(List.of("error: boom failed: IllegalStateException: kaput",
                "error: npe failed: NullPointerException: (no message)",
                "paused at simulated time 0.000 s"), out);
    }

    @Test
    void aReplySinkThatThrowsDoesNotStopTheCommandOrTheDrain() {
        f.console.submit("pause", line -> {
            throw new IllegalStateException("client gone");
        });
        List<String> out = new ArrayList<>();
        f.console.submit("stats", out::add);
        assertDoesNotThrow(f.console::drain);
        assertTrue(f.loop.isPaused());
        assertEquals(1, out.size());
    }

    @Test
    void linesSubmittedFromAnotherThreadRunOnlyAtTheNextDrainInOrder() throws Exception {
        List<String> out = new ArrayList<>();
        Thread typist = new Thread(() -> {
            f.console.submit("timescale 2", out::add);
            f.console.submit("pause", out::add);
        });
        typist.start();
        typist.join(5_000);
        assertFalse(f.loop.isPaused(), "nothing runs before the loop thread drains");
        assertEquals(1.0, f.loop.timeScale());
        f.console.drain();
        assertEquals(List.of("time scale 2 (was 1)", "paused at simulated time 0.000 s"), out);
    }

    @Test
    void theFutureCompletesAfterTheCommandRanAndItsRepliesWereDelivered() throws Exception {
        List<String> out = new ArrayList<>();
        CompletableFuture<Void> done = f.console.submit("pause", out::add);
        assertFalse(done.isDone());
        f.console.drain();
        done.get(5, TimeUnit.SECONDS);
        assertEquals(1, out.size());
    }

    @Test
    void aLineSubmittedByACommandWaitsForTheNextDrain() {
        List<String> out = new ArrayList<>();
        f.console.register("again", "again", "submits itself", (args, out2) -> {
            f.console.submit("again", out::add);
            out2.accept("ran");
        });
        f.console.submit("again", out::add);
        f.console.drain();
        assertEquals(List.of("ran"), out);
        f.console.drain();
        assertEquals(List.of("ran", "ran"), out);
    }

    @Test
    void manyThreadsSubmittingAtOnceLoseNoLine() throws Exception {
        int threads = 8;
        int each = 500;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> typists = new ArrayList<>();
        int[] ran = new int[1];
        f.console.register("count", "count", "counts", (args, out) -> ran[0]++);
        for (int t = 0; t < threads; t++) {
            Thread typist = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    f.console.submit("count", line -> { });
                }
            });
            typist.start();
            typists.add(typist);
        }
        start.countDown();
        for (Thread typist : typists) {
            typist.join(5_000);
        }
        f.console.drain();
        assertEquals(threads * each, ran[0]);
    }

    @Test
    void drainWithNothingPendingAllocatesNothing() {
        f.lines("stats"); // the queue has been used: drain must still allocate nothing
        long bytes = AllocationMeter.steadyStateBytes(() -> {
            for (int i = 0; i < 10_000; i++) {
                f.console.drain();
            }
        }, 5);
        assertEquals(0, bytes, "bytes allocated by 10,000 empty drains");
    }
}
