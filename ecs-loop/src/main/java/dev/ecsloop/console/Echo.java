package dev.ecsloop.console;

/**
 * Quotes text a user typed so it can be echoed in a reply: control characters and non-ASCII bytes from a
 * garbage line become {@code ?}, and long text is cut, so an error line stays one short printable line.
 */
final class Echo {

    /** The most characters of user text an error line repeats. */
    static final int MAX_ECHO = 40;

    private Echo() {
    }

    /** {@code text} in single quotes, printable ASCII only, at most {@link #MAX_ECHO} characters plus "...". */
    static String quote(String text) {
        int n = Math.min(text.length(), MAX_ECHO);
        StringBuilder sb = new StringBuilder(n + 5).append('\'');
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            sb.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        if (text.length() > MAX_ECHO) {
            sb.append("...");
        }
        return sb.append('\'').toString();
    }
}
