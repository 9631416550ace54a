package dev.ecsloop.console;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static dev.ecsloop.console.BoundedLineReader.Result.END;
import static dev.ecsloop.console.BoundedLineReader.Result.LINE;
import static dev.ecsloop.console.BoundedLineReader.Result.TOO_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;

class BoundedLineReaderTest {

    private static BoundedLineReader reader(byte[] bytes) {
        return new BoundedLineReader(new ByteArrayInputStream(bytes));
    }

    private static BoundedLineReader reader(String text) {
        return reader(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsLinesEndingInNewlineOrCrLfAndALastUnterminatedOne() throws IOException {
        BoundedLineReader r = reader("pause\r\nrate ai 30\n\nstats");
        assertEquals(LINE, r.read());
        assertEquals("pause", r.line());
        assertEquals(LINE, r.read());
        assertEquals("rate ai 30", r.line());
        assertEquals(LINE, r.read());
        assertEquals("", r.line());
        assertEquals(LINE, r.read());
        assertEquals("stats", r.line());
        assertEquals(END, r.read());
        assertEquals(END, r.read());
    }

    @Test
    void aLineAtTheBoundIsAccepted() throws IOException {
        BoundedLineReader r = reader("x".repeat(BoundedLineReader.MAX_LINE_BYTES) + "\n");
        assertEquals(LINE, r.read());
        assertEquals(BoundedLineReader.MAX_LINE_BYTES, r.line().length());
    }

    @Test
    void anOverLongLineIsReportedOnceAndDiscardedUpToItsEnd() throws IOException {
        BoundedLineReader r = reader("x".repeat(1 << 20) + "\npause\n");
        assertEquals(TOO_LONG, r.read());
        assertEquals(LINE, r.read());
        assertEquals("pause", r.line());
        assertEquals(END, r.read());
    }

    @Test
    void anOverLongLineCutByTheEndOfStreamYieldsNothingMore() throws IOException {
        BoundedLineReader r = reader("y".repeat(10_000));
        assertEquals(TOO_LONG, r.read());
        assertEquals(END, r.read());
    }

    @Test
    void invalidUtf8DecodesToReplacementCharacters() throws IOException {
        BoundedLineReader r = reader(new byte[] {'a', (byte) 0xC3, '(', (byte) 0xFF, '\n'});
        assertEquals(LINE, r.read());
        assertEquals("a\uFFFD(\uFFFD", r.line());
    }
}
