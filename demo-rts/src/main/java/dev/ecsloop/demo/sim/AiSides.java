package dev.ecsloop.demo.sim;

import java.util.Locale;

/**
 * Which teams the AI commands. Part of a {@link MatchSetup} because it changes the simulation: a recording made
 * with the player commanding team 0 must be replayed with the AI off for team 0, or it diverges.
 */
public enum AiSides {
    /** The AI commands both teams: headless runs and benchmarks, so their hashes and figures stay comparable. */
    BOTH("both"),
    /** The player commands team 0 and the AI team 1 only: the window. */
    TEAM1("team1");

    private final String word;

    AiSides(String word) {
        this.word = word;
    }

    /** Whether the AI commands {@code team} (0 or 1). */
    public boolean drives(int team) {
        return this == BOTH || team == 1;
    }

    /** The word used by {@code --ai} and in a recording's setup line. */
    public String word() {
        return word;
    }

    /**
     * @throws IllegalArgumentException naming the typed text and the accepted words if it is neither
     */
    public static AiSides parse(String text) {
        for (AiSides s : values()) {
            if (s.word.equals(text.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not an AI side: both or team1");
    }
}
