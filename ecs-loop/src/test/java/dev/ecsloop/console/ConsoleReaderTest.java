package dev.ecsloop.console;

import dev.ecsloop.time.Clock;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The standard-input transport, over in-memory streams; a background thread plays the loop. */
class ConsoleReaderTest {

    private final ConsoleFixture f = ConsoleFixture.standard();

    /** Collects printed lines so a test can wait for each one, at most five seconds. */
    private static final class Lines extends OutputStream {
        final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                queue.add(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }

        String next() throws InterruptedException {
            String line = queue.poll(5, TimeUnit.SECONDS);
            assertTrue(line != null, "no reply line within 5 s");
            return line;
        }
    }

    /** Stands in for {@code System.in}: typed text arrives later, and a blocked read ignores interrupts. */
    private static final class TypedInput extends InputStream {
        private final BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
        private byte[] chunk = new byte[0];
        private int pos;

        void type(String text) {
            chunks.add(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos == chunk.length) {
                boolean interrupted = false;
                while (true) {
                    try {
                        chunk = chunks.take();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                pos = 0;
            }
            int n = Math.min(len, chunk.length - pos);
            System.arraycopy(chunk, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    private static void awaitEnd(ConsoleReader reader) {
        long deadline = Clock.system().nanoTime() + 5_000_000_000L;
        while (reader.isRunning() && Clock.system().nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000);
        }
        assertFalse(reader.isRunning());
    }

    @Test
    void eachLineIsSubmittedAndItsRepliesPrintedWithoutAPrompt() throws Exception {
        Lines out = new Lines();
        String input = "pause\n\nwarp\n" + "z".repeat(5_000) + "\nstats now\n";
        LoopThread loop = new LoopThread(f.console);
        ConsoleReader reader = ConsoleReader.start(f.console,
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true));
        assertEquals("paused at simulated time 0.000 s", out.next());
        assertEquals("error: unknown command 'warp' (try 'help')", out.next());
        assertEquals(ConsoleSession.TOO_LONG, out.next());
        assertEquals("error: unexpected argument 'now' (usage: stats)", out.next());
        awaitEnd(reader); // the input ended
        loop.close();
    }

    @Test
    void afterCloseTheReaderSubmitsNothingMore() throws Exception {
        Lines out = new Lines();
        TypedInput in = new TypedInput();
        LoopThread loop = new LoopThread(f.console);
        ConsoleReader reader = ConsoleReader.start(f.console, in, new PrintStream(out, true));
        in.type("pause\n");
        assertEquals("paused at simulated time 0.000 s", out.next());
        reader.close();
        in.type("resume\n"); // ends the uninterruptible read; the line must not run
        awaitEnd(reader);
        loop.close();
        assertTrue(f.loop.isPaused());
        assertTrue(out.queue.isEmpty(), out.queue::toString);
    }
}
