package dev.ecsloop.lockstep;

import dev.ecsloop.AllocationMeter;
import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The input delay without sockets, on a host playing alone: its changes ride in its own turns and apply from the
 * turn after the one they arrive in; the batches it sends stay gapless while the delay rises and falls; a change
 * from another seat, or outside the floor and ceiling, is ignored or moved inside; a game cannot submit the
 * reserved type; a frame within a turn still allocates nothing.
 */
class InputDelayTest {

    static final LockstepConfig ADAPTIVE = new LockstepConfig(50_000_000L, 2, 10).withAdaptiveDelay(1, 6);

    @Test
    void aHostAloneSwitchesAtTheAnnouncedTurnAndSendsEveryTurnOnce() {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        SilentLink silent = new SilentLink("solo");
        LockstepSession[] session = new LockstepSession[1];
        // 260 ms for turns 0-39 (6 turns: the ceiling, a budget of 250 ms), then 4 ms (2 turns with a budget of 12
        // ms: 4 + 1 of margin + 6.25 of spare, rounded up; once the window has emptied)
        ScriptedRoundTrip link = new ScriptedRoundTrip(silent, () -> session[0],
                turn -> turn < 40 ? 260_000_000L : 4_000_000L);
        session[0] = ScriptedRoundTrip.start(game.loop(), game.inputs(), link, ADAPTIVE);
        List<String> reports = new java.util.ArrayList<>();
        session[0].onReport(reports::add);
        session[0].endAt(400); // the fall comes once the 240 turns of the window hold no slow reading
        while (!session[0].ended()) {
            session[0].poll();
            clock.advance(16_666_667L);
            game.loop().frame();
        }
        List<DelayChange> changes = session[0].delayChanges();
        assertEquals(List.of(6, 2), changes.stream().map(DelayChange::delay).toList(), changes + " " + reports);
        assertEquals(List.of("input delay 2 -> 6 turns (budget 250 ms) from turn " + changes.get(0).fromTurn(),
                "input delay 6 -> 2 turns (budget 12 ms) from turn " + changes.get(1).fromTurn()), reports);
        long expect = ADAPTIVE.inputDelay();
        int announced = 0;
        for (Message m : silent.sent) {
            if (!(m instanceof Message.Turn t)) {
                continue; // its checkpoint hashes
            }
            assertEquals(expect++, t.turn(), "a gap or a repeat in the turns sent");
            announced += (int) t.commands().stream().filter(c -> c.type() == InputDelay.TYPE).count();
        }
        assertEquals(2, announced, "each change announced once");
        assertTrue(game.commands().seen.isEmpty(), "a delay change reached the game: " + game.commands().seen);
        assertEquals(2, session[0].inputDelay());
    }

    @Test
    void aChangeFromAnotherSeatIsIgnoredAndOneOutOfRangeMovedInside() {
        ManualClock clock = new ManualClock();
        GameLoop loop = TestPeer.build(clock).loop();
        SilentLink link = new SilentLink("ann", "bob");
        InputDelay delay = new InputDelay(ADAPTIVE, loop, link,
                new Lateness(loop, ADAPTIVE.turnNanos(), 0, LatenessTest.seats(2)));
        CommandFilter rule = delay.around(CommandFilter.ALL);
        assertNull(rule.admit(1, new Command(Lateness.REPORT_TYPE, 5, 0, 0, 0, 0)),
                "a lateness report reached the game");
        assertNull(rule.admit(1, new Command(InputDelay.TYPE, 5, 0, 0, 0, 0)));
        assertEquals(2, delay.at(1), "bob set the delay");
        assertNull(rule.admit(0, new Command(InputDelay.TYPE, 99, 0, 0, 0, 0)));
        assertEquals(List.of(new DelayChange(1, 6)), delay.changes());
        assertEquals(2, delay.at(0), "the turn the change arrived in keeps its delay");
        assertEquals(6, delay.at(1));
        assertNull(rule.admit(0, new Command(InputDelay.TYPE, -7, 0, 0, 0, 0)));
        assertEquals(1, delay.at(1));
        Command order = new Command(1, 0, 3, 4, 0, 0);
        assertEquals(order, rule.admit(1, order), "a game's command passes untouched");
    }

    @Test
    void aGameCannotSubmitTheReservedTypes() {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        LockstepSession session = ScriptedRoundTrip.start(game.loop(), game.inputs(), new SilentLink("solo"), ADAPTIVE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> session.submit(new Command(Command.GAME_TYPES - 1, 3, 0, 0, 0, 0)));
        assertTrue(e.getMessage().startsWith("command type -2147483393 is reserved for the session"), e.getMessage());
        assertEquals(ADAPTIVE.inputDelay(), session.submit(new Command(Command.GAME_TYPES, 3, 0, 0, 0, 0)));
    }

    @Test
    void anAdaptiveHostsFrameWithinATurnAllocatesNothing() {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        SilentLink silent = new SilentLink("solo");
        LockstepSession[] session = new LockstepSession[1];
        ScriptedRoundTrip link = new ScriptedRoundTrip(silent, () -> session[0], turn -> 15_000_000_000L);
        session[0] = ScriptedRoundTrip.start(game.loop(), game.inputs(), link,
                new LockstepConfig(10_000_000_000L, 1, 1).withAdaptiveDelay(1, 4));
        session[0].poll(); // the first turn's reading and the change it calls for
        int sent = silent.sent.size();
        Runnable frames = () -> {
            for (int i = 0; i < 100; i++) {
                session[0].poll();
                clock.advance(1_000_000L);
                game.loop().frame();
            }
        };
        assertEquals(0, AllocationMeter.steadyStateBytes(frames, 5));
        assertEquals(0, session[0].turn(), "the rounds stayed within the first turn");
        assertEquals(sent, silent.sent.size(), "nothing more to send within a turn");
    }
}
