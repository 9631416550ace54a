package dev.ecsloop.demo.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.sim.AiSystem;
import dev.ecsloop.demo.sim.AnimationSystem;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.OrderEvents;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.lockstep.Command;
import dev.ecsloop.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The match's command rule on its own: a control's value crosses exactly, orders count only for the sender's
 * team, and what a hostile peer can put in a control (malformed fields, a rate the command line refuses, a system
 * every frame, a time scale that would stop the match for good) is refused with one line, changing nothing.
 */
class MatchControlsTest {

    final RtsGame game = RtsGame.create(new MatchSetup(20, 5, 32, 5_000, List.of()), new ManualClock(), false);
    final List<String> lines = new ArrayList<>();
    final MatchControls rule = new MatchControls(game.loop(), 50_000_000L, List.of("ann", "bob"), SeatTeams.BY_SEAT,
            false, lines::add);

    @Property
    void aControlsValueCrossesExactly(@ForAll double value) {
        assertEquals(Double.doubleToRawLongBits(value),
                Double.doubleToRawLongBits(MatchControls.value(MatchControls.encode(MatchControls.RATE, 3, value))));
    }

    @Test
    void ordersCountOnlyForTheSendersTeamAndTheFirstForgeryIsSaidOnce() {
        Command own = new Command(OrderEvents.MOVE, 1, 5, 5, 0, 0);
        Command forged = new Command(OrderEvents.MOVE, 0, 5, 5, 0, 0);
        assertSame(own, rule.admit(1, own));
        assertNull(rule.admit(1, forged));
        assertNull(rule.admit(1, forged));
        assertEquals(List.of("ignored bob's orders for team 0: seat 1 commands team 1"), lines);
    }

    @Test
    void withHostOnlyControlsAnotherSeatsControlsAreRefusedAndTheHostsApply() {
        MatchControls hostOnly = new MatchControls(game.loop(), 50_000_000L, List.of("ann", "bob"), SeatTeams.BY_SEAT,
                true, lines::add);
        int ai = game.loop().systems().indexOf(AiSystem.class);
        double scale = game.loop().timeScale();
        assertNull(hostOnly.admit(1, MatchControls.encode(MatchControls.RATE, ai, 2)));
        assertNull(hostOnly.admit(1, MatchControls.encode(MatchControls.TIMESCALE, 0, 0.5)));
        assertNull(hostOnly.admit(1, MatchControls.encode(MatchControls.PAUSE, 0, 0)));
        String refused = "ignored bob's control: " + MatchControls.HOST_ONLY;
        assertEquals(List.of(refused, refused, refused), lines);
        assertEquals(scale, game.loop().timeScale());
        assertFalse(game.loop().isPaused());
        assertNull(hostOnly.admit(0, MatchControls.encode(MatchControls.RATE, ai, 2)));
        assertEquals(2.0, game.loop().system(AiSystem.class).rate(), lines.toString());
        assertNull(hostOnly.admit(0, MatchControls.encode(MatchControls.PAUSE, 0, 0)));
        assertTrue(game.loop().isPaused());
        assertEquals("ann: pause (resume: 'resume' on the host) at turn 0", lines.get(lines.size() - 1));
        Command order = new Command(OrderEvents.MOVE, 1, 5, 5, 0, 0);
        assertSame(order, hostOnly.admit(1, order), "orders are every player's");
    }

    @Test
    void theWindowGreysTheLoopControlsOutForWhomTheyAreRefusedAndSaysWhy() {
        MatchControls hostOnly = new MatchControls(game.loop(), 50_000_000L, List.of("ann", "bob"), SeatTeams.BY_SEAT,
                true, lines::add);
        assertNull(hostOnly.loopRefusal(0), "the host changes the loop");
        assertEquals(MatchControls.HOST_ONLY, hostOnly.loopRefusal(1));
        assertEquals(MatchControls.SPECTATOR, hostOnly.loopRefusal(-1));
        assertNull(rule.loopRefusal(1), "every player changes the loop by default");
        assertEquals(MatchControls.SPECTATOR, rule.loopRefusal(-1));
    }

    @Test
    void hostileControlsAreRefusedInOneLineAndChangeNothing() {
        int ai = game.loop().systems().indexOf(AiSystem.class);
        double rate = game.loop().system(AiSystem.class).rate();
        double scale = game.loop().timeScale();
        List<Command> hostile = List.of(
                new Command(MatchControls.TYPE, MatchControls.RATE << 8 | ai, Float.NaN, 0, 0, 0),
                new Command(MatchControls.TYPE, MatchControls.RATE << 8 | ai, 1.5f, 0, 0, 0),
                new Command(MatchControls.TYPE, MatchControls.RATE << 8 | 200, 0, 0, 0, 0),
                MatchControls.encode(MatchControls.RATE, ai, 1e9),
                MatchControls.encode(MatchControls.TIMESCALE, 0, 0),
                MatchControls.encode(MatchControls.TIMESCALE, 0, Double.POSITIVE_INFINITY),
                MatchControls.encode(MatchControls.EVERY_FRAME, ai, 0),
                MatchControls.encode(77, 0, 1));
        for (Command c : hostile) {
            assertNull(rule.admit(1, c));
        }
        assertEquals(hostile.size(), lines.size(), lines.toString());
        assertTrue(lines.stream().allMatch(l -> l.startsWith("ignored bob's control: ")), lines.toString());
        assertEquals(rate, game.loop().system(AiSystem.class).rate());
        assertEquals(scale, game.loop().timeScale());
        assertTrue(lines.contains("ignored bob's control: " + MatchControls.everyFrameRefused(AiSystem.class)), lines.toString());
    }

    @Test
    void aDrawingOnlySystemGoesBackToEveryFrameOnAPeersControlAndASimulationSystemDoesNot() {
        int anim = game.loop().systems().indexOf(AnimationSystem.class);
        assertNull(rule.admit(1, MatchControls.encode(MatchControls.RATE, anim, 20)));
        assertEquals(20.0, game.loop().system(AnimationSystem.class).rate());
        assertNull(rule.admit(1, MatchControls.encode(MatchControls.EVERY_FRAME, anim, 0)));
        assertTrue(game.loop().system(AnimationSystem.class).isEveryFrame(), lines.toString());
        assertNull(rule.admit(1, MatchControls.encode(MatchControls.EVERY_FRAME, anim, 3)), "a value it never carries");
        int ai = game.loop().systems().indexOf(AiSystem.class);
        double rate = game.loop().system(AiSystem.class).rate();
        assertNull(rule.admit(1, MatchControls.encode(MatchControls.EVERY_FRAME, ai, 0)));
        assertEquals(rate, game.loop().system(AiSystem.class).rate());
        assertEquals(List.of("bob: rate AnimationSystem 20 Hz", "bob: rate AnimationSystem every frame",
                "ignored bob's control: malformed control",
                "ignored bob's control: " + MatchControls.everyFrameRefused(AiSystem.class)), lines.stream()
                .map(l -> l.replaceAll(" at turn \\d+$", "")).toList());
    }

    @Test
    void onlyTheHostCountsSpectatorsAndOnlyFrom0To16() {
        assertNull(rule.admit(0, MatchControls.encode(MatchControls.AUDIENCE, 0, 2)));
        assertEquals(2, rule.spectators());
        assertEquals(List.of(), lines, "a count is shown in the counters, not said");
        for (Command c : List.of(MatchControls.encode(MatchControls.AUDIENCE, 0, 5),
                MatchControls.encode(MatchControls.AUDIENCE, 0, 17), MatchControls.encode(MatchControls.AUDIENCE, 0,
                        1.5), MatchControls.encode(MatchControls.AUDIENCE, 0, -1))) {
            assertNull(rule.admit(1, c));
        }
        assertNull(rule.admit(0, MatchControls.encode(MatchControls.AUDIENCE, 0, 17)));
        assertEquals(2, rule.spectators(), "a forged or impossible count changed the counters");
        assertEquals(5, lines.size(), lines.toString());
        assertTrue(lines.stream().allMatch(l -> l.contains("'s control: only the host counts spectators, 0 to 16")),
                lines.toString());
    }

    @Test
    void aRateChangeAppliesAndIsSaidWithItsSender() {
        int ai = game.loop().systems().indexOf(AiSystem.class);
        assertNull(rule.admit(0, MatchControls.encode(MatchControls.RATE, ai, 2)));
        assertEquals(2.0, game.loop().system(AiSystem.class).rate());
        assertEquals(List.of("ann: rate AiSystem 2 Hz at turn 0"), lines);
    }
}
