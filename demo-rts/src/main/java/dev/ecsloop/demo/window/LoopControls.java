package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Maps the overlay's controls to console commands: a rate slider to {@code rate <system> <hz>}, the time-scale
 * slider to {@code timescale <x>}, the buttons to {@code pause}, {@code resume}, {@code step}. Going through the
 * console (rather than calling {@link GameLoop#setRate} directly) keeps one path for every change, so a slider
 * move is validated, confirmed and recorded exactly like the typed command.
 *
 * <p>Slider values are rounded (rates to 0.1 Hz, scale to 0.01) so a drag yields readable commands, and a value
 * equal to the loop's current one yields no command at all.
 */
final class LoopControls {

    static final float MIN_HZ = 1f;
    static final float MAX_HZ = 240f;
    static final float MIN_SCALE = 0.05f;
    static final float MAX_SCALE = 4f;

    private LoopControls() {
    }

    /**
     * The command a rate slider released at {@code hz} runs, or null when it would change nothing.
     */
    static String rateCommand(GameLoop loop, Class<? extends BaseSystem> system, float hz) {
        String value = round(hz, 1);
        if (!loop.system(system).isEveryFrame() && new BigDecimal(value).compareTo(BigDecimal.valueOf(loop.system(system).rate())) == 0) {
            return null;
        }
        return "rate " + system.getSimpleName() + " " + value;
    }

    /** The command the time-scale slider released at {@code scale} runs, or null when it would change nothing. */
    static String timeScaleCommand(GameLoop loop, float scale) {
        String value = round(scale, 2);
        if (new BigDecimal(value).compareTo(BigDecimal.valueOf(loop.timeScale())) == 0) {
            return null;
        }
        return "timescale " + value;
    }

    /** The pause button toggles: it says {@code resume} while paused. */
    static String pauseCommand(GameLoop loop) {
        return loop.isPaused() ? "resume" : "pause";
    }

    static String stepCommand() {
        return "step";
    }

    private static String round(float x, int places) {
        return new BigDecimal(Float.toString(x)).setScale(places, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }

    /** A value as the panel shows it: whole numbers without a fraction, others without trailing zeros. */
    static String plain(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x)
                : BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }
}
