package dev.ecsloop.demo.save;

import dev.ecsloop.demo.sim.RtsGame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Saves the game every N simulated minutes without a frame hitch: the capture (a few milliseconds at 5,000 units,
 * the part that must see a settled world) runs on the loop thread between frames, in {@link #poll}; compressing
 * and writing run on a daemon thread of this object's own, so a slow disk delays the file, never a frame. Saves
 * fall at whole multiples of the interval in simulated time ({@code autosave-000120.000.snap.gz} holds the state
 * at 120 s when frames end there, as headless runs make them do); the newest {@code keep} files are kept and
 * older ones deleted.
 *
 * <p>A capture due while the previous file is still being written is skipped and counted ({@link #skipped}), so
 * a disk slower than the interval cannot pile snapshots up in memory. Loop thread only, except the writer.
 */
public final class Autosave implements AutoCloseable {
    private final RtsGame game;
    private final Path dir;
    private final int keep;
    private long interval;
    private long next = Long.MAX_VALUE;
    private ExecutorService writer;
    private final AtomicInteger writing = new AtomicInteger();
    private final AtomicInteger written = new AtomicInteger();
    private int skipped;
    /** Files written, oldest first: the writer's only (read through {@link #files()} after {@link #close}). */
    private final ArrayDeque<Path> kept = new ArrayDeque<>();
    private volatile String lastError;

    /**
     * Off until {@link #every}.
     *
     * @param game the game to save
     * @param dir  an existing directory for the files
     * @param keep how many files to keep, at least 1
     * @throws IllegalArgumentException if {@code keep} is below 1
     */
    public Autosave(RtsGame game, Path dir, int keep) {
        if (keep < 1) {
            throw new IllegalArgumentException("autosave must keep at least 1 file, was " + keep);
        }
        this.game = game;
        this.dir = dir;
        this.keep = keep;
    }

    /**
     * Saves from now on at every whole multiple of {@code intervalNanos} of simulated time after the present, or
     * never with 0.
     *
     * @param intervalNanos simulated nanoseconds between saves; 0 turns autosave off
     * @throws IllegalArgumentException if negative
     */
    public void every(long intervalNanos) {
        if (intervalNanos < 0) {
            throw new IllegalArgumentException("autosave interval must not be negative");
        }
        interval = intervalNanos;
        long now = game.loop().simulatedNanos();
        next = intervalNanos == 0 ? Long.MAX_VALUE : (now / intervalNanos + 1) * intervalNanos;
    }

    /** @return the simulated instant of the next save, or {@link Long#MAX_VALUE} when off */
    public long nextDue() {
        return next;
    }

    /** @return the interval in simulated nanoseconds, 0 when off */
    public long interval() {
        return interval;
    }

    /**
     * On the loop thread between frames: captures if a save is due and hands the bytes to the writer. Allocates
     * nothing when none is due.
     *
     * @throws dev.ecsloop.snapshot.SnapshotException if the capture fails (called inside a frame)
     */
    public void poll() {
        long now = game.loop().simulatedNanos();
        if (now < next) {
            return;
        }
        next = (now / interval + 1) * interval;
        if (writing.get() > 0) {
            skipped++;
            return;
        }
        byte[] snapshot = game.snapshots().capture();
        Path file = dir.resolve(String.format(Locale.ROOT, "autosave-%010.3f.snap.gz", now / 1e9));
        if (writer == null) {
            writer = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "demo-rts-autosave");
                t.setDaemon(true);
                return t;
            });
        }
        writing.incrementAndGet();
        writer.execute(() -> write(file, snapshot));
    }

    private void write(Path file, byte[] snapshot) {
        try {
            SaveFiles.write(file, SaveFiles.compress(snapshot));
            kept.addLast(file);
            written.incrementAndGet();
            while (kept.size() > keep) {
                Files.deleteIfExists(kept.removeFirst());
            }
        } catch (java.io.IOException | RuntimeException e) {
            lastError = "autosave " + file + ": " + e.getMessage();
        } finally {
            writing.decrementAndGet();
        }
    }

    /** @return files written so far */
    public int written() {
        return written.get();
    }

    /** @return saves skipped because the previous file was still being written */
    public int skipped() {
        return skipped;
    }

    /** @return the last write's failure, one line, or null */
    public String lastError() {
        return lastError;
    }

    /**
     * Waits (up to 30 s) for the file being written, then stops the writer; a later {@link #poll} starts a new
     * one.
     *
     * @return the files kept, oldest first
     */
    public List<Path> finish() {
        if (writer != null) {
            writer.shutdown();
            try {
                writer.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            writer = null;
        }
        return new ArrayList<>(kept);
    }

    @Override
    public void close() {
        finish();
    }
}
