package dev.ecsloop.replay;

/**
 * Packs one captured snapshot at a time on a thread of its own, so that a game keeping keyframes while it records
 * ({@link LiveKeyframes}) spends only the capture on its loop thread: packing (deflating about a megabyte at 5,000
 * units) costs as much again, and the loop has the whole keyframe interval to wait for it.
 *
 * <p>One snapshot is in flight at most: {@link #submit} hands one over, {@link #await} returns it packed (waiting
 * if it is not done yet), and only then may the next be submitted. The handover is two fields under this object's
 * lock, so it allocates nothing; the packed bytes are the packer thread's allocation, as they were the loop's.
 * The thread is a daemon started by the first submit; it ends after {@value #IDLE_MILLIS} ms without work (a
 * paused game, a finished recording) and a later submit starts another, so an abandoned recording leaves no thread.
 * Packing is {@link KeyframePacking#pack(byte[])} whichever thread runs it: the bytes are the same.
 *
 * <p>Invariant: {@code inFlight} from a submit to the await that returns its packing; the raw snapshot is
 * referenced only until the packer thread takes it, so it is garbage once packed.
 */
final class KeyframePacker {
    /** How long the thread waits for work before it ends. */
    static final long IDLE_MILLIS = 10_000;

    private byte[] input;
    private boolean inFlight;
    private byte[] output;
    private Throwable failure;
    private Thread thread;
    private int threadsStarted;

    /**
     * Hands a snapshot over for packing. The caller must not change it afterwards.
     *
     * @param snapshot the captured bytes
     * @throws IllegalStateException if one is still in flight (await it first)
     */
    synchronized void submit(byte[] snapshot) {
        if (inFlight) {
            throw new IllegalStateException("a keyframe is still being packed: await it first");
        }
        inFlight = true;
        input = snapshot;
        if (thread == null) {
            thread = new Thread(this::run, "ecs-loop-keyframe-packer");
            thread.setDaemon(true);
            threadsStarted++;
            thread.start();
        } else {
            notifyAll();
        }
    }

    /** @return whether a snapshot is in flight (submitted and not yet awaited) */
    synchronized boolean inFlight() {
        return inFlight;
    }

    /**
     * Waits for the snapshot in flight and returns it packed; nothing is in flight afterwards.
     *
     * @return the packed bytes
     * @throws IllegalStateException if nothing is in flight, or packing failed (its cause attached)
     */
    synchronized byte[] await() {
        if (!inFlight) {
            throw new IllegalStateException("no keyframe is being packed");
        }
        boolean interrupted = false;
        while (output == null && failure == null) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;   // the packing finishes soon; the interrupt is kept for the caller
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        byte[] out = output;
        Throwable f = failure;
        output = null;
        failure = null;
        inFlight = false;
        if (f != null) {
            throw new IllegalStateException("packing a keyframe failed: " + f, f);
        }
        return out;
    }

    /** @return threads started so far (tests: the thread is reused while work keeps coming) */
    synchronized int threadsStarted() {
        return threadsStarted;
    }

    private void run() {
        while (true) {
            byte[] raw;
            synchronized (this) {
                long waited = 0;
                while (input == null) {
                    if (waited >= IDLE_MILLIS) {
                        thread = null;
                        return;
                    }
                    try {
                        wait(IDLE_MILLIS);
                    } catch (InterruptedException e) {
                        // only this class starts the thread; nothing interrupts it on purpose
                    }
                    waited += IDLE_MILLIS;
                }
                raw = input;
                input = null;
            }
            byte[] packed = null;
            Throwable failed = null;
            try {
                packed = KeyframePacking.pack(raw);
            } catch (RuntimeException | Error e) {
                failed = e;
            }
            synchronized (this) {
                output = packed;
                failure = failed;
                notifyAll();
            }
        }
    }
}
