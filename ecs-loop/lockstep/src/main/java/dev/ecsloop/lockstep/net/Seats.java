package dev.ecsloop.lockstep.net;

import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;

/**
 * Who sits where at the host: each seat's player name and connection, the round trips measured to them, and the
 * host's log. Its own class so that the {@link Lobby} (which fills seats) and the {@link TurnRelay} (which plays
 * them) share one record instead of each keeping a copy that could disagree.
 *
 * <p>Invariants: seat 0 is the host's own player, always named and without a channel; a seat has a channel exactly
 * while it has a name. A seat still free when the match starts is open (shown as {@link #openName}) until a late
 * joiner takes it; a taken seat stays its player's for the match. Not thread-safe: all of it lives on the host's one Netty thread, except
 * {@link #worstRtt()}, which any thread may read.
 */
final class Seats {

    /** Most lines the log keeps; older ones are forgotten. */
    private static final int MAX_LOG = 1000;

    private final String[] names;
    private final Channel[] channels;
    private final long[] rtt;
    private final List<String> log = new ArrayList<>();
    /** Where each logged line goes as well, on the host's thread. */
    private java.util.function.Consumer<String> sink = line -> { };
    /** Where refusals and evictions go as well, on the host's thread. */
    private java.util.function.Consumer<String> turnedAway = line -> { };
    private volatile long worstRtt = -1;

    Seats(int players, String hostName) {
        this.names = new String[players];
        this.channels = new Channel[players];
        this.rtt = new long[players];
        names[0] = hostName;
    }

    /** @return seats in all, the host's included */
    int count() {
        return names.length;
    }

    /** @return the name at {@code seat}, or null if it is free */
    String name(int seat) {
        return names[seat];
    }

    /** @return every seat's name, by seat; a free seat shows as {@link #openName} */
    List<String> names() {
        String[] shown = new String[names.length];
        for (int s = 0; s < names.length; s++) {
            shown[s] = names[s] != null ? names[s] : openName(s);
        }
        return List.of(shown);
    }

    /** @return how a free seat is shown to the players: a valid player name that no joiner may take */
    static String openName(int seat) {
        return "seat " + seat + " (open)";
    }

    /** @return the connection of {@code seat}, or null (seat 0, or a free seat) */
    Channel channel(int seat) {
        return channels[seat];
    }

    /** @return how many seats are taken, the host's included */
    int seated() {
        int n = 1;
        for (int s = 1; s < names.length; s++) {
            n += names[s] != null ? 1 : 0;
        }
        return n;
    }

    /** @return whether every seat is taken */
    boolean full() {
        boolean full = true;
        for (String n : names) {
            full &= n != null;
        }
        return full;
    }

    /** @return the seat of the player named {@code name}, or -1 (a free seat has no player) */
    int seatOf(String name) {
        for (int s = 0; s < names.length; s++) {
            if (name.equals(names[s])) {
                return s;
            }
        }
        return -1;
    }

    /** @return whether some seat already has this name, or shows it as a free seat's */
    boolean taken(String name) {
        for (int s = 0; s < names.length; s++) {
            if (name.equals(names[s] != null ? names[s] : openName(s))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Seats a joiner at the lowest free seat.
     *
     * @return the seat taken
     * @throws ArrayIndexOutOfBoundsException if every seat is taken (the lobby refuses a join then)
     */
    int take(String name, Channel channel) {
        int free = 1;
        while (names[free] != null) {
            free++;
        }
        names[free] = name;
        channels[free] = channel;
        return free;
    }

    /** A seat's player reconnected on a new channel (its rejoin was checked). */
    void reseat(int seat, Channel channel) {
        channels[seat] = channel;
    }

    /** Frees a seat whose player left before the game started. */
    void free(int seat) {
        names[seat] = null;
        channels[seat] = null;
    }

    /** Records a measured round trip to {@code seat} and updates the worst of them. */
    void roundTrip(int seat, long nanos) {
        rtt[seat] = nanos;
        long worst = -1;
        for (long r : rtt) {
            worst = Math.max(worst, r);
        }
        worstRtt = worst;
    }

    /** @return the worst round trip measured to a seat, or -1 before the first; safe from any thread */
    long worstRtt() {
        return worstRtt;
    }

    /** Logs a line (joins, refusals, drops), forgetting the oldest beyond {@link #MAX_LOG}. */
    void note(String line) {
        sink.accept(line);
        log.add(line);
        if (log.size() > MAX_LOG) {
            log.remove(0);
        }
    }

    /** Sends every line logged from now on to {@code sink} too (on the host's thread). */
    void onNote(java.util.function.Consumer<String> sink) {
        this.sink = sink;
    }

    /** Logs a line about a connection the lobby refused or evicted, and sends it to the lobby's sink too. */
    void turnedAway(String line) {
        note(line);
        turnedAway.accept(line);
    }

    /** Sends every refusal and eviction logged from now on to {@code sink} too (on the host's thread). */
    void onTurnedAway(java.util.function.Consumer<String> sink) {
        this.turnedAway = sink;
    }

    /** @return the logged lines, oldest first */
    List<String> log() {
        return List.copyOf(log);
    }
}
