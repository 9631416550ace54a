package dev.ecsloop.lockstep.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A refused setup names the words that differ, so a flag given on one side only shows at once. */
class SetupDiffTest {

    static final String HOST = "demo-rts/2 units=2000 seed=1 controls=host | lockstep turn=50000000ns delay=3";

    @Test
    void aFlagOnlyTheHostGaveIsNamed() {
        assertEquals("another setup: the host's has 'controls=host', yours does not (the host plays '" + HOST + "')",
                SetupDiff.refusal(HOST, "demo-rts/2 units=2000 seed=1 | lockstep turn=50000000ns delay=3"));
    }

    @Test
    void aFlagOnlyTheJoinerGaveIsNamed() {
        String host = "demo-rts/2 units=2000 | lockstep delay=3";
        assertEquals("another setup: yours has 'controls=host', the host's does not (the host plays '" + host + "')",
                SetupDiff.refusal(host, "demo-rts/2 units=2000 controls=host | lockstep delay=3"));
    }

    @Test
    void valuesThatDifferAreNamedOnBothSidesInTheirOrder() {
        assertEquals("another setup: the host's has 'units=2000 delay=3' where yours has 'units=200 delay=4' (the host"
                        + " plays '" + HOST + "')",
                SetupDiff.refusal(HOST, "demo-rts/2 units=200 seed=1 controls=host | lockstep turn=50000000ns delay=4"));
    }

    @Test
    void theSameWordsInAnotherOrderShowBothWholeSetups() {
        assertEquals("another setup: the host plays 'a b', you asked for 'b  a'", SetupDiff.refusal("a b", "b  a"));
    }

    @Test
    void aWordTwiceOnOneSideCountsTwice() {
        assertEquals("another setup: the host's has 'x', yours does not (the host plays 'x x y')",
                SetupDiff.refusal("x x y", "x y"));
    }
}
