package dev.ecsloop.demo.save;

import dev.ecsloop.console.Args;
import dev.ecsloop.console.Console;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The console's {@code save <file>}, {@code load <file>} and {@code autosave <minutes>|off}. A save captures on
 * the loop thread at once (the state when the command runs, between frames) and writes on the console's I/O
 * thread, as {@code stop} writes a replay; a load reads on that thread and restores on the loop thread when the
 * file is in, all or nothing: a bad file is one {@code error:} line and the game goes on untouched.
 */
public final class SaveCommands {
    private SaveCommands() {
    }

    /**
     * @param console  the game's console
     * @param game     the game
     * @param autosave its autosave, realigned after a load
     * @throws IllegalArgumentException if the console already has one of these commands
     */
    public static void register(Console console, RtsGame game, Autosave autosave) {
        console.register("save", "save <file>", "writes a snapshot of the game now (load <file> comes back to it)",
                (args, out) -> {
                    args.expectAtMost(1);
                    Path file = writable(args, args.path(0, "<file>"));
                    byte[] snapshot = game.snapshots().capture();
                    String what = "simulated time " + Durations.seconds(game.loop().simulatedNanos())
                            + " to " + file + " (" + snapshot.length + " bytes, world-hash: "
                            + StateHash.hex(game.worldHash()) + ")";
                    console.offLoop("save", () -> {
                        try {
                            SaveFiles.write(file, snapshot);
                        } catch (SnapshotException e) {
                            throw new IOException(e.getMessage(), e);
                        }
                        return what;
                    }, (saved, reply) -> reply.accept("saved " + saved));
                });
        console.register("load", "load <file>", "puts the game back to a snapshot 'save' or autosave wrote",
                (args, out) -> {
                    args.expectAtMost(1);
                    Path file = args.path(0, "<file>");
                    if (game.networked()) {
                        throw args.error("a network match cannot load a snapshot alone (every peer must)");
                    }
                    console.offLoop("load", () -> {
                        try {
                            return SaveFiles.read(file);
                        } catch (SnapshotException e) {
                            throw new IOException(e.getMessage(), e);
                        }
                    }, (bytes, reply) -> {
                        try {
                            reply.accept(SaveFiles.restore(game, bytes, file.toString()));
                            autosave.every(autosave.interval());
                        } catch (SnapshotException | IllegalStateException e) {
                            reply.accept("error: " + e.getMessage());
                        }
                    });
                });
        console.register("autosave", "autosave <minutes>|off",
                "saves every N simulated minutes (compressed, off the loop thread), keeping the newest files",
                (args, out) -> {
                    args.expectAtMost(1);
                    if (args.has(0) && args.word(0, "<minutes>").equalsIgnoreCase("off")) {
                        autosave.every(0);
                        out.accept("autosave off");
                        return;
                    }
                    double minutes = args.number(0, "<minutes>");
                    if (!(minutes >= 0.01 && minutes <= 1440)) {
                        throw args.error("<minutes> must be from 0.01 to 1440, was " + args.word(0, "<minutes>"));
                    }
                    autosave.every(Math.round(minutes * 60e9));
                    out.accept(String.format(Locale.ROOT, "autosave every %s min, next at simulated time %s",
                            args.word(0, "<minutes>"), Durations.seconds(autosave.nextDue())));
                });
    }

    /** The file if a save can be written there: its directory exists and is writable, it is not a directory. */
    static Path writable(Args args, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw args.error("cannot write " + file + ": no writable directory " + dir);
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw args.error("cannot write " + file + ": it exists and is not a regular file");
        }
        return file;
    }
}
