package dev.ecsloop.parallel;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

/**
 * How a channel's pending jobs go into a snapshot: their inputs, not their results. A restored loop computes
 * them again, which gives the same results since a job computes from its inputs only.
 *
 * @param <J> the job type
 */
public interface JobCodec<J extends AsyncJobs.Job> {

    /**
     * Writes a pending job's inputs. It may run while a worker computes the job, so it reads only fields that
     * {@link AsyncJobs.Job#compute()} does not write.
     *
     * @param job the job
     * @param out where to write
     */
    void write(J job, SnapshotOut out);

    /**
     * Reads what {@link #write} wrote, as a new job ready to compute.
     *
     * @param in the bytes
     * @return the job
     * @throws dev.ecsloop.snapshot.SnapshotException if the bytes are bad; the message names what
     */
    J read(SnapshotIn in);
}
