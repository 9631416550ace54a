package dev.ecsloop.trace;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * One trace window: the next stretch of real time of a {@link GameLoop}, written as Chrome trace-event JSON
 * for the viewers people already have (Perfetto UI, {@code chrome://tracing}, Tracy's importer).
 *
 * <pre>{@code
 * Trace trace = Trace.start(loop, Duration.ofSeconds(5), Path.of("frames.json"));
 * // ... frames run; after 5 s of real time the file is written on a thread of its own
 * Trace.Result result = trace.written().join();
 * }</pre>
 *
 * <p>The file has one lane per system with a slice per run (its simulated instant as the argument
 * {@code sim_s}), a lane of frame slices, and instant events for throttled systems' skipped runs
 * ({@code dropped runs}), catch-up bound hits and waits at the horizon (lockstep). A loop with more than one
 * worker also gets a lane per thread (the loop thread's and each worker's) with a slice per parallel-for chunk and
 * async job it ran, drained from the threads' own rings at each frame's end (see {@code ecs-loop/docs/TRACING.md}).
 *
 * <p>Why it costs nothing until asked: the loop's probe slot stays empty while no trace is open and no Flight
 * Recorder events were asked for. While open, the loop thread only stores primitives into arrays made at
 * {@link #start}: no allocation per frame, no I/O. The window is measured by the loop's own clock and ends at the
 * first frame that begins after it; the JSON is then written on a thread of its own, never the loop's. A buffer
 * that fills up drops later events, counts them, and the file says so in its {@code otherData}.
 *
 * <p>Threads: {@link #start}, {@link #stop} and {@link #flightRecorder} belong to the loop's thread;
 * {@link #written()} and {@link #isOpen()} may be read from any thread.
 */
public final class Trace {

    /** Events kept by default: about 7 MB of arrays, some 25 s of a 12-system game at 60 FPS. */
    public static final int DEFAULT_CAPACITY = 1 << 18;
    /** The longest window: traces are for looking at, not for logging a session. */
    public static final Duration MAX_WINDOW = Duration.ofMinutes(10);
    /** The most events one trace may keep. */
    public static final int MAX_CAPACITY = 1 << 24;

    static final String WINDOW_ELAPSED = "window elapsed";
    static final String STOPPED = "stopped";

    /**
     * A written trace.
     *
     * @param file          the trace file
     * @param events        events written (metadata not counted)
     * @param droppedEvents events dropped because the buffer was full; the file says so too
     * @param ended         {@code "window elapsed"} or {@code "stopped"}
     */
    public record Result(Path file, int events, long droppedEvents, String ended) {
    }

    private final Tap tap;
    private final TraceBuffer buffer;
    private final long windowNanos;
    private final Path file;
    private final Path part;
    private final FileChannel channel;
    private final long origin;
    private final List<String> systems;
    private final CompletableFuture<Result> written = new CompletableFuture<>();
    private volatile boolean open = true;
    private boolean begun;
    private long realStart;

    private Trace(Tap tap, TraceBuffer buffer, long windowNanos, Path file, Path part, FileChannel channel) {
        this.tap = tap;
        this.buffer = buffer;
        this.windowNanos = windowNanos;
        this.file = file;
        this.part = part;
        this.channel = channel;
        this.systems = tap.systemNames();
        this.origin = tap.profiler().nanoTime();
    }

    /**
     * Starts tracing {@code loop} for the next {@code window} of real time, into {@code file}, with
     * {@link #DEFAULT_CAPACITY}.
     *
     * @param loop   the loop, on its own thread
     * @param window from 1 ms to {@link #MAX_WINDOW}
     * @param file   the JSON file; written as {@code file.part} first, then moved into place
     * @return the open trace
     * @throws IOException              if {@code file} cannot be written; the message names it
     * @throws IllegalArgumentException if the window is out of range
     * @throws IllegalStateException    if a trace of this loop is already open, another tool's probe is attached,
     *                                  or this is not the loop's thread
     * @see #start(GameLoop, Duration, Path, int)
     */
    public static Trace start(GameLoop loop, Duration window, Path file) throws IOException {
        return start(loop, window, file, DEFAULT_CAPACITY);
    }

    /**
     * Starts tracing {@code loop} for the next {@code window} of real time, into {@code file}, keeping at most
     * {@code capacity} events. The file is created at once (as {@code file.part}), so a file that cannot be
     * written is refused here, not when the window ends.
     *
     * @param loop     the loop, on its own thread
     * @param window   from 1 ms to {@link #MAX_WINDOW}
     * @param file     the JSON file
     * @param capacity events kept, from 1 to {@link #MAX_CAPACITY}; later ones are dropped and counted
     * @return the open trace
     * @throws IOException              if {@code file} cannot be written; the message names it
     * @throws IllegalArgumentException if the window or capacity is out of range
     * @throws IllegalStateException    if a trace of this loop is already open, another tool's probe is attached,
     *                                  or this is not the loop's thread
     */
    public static Trace start(GameLoop loop, Duration window, Path file, int capacity) throws IOException {
        Objects.requireNonNull(loop, "loop");
        Objects.requireNonNull(file, "file");
        long windowNanos = windowNanos(window);
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("bad trace capacity: " + capacity + " (1 to " + MAX_CAPACITY + ")");
        }
        Tap existing = Tap.attachedTo(loop);
        if (existing != null && existing.trace() != null) {
            throw new IllegalStateException("a trace is already open, into " + existing.trace().file);
        }
        if (existing == null && loop.probe() != null) {
            throw new IllegalStateException("the loop already has a probe (" + loop.probe().getClass().getName()
                    + "); tracing needs the loop's one probe slot");
        }
        Path part = partOf(file);
        FileChannel channel = openPart(file, part);
        TraceBuffer buffer;
        try {
            buffer = new TraceBuffer(capacity);
        } catch (OutOfMemoryError e) {
            closeQuietly(channel, part);
            throw new IllegalArgumentException("no memory for a trace of " + capacity + " events; give a smaller"
                    + " capacity or more heap (-Xmx)");
        }
        Tap tap = Tap.of(loop);
        Trace trace = new Trace(tap, buffer, windowNanos, file, part, channel);
        tap.open(trace);
        return trace;
    }

    private static long windowNanos(Duration window) {
        Objects.requireNonNull(window, "window");
        if (window.compareTo(Duration.ofMillis(1)) < 0 || window.compareTo(MAX_WINDOW) > 0) {
            throw new IllegalArgumentException("bad trace window: " + window + " (1 ms to "
                    + MAX_WINDOW.toMinutes() + " min)");
        }
        return window.toNanos();
    }

    private static Path partOf(Path file) throws IOException {
        Path name = file.getFileName();
        if (name == null) {
            throw new IOException("cannot write trace " + file + ": not a file name");
        }
        return file.resolveSibling(name + ".part");
    }

    /** Opens {@code part} for writing, refusing anything but a regular file where {@code file} will go. */
    private static FileChannel openPart(Path file, Path part) throws IOException {
        for (Path p : new Path[] {file, part}) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("cannot write trace " + file + ": " + p + " exists and is not a regular file");
            }
        }
        try {
            return FileChannel.open(part, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new IOException("cannot write trace " + file + ": " + reason(e), e);
        } catch (UnsupportedOperationException | SecurityException e) {
            throw new IOException("cannot write trace " + file + ": " + e.getMessage(), e);
        }
    }

    /** The cause of a file error in a few words, without repeating the path. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "its directory does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void closeQuietly(FileChannel channel, Path part) {
        try {
            channel.close();
            Files.deleteIfExists(part);
        } catch (IOException ignored) {
            // Nothing was written; a leftover empty .part file is harmless.
        }
    }

    /**
     * Makes {@code loop} emit JDK Flight Recorder events ({@code dev.ecsloop.Tick}, {@code dev.ecsloop.Frame},
     * {@code dev.ecsloop.CatchUpBoundHit}, category "ecs-loop") whenever a recording enables them, so JDK
     * Mission Control and IDE profilers show the loop beside GC and allocation. Like any JFR event they are
     * enabled by default in a recording, whose settings may turn them off. With no recording enabling them,
     * each hook point costs a check of a flag JFR keeps; no event object is made.
     *
     * @param loop the loop, on its own thread
     * @param on   whether to emit them
     * @throws IllegalStateException if another tool's probe is attached, or this is not the loop's thread
     */
    public static void flightRecorder(GameLoop loop, boolean on) {
        Objects.requireNonNull(loop, "loop");
        if (on) {
            Tap.of(loop).setFlightEvents(true);
        } else {
            Tap tap = Tap.attachedTo(loop);
            if (tap != null) {
                tap.setFlightEvents(false);
            }
        }
    }

    /**
     * Adds the console command {@code trace <seconds> <file>} (and {@code trace} for the state of the last one,
     * {@code trace stop} to end it early). The file is checked and created at once; it is written off the loop
     * thread once the window ends.
     *
     * @param console the game's console
     * @param loop    the loop it traces
     * @throws IllegalArgumentException if the console already has a {@code trace} command
     */
    public static void addCommand(Console console, GameLoop loop) {
        TraceCommand.register(Objects.requireNonNull(console, "console"), Objects.requireNonNull(loop, "loop"));
    }

    /**
     * Ends the window now, on the loop's thread; the file is then written as if the window had elapsed. Does
     * nothing if it already ended.
     */
    public void stop() {
        tap.close(this, STOPPED);
    }

    /** @return whether the window is still open (events are being collected) */
    public boolean isOpen() {
        return open;
    }

    /** @return the file the trace goes to */
    public Path file() {
        return file;
    }

    /**
     * @return completes once the file is written, with what it holds; completes exceptionally with an
     *         {@link IOException} naming the file if writing failed (nothing is left at the file then)
     */
    public CompletableFuture<Result> written() {
        return written;
    }

    TraceBuffer buffer() {
        return buffer;
    }

    /**
     * Empties the buffer and restarts the window at the next frame, on the loop thread: lets a benchmark
     * measure the storing path for as long as it likes without filling the buffer or closing the window.
     */
    void rewind() {
        buffer.rewind();
        begun = false;
    }

    /** Whether the window is over at the frame that read {@code realNanos}; the first frame starts it. */
    boolean windowOver(long realNanos) {
        if (!begun) {
            begun = true;
            realStart = realNanos;
            return false;
        }
        return realNanos - realStart >= windowNanos;
    }

    /**
     * Called on the loop thread once the window closed: hands the buffer to a writer thread.
     *
     * @param work the worker lanes' names, or null with one worker
     */
    void finish(String why, TraceJson.WorkLabels work) {
        open = false;
        Thread writer = new Thread(() -> write(why, work), "ecs-loop-trace-writer");
        writer.start();
    }

    private void write(String why, TraceJson.WorkLabels work) {
        try {
            try (Writer out = new BufferedWriter(Channels.newWriter(channel, StandardCharsets.UTF_8), 1 << 16)) {
                TraceJson.write(out, buffer, systems, origin, windowNanos, why, work);
            }
            try {
                Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
            }
            written.complete(new Result(file, buffer.size(), buffer.dropped(), why));
        } catch (IOException e) {
            closeQuietly(channel, part);
            written.completeExceptionally(new IOException("cannot write trace " + file + ": " + reason(e), e));
        } catch (RuntimeException | Error e) {
            closeQuietly(channel, part);
            written.completeExceptionally(new IOException("cannot write trace " + file + ": " + e, e));
        }
    }
}
