package dev.ecsloop.console;

import java.util.Collection;

/**
 * The known name closest to a mistyped one, for "did you mean" hints: by edit distance (insertions, deletions,
 * substitutions and swaps of neighbouring letters, each costing one), accepted only when the distance is small
 * against the name's length, or when the typed word starts a single known name. Ties go to the first name in
 * iteration order, so with a sorted collection the answer is deterministic.
 */
final class NearestName {

    /** Longer input is not compared: no command name is anywhere near this long. */
    static final int MAX_TYPED = 64;

    private NearestName() {
    }

    /**
     * @param typed what the user typed, lower case
     * @param known the names to choose from
     * @return the closest known name, or null when none is close enough
     */
    static String of(String typed, Collection<String> known) {
        if (typed.isEmpty() || typed.length() > MAX_TYPED) {
            return null;
        }
        String prefixed = null;
        int prefixes = 0;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : known) {
            if (name.startsWith(typed)) {
                prefixed = name;
                prefixes++;
            }
            int d = distance(typed, name);
            if (d < bestDistance) {
                bestDistance = d;
                best = name;
            }
        }
        if (best != null && bestDistance <= Math.max(1, Math.min(3, best.length() / 3))) {
            return best;
        }
        return prefixes == 1 ? prefixed : null;
    }

    /** Optimal string alignment distance between two short strings. */
    static int distance(String a, String b) {
        int n = a.length();
        int m = b.length();
        int[][] d = new int[n + 1][m + 1];
        for (int i = 0; i <= n; i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= m; j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= n; i++) {
            for (int j = 1; j <= m; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    v = Math.min(v, d[i - 2][j - 2] + 1);
                }
                d[i][j] = v;
            }
        }
        return d[n][m];
    }
}
