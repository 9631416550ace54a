package dev.ecsloop.explorer;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;

/**
 * Who may use the explorer, judged from a request's headers before its body is read or anything is queued.
 *
 * <ul>
 *   <li>Host must name the loopback interface ({@code 127.0.0.1}, {@code localhost} or {@code [::1]}, any port):
 *       a page on another site that rebinds its own DNS name to 127.0.0.1 sends its own name and is refused.</li>
 *   <li>Origin, when a browser sends one, must be this server's own ({@code http://} plus the Host): a page on
 *       another site (or a sandboxed {@code null} origin) is refused, whatever it sends. curl sends none.</li>
 *   <li>Every API request carries the token as {@code Authorization: Bearer <token>}, compared in constant
 *       time; a browser never adds that header on its own, so no cross-site form or image can.</li>
 *   <li>API bodies must be {@code application/json}: the CORS-simple content types ({@code text/plain}, forms)
 *       that a foreign page may POST without a preflight are refused before the body is looked at.</li>
 * </ul>
 */
final class Gate {

    private Gate() {
    }

    /**
     * Why a request with these headers may not reach anything, or null.
     *
     * @return an HTTP status and reason as {@code "403 ..."}, or null
     */
    static String foreign(String host, String origin) {
        if (host == null || !isLoopback(host)) {
            return "403 Host must be 127.0.0.1, localhost or [::1] (reach a remote game through an SSH tunnel)";
        }
        if (origin != null && !origin.equalsIgnoreCase("http://" + host)) {
            return "403 requests from another origin are refused";
        }
        return null;
    }

    static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        String name;
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            if (end < 0) {
                return false;
            }
            name = h.substring(0, end + 1);
            String rest = h.substring(end + 1);
            if (!rest.isEmpty() && !validPort(rest)) {
                return false;
            }
        } else {
            int colon = h.indexOf(':');
            name = colon < 0 ? h : h.substring(0, colon);
            if (colon >= 0 && !validPort(h.substring(colon))) {
                return false;
            }
        }
        return name.equals("127.0.0.1") || name.equals("localhost") || name.equals("[::1]");
    }

    private static boolean validPort(String colonPort) {
        if (colonPort.length() < 2 || colonPort.length() > 6 || colonPort.charAt(0) != ':') {
            return false;
        }
        for (int i = 1; i < colonPort.length(); i++) {
            if (!Character.isDigit(colonPort.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the Authorization header carries exactly this token. */
    static boolean authorized(String authorization, String token) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        byte[] given = authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, token.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether a body of this Content-Type is JSON. */
    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String t = contentType.toLowerCase(Locale.ROOT);
        int semi = t.indexOf(';');
        return (semi < 0 ? t : t.substring(0, semi)).strip().equals("application/json");
    }
}
