package dev.ecsloop.parallel;

/**
 * A chunk of a parallel-for, the commands it buffered, or an async job threw. Thrown on the loop thread, from
 * the system that ran the parallel-for or delivered the job, so it becomes that tick's failure; the message
 * names the system and the chunk (or job), and the cause is what was thrown. When several chunks throw, the
 * lowest chunk is reported: the same one at any number of workers. An {@link Error} (out of memory, a failed
 * assertion) is not wrapped: it escapes as it is, as from a system.
 */
public final class WorkerFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    WorkerFailedException(String where, Throwable cause) {
        super(where + " failed: " + cause, cause);
    }
}
