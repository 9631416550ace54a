package dev.ecsloop.console;

/**
 * Makes text from elsewhere safe to print on a terminal: what a user typed, echoed in a console reply, and what
 * the other end of a network connection sent (a refusal reason, a peer's stop message). Control characters,
 * escape sequences' introducers and non-ASCII characters become {@code ?}, and long text is cut, so the line
 * stays one short printable line: no window title, no cleared screen, no fake line break, no reordered text.
 *
 * <p>The one escaper of the project: the console and the lockstep module both use it.
 */
public final class Echo {

    /** The most characters of user text an error line repeats. */
    public static final int MAX_ECHO = 40;

    private Echo() {
    }

    /**
     * {@code text} in single quotes, printable ASCII only, at most {@link #MAX_ECHO} characters plus "...".
     *
     * @param text any text
     * @return the quoted, printable text
     */
    public static String quote(String text) {
        return '\'' + printable(text, MAX_ECHO) + '\'';
    }

    /**
     * {@code text} with every character outside printable ASCII (32 to 126) replaced by {@code ?}, cut to
     * {@code max} characters followed by "..." if longer.
     *
     * @param text any text
     * @param max  the most characters kept
     * @return the printable text
     * @throws IllegalArgumentException if {@code max} is negative
     */
    public static String printable(String text, int max) {
        if (max < 0) {
            throw new IllegalArgumentException("max must not be negative, was " + max);
        }
        int n = Math.min(text.length(), max);
        StringBuilder sb = new StringBuilder(n + 3);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            sb.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        if (text.length() > max) {
            sb.append("...");
        }
        return sb.toString();
    }
}
