package dev.ecsloop.demo.sim;

import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The typed orders answer with what they did, in numbers, and refuse what is off the map. */
class GameCommandsTest {

    private static final long FRAME = 1_000_000_000L / 60;

    private final ManualClock clock = new ManualClock();
    private final RtsGame game = RtsGame.create(MatchSetup.defaults(3).withUnits(200).withMapSize(64), clock, false);

    private String run(String line) {
        List<String> out = new ArrayList<>();
        game.console().execute(line, out::add);
        assertEquals(1, out.size(), "one line per command: " + out);
        return out.get(0);
    }

    private void frames(int n) {
        for (int i = 0; i < n; i++) {
            clock.advance(FRAME);
            game.frame();
        }
    }

    private int selectedNow() {
        FrameView v = game.snapshot(new FrameView());
        int n = 0;
        for (int i = 0; i < v.count; i++) {
            n += v.selected[i] ? 1 : 0;
        }
        return n;
    }

    @Test
    void selectSaysHowManyUnitsItSelectedAndTheTickAgrees() {
        frames(2);
        String reply = run("select 0 0 64 64");
        assertEquals("selected 100 units in (0, 0)-(64, 64)", reply, "all of team 0, half of 200");
        frames(3);
        assertEquals(100, selectedNow(), "the orders tick selected what the reply said");
    }

    @Test
    void aMoveRightAfterASelectCountsTheSelectionStillWaitingForItsTick() {
        frames(1);
        run("select 0 0 64 64");
        assertEquals("moving 100 units to (32, 40)", run("move 32 40"));
        frames(3);
        assertEquals("attack-moving 100 units to (10.5, 20)", run("attack 10.5 20"));
    }

    /**
     * Helper-14: in a match a select is applied at its turn, an input delay on, and a move typed a few frames after
     * it answered "no units selected" (the count stood only until the next frame's orders tick).
     */
    @Test
    void inAMatchTheSelectionCountStandsUntilItsTurn() {
        long delay = 150_000_000L;
        // a sink that never posts, as a match's does before the turn: the selection never lands here
        game.playAs(0, (type, code, x, y, z, w) -> game.loop().simulatedNanos() + delay);
        frames(1);
        assertEquals("selected 100 units in (0, 0)-(64, 64)", run("select 0 0 64 64"));
        frames(3);
        assertEquals(0, selectedNow(), "nothing posted the select");
        assertEquals("moving 100 units to (32, 40)", run("move 32 40"), "the select's turn is still to come");
        frames(10);
        assertEquals("no units selected: nothing to order (select some first)", run("move 32 40"),
                "past its turn the count is the world's (here the select never came)");
    }

    @Test
    void anOrderWithNothingSelectedSaysSo() {
        frames(1);
        assertEquals("no units selected: nothing to order (select some first)", run("move 5 5"));
    }

    @Test
    void coordinatesOffTheMapAreRefusedWithTheMapSizeAndNothingIsPosted() {
        frames(1);
        run("select 0 0 64 64");
        frames(3);
        String reply = run("move 999 999");
        assertEquals("error: <x> 999 is off the map, which is 64 x 64 cells: x from 0 to 64", reply);
        assertTrue(run("select -1 0 5 5").startsWith("error: <x0> -1 is off the map, which is 64 x 64 cells"));
        assertTrue(run("attack 3 65").startsWith("error: <y> 65 is off the map, which is 64 x 64 cells: y from 0"));
        assertEquals(100, selectedNow(), "the refused select changed nothing");
    }

    @Test
    void aTypoGetsTheNearestCommand() {
        assertEquals("error: unknown command 'slect' (did you mean 'select'? try 'help')", run("slect 0 0 1 1"));
        assertEquals("error: unknown command 'mvoe' (did you mean 'move'? try 'help')", run("mvoe 1 1"));
    }

    @org.junit.jupiter.api.Test
    void workersNamesTheThreadCount() {
        assertEquals("workers: 1 (movement, combat's target searches, fog and pathfinding run in parallel; the"
                + " result is the same at any count)", run("workers"));
        RtsGame two = RtsGame.create(MatchSetup.defaults(3).withUnits(200).withMapSize(64), clock, false,
                dev.ecsloop.time.Clock.system(), 2);
        List<String> out = new ArrayList<>();
        two.console().execute("workers", out::add);
        two.loop().close();
        assertEquals(List.of("workers: 2 (movement, combat's target searches, fog and pathfinding run in parallel;"
                + " the result is the same at any count)"), out);
    }
}
