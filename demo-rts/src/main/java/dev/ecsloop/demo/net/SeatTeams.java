package dev.ecsloop.demo.net;

import dev.ecsloop.lockstep.net.PeerSettings;
import java.util.HashSet;
import java.util.List;

/**
 * Which team each seat commands. In a new match seat {@code s} commands team {@code s % 2}. A match resumed after
 * its host was lost ({@code --load} with {@code --seats}) seats its players in join order under a new host, who
 * is always seat 0; so there a player commands the team its name had in the lost match: the position of the name
 * in {@code --seats} (the lost match's players by seat, printed with the resume command), modulo 2. A name not in
 * that list falls back to {@code s % 2}. Every player must give the same list: it is part of the setup the
 * handshake compares, so the mapping is the same on every peer.
 *
 * @param order the lost match's players by seat, or null for a new match
 */
record SeatTeams(List<String> order) {

    /** A new match's teams: seat {@code s} commands team {@code s % 2}. */
    static final SeatTeams BY_SEAT = new SeatTeams(null);

    /**
     * @param names the players by seat, as the host gave them
     * @param seat  a seat, from 0
     * @return the team that seat commands
     */
    int team(List<String> names, int seat) {
        int at = order == null || seat >= names.size() ? -1 : order.indexOf(names.get(seat));
        return (at >= 0 ? at : seat) % 2;
    }

    /** @return what the setup says of these teams: nothing for a new match */
    String setup() {
        return order == null ? "" : " seats=" + String.join(",", order);
    }

    /**
     * What is wrong with a {@code --seats} list, or null.
     *
     * @param order the names given
     * @return one line, or null
     */
    static String check(List<String> order) {
        if (order.size() < 2 || order.size() > 8) {
            return "--seats names 2 to 8 players, not " + order.size();
        }
        for (String name : order) {
            String bad = PeerSettings.checkName(name);
            if (bad != null) {
                return "--seats: " + bad;
            }
        }
        if (new HashSet<>(order).size() != order.size()) {
            return "--seats names a player twice";
        }
        return null;
    }
}
