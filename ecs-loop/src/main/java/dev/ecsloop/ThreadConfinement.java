package dev.ecsloop;

/**
 * Keeps a loop on one thread: the first thread to run a frame or a single-step becomes the loop's, and every
 * call that changes the loop's state from another thread is refused. Reads on the render path (a
 * {@link SystemHandle}'s alpha) are not checked: they change nothing and run once per entity per frame.
 */
final class ThreadConfinement {

    /** The loop's thread: the first that ran a frame or a single-step; null before. */
    private volatile Thread owner;
    /** Refuses controls from inside a parallel-for chunk or async job, on any thread. */
    private final dev.ecsloop.parallel.Parallel parallel;

    ThreadConfinement(dev.ecsloop.parallel.Parallel parallel) {
        this.parallel = parallel;
    }

    /** Claims the calling thread if no thread was claimed yet; two racing for it cannot both win. */
    void claim() {
        if (owner == null) {
            claimLocked();
        }
    }

    private synchronized void claimLocked() {
        if (owner == null) {
            owner = Thread.currentThread();
        }
    }

    /**
     * @param what the call, for the message
     * @throws LoopMisuseException   if the calling thread is not the loop's
     * @throws IllegalStateException if called inside a parallel-for chunk or an async job
     */
    void check(String what) {
        parallel.checkNotInChunk("GameLoop.", what);
        Thread current = Thread.currentThread();
        Thread loopThread = owner;
        if (loopThread != null && current != loopThread) {
            throw new LoopMisuseException("GameLoop." + what + " called from thread \"" + current.getName()
                    + "\"; a loop is confined to its own thread \"" + loopThread.getName()
                    + "\" (the first to run a frame): hand work to it, e.g. through the console's queue");
        }
    }
}
