package dev.ecsloop.explorer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-system timing history in three windows of {@value #SAMPLES} samples each, like Flecs's explorer:
 * {@code 1s} (one sample per frame, over the last 60 frames, taken only while a client is connected, so that a
 * game nobody watches pays nothing), {@code 1m} (one sample per second from the loop's per-second figures) and
 * {@code 1h} (one per minute, the mean of that minute's seconds). A sample holds frames per second and, per
 * system, runs per second and mean and max milliseconds per run.
 *
 * <p>Threads: seconds are added by the server's timer, frames by the loop thread, and windows read by the loop
 * thread; every method locks this object, and each holds it for a copy of at most 60 samples.
 */
final class StatsHistory {

    static final int SAMPLES = 60;

    private final String[] systems;
    private final Ring frames;
    private final Ring seconds;
    private final Ring minutes;
    private int secondsIntoMinute;
    private final double[] minuteFps = new double[1];
    private final double[][] minuteSums;

    StatsHistory(String[] systems) {
        this.systems = systems.clone();
        int n = systems.length;
        frames = new Ring(n);
        seconds = new Ring(n);
        minutes = new Ring(n);
        minuteSums = new double[3][n];
    }

    /** Adds one frame's figures (1s window). */
    synchronized void frame(long atMillis, double fps, double[] runsPerSecond, double[] mean, double[] max) {
        frames.add(atMillis, fps, runsPerSecond, mean, max);
    }

    /** Adds one second's figures (1m window); every 60th also closes a minute (1h window). */
    synchronized void second(long atMillis, double fps, double[] runsPerSecond, double[] mean, double[] max) {
        seconds.add(atMillis, fps, runsPerSecond, mean, max);
        minuteFps[0] += fps;
        for (int s = 0; s < systems.length; s++) {
            minuteSums[0][s] += runsPerSecond[s];
            minuteSums[1][s] += mean[s];
            minuteSums[2][s] = Math.max(minuteSums[2][s], max[s]);
        }
        if (++secondsIntoMinute == SAMPLES) {
            double[] r = new double[systems.length];
            double[] m = new double[systems.length];
            for (int s = 0; s < systems.length; s++) {
                r[s] = minuteSums[0][s] / SAMPLES;
                m[s] = minuteSums[1][s] / SAMPLES;
            }
            minutes.add(atMillis, minuteFps[0] / SAMPLES, r, m, minuteSums[2].clone());
            secondsIntoMinute = 0;
            minuteFps[0] = 0;
            for (double[] sum : minuteSums) {
                java.util.Arrays.fill(sum, 0);
            }
        }
    }

    /**
     * A window as columns: {@code t_ms}, {@code fps}, and per system {@code tps}, {@code mean_ms}, {@code max_ms},
     * oldest sample first.
     *
     * @throws RpcException if the window is not 1s, 1m or 1h
     */
    synchronized Map<String, Object> window(String name) {
        Ring ring = switch (name) {
            case "1s" -> frames;
            case "1m" -> seconds;
            case "1h" -> minutes;
            default -> throw RpcException.params("loop.stats: window must be 1s, 1m or 1h");
        };
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("window", name);
        out.put("samples", ring.count);
        List<Object> t = new ArrayList<>();
        List<Object> fps = new ArrayList<>();
        Map<String, Object> per = new LinkedHashMap<>();
        List<List<Object>> tps = new ArrayList<>();
        List<List<Object>> mean = new ArrayList<>();
        List<List<Object>> max = new ArrayList<>();
        for (String system : systems) {
            Map<String, Object> columns = new LinkedHashMap<>();
            List<Object> a = new ArrayList<>();
            List<Object> b = new ArrayList<>();
            List<Object> c = new ArrayList<>();
            columns.put("tps", a);
            columns.put("mean_ms", b);
            columns.put("max_ms", c);
            tps.add(a);
            mean.add(b);
            max.add(c);
            per.put(system, columns);
        }
        for (int i = 0; i < ring.count; i++) {
            int k = (ring.next - ring.count + i + SAMPLES) % SAMPLES;
            t.add(ring.at[k]);
            fps.add(round(ring.fps[k]));
            for (int s = 0; s < systems.length; s++) {
                tps.get(s).add(round(ring.tps[k][s]));
                mean.get(s).add(round(ring.mean[k][s]));
                max.get(s).add(round(ring.max[k][s]));
            }
        }
        out.put("t_ms", t);
        out.put("fps", fps);
        out.put("systems", per);
        return out;
    }

    private static double round(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }

    /** The last {@value #SAMPLES} samples of one window. */
    private static final class Ring {
        final long[] at = new long[SAMPLES];
        final double[] fps = new double[SAMPLES];
        final double[][] tps;
        final double[][] mean;
        final double[][] max;
        int next;
        int count;

        Ring(int systems) {
            tps = new double[SAMPLES][systems];
            mean = new double[SAMPLES][systems];
            max = new double[SAMPLES][systems];
        }

        void add(long atMillis, double f, double[] r, double[] m, double[] x) {
            at[next] = atMillis;
            fps[next] = f;
            System.arraycopy(r, 0, tps[next], 0, r.length);
            System.arraycopy(m, 0, mean[next], 0, m.length);
            System.arraycopy(x, 0, max[next], 0, x.length);
            next = (next + 1) % SAMPLES;
            count = Math.min(SAMPLES, count + 1);
        }
    }
}
