package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.sim.MatchSetup;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the user types survives status refreshes: the status line, on a terminal, is redrawn on its own row below
 * the typing row without touching it. Asserted on the screen of a {@link FakeTerminal} that gets both the
 * program's output and the user's echoed keys, in the order a person would produce them.
 */
class TerminalTypingTest {

    private final FakeTerminal term = new FakeTerminal(8, 80);
    private final StatusOutput status = new StatusOutput(new PrintStream(term, true, StandardCharsets.UTF_8),
            StatusOutput.Mode.TERMINAL);

    /** The user presses Enter: the tty echoes it, then the program reads the line through its watched input. */
    private void enter() throws IOException {
        term.type("\n");
        InputStream watched = status.watch(new ByteArrayInputStream("\n".getBytes(StandardCharsets.US_ASCII)));
        assertEquals('\n', watched.read());
    }

    @Test
    void typingSurvivesAStatusRefreshAndTheCursorStaysPut() {
        status.status("sim 1.0 s x1 | 60 fps");
        assertEquals("", term.cursorLine());
        assertEquals("sim 1.0 s x1 | 60 fps", term.belowCursor());
        term.type("rate mo");
        status.status("sim 2.0 s x1 | 60 fps");
        assertEquals("rate mo", term.cursorLine(), "the typed text was erased: " + term.rows());
        assertEquals(7, term.cursorColumn(), "the cursor moved");
        assertEquals("sim 2.0 s x1 | 60 fps", term.belowCursor());
    }

    @Test
    void aCommandItsReplyAndLaterTypingAllStayReadableDownToTheBottomRow() throws IOException {
        status.status("sim 1.0 s");
        for (int i = 0; i < 12; i++) { // more commands than rows: the screen scrolls
            term.type("hash " + i);
            status.status("sim " + (i + 2) + ".0 s");
            assertEquals("hash " + i, term.cursorLine(), term.rows()::toString);
            enter();
            status.printer().println("world-hash: " + i);
            status.status("sim " + (i + 2) + ".5 s");
            List<String> rows = term.rows();
            int at = term.cursorRow();
            assertEquals("hash " + i, rows.get(at - 2), rows::toString);
            assertEquals("world-hash: " + i, rows.get(at - 1), rows::toString);
            assertEquals("", rows.get(at), "a clean typing row: " + rows);
            assertEquals("sim " + (i + 2) + ".5 s", term.belowCursor(), rows::toString);
            assertEquals(1, rows.stream().filter(r -> r.startsWith("sim ")).count(), "one status row: " + rows);
        }
    }

    @Test
    void finishClearsTheStatusRowAndLaterLinesArePlain() {
        status.status("sim 1.0 s");
        status.finish();
        status.printer().println("world-hash: 0123456789abcdef");
        List<String> rows = term.rows();
        assertTrue(rows.contains("world-hash: 0123456789abcdef"), rows::toString);
        assertFalse(rows.stream().anyMatch(r -> r.startsWith("sim ")), "the status outlived the session: " + rows);
        assertEquals("", term.cursorLine());
    }

    @Test
    void aWholeHeadlessSessionOnATerminalLeavesOnlyItsResults() throws IOException {
        Options options = new Options();
        options.stopAtNanos = 3_000_000_000L;
        options.frameTimes = FrameProfile.parse("steady:10");
        options.printHash = true;
        FakeTerminal screen = new FakeTerminal(6, 100);
        new HeadlessSession(options, MatchSetup.defaults(1).withUnits(40).withMapSize(32),
                new PrintStream(screen, true, StandardCharsets.UTF_8), StatusOutput.Mode.TERMINAL)
                .run(new ByteArrayInputStream(new byte[0]));
        List<String> shown = screen.rows().stream().filter(r -> !r.isEmpty()).toList();
        assertEquals(1, shown.size(), shown::toString);
        assertTrue(shown.get(0).matches("world-hash: [0-9a-f]{16}"), shown::toString);
    }
}
