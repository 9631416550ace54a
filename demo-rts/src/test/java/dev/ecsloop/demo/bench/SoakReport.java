package dev.ecsloop.demo.bench;

import java.util.Locale;

/**
 * The soak's tables, made once the run is over and every GC notification has arrived: the heap every five
 * minutes with the GC pauses and cut frames of those five minutes, then the spread of each heap reading over the
 * last 50 minutes and the longest pause against the catch-up bound.
 */
final class SoakReport {
    private final GcPauses gc;
    private final BoundHits hits;
    private final long bound;
    private final long[] minuteEnd;
    private final LiveHeap.Reading[] heap;
    private final int reached;

    SoakReport(GcPauses gc, BoundHits hits, long bound, long[] minuteEnd, LiveHeap.Reading[] heap, int reached) {
        this.gc = gc;
        this.hits = hits;
        this.bound = bound;
        this.minuteEnd = minuteEnd;
        this.heap = heap;
        this.reached = reached;
    }

    /** The table, a row every five minutes (and minute 1); pauses and cut frames are those since the last row. */
    String table(int[] units, long[] slowest, long[] capture) {
        MarkdownTable t = new MarkdownTable("minute", "units 0 v 1", "live objects MB", "vs minute 10",
                "pools after 2 full GCs MB", "used right after GC MB", "GC pauses", "GC ms total", "longest GC ms",
                "catch-up bound hits / overlapping GC / due to GC", "slowest frame ms", "autosave capture CPU ms");
        int from = 0;
        int baseMinute = Math.min(10, reached);
        for (int m = 1; m <= reached; m++) {
            if (m != 1 && m % 5 != 0 && m != reached) {
                continue;
            }
            long[] p = pauses(minuteEnd[from], minuteEnd[m]);
            long[] h = hits.attribute(gc, bound, minuteEnd[from], minuteEnd[m]);
            long sl = 0;
            long cap = 0;
            for (int k = from + 1; k <= m; k++) {
                sl = Math.max(sl, slowest[k]);
                cap = Math.max(cap, capture[k]);
            }
            t.row(Integer.toString(m), units[m] / 100_000 + " v " + units[m] % 100_000,
                    SoakBenchmark.mb(heap[m].objects()),
                    m < baseMinute ? "" : pct(heap[m].objects(), heap[baseMinute].objects()),
                    SoakBenchmark.mb(heap[m].afterGc()), SoakBenchmark.mb(heap[m].usedAfter()), Long.toString(p[0]),
                    Long.toString(p[1] / 1_000_000), Long.toString(p[2] / 1_000_000),
                    h[0] + " / " + h[1] + " / " + h[2], SoakBenchmark.f(sl / 1e6), SoakBenchmark.f(cap / 1e6));
            from = m;
        }
        return t.toString();
    }

    /** The spreads over minutes 10 to the end, the pauses against the bound and the cut frames attributed. */
    String summary() {
        StringBuilder out = new StringBuilder();
        int first = Math.min(10, reached);
        out.append("live heap over minutes ").append(first).append("..").append(reached).append(": live objects ")
                .append(spread(first, 2)).append(" (target: within 5%); the pools after 2 full GCs ")
                .append(spread(first, 0)).append("; used right after 2 full GCs ").append(spread(first, 1))
                .append("; used right after one (the former reading) ").append(spread(first, 3))
                .append('\n');
        long[] all = pauses(minuteEnd[0], minuteEnd[reached]);
        long requestedLongest = 0;
        String longestLabel = "none";
        long longest = 0;
        int requested = 0;
        for (int i = 0; i < gc.count(); i++) {
            if (gc.requested(i)) {
                requested++;
                requestedLongest = Math.max(requestedLongest, gc.duration(i));
            } else if (gc.start(i) >= minuteEnd[0] && gc.start(i) < minuteEnd[reached] && gc.duration(i) >= longest) {
                longest = gc.duration(i);
                longestLabel = gc.label(i);
            }
        }
        long[] h = hits.attribute(gc, bound, Long.MIN_VALUE, Long.MAX_VALUE);
        StringBuilder cut = new StringBuilder();
        for (int i = 0; i < gc.count(); i++) {
            if (!gc.requested(i) && gc.duration(i) * 4 >= bound && gc.start(i) >= minuteEnd[0]
                    && gc.start(i) < minuteEnd[reached]) {
                cut.append(cut.length() == 0 ? "" : ", ").append(gc.duration(i) / 1_000_000).append(" ms (")
                        .append(gc.label(i)).append(')');
            }
        }
        out.append("GC pauses of the game: ").append(all[0]).append(", ").append(all[1] / 1_000_000)
                .append(" ms in all; longest ").append(longest / 1_000_000).append(" ms (").append(longestLabel)
                .append(") against the ").append(bound / 1_000_000).append(" ms catch-up bound (")
                .append(String.format(Locale.ROOT, "%.3f", (double) longest / bound)).append(" of it); ")
                .append(requested).append(" full GCs of the benchmark's own (calibration, readings), longest ")
                .append(requestedLongest / 1_000_000).append(" ms (outside the game's time); pause times within ")
                .append(gc.slackNanos() / 1_000_000.0).append(" ms; ").append(gc.dropped()).append(" not recorded\n");
        out.append("frames cut by the catch-up bound: ").append(hits.total()).append(", overlapping a GC pause: ")
                .append(h[1]).append(", due to GC (would have fitted without the pause): ").append(h[2])
                .append("; the longest stretch a cut frame covered: ")
                .append(SoakBenchmark.f(hits.longest() / 1e6)).append(" ms");
        return out.toString();
    }

    /** @return {count, total ns, longest ns} of the game's pauses starting within [from, to) */
    private long[] pauses(long from, long to) {
        long[] r = new long[3];
        for (int i = 0; i < gc.count(); i++) {
            if (!gc.requested(i) && gc.start(i) >= from && gc.start(i) < to) {
                r[0]++;
                r[1] += gc.duration(i);
                r[2] = Math.max(r[2], gc.duration(i));
            }
        }
        return r;
    }

    private String spread(int first, int which) {
        long min = Long.MAX_VALUE;
        long max = 0;
        int at = first;
        for (int m = first; m <= reached; m++) {
            long v = which == 0 ? heap[m].afterGc() : which == 1 ? heap[m].usedAfter()
                    : which == 2 ? heap[m].objects() : heap[m].usedAfterOne();
            min = Math.min(min, v);
            if (v > max) {
                max = v;
                at = m;
            }
        }
        return SoakBenchmark.mb(min) + " to " + SoakBenchmark.mb(max) + " MB (highest at minute " + at + "), spread "
                + String.format(Locale.ROOT, "%.1f%%", 100.0 * (max - min) / min);
    }

    private static String pct(long v, long base) {
        return String.format(Locale.ROOT, "%+.1f%%", 100.0 * v / base - 100);
    }
}
