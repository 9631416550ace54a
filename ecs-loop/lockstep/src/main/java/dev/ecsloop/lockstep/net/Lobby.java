package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Handshake;
import dev.ecsloop.lockstep.wire.Message;
import io.netty.channel.Channel;

import java.util.ArrayDeque;

/**
 * The host's admission of joiners: which connections are still in the handshake, and whether a join may take a
 * seat. Its own class so that the defence against strangers (a bounded number of pending handshakes, the secret
 * checked before anything else is revealed) is in one place, apart from the game.
 *
 * <p>Invariant: at most {@link LockstepHost#MAX_PENDING} connections are in the handshake at once; one more evicts
 * the oldest of the address that holds the most of them (logged), so sockets that never authenticate, even reopened
 * as fast as they are closed, cannot keep out a player from another address. A spectator may join at
 * any time (up to {@link Spectators#MAX}); a player joins a started match only at a seat left open for late joiners
 * ({@link #allowLate}). Not thread-safe: it lives on the host's Netty thread.
 */
final class Lobby {

    private final PeerSettings settings;
    private final Handshake handshake;
    private final Seats seats;
    private final TurnRelay relay;
    /** Connections still in the handshake, oldest first. */
    private final ArrayDeque<Channel> handshaking = new ArrayDeque<>();
    /** Seats that may still be free when the match starts, taken by late joiners; 0: every seat at the start. */
    private int lateSeats;

    Lobby(PeerSettings settings, Seats seats, TurnRelay relay) {
        this.settings = settings;
        this.handshake = new Handshake(settings.secret());
        this.seats = seats;
        this.relay = relay;
    }

    /**
     * A new connection enters the handshake. If {@code MAX_PENDING} already are, the oldest pending connection of
     * the address that holds the most of them (the new one counted) is evicted: evicting the oldest of all would let
     * a stranger who reopens every socket the host closes cycle a real joiner out before its join arrives, while
     * this way such a stranger only evicts its own connections.
     */
    void enter(Channel channel) {
        if (handshaking.size() >= LockstepHost.MAX_PENDING) {
            Channel evicted = oldestOfBusiest(channel);
            handshaking.remove(evicted);
            seats.turnedAway("evicted " + evicted.remoteAddress() + ": the oldest handshake of the address holding "
                    + "the most of " + LockstepHost.MAX_PENDING + ", for " + channel.remoteAddress());
            evicted.close();
        }
        handshaking.addLast(channel);
    }

    /** @return the oldest pending connection of the address with the most pending ones, {@code newcomer} counted */
    private Channel oldestOfBusiest(Channel newcomer) {
        Object newAddress = address(newcomer);
        Channel chosen = null;
        int most = 0;
        for (Channel c : handshaking) { // at most MAX_PENDING, and only when the lobby is full
            int count = newAddress.equals(address(c)) ? 1 : 0;
            for (Channel other : handshaking) {
                count += address(other).equals(address(c)) ? 1 : 0;
            }
            if (count > most) { // the first, so the oldest, of the busiest address
                most = count;
                chosen = c;
            }
        }
        return chosen;
    }

    /** @return the host part of a connection's remote address (ports differ per socket) */
    private static Object address(Channel c) {
        java.net.SocketAddress a = c.remoteAddress();
        return a instanceof java.net.InetSocketAddress i && i.getAddress() != null ? i.getAddress()
                : String.valueOf(a);
    }

    /** A connection has left the handshake: seated, or closed. */
    void leave(Channel channel) {
        handshaking.remove(channel);
    }

    /** @return the host's proof of the secret for a welcome */
    byte[] hostMac(byte[] nonce, byte[] joinNonce) {
        return handshake.hostMac(nonce, joinNonce);
    }

    /**
     * What is wrong with a join, or null. The secret first: a stranger learns nothing else.
     *
     * @param join  the join received
     * @param nonce the challenge this connection was sent
     * @return the one-line refusal, or null if the joiner may take a seat
     */
    String check(Message.Join join, byte[] nonce) {
        String bad = checkIdentity(join, nonce);
        if (bad != null) {
            return bad;
        }
        int seated = relay.started() && !join.spectator() ? seats.seatOf(join.name()) : -1;
        if (seated == 0) {
            return "the game has started and '" + join.name() + "' is the host's own player, whose seat no joiner "
                    + "takes";
        }
        if (seated > 0) {
            return "the game has started and '" + join.name() + "' has a seat: reclaiming it needs the seat token "
                    + "its first join kept";
        }
        if (seats.taken(join.name()) || relay.spectators().taken(join.name())) {
            return "the name '" + join.name() + "' is taken";
        }
        if (join.spectator()) {
            return relay.spectators().room() ? null : "no room to watch: at most " + Spectators.MAX + " spectators";
        }
        if (seats.full()) {
            return relay.started() ? "the game has started and every seat is taken" : "every seat is taken";
        }
        if (relay.started() && lateSeats == 0) {
            return "the game has started (this host takes no late players)";
        }
        return null;
    }

    /**
     * Lets up to {@code n} seats be free at the start, for players who join the match under way.
     *
     * @param n open seats allowed at the start
     */
    void allowLate(int n) {
        lateSeats = n;
    }

    /** @return how many seats may be free at the start */
    int lateSeats() {
        return lateSeats;
    }

    /**
     * What is wrong with a join's proof of the secret, protocol version, build, setup or name, or null: the part of
     * the check that a rejoin shares with a join.
     */
    String checkIdentity(Message.Join join, byte[] nonce) {
        if (!Handshake.same(join.mac(), handshake.joinMac(nonce, join))) {
            return "wrong secret";
        }
        if (join.version() != Codec.VERSION) {
            return "protocol version " + join.version() + ", the host speaks version " + Codec.VERSION;
        }
        if (!join.build().equals(settings.build())) {
            return "built differently: the host runs build " + settings.build() + ", you run build "
                    + join.build();
        }
        if (!join.setup().equals(settings.setup())) {
            return SetupDiff.refusal(settings.setup(), join.setup());
        }
        return PeerSettings.checkName(join.name());
    }
}
