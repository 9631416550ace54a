package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Handshake;
import dev.ecsloop.lockstep.wire.Message;
import io.netty.channel.Channel;

import java.security.SecureRandom;

/**
 * The host's side of rejoining: the match id and each seat's token (issued at its first join), the check of a
 * {@link Message.Rejoin}, and the seats that reconnected and are catching up, which get the host player's snapshot
 * chunks and everything the relay passes on meanwhile, in the relay's order, until they are {@code Ready}. Its own
 * class so that the seat-reclaiming rule is in one place, apart from the lobby's admission of new players.
 *
 * <p>Invariants: a seat's token never changes during a match; a seat catches up on at most one connection at a
 * time, and only while it is not playing; nothing is written to a catching-up seat out of the relay's order. Not
 * thread-safe: it lives on the host's Netty thread.
 */
final class Rejoins {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Seats seats;
    private final byte[] match = new byte[Codec.MATCH_ID_BYTES];
    private final byte[][] tokens;
    private final Channel[] catchingUp;
    /** Seats catching up that said {@code Ready} and wait for the relay's answer ({@link RejoinTurn}). */
    private final boolean[] ready;

    Rejoins(Seats seats) {
        this.seats = seats;
        this.tokens = new byte[seats.count()][];
        this.catchingUp = new Channel[seats.count()];
        this.ready = new boolean[seats.count()];
        RANDOM.nextBytes(match);
    }

    /** @return the token message for a newly seated player (a fresh token the first time) */
    Message.SeatToken issue(int seat) {
        if (tokens[seat] == null) {
            tokens[seat] = Handshake.nonce();
        }
        return new Message.SeatToken(match.clone(), tokens[seat].clone());
    }

    /**
     * @return the token message that tells a spectator the match is under way (a catch-up follows its Start); its
     *         token is random and reclaims nothing
     */
    Message.SeatToken underWay() {
        return new Message.SeatToken(match.clone(), Handshake.nonce());
    }

    /** @return whether this rejoin is for this very match (otherwise it is treated as a plain join) */
    boolean thisMatch(Message.Rejoin r) {
        return Handshake.same(r.match(), match);
    }

    /**
     * Which seat a rejoin of this match may reclaim, once the lobby has checked its secret, build, setup and name.
     *
     * @param r         the rejoin
     * @param hostNonce the challenge this connection was sent
     * @param playing   which seats play now
     * @return the one-line refusal, or null if the seat may be reclaimed ({@link #seatOf} names it)
     */
    String refusal(Message.Rejoin r, byte[] hostNonce, boolean[] playing) {
        int seat = seatOf(r.join().name());
        if (seat < 0) {
            return "no seat '" + r.join().name() + "' in this match";
        }
        byte[] expected = SeatTokens.proof(tokens[seat], hostNonce, r.join().nonce(), r.join().name());
        if (!Handshake.same(r.proof(), expected)) {
            return "wrong seat token for '" + r.join().name() + "'";
        }
        if (playing[seat] || catchingUp[seat] != null) {
            return "'" + r.join().name() + "' is still playing at seat " + seat;
        }
        return null;
    }

    /** @return the seat of a player of this name that has a token, or -1 */
    int seatOf(String name) {
        for (int s = 1; s < seats.count(); s++) {
            if (name.equals(seats.name(s)) && tokens[s] != null) {
                return s;
            }
        }
        return -1;
    }

    /** Seat {@code seat} reconnected on {@code channel}: it is fed from now on, until it is ready or gone. */
    void begin(int seat, Channel channel) {
        catchingUp[seat] = channel;
    }

    /** @return whether seat {@code seat} is catching up */
    boolean catchingUp(int seat) {
        return seat >= 0 && seat < catchingUp.length && catchingUp[seat] != null;
    }

    /** Seat {@code seat}, catching up, said it is ready: it waits for its answer, still fed as a rejoiner. */
    void ready(int seat) {
        ready[seat] = true;
    }

    /** @return whether seat {@code seat} catches up and waits for the answer to its {@code Ready} */
    boolean waiting(int seat) {
        return catchingUp(seat) && ready[seat];
    }

    /** Seat {@code seat} plays again or is gone: it is no longer fed as a rejoiner, and waits for nothing. */
    void end(int seat) {
        catchingUp[seat] = null;
        ready[seat] = false;
    }

    /** A catch-up chunk from the host's player goes to the seat it is for, if that seat still catches up. */
    void deliver(Message.Catchup chunk) {
        Channel ch = catchingUp[chunk.peer()];
        if (ch != null && ch.isActive()) {
            ch.writeAndFlush(chunk);
        }
    }

    /** Everything the relay passes on goes to the seats that catch up too, in the same order. */
    void feed(Message m) {
        for (Channel ch : catchingUp) {
            if (ch != null && ch.isActive()) {
                ch.writeAndFlush(m);
            }
        }
    }
}
