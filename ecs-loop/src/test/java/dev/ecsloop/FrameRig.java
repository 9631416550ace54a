package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;

/**
 * The one way tests drive a loop: a manual clock and frames of stated real lengths, so no test depends on the
 * machine's speed or sleeps. Tests in other packages use it too.
 */
public final class FrameRig {

    public static final long MS = 1_000_000L;

    public final ManualClock clock;
    public final GameLoop loop;

    /** A rig over a loop already built on {@code clock}. */
    public FrameRig(ManualClock clock, GameLoop loop) {
        this.clock = clock;
        this.loop = loop;
    }

    /** Builds a loop of {@code systems} on a new manual clock, with the builder's defaults. */
    public static FrameRig of(BaseSystem... systems) {
        ManualClock clock = new ManualClock();
        return new FrameRig(clock, GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(systems)).build());
    }

    /** Advances real time by {@code realNanos} and runs one frame. */
    public void frame(long realNanos) {
        clock.advance(realNanos);
        loop.frame();
    }

    /** {@link #frame(long)} in milliseconds. */
    public void frameMillis(long millis) {
        frame(millis * MS);
    }

    /** Runs {@code count} frames of {@code realNanos} each. */
    public void frames(int count, long realNanos) {
        for (int i = 0; i < count; i++) {
            frame(realNanos);
        }
    }

    /** Runs frames of {@code frameNanos} until {@code totalNanos} of real time passed; the last one is shorter. */
    public void runFor(long totalNanos, long frameNanos) {
        for (long t = 0; t < totalNanos; t += frameNanos) {
            frame(Math.min(frameNanos, totalNanos - t));
        }
    }
}
