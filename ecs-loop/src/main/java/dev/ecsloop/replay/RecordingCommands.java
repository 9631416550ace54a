package dev.ecsloop.replay;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Durations;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Supplier;

/** The console commands that record and replay a game: {@code record}, {@code stop} and {@code replay}. */
public final class RecordingCommands {

    private RecordingCommands() {
    }

    /**
     * Adds {@code record <file> [overwrite]}, {@code stop} and {@code replay <file>}. Recording covers the session
     * from the recorder's start (the recorder journals from there: simulated time 0, or a snapshot's instant):
     * {@code record} names the file, and {@code stop}, or the end of the game ({@link Console#finish}), writes it.
     * {@code replay} checks a file against a fresh copy of the game from {@code fresh}, as fast as possible,
     * restoring a recording's start snapshot first if it has one and the copy has snapshots. Files are checked on the loop
     * thread only by name and type (a cheap stat); writing and reading happen on the console's I/O thread, so a
     * slow disk, a large file or a hostile path (a device, a FIFO) never blocks a frame, and only regular files
     * are read or replaced.
     *
     * @param console  the game's console
     * @param loop     the recorded loop
     * @param recorder its recorder, attached at simulated time 0
     * @param fresh    builds a fresh copy of the game at simulated time 0, from the recorder's setup; called on the
     *                 console's I/O thread
     * @throws IllegalArgumentException if the console already has one of these commands
     */
    public static void register(Console console, GameLoop loop, Recorder recorder, Supplier<ReplayTarget> fresh) {
        register(console, loop, recorder, fresh, null);
    }

    /**
     * As {@link #register(Console, GameLoop, Recorder, Supplier)}, for a game that keeps replay keyframes while it
     * records: every way the named recording is written ({@code stop}, or {@link Console#finish} at quit, the end
     * of input, Ctrl-C or the end of the game) writes its keyframes beside it too ({@code FILE.keys},
     * {@link Keyframes#besideReplay}), those up to the recording's end, so that the file seeks at once.
     *
     * @param console   the game's console
     * @param loop      the recorded loop
     * @param recorder  its recorder, attached at simulated time 0
     * @param fresh     builds a fresh copy of the game at simulated time 0 (see above)
     * @param keyframes the keyframes kept while recording, or null when none are kept (then no {@code .keys})
     * @throws IllegalArgumentException if the console already has one of these commands
     */
    public static void register(Console console, GameLoop loop, Recorder recorder, Supplier<ReplayTarget> fresh,
                                LiveKeyframes keyframes) {
        Objects.requireNonNull(recorder, "recorder");
        register(console, loop, () -> recorder, fresh, () -> keyframes);
    }

    /**
     * As {@link #register(Console, GameLoop, Recorder, Supplier, LiveKeyframes)}, for a game whose recorder may be
     * replaced while it runs: a game that loads a snapshot detaches the recording from time 0 (a replay cannot
     * hold the jump) and attaches one from the loaded instant ({@link Recorder#attach(dev.ecsloop.snapshot.Snapshots,
     * dev.ecsloop.input.InputQueue, String, java.time.Duration)}). Every command asks the suppliers when it runs,
     * so a file named by {@code record} before the load is written from the recorder in use at {@code stop}: the
     * session from the loaded instant.
     *
     * @param console   the game's console
     * @param loop      the recorded loop
     * @param recorder  the recorder in use now, never null; read on the loop thread
     * @param fresh     builds a fresh copy of the game at simulated time 0 (see above), with its snapshots to
     *                  replay a recording that starts from one
     * @param keyframes the keyframes kept for the recorder in use now, or a supplier of null when none are kept
     * @throws IllegalArgumentException if the console already has one of these commands
     */
    public static void register(Console console, GameLoop loop, Supplier<Recorder> recorder,
                                Supplier<ReplayTarget> fresh, Supplier<LiveKeyframes> keyframes) {
        Objects.requireNonNull(loop, "loop");
        Objects.requireNonNull(recorder, "recorder");
        Objects.requireNonNull(fresh, "fresh");
        Objects.requireNonNull(keyframes, "keyframes");
        Path[] target = new Path[1];
        boolean[] overwrite = new boolean[1];
        console.register("record", "record <file> [overwrite]",
                "names the replay file ('stop' or the end of the game writes the session into it, from simulated "
                        + "time 0 or the last load); an existing file is replaced only with 'overwrite'",
                (args, out) -> {
                    args.expectAtMost(2);
                    Path file = args.path(0, "<file>");
                    boolean replace = args.size() > 1 && args.choice(1, "the word after <file>", "overwrite")
                            .equals("overwrite");
                    if (target[0] != null) {
                        throw args.error("already recording to " + target[0] + " (stop first)");
                    }
                    if (stopped(recorder.get()) != null) {
                        throw args.error(stopped(recorder.get()));
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
                    long start = recorder.get().startNanos();
                    out.accept("recording to " + file + " (the session from simulated time "
                            + (start == 0 ? "0" : Durations.seconds(start)) + "; 'stop' or the end of the game writes "
                            + "it)");
                });
        console.register("stop", "stop", "writes the replay file named by 'record'", (args, out) -> {
            args.expectAtMost(0);
            if (target[0] == null) {
                throw args.error("not recording (use record <file> first)");
            }
            Path file = target[0];
            Recorder now = recorder.get();
            if (stopped(now) != null) {
                target[0] = null;
                throw args.error(file + " not written: " + stopped(now));
            }
            boolean replace = overwrite[0];
            Recorder.Saving saving = now.prepareSave();
            LiveKeyframes kept = keyframes.get();
            LiveKeyframes.Saving keys = kept == null ? null : kept.prepareSave();
            target[0] = null;
            console.offLoop("stop", () -> {
                Recorder.Saving saved = write(saving, file, replace);
                return saved(saved, file, now) + writeKeys(keys, file);
            }, (line, reply) -> reply.accept(line));
        });
        // Leaving the game (quit, end of input, Ctrl-C) writes a named recording 'stop' has not written yet: the
        // user asked for the file, and nothing is left to write it later.
        console.atFinish(reply -> {
            if (target[0] == null) {
                return;
            }
            Path file = target[0];
            target[0] = null;
            Recorder now = recorder.get();
            if (stopped(now) != null) {
                reply.accept("error: " + file + " not written: " + stopped(now));
                return;
            }
            try {
                LiveKeyframes kept = keyframes.get();
                LiveKeyframes.Saving keys = kept == null ? null : kept.prepareSave();
                reply.accept(saved(write(now.prepareSave(), file, overwrite[0]), file, now)
                        + writeKeys(keys, file));
            } catch (IOException e) {
                reply.accept("error: " + e.getMessage());
            }
        });
        console.register("replay", "replay <file>",
                "replays a file into a fresh copy of the game, as fast as possible, and checks every hash",
                (args, out) -> {
                    args.expectAtMost(1);
                    Path file = args.path(0, "<file>");
                    String setup = recorder.get().setup();
                    console.offLoop("replay", () -> {
                        Replay replay = Replay.read(file);
                        if (!replay.setup().equals(setup)) {
                            throw new IllegalArgumentException(file + " was recorded for setup '" + replay.setup()
                                    + "', this game is '" + setup + "': replay it with the setup it names");
                        }
                        // The copy is built and run on this thread: it shares nothing with the live game. With the
                        // copy's snapshots a recording from a snapshot restores it first (one from time 0 replays
                        // as it is); without them the loop-only replay refuses such a recording in one line.
                        ReplayTarget game = fresh.get();
                        return game.snapshots() != null
                                ? Replayer.play(replay, game.snapshots(), game.clock(), game.inputs(),
                                        () -> 16_666_667L)
                                : Replayer.play(replay, game.loop(), game.clock(), game.inputs(), () -> 16_666_667L);
                    }, (result, reply) -> reply.accept(result.matched()
                            ? "replay matched " + result.hashesMatched() + " hashes to " + simulated(result.simNanos())
                                    + ", world-hash: " + StateHash.hex(result.finalHash())
                            : "replay diverged: " + result.divergence()));
                });
    }

    /**
     * Why the session cannot be written as a replay, or null: the recorder was detached before the session ended
     * (the game loaded a snapshot and jumped in time), so its journal no longer replays what the game did.
     *
     * @param recorder the recorder
     * @return one line, or null
     */
    public static String stopped(Recorder recorder) {
        long at = recorder.stoppedAtNanos();
        return at < 0 ? null : "the recording stopped at simulated time " + Durations.seconds(at) + " when the game"
                + " loaded a snapshot, and a replay covers one unbroken session";
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

    /**
     * Writes the keyframes beside a replay just written, for the reply: where, or why not. A replay written is
     * not undone by keyframes that could not be (a seek builds them then).
     */
    private static String writeKeys(LiveKeyframes.Saving keys, Path file) {
        if (keys == null) {
            return "";
        }
        try {
            Path written = keys.writeBeside(file);
            return "; keyframes: " + written + " (" + keys.count() + " every "
                    + Durations.exactSeconds(keys.interval().toNanos()) + ")";
        } catch (IOException e) {
            return "; keyframes not written: " + e.getMessage();
        }
    }

    private static String saved(Recorder.Saving saved, Path file, Recorder recorder) {
        return "saved " + simulated(saved.endNanos()) + " to " + file + " (" + saved.records() + " records, "
                + "world-hash: " + StateHash.hex(saved.endHash()) + ")"
                + (recorder.isFull() ? "; the journal was full, so it ends there" : "");
    }

    private static String simulated(long nanos) {
        return "simulated time " + Durations.seconds(nanos);
    }
}
