package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT) in a network match, on the joiner and then on the host, each a child JVM on loopback: each saves
 * its {@code --record} file, which replays; the other side is told the player quit, not "connection reset" or
 * "protocol error".
 */
class NetInterruptTest {

    @TempDir
    Path dir;

    /** A child JVM running the demo, its output collected line by line on a thread. */
    static final class Child {
        final Process process;
        final List<String> lines = new java.util.ArrayList<>();
        volatile boolean ended;

        Child(Process process) {
            this.process = process;
        }

        Process process() {
            return process;
        }

        List<String> lines() {
            synchronized (lines) {
                return List.copyOf(lines);
            }
        }

        /**
         * Starts the demo in a child JVM in working directory {@code dir}, never this JVM's: what a player writes
         * there by design (seat tokens in {@code .ecsloop-seats/}, the host-loss snapshot and recording) stays in
         * the test's temporary directory.
         */
        static Child startIn(Path dir, String... args) throws IOException {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            List<String> command = new java.util.ArrayList<>(List.of(java.toString(), "-cp",
                    System.getProperty("java.class.path"), "dev.ecsloop.demo.Main"));
            command.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.directory(Objects.requireNonNull(dir, "dir").toFile());
            Process p = builder.start();
            Child child = new Child(p);
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        synchronized (child.lines) {
                            child.lines.add(line);
                            child.lines.notifyAll();
                        }
                    }
                } catch (IOException ignored) {
                    // the child is gone
                } finally {
                    synchronized (child.lines) {
                        child.ended = true;
                        child.lines.notifyAll();
                    }
                }
            });
            reader.setDaemon(true);
            reader.start();
            return child;
        }

        /** Types a line on its console (its standard input). */
        void type(String line) throws java.io.IOException {
            process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().flush();
        }

        /** Waits (at most a minute) for a line starting with {@code prefix}; woken by each line the child prints. */
        void await(String prefix) throws InterruptedException {
            long deadline = dev.ecsloop.time.Clock.system().nanoTime() + TimeUnit.SECONDS.toNanos(60);
            synchronized (lines) {
                while (lines.stream().noneMatch(l -> l.startsWith(prefix))) {
                    long left = deadline - dev.ecsloop.time.Clock.system().nanoTime();
                    if (left <= 0 || ended) {
                        throw new AssertionError("no line starting '" + prefix + "' in " + lines);
                    }
                    TimeUnit.NANOSECONDS.timedWait(lines, left);
                }
            }
        }

        void interrupt() throws Exception {
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor());
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "still running after SIGINT: " + lines());
            synchronized (lines) {
                while (!ended) {
                    lines.wait(); // the reader ends at the child's end of output
                }
            }
        }
    }

    @Test
    void ctrlCOnTheJoinerThenOnTheHostSavesBothRecordingsAndTellsTheOthers() throws Exception {
        int port = NetMatchControlsTest.freePort();
        Path hostFile = dir.resolve("host.replay");
        Path bobFile = dir.resolve("bob.replay");
        String game = "--headless --quiet --units 60 --map-size 32 --secret pw";
        Child host = Child.startIn(dir, (game + " --host " + port + " --record " + hostFile).split(" "));
        Child bob = null;
        try {
            host.await("hosting on ");
            bob = Child.startIn(dir, (game + " --join 127.0.0.1:" + port + " --name bob --record " + bobFile).split(" "));
            bob.await("match started");
            host.await("match started");
            bob.process().getOutputStream().write("select 0 0 32 32\nrate ai 2\nfps 50\n"
                    .getBytes(StandardCharsets.UTF_8));
            bob.process().getOutputStream().flush();
            bob.await("bob: rate AiSystem 2 Hz at turn "); // applied: the match runs
            bob.await("frame cap 50 fps (was 60 fps)"); // a headless match has the frame cap's command too
            host.await("bob: rate AiSystem 2 Hz at turn ");
            bob.interrupt();
            assertTrue(bob.lines().stream().anyMatch(l -> l.startsWith("recorded ")
                    && l.contains(" to " + bobFile + " ")), bob.lines()::toString);
            host.await("bob left at turn ");
            assertTrue(host.lines().stream().anyMatch(l -> l.matches("bob left at turn \\d+ \\(quit\\).*")),
                    host.lines()::toString);
            // a player that quit keeps its seat token: the same command takes the seat back
            bob = Child.startIn(dir, (game + " --join 127.0.0.1:" + port + " --name bob --record " + bobFile).split(" "));
            bob.await("rejoining the match under way as bob (seat 1)");
            bob.await("playing live at turn ");
            host.await("bob rejoined: plays again from turn ");
            bob.interrupt();
            host.interrupt();
            assertTrue(host.lines().stream().anyMatch(l -> l.startsWith("recorded ")
                    && l.contains(" to " + hostFile + " ")), host.lines()::toString);
            for (List<String> out : List.of(host.lines(), bob.lines())) {
                assertFalse(out.stream().anyMatch(l -> l.contains("protocol error") || l.contains("reset")),
                        out::toString);
            }
        } finally {
            host.process().destroyForcibly();
            if (bob != null) {
                bob.process().destroyForcibly();
            }
        }
        assertTrue(Files.isDirectory(dir.resolve(".ecsloop-seats")), "bob ran outside the test's directory");
        for (Path file : List.of(hostFile, bobFile)) {
            assertTrue(Files.exists(file), file.toString());
            Runs replay = Runs.of("--replay", file.toString());
            assertEquals(0, replay.status(), () -> file + ": " + replay.err() + " " + replay.out());
        }
    }
}
