package dev.ecsloop.demo.window;

import dev.ecsloop.interpolate.InterpolationMode;

/** F2's order: interpolate, extrapolate, off, and round again. */
final class InterpolationCycle {

    private InterpolationCycle() {
    }

    static InterpolationMode next(InterpolationMode mode) {
        InterpolationMode[] all = InterpolationMode.values();
        return all[(mode.ordinal() + 1) % all.length];
    }

    /** The mode's name as the panel shows it, lower case; a constant per mode, so drawing allocates nothing. */
    static String label(InterpolationMode mode) {
        return switch (mode) {
            case INTERPOLATE -> "interpolate";
            case EXTRAPOLATE -> "extrapolate";
            case OFF -> "off";
        };
    }
}
