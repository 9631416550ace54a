package dev.ecsloop.lockstep.net;

import java.util.ArrayList;
import java.util.List;

/**
 * Why a joiner's setup is refused, in words a player can act on: the words of the host's setup that the joiner's
 * lacks and those it has instead, then the host's whole setup. A setup is a line of words (a game's
 * {@code units=2000 controls=host}, the lockstep part's {@code delay=3}), and the two usually differ in one flag
 * given on one side only, which two whole lines side by side hide. Its own class so that the lobby's checks stay one
 * line each.
 */
final class SetupDiff {

    private SetupDiff() {
    }

    /**
     * @param host   the host's setup
     * @param joiner the joiner's, which differs
     * @return the refusal: what differs, and the host's setup
     */
    static String refusal(String host, String joiner) {
        List<String> hostOnly = missingFrom(host, joiner);
        List<String> joinerOnly = missingFrom(joiner, host);
        String whole = " (the host plays '" + host + "')";
        if (hostOnly.isEmpty() && joinerOnly.isEmpty()) { // the same words, in another order or spacing
            return "another setup: the host plays '" + host + "', you asked for '" + joiner + "'";
        }
        if (joinerOnly.isEmpty()) {
            return "another setup: the host's has '" + String.join(" ", hostOnly) + "', yours does not" + whole;
        }
        if (hostOnly.isEmpty()) {
            return "another setup: yours has '" + String.join(" ", joinerOnly) + "', the host's does not" + whole;
        }
        return "another setup: the host's has '" + String.join(" ", hostOnly) + "' where yours has '"
                + String.join(" ", joinerOnly) + "'" + whole;
    }

    /** @return the words of {@code a}, in order, that {@code b} does not have (each of b's words matches once) */
    private static List<String> missingFrom(String a, String b) {
        List<String> left = new ArrayList<>(List.of(b.split(" ")));
        List<String> missing = new ArrayList<>();
        for (String word : a.split(" ")) {
            if (!word.isEmpty() && !left.remove(word)) {
                missing.add(word);
            }
        }
        return missing;
    }
}
