package dev.ecsloop.replay;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.state.StateHash;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;

/** The console commands that record and replay a game: {@code record}, {@code stop} and {@code replay}. */
public final class RecordingCommands {

    private RecordingCommands() {
    }

    /**
     * Adds {@code record <file>}, {@code stop} and {@code replay <file>}. Recording always covers the session
     * from simulated time 0 (the recorder journals from the start): {@code record} names the file and
     * {@code stop} writes it. {@code replay} checks a file against a fresh copy of the game from {@code fresh},
     * as fast as possible. Files are checked on the loop thread only by name and
     * type (a cheap stat); writing and reading happen on the console's I/O thread, so a slow disk, a large file
     * or a hostile path (a device, a FIFO) never blocks a frame, and only regular files are read or replaced.
     *
     * @param console  the game's console
     * @param loop     the recorded loop
     * @param recorder its recorder, attached at simulated time 0
     * @param fresh    builds a fresh copy of the game at simulated time 0, from the recorder's setup; called on the
     *                 console's I/O thread
     * @throws IllegalArgumentException if the console already has one of these commands
     */
    public static void register(Console console, GameLoop loop, Recorder recorder, Supplier<ReplayTarget> fresh) {
        Objects.requireNonNull(loop, "loop");
        Objects.requireNonNull(recorder, "recorder");
        Objects.requireNonNull(fresh, "fresh");
        Path[] target = new Path[1];
        console.register("record", "record <file>",
                "names the replay file; 'stop' writes the session from simulated time 0 into it", (args, out) -> {
                    args.expectAtMost(1);
                    Path file = args.path(0, "<file>");
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
                    target[0] = file;
                    out.accept("recording to " + file + " (the session from simulated time 0; 'stop' writes it)");
                });
        console.register("stop", "stop", "writes the replay file named by 'record'", (args, out) -> {
            args.expectAtMost(0);
            if (target[0] == null) {
                throw args.error("not recording (use record <file> first)");
            }
            Path file = target[0];
            Recorder.Saving saving = recorder.prepareSave();
            target[0] = null;
            console.offLoop("stop", () -> {
                try {
                    saving.writeTo(file);
                } catch (IOException e) {
                    throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
                }
                return saving;
            }, (saved, reply) -> reply.accept("saved " + simulated(saved.endNanos()) + " to " + file + " ("
                    + saved.records() + " records, world-hash: " + StateHash.hex(saved.endHash()) + ")"
                    + (recorder.isFull() ? "; the journal was full, so it ends there" : "")));
        });
        console.register("replay", "replay <file>",
                "replays a file into a fresh copy of the game, as fast as possible, and checks every hash",
                (args, out) -> {
                    args.expectAtMost(1);
                    Path file = args.path(0, "<file>");
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

    private static String simulated(long nanos) {
        return String.format(Locale.ROOT, "simulated time %.3f s", nanos / 1e9);
    }
}
