package dev.ecsloop;

import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * The features a loop has at most once, by their class ({@link GameLoop#claimFeature(Class)}): an interpolation
 * that takes every transform in the world, say, which a second one would silently fight for them.
 *
 * <p>Invariant: each class is claimed at most once. Not thread-safe: the loop thread owns it.
 */
final class Features {

    private final Set<Class<?>> claimed = new HashSet<>();

    /** @throws IllegalStateException if {@code feature} was claimed already */
    void claim(Class<?> feature) {
        if (!claimed.add(Objects.requireNonNull(feature, "feature"))) {
            throw new IllegalStateException("this loop already has a " + feature.getSimpleName()
                    + "; create one and share it");
        }
    }
}
