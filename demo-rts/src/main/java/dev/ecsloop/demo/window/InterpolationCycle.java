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
}
