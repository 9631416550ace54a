package dev.ecsloop.lockstep.wire;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;

/**
 * Shared-secret challenge and response, so that the secret never crosses the wire: each side proves it knows the
 * secret by an HMAC-SHA256 over both sides' fresh nonces (and, for the joiner, everything it claims: build, setup,
 * name), which a listener can neither reuse in another connection nor invert.
 */
public final class Handshake {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    /**
     * @param secret the shared secret, as typed
     * @throws IllegalArgumentException if the secret is empty
     */
    public Handshake(String secret) {
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("the shared secret must not be empty");
        }
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
    }

    /** @return a fresh random nonce */
    public static byte[] nonce() {
        byte[] n = new byte[Codec.NONCE_BYTES];
        RANDOM.nextBytes(n);
        return n;
    }

    /**
     * The joiner's proof: HMAC of the host's nonce, the joiner's nonce and what the joiner claims.
     *
     * @param hostNonce the challenge's nonce
     * @param join      the join message (its mac field is ignored)
     * @return the MAC
     */
    public byte[] joinMac(byte[] hostNonce, Message.Join join) {
        return mac(join.spectator() ? "watch" : "join", hostNonce, join.nonce(), join.build(), join.setup(),
                join.name());
    }

    /**
     * The host's proof, over the same nonces in the other order, so the joiner's own MAC cannot be echoed back.
     *
     * @param hostNonce   the challenge's nonce
     * @param joinerNonce the joiner's nonce
     * @return the MAC
     */
    public byte[] hostMac(byte[] hostNonce, byte[] joinerNonce) {
        return mac("host", joinerNonce, hostNonce);
    }

    /**
     * Compares two MACs in time that does not depend on where they differ.
     *
     * @param a one MAC
     * @param b the other
     * @return whether they are equal
     */
    public static boolean same(byte[] a, byte[] b) {
        return MessageDigest.isEqual(a, b);
    }

    private byte[] mac(String label, Object... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            update(mac, label.getBytes(StandardCharsets.UTF_8));
            for (Object part : parts) {
                update(mac, part instanceof byte[] b ? b : ((String) part).getBytes(StandardCharsets.UTF_8));
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    /** Length-prefixed, so that ("ab", "c") and ("a", "bc") give different MACs. */
    private static void update(Mac mac, byte[] bytes) {
        int n = bytes.length;
        mac.update(new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n});
        mac.update(bytes);
    }
}
