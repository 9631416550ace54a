package dev.ecsloop.demo.bench;

import java.util.Arrays;
import java.util.Locale;

/** The explorer benchmark's Markdown: the loads side by side, and the page times. */
final class ExplorerTables {

    private ExplorerTables() {
    }

    static String overhead(ExplorerBenchmark.Overhead o) {
        MarkdownTable t = new MarkdownTable("load", "frames", "FPS", "CPU p50 ms", "CPU p99 ms", "CPU mean ms",
                "x none (p99)", "x none (mean)", "CPU p99 less drain ms", "wall p99 ms", "drain CPU mean µs", "drain CPU p99 µs", "drain CPU µs per answer", "req/s sent", "req/s answered",
                "watch KiB/s");
        ExplorerBenchmark.Row none = o.rows().get(ExplorerBenchmark.Load.NONE);
        for (ExplorerBenchmark.Row r : o.rows().values()) {
            t.row(r.load().label, Integer.toString(r.cpu().count()), String.format(Locale.ROOT, "%.1f", r.fps()),
                    ms(r.cpu().p50()), ms(r.cpu().p99()),
                    ms(r.cpu().mean()), ratio(r.cpu().p99() / (double) none.cpu().p99()),
                    ratio(r.cpu().mean() / none.cpu().mean()), ms(r.gameCpu().p99()), ms(r.wall().p99()),
                    r.load() == ExplorerBenchmark.Load.NONE ? "-" : us(r.drainCpu().mean()),
                    r.load() == ExplorerBenchmark.Load.NONE ? "-" : us(r.drainCpu().p99()),
                    r.answered() == 0 ? "-" : us(r.drainCpu().mean() * r.drainCpu().count() / r.answered()),
                    String.format(Locale.ROOT, "%.1f", r.sentPerSecond()),
                    String.format(Locale.ROOT, "%.1f", r.requestsPerSecond()),
                    String.format(Locale.ROOT, "%.1f", r.watchBytes() / 1024.0 / r.seconds()));
        }
        return String.format(Locale.ROOT, "## Explorer: the loop thread's frame under clients (%,d units, 60 FPS, "
                        + "%d rounds of %.1f s per load)%n%n", o.units(), o.rounds(), o.segmentSeconds()) + t
                + String.format(Locale.ROOT, "%nTarget: p99 frame (CPU) with the mix at most 1.2x without: %s, "
                        + "pooled %.2fx; per round %s (CPU), %s (wall). Load average %.2f at the start, %.2f at the "
                        + "end.%n%n",
                verdict(o), o.rows().get(ExplorerBenchmark.Load.MIX).cpu().p99() / (double) none.cpu().p99(),
                spread(o.roundRatios()), spread(o.roundWallRatios()), o.loadStart(), o.loadEnd());
    }

    static String pages(ExplorerBenchmark.Pages p) {
        MarkdownTable t = new MarkdownTable("what", "count", "p50 ms", "p90 ms", "max ms");
        t.row("world.query page of 1,000, end to end over HTTP", Integer.toString(p.endToEnd().count()),
                ms(p.endToEnd().p50()), ms(p.endToEnd().p90()), ms(p.endToEnd().max()));
        t.row("the drain that answered it (loop thread, wall)", Integer.toString(p.loopWall().count()),
                ms(p.loopWall().p50()), ms(p.loopWall().p90()), ms(p.loopWall().max()));
        t.row("the drain that answered it (loop thread, CPU)", Integer.toString(p.loopCpu().count()),
                ms(p.loopCpu().p50()), ms(p.loopCpu().p90()), ms(p.loopCpu().max()));
        t.row("a frame meanwhile (loop thread, CPU)", Integer.toString(p.frameCpu().count()),
                ms(p.frameCpu().p50()), ms(p.frameCpu().p90()), ms(p.frameCpu().max()));
        t.row("a frame meanwhile (loop thread, wall)", Integer.toString(p.frameWall().count()),
                ms(p.frameWall().p50()), ms(p.frameWall().p90()), ms(p.frameWall().max()));
        return String.format(Locale.ROOT, "## Explorer: pages of the entity list (%,d units, %,d entities, 60 FPS)"
                        + "%n%n", p.units(), p.entities()) + t
                + String.format(Locale.ROOT, "%nTarget: a page answers in under 50 ms: %s (p50 %.1f ms, p90 %.1f "
                        + "ms). Load average %.2f at the start, %.2f at the end.%n%n",
                p.endToEnd().p90() < 50_000_000L ? "met at p90" : p.endToEnd().p50() < 50_000_000L
                        ? "met at the median, not at p90" : "missed",
                p.endToEnd().p50() / 1e6, p.endToEnd().p90() / 1e6, p.loadStart(), p.loadEnd());
    }

    private static String verdict(ExplorerBenchmark.Overhead o) {
        double pooled = o.rows().get(ExplorerBenchmark.Load.MIX).cpu().p99()
                / (double) o.rows().get(ExplorerBenchmark.Load.NONE).cpu().p99();
        return pooled <= 1.2 ? "met" : "missed";
    }

    private static String spread(double[] ratios) {
        double[] s = ratios.clone();
        Arrays.sort(s);
        StringBuilder b = new StringBuilder();
        for (double r : ratios) {
            b.append(b.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", r));
        }
        return String.format(Locale.ROOT, "%.2f to %.2fx [%s]", s[0], s[s.length - 1], b);
    }

    private static String ms(double nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    private static String us(double nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e3);
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.2f", r);
    }
}
