package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Message;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The turn the host's player names for a rejoiner while it plays alone ({@link OwnTurns#nameRejoinTurn}), against
 * the books that hold its batches in the relay's order: the relay's and the rejoiner's. Its batches leave through
 * its link (booked at once, or sent by the late-frame cover and booked later) and reach the relay any time after;
 * the answer goes behind them. Whatever is on its way, every book accepts the turn, and play goes on from it.
 */
class HostNamedRejoinProperties {

    private static final String[] NAMES = {"ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"};

    /** The books that take ann's messages in the relay's order, and how many of them have arrived. */
    private static final class RelayOrder {
        final TurnBook relay;
        final TurnBook rejoiner;
        int arrived;

        RelayOrder(int seats, int delay, int ahead) {
            relay = new TurnBook(seats, delay, ahead, false);
            rejoiner = new TurnBook(seats, delay, ahead, false);
        }

        /** The next message ann sent reaches the relay, which passes it on to the rejoiner. */
        void arrive(List<Message> sent) {
            Message m = sent.get(arrived++);
            for (TurnBook book : List.of(relay, rejoiner)) {
                if (m instanceof Message.Turn t) {
                    book.accept(t.peer(), t.turn(), t.commands());
                } else if (m instanceof Message.Rejoined r) {
                    book.rejoin(r.peer(), r.fromTurn());
                }
            }
        }
    }

    @Property(tries = 1000)
    void everyBookHoldingTheHostsBatchesInTheRelaysOrderAcceptsTheTurnItNames(
            @ForAll @IntRange(min = 2, max = 8) int seats, @ForAll @IntRange(min = 1, max = 6) int ahead,
            @ForAll @IntRange(min = 1, max = 6) int delayPick, @ForAll @IntRange(min = 0, max = 300) int steps,
            @ForAll long seed) {
        int delay = Math.min(delayPick, ahead);
        Random r = new Random(seed);
        TurnBook ann = new TurnBook(seats, delay, ahead, false);
        ScriptedLink link = new ScriptedLink(0, false, java.util.Arrays.copyOf(NAMES, seats));
        OwnTurns own = new OwnTurns(link, ann);
        RelayOrder order = new RelayOrder(seats, delay, ahead);
        for (int s = 1; s < seats; s++) {
            for (TurnBook book : List.of(ann, order.relay, order.rejoiner)) {
                book.drop(s, delay);
            }
        }
        for (int step = 0; step < steps; step++) {
            switch (r.nextInt(3)) {
                case 0 -> own.sendUpTo(Math.min(ann.sendLimit(), ann.completed() + 1 + r.nextInt(delay)));
                case 1 -> { // the cover sends from its thread; the loop books it later
                    if (own.nextTurn() <= ann.sendLimit()) {
                        own.send(own.nextTurn());
                    }
                }
                default -> {
                    if (order.arrived < link.sent.size()) {
                        order.arrive(link.sent);
                    }
                }
            }
        }
        long relayAnswer = order.relay.received(0) + ahead; // what the relay used to answer from its copy
        long from = own.nameRejoinTurn(1);
        boolean oldRefused = relayAnswer <= ann.completed();
        Statistics.collect(oldRefused ? "the relay's own answer would be refused" : "the relay's would pass");
        ann.rejoin(1, from); // as the session applies it; throws if ann refuses her own answer
        assertEquals(new Message.Rejoined(1, from), link.sent.get(link.sent.size() - 1), "the answer goes last");
        while (order.arrived < link.sent.size()) {
            order.arrive(link.sent); // throws if the relay or the rejoiner refuses it
        }
        // Play goes on: ann up to what bob's frontier allows, bob from the named turn; every book takes both.
        own.sendUpTo(ann.sendLimit());
        while (order.arrived < link.sent.size()) {
            order.arrive(link.sent);
        }
        for (long t = from; t < from + ahead; t++) {
            for (TurnBook book : List.of(ann, order.relay, order.rejoiner)) {
                book.accept(1, t, List.of());
            }
        }
        own.sendUpTo(ann.sendLimit());
        while (order.arrived < link.sent.size()) {
            order.arrive(link.sent);
        }
        assertEquals(ann.completed(), order.relay.completed());
        assertTrue(ann.completed() >= from, "play did not go on past the named turn");
    }

    /**
     * The failure seen under load, kept: ann has sent the delay's worth of batches that the relay has not run yet,
     * so she has completed them, and the turn the relay would name from its copy is one of them.
     */
    @Example
    void theRelaysOwnAnswerIsRefusedByALoneHostWhoseBatchesAreOnTheirWay() {
        int delay = 3;
        TurnBook ann = new TurnBook(3, delay, delay, false);
        TurnBook relay = new TurnBook(3, delay, delay, false);
        ScriptedLink link = new ScriptedLink(0, false, "ann", "bob", "cy");
        OwnTurns own = new OwnTurns(link, ann);
        for (int s = 1; s < 3; s++) {
            ann.drop(s, delay);
            relay.drop(s, delay);
        }
        own.sendUpTo(20);
        for (Message m : link.sent.subList(0, 10)) {
            Message.Turn t = (Message.Turn) m;
            relay.accept(0, t.turn(), t.commands()); // the relay has run ten of them
        }
        long relayAnswer = relay.received(0) + delay;
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ann.rejoin(1, relayAnswer));
        assertEquals("seat 1 cannot play again from turn 15: turns are complete to 20, the slowest seat is at 20",
                refused.getMessage());
        assertEquals(23, own.nameRejoinTurn(1));
    }
}
