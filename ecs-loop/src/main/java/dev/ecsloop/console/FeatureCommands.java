package dev.ecsloop.console;

import dev.ecsloop.time.Durations;
import dev.ecsloop.GameLoop;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.InterpolationMode;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayTarget;
import dev.ecsloop.replay.Replayer;
import dev.ecsloop.replay.StateHash;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Commands for the optional parts of a game: the frame cap ({@code fps}), interpolation ({@code interp}), the
 * world-state hash ({@code hash}) and record/replay ({@code record}, {@code stop}, {@code replay}). Each group is
 * added by the {@code Console.with...} method for the part the game uses.
 */
final class FeatureCommands {

    private FeatureCommands() {
    }

    static void frameCap(Console console, FramePacer pacer) {
        console.register("fps", "fps <n>|off", "caps the frame rate at n frames per second (1 to "
                + FramePacer.MAX_FPS + "), or removes the cap", (args, out) -> {
                    args.expectAtMost(1);
                    String before = cap(pacer.fps());
                    int fps = args.word(0, "<n>|off").equalsIgnoreCase("off") ? 0
                            : args.integer(0, "<n>|off", 1, FramePacer.MAX_FPS);
                    pacer.setFps(fps);
                    out.accept("frame cap " + cap(pacer.fps()) + " (was " + before + ")");
                });
    }

    private static String cap(int fps) {
        return fps == 0 ? "off" : fps + " fps";
    }

    static void interpolation(Console console, Interpolation interpolation) {
        console.register("interp", "interp on|off|extrapolate",
                "draws moving things between the last two fixed states, at the latest state, or ahead of it",
                (args, out) -> {
                    args.expectAtMost(1);
                    String choice = args.choice(0, "on|off|extrapolate", "on", "off", "extrapolate");
                    InterpolationMode before = interpolation.mode();
                    interpolation.setMode(switch (choice) {
                        case "on" -> InterpolationMode.INTERPOLATE;
                        case "off" -> InterpolationMode.OFF;
                        default -> InterpolationMode.EXTRAPOLATE;
                    });
                    out.accept("interpolation " + name(interpolation.mode()) + " (was " + name(before) + ")");
                });
    }

    private static String name(InterpolationMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    static void hash(Console console, GameLoop loop) {
        StateHash hasher = new StateHash(loop.world());
        console.register("hash", "hash", "prints the world-state hash, which replays compare", (args, out) -> {
            args.expectAtMost(0);
            out.accept("world-hash: " + StateHash.hex(hasher.hash()) + " at " + simulated(loop.simulatedNanos()));
        });
    }

    /**
     * {@code record}, {@code stop} and {@code replay}. Files are checked on the loop thread only by name and
     * type (a cheap stat); writing and reading happen on the console's I/O thread, so a slow disk, a large file
     * or a hostile path (a device, a FIFO) never blocks a frame, and only regular files are read or replaced.
     */
    static void recording(Console console, GameLoop loop, Recorder recorder, Supplier<ReplayTarget> fresh) {
        Path[] target = new Path[1];
        boolean[] overwrite = new boolean[1];
        console.register("record", "record <file> [overwrite]",
                "names the replay file ('stop' or the end of the game writes the session from simulated time 0 into"
                        + " it); an existing file is replaced only with 'overwrite'", (args, out) -> {
                    args.expectAtMost(2);
                    Path file = path(args, args.word(0, "<file>"));
                    boolean replace = args.size() > 1 && args.choice(1, "the word after <file>", "overwrite")
                            .equals("overwrite");
                    if (target[0] != null) {
                        throw args.error("already recording to " + target[0] + " (stop first)");
                    }
                    Path dir = file.toAbsolutePath().getParent();
                    if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir)) {
                        throw args.error("cannot write " + file + ": no writable directory " + dir);
                    }
                    if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                            && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                        throw args.error("cannot write " + file + ": it exists and is not a regular file");
                    }
                    if (!replace && Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                        throw args.error(file + " exists: not replaced (record " + file
                                + " overwrite, or another name)");
                    }
                    target[0] = file;
                    overwrite[0] = replace;
                    out.accept("recording to " + file + " (the session from simulated time 0; 'stop' or the end of "
                            + "the game writes it)");
                });
        console.register("stop", "stop", "writes the replay file named by 'record'", (args, out) -> {
            args.expectAtMost(0);
            if (target[0] == null) {
                throw args.error("not recording (use record <file> first)");
            }
            Path file = target[0];
            boolean replace = overwrite[0];
            Recorder.Saving saving = recorder.prepareSave();
            target[0] = null;
            console.offLoop("stop", () -> write(saving, file, replace), (saved, reply) -> reply.accept(
                    saved(saved, file, recorder)));
        });
        // Leaving the game (quit, end of input, Ctrl-C) writes a named recording 'stop' has not written yet: the
        // user asked for the file, and nothing is left to write it later.
        console.atFinish(reply -> {
            if (target[0] == null) {
                return;
            }
            Path file = target[0];
            target[0] = null;
            try {
                reply.accept(saved(write(recorder.prepareSave(), file, overwrite[0]), file, recorder));
            } catch (IOException e) {
                reply.accept("error: " + e.getMessage());
            }
        });
        console.register("replay", "replay <file>",
                "replays a file into a fresh copy of the game, as fast as possible, and checks every hash",
                (args, out) -> {
                    args.expectAtMost(1);
                    Path file = path(args, args.word(0, "<file>"));
                    String setup = recorder.setup();
                    console.offLoop("replay", () -> {
                        Replay replay = Replay.read(file);
                        if (!replay.setup().equals(setup)) {
                            throw new IllegalArgumentException(file + " was recorded for setup '" + replay.setup()
                                    + "', this game is '" + setup + "': replay it with the setup it names");
                        }
                        // The copy is built and run on this thread: it shares nothing with the live game.
                        ReplayTarget game = fresh.get();
                        return Replayer.play(replay, game.loop(), game.clock(), game.inputs(), () -> 16_666_667L);
                    }, (result, reply) -> reply.accept(result.matched()
                            ? "replay matched " + result.hashesMatched() + " hashes to " + simulated(result.simNanos())
                                    + ", world-hash: " + StateHash.hex(result.finalHash())
                            : "replay diverged: " + result.divergence()));
                });
    }

    /**
     * Writes {@code saving} to {@code file}; without {@code replace}, refuses a file that appeared since
     * {@code record} checked the name.
     *
     * @throws IOException naming the file, if it cannot be written
     */
    private static Recorder.Saving write(Recorder.Saving saving, Path file, boolean replace) throws IOException {
        if (!replace && Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(file + " appeared since 'record': not replaced (record it again with overwrite)");
        }
        try {
            saving.writeTo(file);
        } catch (IOException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return saving;
    }

    private static String saved(Recorder.Saving saved, Path file, Recorder recorder) {
        return "saved " + simulated(saved.endNanos()) + " to " + file + " (" + saved.records() + " records, "
                + "world-hash: " + StateHash.hex(saved.endHash()) + ")"
                + (recorder.isFull() ? "; the journal was full, so it ends there" : "");
    }

    /** A path from what was typed; a name the platform cannot represent is an argument error. */
    private static Path path(Args args, String typed) {
        try {
            return Path.of(typed);
        } catch (InvalidPathException e) {
            throw args.error(Echo.quote(typed) + " is not a valid path");
        }
    }

    private static String simulated(long nanos) {
        return "simulated time " + Durations.seconds(nanos);
    }
}
