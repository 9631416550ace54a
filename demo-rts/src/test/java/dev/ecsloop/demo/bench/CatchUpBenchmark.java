package dev.ecsloop.demo.bench;

import dev.ecsloop.DebtPolicy;
import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.MovementSystem;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;

/**
 * Recovery from a stall on the real clock: the game runs paced at 60 FPS, then the loop thread is blocked for a
 * while (a real sleep: a hitch, a debugger, a slow load), then frames run on until simulated time is back in step
 * with real time. Under {@link DebtPolicy#KEEP} the loop pays the stall back at most {@code maxCatchUp} (250 ms,
 * the default) of simulated time per frame, so catching up takes several frames; under {@link DebtPolicy#DISCARD}
 * it advances by the bound once and drops the rest, which the table shows as dropped simulated time.
 *
 * <p>"Caught up" is the first frame after which the loop owes no simulated time ({@link GameLoop#debtNanos()}
 * is 0). Real time is read through {@link Clock#system()}.
 */
public final class CatchUpBenchmark {

    private static final int FPS = 60;

    /**
     * One stall and its recovery.
     *
     * @param frames         frames from the end of the stall until caught up, that frame included
     * @param realMs         real milliseconds from the end of the stall until caught up
     * @param longestFrameMs the longest of those frames (what a player sees as a hitch)
     * @param movementTicks  movement ticks (60 Hz) run during those frames
     * @param droppedMs      simulated milliseconds dropped, never simulated
     */
    public record Result(DebtPolicy policy, int units, long stallMs, int frames, double realMs,
                         double longestFrameMs, long movementTicks, double droppedMs) {
    }

    private CatchUpBenchmark() {
    }

    public static void main(String[] args) {
        for (DebtPolicy policy : DebtPolicy.values()) {
            System.out.println(measure(5_000, policy, 3, 2_000));
        }
    }

    /**
     * @param warmUpSeconds real seconds of paced frames before the stall (JIT warm-up, armies on the move)
     */
    public static Result measure(int units, DebtPolicy policy, double warmUpSeconds, long stallMs) {
        Clock clock = Clock.system();
        RtsGame game = RtsGame.create(MatchSetup.defaults(1).withUnits(units), clock, false);
        GameLoop loop = game.loop();
        loop.setDebtPolicy(policy);
        FramePacer pacer = new FramePacer(clock, FPS);
        long warmUpEnd = clock.nanoTime() + (long) (warmUpSeconds * 1e9);
        while (clock.nanoTime() < warmUpEnd) {
            game.frame();
            pacer.awaitNextFrame();
        }

        long stallEnd = clock.nanoTime() + stallMs * 1_000_000L;
        for (long now = clock.nanoTime(); now < stallEnd; now = clock.nanoTime()) {
            clock.sleepNanos(stallEnd - now);
        }
        long droppedBefore = loop.droppedNanos();
        long ticksBefore = loop.stats().runs(loop.system(MovementSystem.class));
        long recoveryStart = clock.nanoTime();
        int frames = 0;
        long longest = 0;
        long caughtUp;
        while (true) {
            long start = clock.nanoTime();
            game.frame();
            long end = clock.nanoTime();
            frames++;
            longest = Math.max(longest, end - start);
            if (loop.debtNanos() == 0) {
                caughtUp = end;
                break;
            }
            pacer.awaitNextFrame();
        }
        return new Result(policy, units, stallMs, frames, (caughtUp - recoveryStart) / 1e6, longest / 1e6,
                loop.stats().runs(loop.system(MovementSystem.class)) - ticksBefore, (loop.droppedNanos() - droppedBefore) / 1e6);
    }
}
