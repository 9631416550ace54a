package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.turn.TurnBook;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The relay's answer to a rejoiner's {@code Ready} ({@link RejoinTurn}) against the books the peers really hold: a
 * seeded random match in which every honest peer sends its own batches (into its own book at once, to the relay
 * later: they may be on their way at any moment) and gets the others' through the relay. At a random moment the
 * relay answers: every peer, even after sending every own batch it honestly could before the answer reaches it,
 * accepts the turn; and when the relay defers, a peer in a state it can reach refuses every turn the relay could
 * have named, so deferring was needed. Two seats or more play besides the rejoiner: a lone seat, the host's own
 * player, completes every turn it sends, so the relay asks it instead ({@code HostNamedRejoinProperties}).
 */
class RejoinTurnProperties {

    /** One honest peer's book, and its own batches not yet at the relay. */
    private record Peer(TurnBook book, ArrayDeque<Long> inFlight) {
    }

    @Property(tries = 1000)
    void theAnswerIsAcceptedByEveryPeerOrNoTurnCouldBe(@ForAll @IntRange(min = 3, max = 8) int seats,
                                                       @ForAll @IntRange(min = 1, max = 6) int ahead,
                                                       @ForAll @IntRange(min = 1, max = 6) int delayPick,
                                                       @ForAll @IntRange(min = 0, max = 400) int steps,
                                                       @ForAll long seed) {
        int delay = Math.min(delayPick, ahead);
        Random r = new Random(seed);
        int rejoiner = seats - 1;
        int leaver = seats >= 4 && r.nextBoolean() ? seats - 2 : -1;
        TurnBook relay = new TurnBook(seats, delay, ahead, false);
        List<Peer> peers = new ArrayList<>();
        for (int s = 0; s < seats; s++) {
            peers.add(new Peer(new TurnBook(seats, delay, ahead, false), new ArrayDeque<>()));
        }
        relay.drop(rejoiner, delay);
        for (int s = 0; s < rejoiner; s++) {
            peers.get(s).book().drop(rejoiner, delay);
        }
        for (int step = 0; step < steps; step++) {
            int p = r.nextInt(rejoiner);
            if (!relay.playing(p)) {
                continue;
            }
            if (p == leaver && r.nextInt(50) == 0) {
                long from = relay.received(p) + 1;
                relay.drop(p, from);
                peers.get(p).inFlight().clear();
                for (int q = 0; q < rejoiner; q++) {
                    if (q != p && relay.playing(q)) {
                        peers.get(q).book().drop(p, from);
                    }
                }
            } else if (r.nextBoolean()) {
                sendOwn(peers.get(p), p, ahead);
            } else if (!peers.get(p).inFlight().isEmpty()) {
                long turn = peers.get(p).inFlight().poll();
                relay.accept(p, turn, List.of()); // an honest peer's batch always passes the relay's checks
                for (int q = 0; q < rejoiner; q++) {
                    if (q != p && relay.playing(q)) {
                        peers.get(q).book().accept(p, turn, List.of());
                    }
                }
            }
        }
        long from = RejoinTurn.choose(relay, seats, ahead);
        Statistics.collect(from == RejoinTurn.DEFER ? "deferred" : "answered");
        if (from != RejoinTurn.DEFER) {
            for (int q = 0; q < rejoiner; q++) {
                if (relay.playing(q)) {
                    Peer peer = peers.get(q);
                    while (sendOwn(peer, q, ahead)) {
                        // every own batch it may send before the answer reaches it
                    }
                    peer.book().rejoin(rejoiner, from); // throws if this peer refuses the answer
                }
            }
            relay.rejoin(rejoiner, from);
            return;
        }
        // Deferred: the slowest seat is alone there, a whole 'ahead' behind the next. Its own peer may have sent
        // up to that next frontier and so completed it, which rules out every turn up to the slowest plus ahead;
        // any later turn is too far ahead of it for the others.
        int slowest = -1;
        for (int q = 0; q < rejoiner; q++) {
            if (relay.playing(q) && (slowest < 0 || relay.received(q) < relay.received(slowest))) {
                slowest = q;
            }
        }
        long lowest = relay.received(slowest);
        Peer behind = peers.get(slowest);
        while (sendOwn(behind, slowest, ahead)) {
            // its own batches reach the next frontier
        }
        assertTrue(behind.book().completed() >= lowest + ahead, "deferred though seat " + slowest
                + " cannot complete past " + behind.book().completed() + "; relay frontier " + lowest);
        for (long t = relay.completed() + 1; t <= lowest + ahead; t++) {
            long turn = t;
            assertThrows(IllegalArgumentException.class, () -> behind.book().rejoin(rejoiner, turn));
        }
        int other = slowest == 0 ? 1 : 0;
        for (int q = 0; q < rejoiner; q++) {
            if (q != slowest && relay.playing(q)) {
                other = q;
            }
        }
        long past = lowest + ahead + 1;
        TurnBook theirs = peers.get(other).book();
        assertThrows(IllegalArgumentException.class, () -> theirs.rejoin(rejoiner, past));
    }

    /** Seat {@code p}'s peer sends its next own batch if an honest peer may: @return whether it did */
    private static boolean sendOwn(Peer peer, int p, int ahead) {
        TurnBook book = peer.book();
        long turn = book.received(p) + 1;
        if (turn > book.completed() + ahead) {
            return false; // it schedules turn c + delay only while simulating turn c, which must be complete
        }
        try {
            book.accept(p, turn, List.of());
        } catch (IllegalArgumentException e) {
            fail("an honest peer's own book refused its batch: " + e.getMessage());
        }
        peer.inFlight().add(turn);
        return true;
    }

    @Property(tries = 300)
    void aLoneSeatsTurnIsTheHostsPlayerToNameWhateverTheRelaysCopyOfItsBatches(
            @ForAll @IntRange(min = 2, max = 8) int seats, @ForAll @IntRange(min = 1, max = 6) int ahead,
            @ForAll @IntRange(min = 0, max = 50) int turns) {
        TurnBook relay = new TurnBook(seats, 1, ahead, false);
        for (int s = 1; s < seats; s++) {
            relay.drop(s, 1);
        }
        for (long t = 1; t <= turns; t++) {
            relay.accept(0, t, List.of());
        }
        assertEquals(RejoinTurn.ASK_HOST, RejoinTurn.choose(relay, seats, ahead));
    }
}
