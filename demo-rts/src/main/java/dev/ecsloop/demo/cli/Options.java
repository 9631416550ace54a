package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.save.SaveAt;

import dev.ecsloop.demo.sim.AiSides;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.window.Screenshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import dev.ecsloop.demo.net.NetFlags;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The command line of the demo, parsed and range-checked by picocli. Unset options are null. */
@Command(name = "demo-rts", sortOptions = false, usageHelpAutoWidth = true,
        description = "A small RTS on ecs-loop: two armies path, move and fight, each system at its own rate. "
                + "In the window you command team 0 against the AI; headless the AI commands both.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:ran to the end; replay matched", "1:replay diverged",
                "2:bad flag or value; bad or foreign replay file; a file that cannot be written; not enough memory "
                        + "(raise -Xmx)",
                "3:network match stopped (desync, host lost) or could not start"})
final class Options {
    @Option(names = "--headless", description = "No window: show a status line, read console commands "
            + "from standard input. Without it the window opens when a display exists (or with --offscreen).")
    boolean headless;

    @Option(names = "--quiet", description = "Headless: no status line (console replies and results still print). "
            + "The status line is otherwise rewritten in place on a terminal and printed once a second when piped.")
    boolean quiet;

    @Option(names = "--offscreen", description = "Render without an X server: GLFW's Null platform with an EGL "
            + "context (Mesa). Nothing is shown; --screenshot still writes PNGs.")
    boolean offscreen;

    @Option(names = "--screenshot", paramLabel = "FILE@SECONDS", converter = Converters.Shot.class,
            description = "Save the window's framebuffer as PNG at this simulated time, e.g. shot.png@2.5. "
                    + "Repeatable.")
    List<Screenshot> screenshots = new ArrayList<>();

    @Option(names = "--units", paramLabel = "N", converter = Converters.Units.class,
            description = "Units in all, split between two teams (2 to 100000; default 2000).")
    Integer units;

    @Option(names = "--seed", paramLabel = "S", converter = Converters.Seed.class,
            description = "Map and spawn seed (default 1).")
    Long seed;

    @Option(names = "--ai", paramLabel = "SIDES", converter = Converters.Ai.class,
            description = "Which teams the AI commands: both, or team1 (you command team 0). Default: team1 in the "
                    + "window, both headless and in network matches. Part of the setup a recording carries.")
    AiSides ai;

    @Option(names = "--map-size", paramLabel = "CELLS", converter = Converters.MapSize.class,
            description = "Side of the square map (16 to 4096; default 256 headless, 64 in the window, where the "
                    + "armies then meet within seconds).")
    Integer mapSize;

    @Option(names = "--endless", description = "Bases cannot fall: both sides keep producing and attacking for as "
            + "long as the match runs (hour-long matches). Part of the setup a recording or snapshot carries.")
    boolean endless;

    @Option(names = "--seconds", paramLabel = "T", converter = Converters.Seconds.class,
            description = "Stop after T simulated seconds; the last frame ends exactly at T. Without it, run until "
                    + "'quit' or the end of standard input.")
    Long stopAtNanos;

    @Option(names = "--rate", paramLabel = "SYSTEM=HZ", converter = Converters.Rate.class,
            description = "Run a system at HZ from simulated time zero; SYSTEM is a case-insensitive unique prefix "
                    + "(ai, path, move, combat, anim, orders). Repeatable.")
    List<RateSetting> rates = new ArrayList<>();

    @Option(names = "--fps", paramLabel = "N", converter = Converters.Fps.class,
            description = "Frame cap in real time (0 = uncapped; default 60). Ignored under --frame-times.")
    int fps = 60;

    @Option(names = "--workers", paramLabel = "N", converter = Converters.Workers.class,
            description = "Threads for the parallel systems, the loop thread counted (1 to 256; default: the number"
                    + " of cores). The simulation, its hash and recordings are the same at any count.")
    int workers = Runtime.getRuntime().availableProcessors();

    @Option(names = "--frame-times", paramLabel = "PROFILE", converter = Converters.Profile.class,
            description = {"Run headless on a manual clock driven as fast as possible with these frame lengths "
                    + "(counters then print every simulated second):",
                    "  steady:MS             every frame MS milliseconds, e.g. steady:16.667",
                    "  jitter:MIN-MAX:SEED   uniform in [MIN, MAX] ms, seeded",
                    "  stall:MS@SECOND       exact 1/60 s frames, but the first frame starting at or after "
                            + "SECOND s lasts MS ms (over 250 ms hits the catch-up bound)"})
    FrameProfile frameTimes;

    @Option(names = "--save", paramLabel = "FILE@SECONDS", converter = Converters.Save.class,
            description = "Write a snapshot of the game at this simulated time, e.g. s.snap@12 (headless: exactly "
                    + "then, whatever --frame-times; in the window: the first frame at or after). Repeatable.")
    List<SaveAt> saves = new ArrayList<>();

    @Option(names = "--load", paramLabel = "FILE", description = "Start from a snapshot (--save, 'save' or an "
            + "autosave; the setup flags must match it). --seconds stays absolute simulated time.")
    Path load;

    @Option(names = "--autosave", paramLabel = "MINUTES", converter = Converters.Minutes.class,
            description = "Save every MINUTES of simulated time (0.01 to 1440), compressed, written off the loop "
                    + "thread, as autosave-SECONDS.snap.gz; the newest " + SaveSchedule.AUTOSAVES_KEPT + " are kept.")
    Long autosaveNanos;

    @Option(names = "--autosave-dir", paramLabel = "DIR", description = "Where autosaves go (default: the current "
            + "directory; it must exist).")
    Path autosaveDir;

    @Option(names = "--record", paramLabel = "FILE", description = "Save a replay of the session at exit.")
    Path record;

    @Option(names = "--replay", paramLabel = "FILE", description = "Rebuild the recorded setup, replay it as fast "
            + "as possible and report match (exit 0) or divergence (exit 1). --units/--seed/--map-size/--ai, if given, "
            + "must match the recording.")
    Path replay;

    @Option(names = "--seek", paramLabel = "SECONDS", converter = Converters.SeekSeconds.class,
            description = "With --replay: jump to this simulated time through keyframes (read from FILE.keys if it "
                    + "exists, else built on the way), then replay and verify the rest.")
    Long seekNanos;

    @Option(names = "--keyframe-budget", paramLabel = "MB", converter = Converters.KeyframeBudget.class,
            description = "With --replay, or --record (keyframes kept while recording, written to FILE.keys): most "
                    + "memory for keyframes (1 to 4096; default 256). When full, every other keyframe is dropped and "
                    + "the interval (2 s at first) doubles.")
    Integer keyframeBudget;

    @Option(names = "--save-keyframes", description = "With --replay: write the keyframes built to FILE.keys "
            + "beside the replay, so later seeks start from them.")
    boolean saveKeyframes;

    @Option(names = "--console-port", paramLabel = "PORT", converter = Converters.Port.class,
            description = "Also serve the console over TCP on 127.0.0.1:PORT, to clients that send the token first.")
    Integer consolePort;

    @Option(names = "--console-token", paramLabel = "TOKEN", converter = Converters.Token.class,
            description = "The token TCP clients must send first ('token TOKEN'); 16 to 128 of A-Z a-z 0-9 . _ ~ -. "
                    + "Without it a random one is printed at start. Other local users can read a process's "
                    + "arguments: prefer the printed one on a shared machine.")
    String consoleToken;

    @Option(names = "--explorer", paramLabel = "PORT", converter = Converters.Port.class,
            description = "Serve the browser explorer on 127.0.0.1:PORT (JSON-RPC at /rpc, the page at /); it takes "
                    + "the console's token as 'Authorization: Bearer'. Read-only unless --explorer-edit.")
    Integer explorerPort;

    @Option(names = "--explorer-edit", description = "Let the explorer edit components and change rates, pause and "
            + "step (each edit is recorded and replays).")
    boolean explorerEdit;

    @Option(names = "--print-hash", description = "Print 'world-hash: <16 hex>' as the last line: the state after "
            + "the last tick at or before T.")
    boolean printHash;

    @Mixin
    NetFlags net = new NetFlags();

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    /** A flag that draws (--offscreen, --screenshot) given with one that does not, or null if there is none. */
    String windowConflict() {
        String drawing = offscreen ? "--offscreen" : !screenshots.isEmpty() ? "--screenshot" : null;
        if (drawing == null) {
            return null;
        }
        String headlessFlag = headless ? "--headless" : frameTimes != null
                ? "--frame-times" : null;
        return headlessFlag == null ? null : drawing + " needs a window, which " + headlessFlag + " does not open";
    }

    /**
     * A flag that a replay would ignore, or a replay flag without {@code --replay}, or null: a replay runs as fast
     * as possible with no console and takes its rates and orders from the file.
     */
    String replayConflict() {
        if (replay == null) {
            String seeking = seekNanos != null ? "--seek" : keyframeBudget != null && record == null
                    ? "--keyframe-budget" : saveKeyframes ? "--save-keyframes" : null;
            return seeking == null ? null : seeking + " needs --replay FILE"
                    + (seeking.equals("--keyframe-budget") ? " or --record FILE" : "");
        }
        String ignored = record != null ? "--record" : !rates.isEmpty() ? "--rate" : load != null ? "--load"
                : !saves.isEmpty() ? "--save" : autosaveNanos != null ? "--autosave" : consolePort != null
                ? "--console-port" : consoleToken != null ? "--console-token" : explorerPort != null ? "--explorer" : null;
        return ignored == null ? null : "--replay runs as fast as possible from the file alone, with no console: drop "
                + ignored;
    }

    /**
     * A save flag given with one it cannot work with, or null: a network match loads (every player the same file,
     * to resume a match) but saves only when its host is lost.
     */
    String saveConflict() {
        String saving = load != null ? "--load" : !saves.isEmpty() ? "--save" : autosaveNanos != null ? "--autosave"
                : null;
        if (saving == null) {
            return null;
        }
        if (net.active() && (!saves.isEmpty() || autosaveNanos != null)) {
            return (!saves.isEmpty() ? "--save" : "--autosave") + " is not available in a network match (a host"
                    + " that is lost makes every player save a snapshot; --load resumes it)";
        }
        return null;
    }

    /**
     * The match these options ask for, defaults for what is unset: built once, then handed down.
     *
     * @param window whether it is played in the window (the player against the AI on a map where the armies meet
     *               within seconds) or headless (the AI on both sides on the full map, so hashes and figures stay
     *               comparable)
     */
    MatchSetup setup(boolean window) {
        long s = seed == null ? 1 : seed;
        MatchSetup c = (window ? MatchSetup.windowDefaults(s) : MatchSetup.defaults(s)).withRates(rates);
        if (ai != null) {
            c = c.withAi(ai);
        }
        if (units != null) {
            c = c.withUnits(units);
        }
        if (mapSize != null) {
            c = c.withMapSize(mapSize);
        }
        if (endless) {
            c = c.withEndless(true);
        }
        return c;
    }
}
