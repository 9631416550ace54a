package dev.ecsloop.demo.save;

import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Durations;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The demo's save files: a snapshot of {@link RtsGame#snapshots()} as its bytes ({@code save}, {@code --save}), or
 * gzip-compressed (autosave, about 3.3 times smaller at 5,000 units; compressed on the writer's thread). Reading
 * tells them apart by the gzip magic, so either loads anywhere. Every failure is one line.
 */
public final class SaveFiles {
    /** Most bytes a compressed file may inflate to: a snapshot of the largest demo game is far below it. */
    public static final int MAX_INFLATED = 64 << 20;

    private SaveFiles() {
    }

    /**
     * @param snapshot snapshot bytes
     * @return them gzip-compressed at the fastest level (what autosave writes)
     */
    public static byte[] compress(byte[] snapshot) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(snapshot.length / 3 + 64);
        try (GZIPOutputStream z = new GZIPOutputStream(out, 1 << 16) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        }) {
            z.write(snapshot);
        } catch (IOException e) {
            throw new IllegalStateException("in-memory compression failed", e);
        }
        return out.toByteArray();
    }

    /**
     * Reads a save file, inflating it if it is compressed. Safe on any thread; nothing is checked beyond the
     * encoding ({@link Snapshots#restore} checks the rest).
     *
     * @param file a file {@code save}, {@code --save} or autosave wrote
     * @return the snapshot bytes
     * @throws SnapshotException naming the file and what is wrong: missing, not a regular file, too large,
     *                           damaged compression
     */
    public static byte[] read(Path file) {
        byte[] b = Snapshots.readFile(file);
        if (b.length < 2 || b[0] != (byte) 0x1f || b[1] != (byte) 0x8b) {
            return b;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(b))) {
            byte[] out = in.readNBytes(MAX_INFLATED + 1);
            if (out.length > MAX_INFLATED) {
                throw new SnapshotException("snapshot " + file + " inflates to more than " + MAX_INFLATED + " bytes");
            }
            return out;
        } catch (IOException e) {
            throw new SnapshotException("snapshot " + file + ": damaged compressed file (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Writes bytes whole or not at all; safe on any thread.
     *
     * @throws SnapshotException naming the file, if it cannot be written
     */
    public static void write(Path file, byte[] bytes) {
        Snapshots.writeFile(file, bytes);
    }

    /**
     * Restores a game from snapshot bytes, on its loop thread between frames, all or nothing. A replay cannot hold
     * the jump in time, so the game's flight recorder is detached first (even if the restore then fails); if it
     * was recording, the game records on from the loaded instant ({@link RtsGame#recordFromHere}: a recording
     * that starts from this snapshot, as {@code --load} with {@code --record} makes), and the line says so: a file
     * named by the console's {@code record}, or {@code --record}, holds the session from the last load.
     *
     * @param game   the game
     * @param bytes  snapshot bytes
     * @param source names where they came from, for the line
     * @return what was loaded, one line: the simulated time and the world hash
     * @throws SnapshotException if the bytes are not a snapshot of this game's setup (one line; the game is
     *                           exactly as it was)
     * @throws IllegalStateException if the game is a network match: every peer must load alike
     */
    public static String restore(RtsGame game, byte[] bytes, String source) {
        if (game.networked()) {
            throw new IllegalStateException("a network match cannot load a snapshot alone (every peer must)");
        }
        boolean recording = game.recorder() != null && game.recorder().stoppedAtNanos() < 0
                && !game.recorder().isFull();
        if (game.recorder() != null) {
            game.recorder().detach();   // first: the restore's jump in time is not something to journal
        }
        game.snapshots().restore(bytes);
        String loaded = "loaded " + source + ": simulated time " + Durations.seconds(game.loop().simulatedNanos())
                + ", world-hash: " + StateHash.hex(game.worldHash());
        if (!recording) {
            return loaded;
        }
        try {
            game.recordFromHere();
            return loaded + "; recording from here (a replay holds one unbroken session: the recording starts"
                    + " from this snapshot)";
        } catch (SnapshotException | IllegalStateException | IllegalArgumentException e) {
            return loaded + "; the replay recording stopped here: " + e.getMessage();
        }
    }
}
