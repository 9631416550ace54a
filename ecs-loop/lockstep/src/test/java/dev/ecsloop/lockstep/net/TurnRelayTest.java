package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The relay's stall rule around a rejoin, driven message by message on the relay itself (its channels are Netty's
 * embedded ones, its clock a manual one), so that the order of arrivals is exact rather than a race between sockets.
 */
class TurnRelayTest {

    static final int DELAY = 3;
    static final Duration STALL = Duration.ofSeconds(5);

    /** ann (seat 0, the host's player), bob and cy, with cy dropped after turn {@code dropAfter} and reconnected. */
    private static final class Rig {
        final ManualClock clock = new ManualClock();
        final Seats seats = new Seats(3, "ann");
        final Inbox annInbox = new Inbox();
        final EmbeddedChannel bob = new EmbeddedChannel();
        final EmbeddedChannel cy = new EmbeddedChannel();
        final EmbeddedChannel cyAgain = new EmbeddedChannel();
        final TurnRelay relay;
        final long[] sent = new long[3];

        Rig() {
            seats.take("bob", bob);
            seats.take("cy", cy);
            relay = new TurnRelay(PeerSettings.of("ann", "s", "b", "x").withStallTimeout(STALL).withClock(clock),
                    seats, annInbox, DELAY, DELAY);
            relay.start();
            java.util.Arrays.fill(sent, DELAY - 1L);
        }

        /** The seats send their batches up to {@code turn}, turn by turn in seat order (none gets ahead). */
        void sendTo(long turn, int... from) {
            for (long t = 0; t <= turn; t++) {
                for (int seat : from) {
                    if (t > sent[seat]) {
                        relay.fromSeat(seat, new Message.Turn(seat, t, List.of()));
                        sent[seat] = t;
                    }
                }
            }
        }

        /** cy's connection closed; it comes back on a new one and catches up. */
        void cyDropsAndReconnects() {
            relay.drop(2, "disconnected");
            seats.reseat(2, cyAgain);
            relay.reconnected(2, cyAgain);
        }

        /** @return every drop the host's own player was told of */
        List<Message.Drop> dropsToAnn() {
            List<Message.Drop> drops = new ArrayList<>();
            for (Message m : toAnn()) {
                if (m instanceof Message.Drop d) {
                    drops.add(d);
                }
            }
            return drops;
        }

        /** @return every message for the host's own player since the last call */
        List<Message> toAnn() {
            List<Message> all = new ArrayList<>();
            for (Message m = annInbox.poll(); m != null; m = annInbox.poll()) {
                all.add(m);
            }
            return all;
        }

        /** bob and cy drop; both come back on new connections and catch up, ann playing alone meanwhile. */
        EmbeddedChannel bothDropAndReconnect() {
            EmbeddedChannel bobAgain = new EmbeddedChannel();
            relay.drop(1, "disconnected");
            seats.reseat(1, bobAgain);
            relay.reconnected(1, bobAgain);
            cyDropsAndReconnects();
            return bobAgain;
        }

        /** @return the turn the relay told cy it plays again from, or -1 */
        long cyPlaysAgainFrom() {
            for (Object m = cyAgain.readOutbound(); m != null; m = cyAgain.readOutbound()) {
                if (m instanceof Message.Rejoined r && r.peer() == 2) {
                    sent[2] = r.fromTurn() - 1; // its first batch is for the turn it plays again from
                    return r.fromTurn();
                }
            }
            return -1;
        }
    }

    /**
     * Every seat stops sending at one turn (a match-wide pause took effect), and cy's {@code Ready}, sent before it
     * met the pause, arrives then: it plays again from a turn past the paused seats' batches. A pause longer than
     * the stall timeout must drop nobody: the paused seats hold nobody back, the rejoined one has sent nothing yet.
     * (The rule used to count cy's answered turn as the newest batch, and dropped ann and bob as stalled.)
     */
    @Test
    void aRejoinAnsweredDuringAPausePastThePausedSeatsDropsNobodyHowEverLongThePause() {
        Rig rig = new Rig();
        rig.sendTo(20, 0, 1, 2);
        rig.cyDropsAndReconnects();
        rig.sendTo(24, 0, 1); // both paused here: no batch comes until the resume
        rig.relay.fromSeat(2, new Message.Ready(2, 24));
        assertEquals(24 + DELAY, rig.cyPlaysAgainFrom(), "cy is answered past the paused seats' batches");
        rig.dropsToAnn();
        for (int i = 0; i < 60; i++) {
            rig.clock.advance(Duration.ofSeconds(1));
            rig.relay.dropStalled(rig.clock.nanoTime());
        }
        assertEquals(List.of(), rig.dropsToAnn(), "a minute's pause dropped someone; " + rig.seats.log());
        assertArrayEquals(new boolean[] {true, true, true}, rig.relay.playing());
        rig.sendTo(30, 0, 1, 2); // the resume: everyone sends again, cy from the turn it was given
        rig.clock.advance(STALL.multipliedBy(2));
        rig.relay.dropStalled(rig.clock.nanoTime());
        assertEquals(List.of(), rig.dropsToAnn(), rig.seats.log().toString());
    }

    /**
     * The exemption lasts only until others pass the rejoined seat: one that was answered and then sends nothing
     * while the others play on is dropped as stalled, as any seat is.
     */
    @Test
    void aRejoinedSeatThatNeverSendsIsStillDroppedOnceTheOthersPassIt() {
        Rig rig = new Rig();
        rig.sendTo(20, 0, 1, 2);
        rig.cyDropsAndReconnects();
        rig.relay.fromSeat(2, new Message.Ready(2, 20));
        long from = rig.cyPlaysAgainFrom();
        assertEquals(20 + DELAY, from);
        rig.sendTo(from, 0, 1); // past cy's frontier (from - 1), as far as the slowest seat's allows
        rig.dropsToAnn();
        rig.clock.advance(STALL.plusSeconds(1));
        rig.relay.dropStalled(rig.clock.nanoTime());
        List<Message.Drop> drops = rig.dropsToAnn();
        assertEquals(1, drops.size(), drops.toString());
        assertEquals(2, drops.get(0).peer(), "the silent rejoiner is the one that holds the game back");
        assertTrue(drops.get(0).reason().startsWith("stalled"), drops.get(0).reason());
    }

    /**
     * A rejoiner that leaves before it plays again (a late joiner whose --seconds had passed, a crash during the
     * catch-up) is reported to every peer as a seat that left, and changes no book: the others play on.
     */
    @Test
    void aSeatThatLeavesWhileCatchingUpIsReportedToEveryPeerAndChangesNothingElse() {
        Rig rig = new Rig();
        rig.sendTo(20, 0, 1, 2);
        rig.cyDropsAndReconnects();
        rig.sendTo(22, 0, 1);
        rig.dropsToAnn();
        while (rig.bob.readOutbound() != null) {
            continue; // what bob was sent so far
        }
        rig.relay.fromSeat(2, new Message.Leave("its --seconds had \u001b[2J passed"));
        List<Message.Drop> toAnn = rig.dropsToAnn();
        assertEquals(1, toAnn.size(), toAnn.toString());
        assertEquals(2, toAnn.get(0).peer());
        assertEquals("its --seconds had ?[2J passed, while catching up", toAnn.get(0).reason());
        Object toBob = rig.bob.readOutbound();
        assertEquals(toAnn.get(0), toBob, "bob is told too");
        assertArrayEquals(new boolean[] {true, true, false}, rig.relay.playing());
        rig.sendTo(30, 0, 1); // no protocol error: the books did not move
        assertEquals(List.of(), rig.dropsToAnn(), rig.seats.log().toString());
        rig.relay.fromSeat(2, new Message.Ready(2, 30)); // gone: a late Ready from it changes nothing
        assertEquals(-1, rig.cyPlaysAgainFrom());
    }

    /**
     * A seat holder that reconnects and leaves during each catch-up is reported to the peers once, not once per
     * attempt; once it plays again, its next departure is reported again.
     */
    @Test
    void aSeatThatLeavesDuringEveryCatchUpIsReportedOnceUntilItPlaysAgain() {
        Rig rig = new Rig();
        rig.sendTo(20, 0, 1, 2);
        rig.cyDropsAndReconnects();
        rig.dropsToAnn();
        for (int attempt = 0; attempt < 5; attempt++) {
            if (attempt > 0) {
                rig.seats.reseat(2, rig.cyAgain);
                rig.relay.reconnected(2, rig.cyAgain);
            }
            rig.relay.fromSeat(2, new Message.Leave("crashed"));
        }
        List<Message.Drop> told = rig.dropsToAnn();
        assertEquals(1, told.size(), told.toString());
        assertEquals("crashed, while catching up", told.get(0).reason());
        assertEquals(5, rig.seats.log().stream().filter(l -> l.startsWith("cy left: crashed, while catching up"))
                .count(), "the host's log has every attempt: " + rig.seats.log());
        rig.seats.reseat(2, rig.cyAgain);
        rig.relay.reconnected(2, rig.cyAgain);
        rig.relay.fromSeat(2, new Message.Ready(2, 20));
        assertTrue(rig.cyPlaysAgainFrom() > 0, "cy never played again");
        rig.relay.drop(2, "disconnected");
        rig.seats.reseat(2, rig.cyAgain);
        rig.relay.reconnected(2, rig.cyAgain);
        rig.dropsToAnn();
        rig.relay.fromSeat(2, new Message.Leave("crashed again"));
        told = rig.dropsToAnn();
        assertEquals(1, told.size(), "after playing again, a departure is news again: " + told);
        assertEquals("crashed again, while catching up", told.get(0).reason());
    }

    /**
     * With ann (the host's player) playing alone, the relay's copy of her batches says nothing of what she has
     * completed: she completes every turn she sends, and her batches reach the relay whenever the host's event loop
     * runs them (on a loaded machine, more than the delay late: she then refused the relay's answer, a turn she had
     * completed). So the relay asks her, answers nobody else meanwhile, and passes on the turn she named, behind the
     * batches she sent before it; the next seat is then answered by the frontiers, ann and cy both playing.
     */
    @Test
    void aLoneHostsPlayerNamesTheTurnAndNoOtherSeatIsAnsweredMeanwhile() {
        Rig rig = new Rig();
        rig.sendTo(20, 0, 1, 2);
        EmbeddedChannel bobAgain = rig.bothDropAndReconnect();
        rig.sendTo(25, 0);
        rig.toAnn();
        rig.relay.fromSeat(2, new Message.Ready(2, 25));
        rig.relay.fromSeat(1, new Message.Ready(1, 25));
        assertEquals(List.of(new Message.RejoinTurnWanted(2)), rig.toAnn(), "ann is asked about cy alone");
        assertEquals(-1, rig.cyPlaysAgainFrom(), "cy was answered before ann named the turn");
        rig.sendTo(31, 0); // ann's batches on their way when she answered, past 25 + DELAY
        rig.relay.fromSeat(0, new Message.Rejoined(2, 31 + DELAY));
        assertEquals(31 + DELAY, rig.cyPlaysAgainFrom());
        List<Message> toAnn = rig.toAnn();
        assertEquals(List.of(new Message.Rejoined(1, 31 + DELAY)), toAnn,
                "ann is not told her own answer, and bob is answered by the frontiers (ann's 31, cy's 33)");
        List<Object> toBob = new ArrayList<>();
        for (Object m = bobAgain.readOutbound(); m != null; m = bobAgain.readOutbound()) {
            toBob.add(m);
        }
        assertTrue(toBob.contains(new Message.Rejoined(2, 31 + DELAY)), "bob, catching up, learns cy's: " + toBob);
        assertTrue(toBob.contains(new Message.Rejoined(1, 31 + DELAY)), toBob.toString());
        assertArrayEquals(new boolean[] {true, true, true}, rig.relay.playing());
    }

    /**
     * A seat that leaves while ann names its turn may be playing again in her book already: it plays again at her
     * turn on every peer and is dropped there at once, so that every book agrees with hers; nothing is told before.
     */
    @Test
    void aSeatThatLeavesWhileTheHostNamesItsTurnPlaysAgainThereAndIsDroppedAtOnce() {
        Rig rig = new Rig();
        rig.sendTo(20, 0, 1, 2);
        rig.relay.drop(1, "disconnected");
        rig.cyDropsAndReconnects();
        rig.sendTo(25, 0);
        rig.toAnn();
        rig.relay.fromSeat(2, new Message.Ready(2, 25));
        assertEquals(List.of(new Message.RejoinTurnWanted(2)), rig.toAnn());
        rig.relay.leftWhileCatchingUp(2, "disconnected");
        rig.relay.fromSeat(2, new Message.Leave("crashed")); // gone already: its first reason stands
        assertEquals(List.of(), rig.toAnn(), "the peers are told nothing before ann's answer");
        rig.relay.fromSeat(0, new Message.Rejoined(2, 25 + DELAY));
        List<Message.Drop> drops = rig.dropsToAnn();
        assertEquals(List.of(new Message.Drop(2, 25 + DELAY, "disconnected, while catching up")), drops);
        assertArrayEquals(new boolean[] {true, false, false}, rig.relay.playing());
        rig.sendTo(40, 0); // ann plays on alone, and her book agrees with the relay's
        assertEquals(List.of(), rig.dropsToAnn(), rig.seats.log().toString());
    }

    /** A seat that stops sending while the others go on is dropped once the stall timeout passes, not before. */
    @Test
    void aSeatThatHoldsTheGameBackIsDroppedOnlyPastTheStallTimeout() {
        Rig rig = new Rig();
        rig.sendTo(8, 0, 1, 2);
        rig.sendTo(10, 0, 1);
        rig.clock.advance(STALL);
        rig.relay.dropStalled(rig.clock.nanoTime());
        assertEquals(List.of(), rig.dropsToAnn(), "dropped at the timeout, not past it");
        rig.clock.advance(1);
        rig.relay.dropStalled(rig.clock.nanoTime());
        List<Message.Drop> drops = rig.dropsToAnn();
        assertEquals(1, drops.size(), drops.toString());
        assertEquals(2, drops.get(0).peer());
        assertEquals(9, drops.get(0).fromTurn(), "its inputs end after its last batch");
    }
}
