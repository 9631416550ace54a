package dev.ecsloop.lockstep.net;

import io.netty.channel.embedded.EmbeddedChannel;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lobby's bound on handshakes under random arrivals and departures from a few addresses: never more than
 * {@link LockstepHost#MAX_PENDING} at once, and a full lobby evicts the oldest handshake of the address holding the
 * most of them, the newcomer counted; so a connection alone at its address is evicted only when every address holds
 * exactly one, however many sockets another address opens.
 */
class LobbyProperties {

    /** A connection from a chosen address (Netty's embedded channel has none of its own). */
    static final class From extends EmbeddedChannel {
        final InetSocketAddress remote;

        From(int host, int port) {
            remote = new InetSocketAddress(address(host), port);
        }

        private static InetAddress address(int host) {
            try {
                return InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) host});
            } catch (java.net.UnknownHostException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        protected SocketAddress remoteAddress0() {
            return remote;
        }

        int host() {
            return remote.getAddress().getAddress()[3];
        }
    }

    /**
     * @param steps each a connection from host {@code 1..4} (values 1 to 4), or the departure of a pending one
     *              (0: the handshake of the connection {@code steps.size()} modulo the pending count ends)
     */
    @Property(tries = 300)
    void aFullLobbyEvictsTheOldestHandshakeOfTheBusiestAddress(@ForAll("steps") List<Integer> steps) {
        Seats seats = new Seats(2, "ann");
        Lobby lobby = new Lobby(PeerSettings.of("ann", "s", "b", "x"), seats,
                new TurnRelay(PeerSettings.of("ann", "s", "b", "x"), seats, new Inbox(), 3, 3));
        List<From> pending = new ArrayList<>(); // oldest first, as the lobby should hold them
        int port = 1;
        for (int i = 0; i < steps.size(); i++) {
            int step = steps.get(i);
            if (step == 0) {
                if (!pending.isEmpty()) {
                    lobby.leave(pending.remove(i % pending.size()));
                }
                continue;
            }
            From newcomer = new From(step, port++);
            Map<Integer, Integer> held = new HashMap<>();
            held.merge(newcomer.host(), 1, Integer::sum);
            for (From c : pending) {
                held.merge(c.host(), 1, Integer::sum);
            }
            boolean full = pending.size() == LockstepHost.MAX_PENDING;
            lobby.enter(newcomer);
            List<From> evicted = pending.stream().filter(c -> !c.isOpen()).toList();
            assertEquals(full ? 1 : 0, evicted.size(), "evictions entering with " + pending.size() + " pending");
            if (full) {
                From out = evicted.get(0);
                int most = held.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
                assertEquals(most, held.get(out.host()), "evicted from an address holding fewer than another: "
                        + held);
                assertEquals(out, pending.stream().filter(c -> c.host() == out.host()).findFirst().orElseThrow(),
                        "not the oldest of its address");
                if (held.get(out.host()) == 1) {
                    assertTrue(held.values().stream().allMatch(n -> n == 1), "a lone handshake evicted: " + held);
                }
                pending.remove(out);
            }
            assertTrue(newcomer.isOpen(), "the newcomer itself was evicted");
            pending.add(newcomer);
            assertTrue(pending.size() <= LockstepHost.MAX_PENDING);
        }
    }

    @Provide
    Arbitrary<List<Integer>> steps() {
        // Mostly arrivals, from one busy address (1) and a few others, with departures between.
        Arbitrary<Integer> step = Arbitraries.frequency(
                net.jqwik.api.Tuple.of(6, 1), net.jqwik.api.Tuple.of(2, 2), net.jqwik.api.Tuple.of(1, 3),
                net.jqwik.api.Tuple.of(1, 4), net.jqwik.api.Tuple.of(2, 0));
        return step.list().ofMinSize(LockstepHost.MAX_PENDING).ofMaxSize(120);
    }

    /** The flood of the demo's attack: a player alone at its address survives any number of one stranger's sockets. */
    @Example
    void aPlayerAloneAtItsAddressOutlastsAFloodFromAnother() {
        Seats seats = new Seats(2, "ann");
        Lobby lobby = new Lobby(PeerSettings.of("ann", "s", "b", "x"), seats,
                new TurnRelay(PeerSettings.of("ann", "s", "b", "x"), seats, new Inbox(), 3, 3));
        From player = new From(2, 1);
        lobby.enter(player);
        for (int i = 0; i < 1000; i++) {
            lobby.enter(new From(1, 2 + i));
        }
        assertTrue(player.isOpen(), "the flood evicted the player's handshake");
        assertTrue(seats.log().stream().filter(l -> l.startsWith("evicted /127.0.0.1:")).count() >= 1000
                - LockstepHost.MAX_PENDING, "evictions are logged");
    }
}
