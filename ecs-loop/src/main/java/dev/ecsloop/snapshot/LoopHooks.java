package dev.ecsloop.snapshot;

/**
 * What {@link Snapshots} needs from a {@link dev.ecsloop.GameLoop} beyond its public API: its schedules and
 * simulated time as {@link StagedState}, and an entity flush. Obtained from
 * {@link dev.ecsloop.GameLoop#snapshotState()}; implemented by the core, not by games.
 */
public interface LoopHooks extends StagedState {

    /**
     * Runs one pass that runs no system: entity changes made since the last pass are applied,
     * subscriptions told, and deleted entities purged.
     */
    void flushEntities();

    /**
     * @throws SnapshotException unless the loop is between frames: not in a frame, a step or one of its passes
     */
    void requireBetweenFrames();

    /** @return the pending async jobs of the loop's parallel systems, as state (the JOBS section) */
    StagedState jobs();

    /** @return the loop's latest real-time reading, the origin for input posted but not yet timed by a frame */
    long realNanos();
}
