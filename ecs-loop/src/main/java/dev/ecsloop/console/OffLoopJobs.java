package dev.ecsloop.console;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The console's file work off the loop thread ({@link Console#offLoop}): one daemon worker, started on first use,
 * does one job at a time, and the job's report waits in a queue until the loop thread runs it. Its own class because
 * this handoff between the worker and the loop thread is the console's one piece of state shared by two threads
 * besides its line queue, and it is easier to check alone.
 *
 * <p>Invariants: at most one job is at work, from {@link #start} until its report has run on the loop thread;
 * reports run on the loop thread only, in the order the jobs finished; {@link #report()} with nothing waiting
 * allocates nothing. Everything but the worker's own body belongs to the loop thread.
 */
final class OffLoopJobs {

    /** Reports of finished jobs, to run on the loop thread. */
    private final ConcurrentLinkedQueue<Runnable> completions = new ConcurrentLinkedQueue<>();
    private final AtomicInteger completing = new AtomicInteger();
    /** The worker, started on first use; loop thread only, like {@link #busy}. */
    private ExecutorService io;
    private boolean busy;

    /** Runs, on the loop thread, the reports of the jobs that had finished when it was called. */
    void report() {
        for (int n = completing.get(); n > 0; n--) {
            Runnable r = completions.poll();
            if (r == null) {
                break;
            }
            completing.decrementAndGet();
            r.run();
        }
    }

    /**
     * If a job is at work, waits for it (at most {@code seconds}) and runs its report; the worker stops and a later
     * job starts a new one.
     */
    void finish(int seconds) {
        if (io != null && busy) {
            io.shutdown();
            try {
                io.awaitTermination(seconds, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            io = null;
            for (Runnable r; (r = completions.poll()) != null; ) {
                completing.decrementAndGet();
                r.run();
            }
        }
    }

    /**
     * Starts a job: {@code work} on the worker, then {@code report} with its result and {@code out} on the loop
     * thread at a later {@link #report()}; a failure of the work becomes one error line, and {@code done} (if not
     * null) completes after the report either way.
     *
     * @param <T>    what the work produces
     * @param what   names the work in error lines
     * @param work   runs on the worker
     * @param report runs on the loop thread
     * @param out    the reply sink of the command that started the job
     * @param done   completes once the report ran, or null
     * @throws IllegalArgumentException if a job is still at work (nothing is started)
     */
    <T> void start(String what, Callable<T> work, BiConsumer<T, Consumer<String>> report, Consumer<String> out,
                   CompletableFuture<Void> done) {
        if (busy) {
            throw new IllegalArgumentException("busy: a file command is still at work; try again when it reports");
        }
        if (io == null) {
            io = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "ecs-loop-console-io");
                t.setDaemon(true);
                return t;
            });
        }
        busy = true;
        io.execute(() -> {
            T result = null;
            String failure = null;
            try {
                result = work.call();
            } catch (VirtualMachineError e) {
                failure = what + " failed: " + e.getClass().getSimpleName();
            } catch (IllegalArgumentException | java.io.IOException e) {
                failure = Console.oneLine(e.getMessage());
            } catch (Throwable e) {
                failure = what + " failed: " + e.getClass().getSimpleName() + ": " + Console.oneLine(e.getMessage());
            }
            T value = result;
            String error = failure;
            completions.add(() -> {
                busy = false;
                try {
                    if (error != null) {
                        out.accept("error: " + error);
                    } else {
                        report.accept(value, out);
                    }
                } catch (IllegalArgumentException e) {
                    out.accept("error: " + Console.oneLine(e.getMessage()));
                } catch (RuntimeException e) {
                    out.accept("error: " + what + " failed: " + e.getClass().getSimpleName() + ": "
                            + Console.oneLine(e.getMessage()));
                } finally {
                    if (done != null) {
                        done.complete(null);
                    }
                }
            });
            completing.incrementAndGet();
        });
    }
}
