package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A player that sends an input delay change of its own, over a real socket: the host's session meets it at its
 * turn and ignores it (only the host sets the delay, on every peer alike), the match goes on, and the player's
 * other commands still reach the game.
 */
class RogueDelayTest {

    @Test
    void aDelayChangeFromAPlayerIsIgnored() throws Exception {
        LockstepConfig rules = new LockstepConfig(50_000_000L, 2, 10).withAdaptiveDelay(1, 6);
        String setup = rules.setup("rogue-delay");
        try (LockstepHost host = LockstepHost.open(PeerSettings.of("host", Match.SECRET, "b", setup),
                InetAddress.getLoopbackAddress(), 0, 2, rules);
             RawPeer rogue = RawPeer.connect(host.port())) {
            assertInstanceOf(Message.Welcome.class, rogue.join(Match.SECRET, "b", setup, "rogue", Codec.VERSION));
            PeerLink local = host.awaitStart(Duration.ofSeconds(10));
            ManualClock clock = new ManualClock();
            TestPeer.Game game = TestPeer.build(clock);
            LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), local, rules);
            // The host's own readings call for 2 turns throughout (a budget of 48 ms), so any change would be the
            // rogue's: what it measured of a peer writing all its turns at once is not what this test is about.
            session.scriptLateness(turn -> 40_000_000L);
            List<String> reports = new ArrayList<>();
            session.onReport(reports::add);
            session.endAt(6);
            for (long t = 2; t <= 7; t++) {
                List<Command> commands = t == 3 ? List.of(new Command(InputDelay.TYPE, 9, 0, 0, 0, 0),
                        new Command(InputDelay.TYPE, 1, 0, 0, 0, 0), new Command(1, 1, 5, 5, 0, 0)) : List.of();
                rogue.write(new Message.Turn(1, t, commands));
            }
            for (int i = 0; i < 2_000 && !session.ended() && session.stopReason() == null; i++) {
                session.poll(TimeUnit.MILLISECONDS.toNanos(10));
                clock.advance(16_666_667L);
                game.loop().frame();
            }
            assertNull(session.stopReason(), reports.toString());
            assertTrue(session.ended(), "the match did not reach its end: " + session.line());
            assertEquals(List.of(), session.delayChanges(), "a player set the delay");
            assertEquals(2, session.inputDelay());
            assertEquals(List.of(), reports);
            assertEquals(1, game.commands().seen.size(), "the rogue's order: " + game.commands().seen);
            assertEquals(3 * rules.turnNanos(), game.commands().seen.get(0).eventSimNanos());
        }
    }
}
