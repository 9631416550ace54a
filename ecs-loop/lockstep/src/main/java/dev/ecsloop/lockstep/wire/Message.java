package dev.ecsloop.lockstep.wire;

import dev.ecsloop.lockstep.Command;

import java.util.List;

/**
 * The messages of the lockstep protocol, one per frame. Handshake: the host sends {@link Challenge}, the joiner
 * answers {@link Join}, the host accepts with {@link Welcome} or refuses with {@link Refuse} and closes; once every
 * seat is taken the host sends {@link Start}. In game: {@link Turn} and {@link Hash} go from each peer to the
 * host, which relays them to every other peer in the order it received them; {@link Ping}/{@link Pong} measure the
 * round trip and keep a quiet link alive; {@link Drop} tells that a peer left and from which turn on its inputs
 * are empty; {@link Stop} ends the game on every peer with a reason; {@link Leave} says a player leaves on purpose;
 * {@link Resume} ends a match-wide pause. After a desync, peers that diagnose it announce the checkpoint with
 * {@link Mismatch} and bisect their worlds at it with {@link Probe} and {@link Fields} (see
 * {@code dev.ecsloop.lockstep.DesyncHunt}). A seat that dropped is reclaimed with {@link Rejoin} (proving the
 * {@link SeatToken} its first join got), catches up from {@link Catchup} chunks, says {@link Ready}, and plays again
 * from the turn {@link Rejoined} names (see {@code dev.ecsloop.lockstep.Rejoining}). A player who takes an open seat
 * of a match under way is named to everyone by {@link Seated}.
 */
public sealed interface Message {

    /** Host to joiner, first: the protocol magic and version, and a fresh random nonce to answer. */
    record Challenge(int version, byte[] nonce) implements Message {
    }

    /**
     * Joiner to host: who it is, how it was built, the setup it wants to play, whether it only watches (a
     * spectator: it sends no orders and takes no seat), its own nonce, and the HMAC of all of that under the
     * shared secret (see {@link Handshake}).
     */
    record Join(int version, String build, String setup, String name, boolean spectator, byte[] nonce, byte[] mac)
            implements Message {

        /** A player's join (not a spectator's). */
        public Join(int version, String build, String setup, String name, byte[] nonce, byte[] mac) {
            this(version, build, setup, name, false, nonce, mac);
        }
    }

    /** Host to joiner: accepted at seat {@code peer}, with the host's proof that it knows the secret too. */
    record Welcome(int peer, byte[] mac) implements Message {
    }

    /** Host to joiner: refused, with one line saying why; the host closes the connection after it. */
    record Refuse(String reason) implements Message {
    }

    /** Host to all: every seat is taken; the game starts at simulated time 0 with these players, by seat. */
    record Start(List<String> names) implements Message {
    }

    /** One peer's inputs for one turn (often none: an empty turn still says "nothing from me"). */
    record Turn(int peer, long turn, List<Command> commands) implements Message {
    }

    /** One peer's world-state hash at the start of checkpoint turn {@code turn} (simulated time {@code simNanos}). */
    record Hash(int peer, long turn, long simNanos, long hash) implements Message {
    }

    /** Round-trip probe carrying the sender's clock reading, echoed back in a {@link Pong}. */
    record Ping(long nanos) implements Message {
    }

    /** Echo of a {@link Ping}. */
    record Pong(long nanos) implements Message {
    }

    /** Peer {@code peer} left: its inputs for turn {@code fromTurn} and later are empty on every peer. */
    record Drop(int peer, long fromTurn, String reason) implements Message {
    }

    /**
     * Peer {@code peer} ends the game on every peer, for this reason (a desync report). The host relays it only
     * from the seat it names, so every peer can say who stopped the game.
     */
    record Stop(int peer, String reason) implements Message {
    }

    /**
     * Player to host: it leaves on purpose ("quit", "match over"), so the host drops it with this reason instead of
     * "disconnected". The host's own player leaving ends the relay for everybody.
     */
    record Leave(String reason) implements Message {
    }

    /**
     * Peer {@code peer} ends the match-wide pause that began at turn {@code turn}; relayed at once, not in a turn
     * (a paused match has no turns to carry it). A pause changes no simulated state, so when each peer resumes
     * decides nothing but real time.
     */
    record Resume(int peer, long turn) implements Message {
    }

    /**
     * Never on the wire: a client's own note that its link to the host is gone, so no more inputs will come. The
     * session plays on through the turns it holds, and stops with this reason only if it needs more.
     */
    record Lost(String reason) implements Message {
    }

    /** Peer {@code peer} found the first desync at checkpoint turn {@code turn}: peers that diagnose meet there. */
    record Mismatch(int peer, long turn) implements Message {
    }

    /**
     * One stage of bisecting the worlds at checkpoint {@code turn}. Stage 0: {@code values} are the hashes of
     * {@link Codec#BUCKETS} buckets of entities (id modulo the bucket count), {@code key} 0. Stage 1: the hashes of
     * the entities of bucket {@code key}, in id order ({@code key}, {@code key + BUCKETS}, ...). An empty stage 0
     * says this peer has no snapshot at that turn and takes no part. At most {@link Codec#BUCKETS} values.
     */
    record Probe(int peer, long turn, int stage, long key, long[] values) implements Message {
    }

    /** The last stage: entity {@code entity}'s components at checkpoint {@code turn}, one "Type.field=value" a line. */
    record Fields(int peer, long turn, int entity, String dump) implements Message {
    }

    /**
     * Host to a player right after its {@link Welcome} (protocol version 4): the match's id and this seat's token.
     * A client keeps both; a {@link Rejoin} proves the token without sending it.
     */
    record SeatToken(byte[] match, byte[] token) implements Message {
    }

    /**
     * Joiner to host instead of a {@link Join}: reclaims the seat named {@code join.name()} of match {@code match}.
     * {@code join} is a complete join (its MAC proves the shared secret, so the host checks that first, as for any
     * join); {@code proof} is the HMAC-SHA256 keyed by the seat's token over both nonces and the name.
     */
    record Rejoin(Join join, byte[] match, byte[] proof) implements Message {
    }

    /**
     * Never on the wire: the host's relay asks its own player (seat 0) for a snapshot of the match for seat
     * {@code peer}, which reconnected.
     */
    record SnapshotWanted(int peer) implements Message {
    }

    /**
     * One chunk of the catch-up for seat {@code peer}: the whole is {@code length} bytes in {@code chunks} chunks of
     * {@link Codec#CHUNK} bytes (the last one shorter) with CRC-32 {@code crc}; this is chunk {@code index}. The
     * same header on every chunk. {@code chunks} 0 says the host cannot serve a rejoin.
     */
    record Catchup(int peer, int index, int chunks, long length, int crc, byte[] data) implements Message {
    }

    /** A rejoining player to the host: it has caught up to about turn {@code turn} and can play again. */
    record Ready(int peer, long turn) implements Message {
    }

    /**
     * Host to all: seat {@code peer} plays again, its inputs count from turn {@code fromTurn} on. Also, never on the
     * wire, the host's player's answer to {@link RejoinTurnWanted}, which it has applied already.
     */
    record Rejoined(int peer, long fromTurn) implements Message {
    }

    /**
     * Never on the wire: the host's relay asks its own player (seat 0), the only seat playing, to name the turn seat
     * {@code peer} plays again from. No other seat's batches bound what that player has completed, and its own are
     * ahead of the relay's copy while on their way, so only it can name a turn it has not completed yet.
     */
    record RejoinTurnWanted(int peer) implements Message {
    }

    /**
     * Host to all: a player who joined the match under way took open seat {@code peer}, and is called {@code name}
     * from now on (the peers that started named the seat as open).
     */
    record Seated(int peer, String name) implements Message {
    }
}
