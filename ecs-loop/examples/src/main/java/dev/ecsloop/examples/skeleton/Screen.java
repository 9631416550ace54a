package dev.ecsloop.examples.skeleton;

import java.io.PrintStream;

/**
 * Presents each drawn frame on a terminal: the window's "swap buffers". With ANSI escapes it redraws in place
 * (cursor home, then the field, the counters, the latest console replies and a prompt); without them, for a pipe
 * or a log, it prints the field once per simulated second.
 */
final class Screen {

    private static final String HOME = "\033[H";
    private static final String CLEAR = "\033[2J";
    private static final String CLEAR_LINE = "\033[K";

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
        sb.append(String.format(java.util.Locale.ROOT, "t=%.1f s  %s", simulated / 1e9, game.loop().stats().line()))
                .append(CLEAR_LINE).append('\n');
        for (String line : replies.lines()) {
            sb.append(line).append(CLEAR_LINE).append('\n');
        }
        sb.append("type help, rate move 2, interp off, pause, step, quit > ").append(CLEAR_LINE);
        out.print(sb);
        out.flush();
    }
}
