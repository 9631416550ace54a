package dev.ecsloop.lockstep;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A short fingerprint of a game's code: SHA-256 over the class files of the given classes (the systems, the
 * components, whatever decides the simulation). Two peers whose fingerprints differ would simulate differently,
 * so the handshake refuses them before the first turn instead of reporting a desync later.
 */
public final class BuildId {

    private BuildId() {
    }

    /**
     * @param classes the classes whose code must match on every peer
     * @return 16 hex digits
     * @throws IllegalArgumentException if a class file cannot be read
     */
    public static String of(Class<?>... classes) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        for (Class<?> c : classes) {
            String resource = c.getName().substring(c.getName().lastIndexOf('.') + 1).replace('.', '$') + ".class";
            try (InputStream in = c.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalArgumentException("no class file for " + c.getName());
                }
                sha.update(c.getName().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update(in.readAllBytes());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read the class file of " + c.getName() + ": "
                        + e.getMessage(), e);
            }
        }
        byte[] digest = sha.digest();
        StringBuilder hex = new StringBuilder(16);
        for (int i = 0; i < 8; i++) {
            hex.append(String.format("%02x", digest[i]));
        }
        return hex.toString();
    }
}
