package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Codec;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a client keeps its seat tokens, so that the same join command, run again after a crash, finds the token
 * and reclaims its seat: one small file per host, port and player name, {@code DIR/HOST_PORT_NAME.seat} (the name
 * hex-encoded, so any name makes one safe file name), holding the match id and the token in hex. Written whole or
 * not at all; readable by its owner only where the file system allows.
 *
 * <p>The token is the seat's own secret: the shared secret is everybody's, so it cannot tell players apart. A
 * rejoin proves the token by an HMAC over both sides' fresh nonces ({@link #proof}); the token itself crosses the
 * wire once, in the host's {@code SeatToken} after the host has proved it knows the shared secret.
 */
public final class SeatTokens {

    /** A seat's token in the match with this id. */
    public record Token(byte[] match, byte[] token) {
    }

    private static final String MAGIC = "ecs-loop seat token v1";

    private final Path dir;

    private SeatTokens(Path dir) {
        this.dir = dir;
    }

    /**
     * @param dir the directory the token files go in (created when the first token is kept)
     * @return the tokens kept there
     */
    public static SeatTokens in(Path dir) {
        return new SeatTokens(dir.toAbsolutePath().normalize());
    }

    /**
     * @param host the host as given to the join
     * @param port the port
     * @param name the player's name
     * @return the file the token of that seat is kept in
     */
    public Path file(String host, int port, String name) {
        String safeHost = host.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "_");
        return dir.resolve(safeHost + "_" + port + "_" + HexFormat.of().formatHex(
                name.getBytes(StandardCharsets.UTF_8)) + ".seat");
    }

    /**
     * @return the token kept for that seat, or empty if there is none
     * @throws IOException if the file exists but cannot be read or is not a token file (the message names it)
     */
    Optional<Token> read(String host, int port, String name) throws IOException {
        Path f = file(host, port, name);
        if (!Files.exists(f)) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(f) || Files.size(f) > 512) {
            throw new IOException("seat token file " + f + " is not a token file: delete it to join as a new player");
        }
        String[] parts = Files.readString(f, StandardCharsets.UTF_8).trim().split(" ");
        try {
            if (parts.length != 6 || !(parts[0] + " " + parts[1] + " " + parts[2] + " " + parts[3]).equals(MAGIC)) {
                throw new IllegalArgumentException("bad header");
            }
            byte[] match = HexFormat.of().parseHex(parts[4]);
            byte[] token = HexFormat.of().parseHex(parts[5]);
            if (match.length != Codec.MATCH_ID_BYTES || token.length != Codec.NONCE_BYTES) {
                throw new IllegalArgumentException("bad lengths");
            }
            return Optional.of(new Token(match, token));
        } catch (IllegalArgumentException e) {
            throw new IOException("seat token file " + f + " is damaged: delete it to join as a new player");
        }
    }

    /** Keeps a token (a temporary file moved over the old one). */
    void keep(String host, int port, String name, Token t) throws IOException {
        Path f = file(host, port, name);
        Files.createDirectories(dir);
        Path tmp = f.resolveSibling(f.getFileName() + ".tmp");
        Files.writeString(tmp, MAGIC + " " + HexFormat.of().formatHex(t.match()) + " "
                + HexFormat.of().formatHex(t.token()) + "\n", StandardCharsets.UTF_8);
        ownerOnly(tmp);
        try {
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Forgets the token of a seat (its match ended, or the player left on purpose).
     *
     * @param host the host as given to the join
     * @param port the port
     * @param name the player's name
     * @return whether a file was deleted
     */
    public boolean forget(String host, int port, String name) {
        try {
            return Files.deleteIfExists(file(host, port, name));
        } catch (IOException e) {
            return false;
        }
    }

    private static void ownerOnly(Path f) {
        try {
            Files.setPosixFilePermissions(f, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        } catch (IOException | UnsupportedOperationException e) {
            // not a POSIX file system: the directory's own protection applies
        }
    }

    /**
     * The rejoin's proof of a seat token: HMAC-SHA256 keyed by the token over both nonces and the name, so a
     * listener learns nothing to reuse and a player without the token cannot make it.
     *
     * @param token       the seat's token
     * @param hostNonce   the host's challenge nonce
     * @param joinerNonce the joiner's nonce
     * @param name        the seat's player name
     * @return the proof
     */
    static byte[] proof(byte[] token, byte[] hostNonce, byte[] joinerNonce, String name) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(token, "HmacSHA256"));
            mac.update("seat".getBytes(StandardCharsets.UTF_8));
            mac.update(hostNonce);
            mac.update(joinerNonce);
            mac.update(name.getBytes(StandardCharsets.UTF_8));
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }
}
