package dev.ecsloop.demo.window;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CommandHistoryTest {

    @Test
    void upWalksBackAndDownReturnsToTheDraft() {
        CommandHistory h = new CommandHistory();
        h.add("pause");
        h.add("rate Ai 10");
        assertEquals("rate Ai 10", h.up("sta"));
        assertEquals("pause", h.up("rate Ai 10"));
        assertEquals("pause", h.up("pause"), "stays on the oldest");
        assertEquals("rate Ai 10", h.down("pause"));
        assertEquals("sta", h.down("rate Ai 10"), "past the newest comes the draft back");
        assertEquals("sta", h.down("sta"));
    }

    @Test
    void blankAndRepeatedLinesAreNotStored() {
        CommandHistory h = new CommandHistory();
        h.add("step");
        h.add("step ");
        h.add("   ");
        assertEquals(1, h.size());
    }

    @Test
    void emptyHistoryLeavesTheLineAlone() {
        assertEquals("x", new CommandHistory().up("x"));
    }

    @Test
    void oldestEntriesAreDroppedAtTheLimit() {
        CommandHistory h = new CommandHistory();
        for (int i = 0; i < CommandHistory.LIMIT + 5; i++) {
            h.add("step " + i);
        }
        assertEquals(CommandHistory.LIMIT, h.size());
        String oldest = "";
        for (int i = 0; i < CommandHistory.LIMIT + 5; i++) {
            oldest = h.up(oldest);
        }
        assertEquals("step 5", oldest);
    }
}
