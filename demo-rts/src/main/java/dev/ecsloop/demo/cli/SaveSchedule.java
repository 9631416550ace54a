package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.save.Autosave;
import dev.ecsloop.demo.save.SaveAt;
import dev.ecsloop.demo.save.SaveCommands;
import dev.ecsloop.demo.save.SaveFiles;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Durations;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The command line's saving: {@code --load} (restored before the first frame), {@code --save FILE@SECONDS}
 * (captured on the loop thread once simulated time reaches the instant, written on a thread of its own) and
 * {@code --autosave MINUTES}, plus the console's {@code save}, {@code load} and {@code autosave}. Headless runs end
 * a frame at every save instant ({@link #nextDue}), as at {@code --seconds}, so a save holds the state at exactly
 * that simulated time whatever the frame times; in the window a save holds the first frame at or after it.
 */
final class SaveSchedule implements AutoCloseable {
    /** Autosave files kept. */
    static final int AUTOSAVES_KEPT = 5;

    private final RtsGame game;
    private final PrintStream out;
    private final List<SaveAt> saves;
    private final Autosave autosave;
    private int nextSave;
    private ExecutorService writer;
    private final List<Future<String>> written = new ArrayList<>();

    private SaveSchedule(RtsGame game, List<SaveAt> saves, Autosave autosave, PrintStream out) {
        this.game = game;
        this.saves = saves;
        this.autosave = autosave;
        this.out = out;
    }

    /**
     * Wires saving into a game at simulated time 0: registers the console commands, loads {@code --load},
     * schedules {@code --save} and {@code --autosave}.
     *
     * @return the schedule
     * @throws IllegalArgumentException one line, if {@code --load} is not a snapshot of this game's setup, or a
     *                                  save or {@code --seconds} falls before the loaded instant
     */
    static SaveSchedule attach(Options options, RtsGame game, PrintStream out) {
        Path dir = options.autosaveDir == null ? Path.of("") : options.autosaveDir;
        Autosave autosave = new Autosave(game, dir.toAbsolutePath(), AUTOSAVES_KEPT);
        SaveCommands.register(game.console(), game, autosave);
        List<SaveAt> saves = new ArrayList<>(options.saves);
        saves.sort(Comparator.comparingLong(SaveAt::simNanos));
        if (options.load != null) {
            try {
                // The restore records on from the loaded instant: --record's replay starts from its snapshot.
                out.println(SaveFiles.restore(game, SaveFiles.read(options.load), options.load.toString()));
            } catch (SnapshotException e) {
                throw new IllegalArgumentException("--load " + options.load + ": " + e.getMessage(), e);
            }
            long at = game.loop().simulatedNanos();
            if (options.stopAtNanos != null && options.stopAtNanos < at) {
                throw new IllegalArgumentException("--seconds " + Durations.seconds(options.stopAtNanos)
                        + " is before the loaded snapshot's simulated time " + Durations.seconds(at)
                        + " (--seconds is absolute simulated time)");
            }
            if (!saves.isEmpty() && saves.get(0).simNanos() < at) {
                throw new IllegalArgumentException("--save " + saves.get(0).file() + "@"
                        + Durations.seconds(saves.get(0).simNanos()) + " is before the loaded snapshot's simulated"
                        + " time " + Durations.seconds(at));
            }
        }
        if (options.autosaveNanos != null) {
            autosave.every(options.autosaveNanos);
        }
        return new SaveSchedule(game, saves, autosave, out);
    }

    /**
     * Checks {@code --save} targets before anything runs: due after {@code --seconds}, a directory, a missing or
     * unwritable folder; and {@code --autosave-dir}.
     *
     * @return why the first bad one cannot be written, or null
     */
    static String problem(Options options) {
        for (SaveAt s : options.saves) {
            String spec = "--save " + s.file() + "@" + Durations.seconds(s.simNanos());
            if (options.stopAtNanos != null && s.simNanos() > options.stopAtNanos) {
                return spec + ": the game ends at --seconds " + Durations.seconds(options.stopAtNanos)
                        + ", before it is due";
            }
            String bad = target(s.file());
            if (bad != null) {
                return spec + ": " + bad;
            }
        }
        if (options.autosaveDir != null && !(Files.isDirectory(options.autosaveDir)
                && Files.isWritable(options.autosaveDir))) {
            return "--autosave-dir " + options.autosaveDir + ": not a writable directory";
        }
        return null;
    }

    private static String target(Path file) {
        if (Files.isDirectory(file)) {
            return file + " is a directory";
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return file + " exists and is not a regular file";
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return "no directory " + dir + " (it is not created: make it first)";
        }
        if (!Files.isWritable(dir)) {
            return "directory " + dir + " is not writable";
        }
        // Where permissions say yes and the file system says no (/proc, /sys, a read-only mount): find out now,
        // by writing an empty probe beside the target the way the save will write (a temporary file moved over),
        // rather than when the game reaches the instant. An existing file of that name is left alone.
        Path probe = file.resolveSibling(file.getFileName() + ".probe");
        if (Files.exists(probe, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try {
            SaveFiles.write(probe, new byte[0]);
            Files.deleteIfExists(probe);
            return null;
        } catch (SnapshotException e) {
            return e.getMessage();
        } catch (java.io.IOException e) {
            return "cannot remove the probe " + probe + " it wrote: " + e.getMessage();
        }
    }

    /** @return the simulated instant of the next save of either kind, or {@link Long#MAX_VALUE} */
    long nextDue() {
        long s = nextSave < saves.size() ? saves.get(nextSave).simNanos() : Long.MAX_VALUE;
        return Math.min(s, autosave.nextDue());
    }

    /** On the loop thread between frames: captures every save due by now. Allocates nothing when none is. */
    void poll() {
        long now = game.loop().simulatedNanos();
        while (nextSave < saves.size() && saves.get(nextSave).simNanos() <= now) {
            Path file = saves.get(nextSave++).file();
            byte[] snapshot = game.snapshots().capture();
            String line = "saved simulated time " + Durations.seconds(now) + " to " + file + " (" + snapshot.length
                    + " bytes, world-hash: " + StateHash.hex(game.worldHash()) + ")";
            if (writer == null) {
                writer = Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "demo-rts-save");
                    t.setDaemon(true);
                    return t;
                });
            }
            written.add(writer.submit(() -> {
                SaveFiles.write(file, snapshot);
                return line;
            }));
        }
        autosave.poll();
    }

    /**
     * Waits for the files being written and prints a line for each (and any autosave failure).
     *
     * @return false if a file could not be written
     */
    boolean finish() {
        boolean ok = true;
        for (Future<String> f : written) {
            try {
                out.println(f.get(60, TimeUnit.SECONDS));
            } catch (java.util.concurrent.ExecutionException e) {
                out.println("error: " + e.getCause().getMessage());
                ok = false;
            } catch (java.util.concurrent.TimeoutException | InterruptedException e) {
                out.println("error: a --save file was not written within 60 s");
                ok = false;
            }
        }
        written.clear();
        if (writer != null) {
            writer.shutdown();
        }
        autosave.finish();
        if (autosave.written() > 0 || autosave.lastError() != null) {
            out.println("autosaved " + autosave.written() + " times" + (autosave.skipped() > 0 ? " (" + autosave.skipped()
                    + " skipped: the previous file was still being written)" : "")
                    + (autosave.lastError() == null ? "" : "; error: " + autosave.lastError()));
        }
        return ok && autosave.lastError() == null;
    }

    @Override
    public void close() {
        finish();
    }
}
