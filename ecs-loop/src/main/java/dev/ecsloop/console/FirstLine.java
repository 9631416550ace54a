package dev.ecsloop.console;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.regex.Pattern;

/**
 * Judges the first line of a TCP console connection, before anything it sends can reach the console. A client
 * must open with {@code token <token>}. Why: any local program can connect to a loopback port, and a web page
 * can make the browser send a blind HTTP request to one whose body holds console lines; neither knows the token,
 * and an HTTP request is recognised by its request line and refused before its body is read.
 */
final class FirstLine {

    /** What the first line was. */
    enum Verdict {
        /** {@code token <t>} with the right token: the client may use the console. */
        ACCEPTED,
        /** An HTTP request line (any method, any version). */
        HTTP,
        /** Another protocol's greeting or binary bytes (TLS, SSH, control characters, invalid UTF-8). */
        FOREIGN,
        /** {@code token <t>} with a wrong token. */
        WRONG_TOKEN,
        /** Text that is not a token line, such as a console command sent first. */
        NO_TOKEN
    }

    private static final Pattern HTTP_REQUEST = Pattern.compile("[A-Z][A-Z_-]{1,19} \\S+ HTTP/[0-9.]+");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9._~-]{16,128}");

    private FirstLine() {
    }

    /** Whether {@code token} is acceptable as a console token: 16 to 128 of {@code A-Z a-z 0-9 . _ ~ -}. */
    static boolean validToken(String token) {
        return token != null && TOKEN.matcher(token).matches();
    }

    static Verdict judge(String line, String token) {
        if (HTTP_REQUEST.matcher(line).matches() || line.startsWith("PRI * HTTP/2")) {
            return Verdict.HTTP;
        }
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7f || c == '\uFFFD') {
                return Verdict.FOREIGN;
            }
        }
        if (line.startsWith("SSH-")) {
            return Verdict.FOREIGN;
        }
        String trimmed = line.strip();
        if (!trimmed.startsWith("token ")) {
            return Verdict.NO_TOKEN;
        }
        byte[] given = trimmed.substring("token ".length()).strip().getBytes(StandardCharsets.UTF_8);
        // Compared in time independent of where they differ, so timing tells nothing about the token.
        return MessageDigest.isEqual(given, token.getBytes(StandardCharsets.UTF_8))
                ? Verdict.ACCEPTED : Verdict.WRONG_TOKEN;
    }

    /** What the server sends before closing a connection whose first line got {@code verdict}. */
    static String refusal(Verdict verdict) {
        return switch (verdict) {
            case HTTP -> "HTTP/1.0 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n"
                    + "error: this port is an ecs-loop console, not a web server; nothing was run\n";
            case FOREIGN -> "error: not a console client; closing\n";
            case WRONG_TOKEN -> "error: wrong token; closing\n";
            case NO_TOKEN -> "error: the first line must be 'token <token>' (the token is printed where the console"
                    + " started); nothing was run; closing\n";
            case ACCEPTED -> throw new IllegalArgumentException("an accepted client is not refused");
        };
    }
}
