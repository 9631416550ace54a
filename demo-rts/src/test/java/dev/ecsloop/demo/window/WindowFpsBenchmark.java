package dev.ecsloop.demo.window;

import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;

import java.util.Locale;

/**
 * Uncapped frame rate of the window with the synthetic game at several unit counts, and where a frame's time
 * goes: filling the snapshot (game side), our submit (instance upload, draw calls, overlay), the GPU finishing
 * ({@code glFinish}, only in the "finish" pass: with llvmpipe the "GPU" is Mesa's rasterizer threads on the CPU)
 * and the swap. Not a test; run under Xvfb:
 *
 * <pre>
 * xvfb-run -a -s "-screen 0 1280x720x24" java -cp demo-rts/target/classes:demo-rts/target/test-classes:$CP \
 *     dev.ecsloop.demo.window.WindowFpsBenchmark [seconds] [units...]
 * </pre>
 */
public final class WindowFpsBenchmark {

    private WindowFpsBenchmark() {
    }

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        int[] counts = args.length > 1 ? new int[args.length - 1] : new int[] {2_000, 10_000};
        for (int i = 1; i < args.length; i++) {
            counts[i - 1] = Integer.parseInt(args[i]);
        }
        boolean offscreen = System.getenv("DISPLAY") == null;
        System.out.println("platform " + (offscreen ? "Null+EGL" : "X11 " + System.getenv("DISPLAY"))
                + ", 1280x720, vsync off, uncapped, " + seconds + " s per run");
        for (int units : counts) {
            for (boolean finish : new boolean[] {false, true}) {
                run(units, finish, seconds, offscreen);
            }
        }
    }

    private static void run(int units, boolean finish, double seconds, boolean offscreen)
            throws InterruptedException {
        SyntheticGame game = SyntheticGame.realTime(units);
        try (GameWindow window = GameWindow.open(WindowOptions.defaults().withVsync(false).withOffscreen(offscreen),
                game)) {
            window.setFinishBeforeSwap(finish);
            if (!finish) {
                window.screenshotAt(WindowTest.OUT.resolve("fps-" + units + ".png"), 500_000_000L);
            }
            Thread stopper = new Thread(() -> {
                try {
                    Thread.sleep(1_000); // warm-up
                    window.profile().reset();
                    Thread.sleep((long) (seconds * 1000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                window.requestClose();
            });
            stopper.setDaemon(true);
            stopper.start();
            window.run(new FramePacer(Clock.system(), 0));
            DrawCosts p = window.profile();
            double n = Math.max(1, p.frames);
            double frameMs = seconds * 1000 / n;
            System.out.printf(Locale.ROOT, "%6d units %-9s %7.1f fps  frame %6.2f ms = fill %5.2f + scene %5.2f"
                            + " + overlay %5.2f + finish %5.2f + swap %5.2f + loop/other %5.2f ms%n",
                    units, finish ? "finish" : "natural", n / seconds, frameMs, p.fillNanos / n / 1e6,
                    p.submitNanos / n / 1e6, p.overlayNanos / n / 1e6, p.finishNanos / n / 1e6, p.swapNanos / n / 1e6,
                    frameMs - (p.fillNanos + p.submitNanos + p.overlayNanos + p.finishNanos + p.swapNanos) / n / 1e6);
        }
    }
}
