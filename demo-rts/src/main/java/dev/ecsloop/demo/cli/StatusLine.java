package dev.ecsloop.demo.cli;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopStats;
import dev.ecsloop.time.Durations;
import java.util.Locale;

/**
 * The headless status line: at most {@value #MAX} characters, so it fits an 80-column terminal row without
 * wrapping and can be redrawn in place. Simulated time and scale (or PAUSED), frames per second, living units per
 * team, then each fixed-rate
 * system's measured ticks per second under the first four letters of its name (less a {@code System} suffix),
 * and the share of real time the systems took:
 *
 * <pre>sim 12.345 s x1 | 60 fps | 1000 v 998 | Hz orde 60 econ 10 infl 5 ai 5 path 15 .. | load 12%</pre>
 *
 * Every-frame systems are left out (they tick once per frame: the fps says it). Should a game have more systems
 * than fit, the systems part is cut at a whole entry and ends with {@code ..}: never mid-number.
 */
final class StatusLine {

    /** The longest line ever returned: one less than 80 columns, so the cursor never sits past the edge. */
    static final int MAX = 79;

    private StatusLine() {
    }

    /**
     * @param loop  the loop whose counters to show
     * @param team0 living units of team 0
     * @param team1 living units of team 1
     * @return the line, at most {@link #MAX} characters
     */
    static String format(GameLoop loop, int team0, int team1) {
        LoopStats stats = loop.stats();
        StringBuilder head = new StringBuilder(MAX);
        head.append("sim ").append(Durations.seconds(loop.simulatedNanos())).append(' ');
        head.append(loop.isPaused() ? "PAUSED" : "x" + plain(loop.timeScale()));
        head.append(" | ").append(stats.framesPerSecond()).append(" fps");
        head.append(" | ").append(team0).append(" v ").append(team1);
        double busyMillis = 0;
        StringBuilder rates = new StringBuilder(64).append(" | Hz");
        int[] entryEnds = new int[loop.systems().size()];
        int entries = 0;
        for (Class<? extends BaseSystem> type : loop.systems()) {
            busyMillis += stats.meanRunMillis(loop.system(type)) * stats.runsPerSecond(loop.system(type));
            if (loop.system(type).isEveryFrame()) {
                continue;
            }
            String name = type.getSimpleName().toLowerCase(Locale.ROOT);
            if (name.endsWith("system") && name.length() > "system".length()) {
                name = name.substring(0, name.length() - "system".length());
            }
            rates.append(' ').append(name, 0, Math.min(4, name.length())).append(' ')
                    .append(stats.runsPerSecond(loop.system(type)));
            entryEnds[entries++] = rates.length();
        }
        String tail = " | load " + Math.round(busyMillis / 10.0) + "%";
        if (head.length() + rates.length() + tail.length() <= MAX) {
            return head.append(rates).append(tail).toString();
        }
        int room = MAX - head.length() - tail.length() - 3;
        int cut = 0;
        for (int i = 0; i < entries && entryEnds[i] <= room; i++) {
            cut = entryEnds[i]; // whole entries only: a name never loses its value
        }
        if (cut > 0) {
            head.append(rates, 0, cut).append(" ..");
        }
        String line = head.append(tail).toString();
        return line.length() <= MAX ? line : line.substring(0, MAX);
    }

    private static String plain(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e9 ? Long.toString((long) x)
                : java.math.BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }
}
