package dev.ecsloop.examples.skeleton;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopStats;
import dev.ecsloop.time.Durations;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Presents each drawn frame on a terminal: the window's "swap buffers". With ANSI escapes it redraws in place
 * (cursor home, then the field, the counters, the latest console replies and a prompt); without them, for a pipe
 * or a log, it prints the field once per simulated second.
 */
final class Screen {

    private static final String HOME = "\033[H";
    private static final String CLEAR = "\033[2J";
    private static final String CLEAR_LINE = "\033[K";
    /** Erases from the cursor to the end of the screen: a long reply shown before leaves nothing behind. */
    private static final String CLEAR_BELOW = "\033[J";
    /** The counters line fits an 80-column terminal without wrapping. */
    static final int STATUS_MAX = 79;

    private final PrintStream out;
    private final boolean ansi;
    private final SkeletonGame game;
    private final ReplyLog replies;
    private boolean cleared;
    private long lastPlainSecond = -1;

    Screen(PrintStream out, boolean ansi, SkeletonGame game, ReplyLog replies) {
        this.out = out;
        this.ansi = ansi;
        this.game = game;
        this.replies = replies;
    }

    void present() {
        long simulated = game.loop().simulatedNanos();
        if (!ansi) {
            long second = simulated / 1_000_000_000L;
            if (second != lastPlainSecond) {
                lastPlainSecond = second;
                out.print("t=" + second + " s\n" + game.canvas());
                out.flush();
            }
            return;
        }
        StringBuilder sb = new StringBuilder(2048);
        if (!cleared) {
            sb.append(CLEAR);
            cleared = true;
        }
        sb.append(HOME).append(game.canvas());
        sb.append(status(game.loop())).append(CLEAR_LINE).append('\n');
        for (String line : replies.lines()) {
            sb.append(line).append(CLEAR_LINE).append('\n');
        }
        sb.append("type help, rate move 2, interp off, pause, step, quit > ").append(CLEAR_LINE).append(CLEAR_BELOW);
        out.print(sb);
        out.flush();
    }

    /**
     * The counters, at most {@value #STATUS_MAX} characters: simulated time, frames per second, then per system
     * its runs per second and mean cost per run, e.g.
     * {@code t=12.345 s | 30 fps | brain 2/s 4.1 µs | move 2/s 12.0 µs | textrenderer 30/s 0.21 ms}.
     */
    static String status(GameLoop loop) {
        LoopStats stats = loop.stats();
        StringBuilder sb = new StringBuilder(128).append("t=").append(Durations.seconds(loop.simulatedNanos()))
                .append(" | ").append(stats.framesPerSecond()).append(" fps");
        for (Class<? extends BaseSystem> type : loop.systems()) {
            String name = type.getSimpleName().replaceFirst("System$", "").toLowerCase(Locale.ROOT);
            String entry = " | " + name + " " + stats.runsPerSecond(loop.system(type)) + "/s "
                    + Durations.costMillis(stats.meanRunMillis(loop.system(type)));
            if (sb.length() + entry.length() > STATUS_MAX) {
                break; // whole entries only
            }
            sb.append(entry);
        }
        return sb.toString();
    }
}
