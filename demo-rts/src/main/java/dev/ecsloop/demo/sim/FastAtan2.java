package dev.ecsloop.demo.sim;

/**
 * A fast, deterministic {@code atan2} for facings: a rational approximation within about 0.005 radians (far
 * below a drawn unit's pixel), computed in plain float arithmetic, which Java evaluates identically on every
 * platform. {@link StrictMath#atan2} is exact but costs about as much as the rest of a unit's movement step.
 */
final class FastAtan2 {
    private static final float PI = (float) Math.PI;
    private static final float HALF_PI = (float) (Math.PI / 2);

    private FastAtan2() {
    }

    /** The angle of {@code (x, y)} in [-pi, pi], counter-clockwise from +x; 0 for the zero vector. */
    static float atan2(float y, float x) {
        if (x == 0f && y == 0f) {
            return 0f;
        }
        float ax = Math.abs(x);
        float ay = Math.abs(y);
        float a;
        if (ax >= ay) {
            float z = ay / ax;
            a = z / (1f + 0.28086f * z * z);
        } else {
            float z = ax / ay;
            a = HALF_PI - z / (1f + 0.28086f * z * z);
        }
        if (x < 0f) {
            a = PI - a;
        }
        return y < 0f ? -a : a;
    }
}
