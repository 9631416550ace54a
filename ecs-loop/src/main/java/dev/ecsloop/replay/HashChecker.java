package dev.ecsloop.replay;

import com.artemis.BaseSystem;
import com.artemis.World;
import dev.ecsloop.TickListener;
import dev.ecsloop.state.StateHash;

/**
 * Hashes the state at the recorder's checkpoints and compares with the recorded hashes in order, read by its
 * own pass over the file; a {@link ReplayRun}'s, repositioned with the run when it resumes from a keyframe. After
 * the first divergence or failure it checks nothing more.
 */
final class HashChecker implements TickListener {
    private final Replay replay;
    final StateHash hasher;
    RecordReader hashes;
    long reads;
    boolean haveNext;
    long nextTime;
    long nextHash;
    int matched;
    long nextHashAt;
    long lastMatch = -1;
    ReplayResult.Divergence divergence;
    ReplayFormatException failure;

    HashChecker(Replay replay, World world, RecordReader hashes) throws ReplayFormatException {
        this.replay = replay;
        this.hasher = new StateHash(world);
        this.hashes = hashes;
        this.nextHashAt = Recorder.nextCheckpoint(replay.startNanos(), replay.hashEveryNanos());
        advance();
    }

    void resume(RecordReader positioned, ReplayRun.Position p) {
        hashes = positioned;
        reads = p.hashReads();
        haveNext = p.haveHash();
        if (haveNext) {
            nextTime = hashes.simNanos;
            nextHash = hashes.value;
        }
        nextHashAt = p.nextHashAt();
        matched = p.matched();
        lastMatch = p.lastMatch();
        divergence = null;
        failure = null;
    }

    private void advance() throws ReplayFormatException {
        haveNext = false;
        while (hashes.next()) {
            reads++;
            if (hashes.kind == ReplayFormat.HASH) {
                haveNext = true;
                nextTime = hashes.simNanos;
                nextHash = hashes.value;
                return;
            }
        }
    }

    @Override
    public void beforeTick(BaseSystem system, long tickNanos) {
        if (divergence != null || failure != null || tickNanos < nextHashAt) {
            return;
        }
        nextHashAt = Recorder.nextCheckpoint(tickNanos, replay.hashEveryNanos());
        long actual = hasher.hash();
        String name = system.getClass().getSimpleName();
        if (!haveNext) {
            if (tickNanos <= replay.endNanos()) {
                divergence = new ReplayResult.Divergence(name, tickNanos, lastMatch, 0, actual);
            }
            return;
        }
        if (nextTime != tickNanos || nextHash != actual) {
            divergence = new ReplayResult.Divergence(name, tickNanos, lastMatch, nextHash, actual);
            return;
        }
        matched++;
        lastMatch = tickNanos;
        try {
            advance();
        } catch (ReplayFormatException e) {
            failure = e;
        }
    }
}
