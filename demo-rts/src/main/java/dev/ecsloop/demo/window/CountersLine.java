package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopStats;

import java.util.Locale;

/**
 * The overlay's counters line: frames per second, then per system its measured ticks per second against its
 * target rate and its mean cost per tick, e.g. {@code FPS 420 | AiSystem 15/15 Hz 0.42 ms | RenderSystem
 * 420/frame 0.05 ms}. Built from {@link LoopStats}, whose figures change four times a second, so the window
 * rebuilds the string only then, not every frame.
 */
final class CountersLine {

    private CountersLine() {
    }

    static String format(GameLoop loop) {
        LoopStats stats = loop.stats();
        StringBuilder sb = new StringBuilder(96);
        sb.append("FPS ").append(stats.framesPerSecond());
        for (Class<? extends BaseSystem> type : loop.systems()) {
            sb.append(" | ").append(type.getSimpleName()).append(' ').append(stats.runsPerSecond(loop.system(type))).append('/');
            if (loop.system(type).isEveryFrame()) {
                sb.append("frame");
            } else {
                sb.append(plain(loop.system(type).rate())).append(" Hz");
            }
            sb.append(String.format(Locale.ROOT, " %.2f ms", stats.meanRunMillis(loop.system(type))));
        }
        if (loop.isPaused()) {
            sb.append(" | PAUSED");
        } else if (loop.timeScale() != 1.0) {
            sb.append(" | x").append(plain(loop.timeScale()));
        }
        return sb.toString();
    }

    private static String plain(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : java.math.BigDecimal.valueOf(x).stripTrailingZeros()
                .toPlainString();
    }
}
