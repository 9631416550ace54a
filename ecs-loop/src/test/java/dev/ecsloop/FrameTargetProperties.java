package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.From;
import net.jqwik.api.constraints.Size;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link GameLoop#frameTargetNanos()} against the frame that follows it: random frame lengths, time scales, pauses,
 * debt policies, catch-up bounds, horizons and dropped time given back. Read before a frame, it is exactly where that
 * frame takes simulated time when no horizon holds it, and the frame reaches the nearer of it and the horizon (never
 * going back); reading it changes nothing.
 */
class FrameTargetProperties {

    private static final long MS = 1_000_000L;

    @TickRate(60)
    static final class Ticker extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    /** One step of the run: real time passes, a control may change, then the target is read and a frame runs. */
    record Step(long realNanos, int control, long value) {
    }

    @Provide
    Arbitrary<Step> steps() {
        return Arbitraries.longs().between(0, 600 * MS).flatMap(real -> Arbitraries.integers().between(0, 7)
                .flatMap(control -> Arbitraries.longs().between(0, 2_000 * MS)
                        .map(value -> new Step(real, control, value))));
    }

    @Property(tries = 300)
    void theTargetIsWhereTheNextFrameGoesOrTheHorizonIfNearer(
            @ForAll boolean keepDebt, @ForAll @Size(max = 60) List<@From("steps") Step> run) {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock)
                .debtPolicy(keepDebt ? DebtPolicy.KEEP : DebtPolicy.DISCARD)
                .catchUpBound(Duration.ofMillis(250))
                .world(new WorldConfigurationBuilder().with(new Ticker())).build();
        for (Step step : run) {
            clock.advance(step.realNanos());
            switch (step.control()) {
                case 0 -> loop.setTimeScale(1 + step.value() % 7 / 3.0);      // 1, 4/3, 5/3, 2, ...
                case 1 -> loop.setTimeScale(0.1 + step.value() % 9 / 10.0);
                case 2 -> {
                    if (loop.isPaused()) {
                        loop.resume();
                    } else {
                        loop.pause();
                    }
                }
                case 3 -> loop.setHorizon(loop.simulatedNanos() + step.value() / 4);
                case 4 -> loop.setHorizon(Math.max(0, loop.simulatedNanos() - step.value() / 8)); // behind it
                case 5 -> loop.clearHorizon();
                case 6 -> loop.regainDropped(step.value());
                default -> loop.setCatchUpBound(Duration.ofNanos(1 + step.value() / 4));
            }
            long before = loop.simulatedNanos();
            long target = loop.frameTargetNanos();
            assertEquals(target, loop.frameTargetNanos(), "reading the target moved it");
            long horizon = loop.horizonNanos();
            loop.frame();
            assertEquals(Math.max(before, Math.min(target, horizon)), loop.simulatedNanos(),
                    "frame from " + before + " with target " + target + " and horizon " + horizon);
        }
    }
}
