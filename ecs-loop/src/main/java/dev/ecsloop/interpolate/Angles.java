package dev.ecsloop.interpolate;

/** Angle arithmetic for rotation blending, in radians. */
final class Angles {

    static final float PI = (float) Math.PI;
    static final float TWO_PI = (float) (2.0 * Math.PI);

    private Angles() {
    }

    /**
     * The signed rotation from {@code from} to {@code to} along the shorter arc, in [-pi, pi): 350 deg to 10 deg
     * is +20 deg, not -340 deg. Works for any finite inputs, however many turns apart.
     */
    static float shortestDelta(float from, float to) {
        return wrap(to - from);
    }

    /** The same angle in [-pi, pi). */
    static float wrap(float angle) {
        float wrapped = angle - TWO_PI * (float) Math.floor((angle + PI) / TWO_PI);
        // Float rounding can land exactly on +pi (or a hair outside); keep the half-open range.
        if (wrapped >= PI) {
            wrapped -= TWO_PI;
        } else if (wrapped < -PI) {
            wrapped += TWO_PI;
        }
        return wrapped;
    }
}
