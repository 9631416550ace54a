package dev.ecsloop.parallel;

import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.StagedState;

import java.util.ArrayList;
import java.util.List;

/**
 * A loop's pending async jobs as snapshot state, part of the loop's section: int n channels, then per channel in
 * creation order: string owner, int delay, long ticks, long next serial, int pending, and per pending job in
 * submission order: long serial, long due tick, the codec's bytes. Restoring checks the channels against this
 * loop's (same owners, delays, in order) and decodes every job before anything changes.
 */
final class JobsState implements StagedState {

    private final Parallel parallel;

    JobsState(Parallel parallel) {
        this.parallel = parallel;
    }

    @Override
    public void save(SnapshotOut out) {
        AsyncJobs<?>[] channels = parallel.channels();
        for (AsyncJobs<?> channel : channels) {
            if (channel.pending() > 0 && !channel.hasCodec()) {
                throw new SnapshotException(channel.owner() + " has " + channel.pending() + " async jobs pending"
                        + " and no JobCodec to capture them: create its channel with one");
            }
        }
        out.writeInt(channels.length);
        for (AsyncJobs<?> channel : channels) {
            channel.save(out);
        }
    }

    @Override
    public Runnable stage(SnapshotIn in) {
        AsyncJobs<?>[] channels = parallel.channels();
        int n = in.readInt();
        if (n != channels.length) {
            throw in.fail("snapshot of a loop with " + n + " async job channels, this one has " + channels.length);
        }
        List<Runnable> applies = new ArrayList<>(n);
        for (AsyncJobs<?> channel : channels) {
            applies.add(channel.stage(in));
        }
        return () -> applies.forEach(Runnable::run);
    }
}
