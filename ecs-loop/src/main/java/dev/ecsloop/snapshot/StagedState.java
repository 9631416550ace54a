package dev.ecsloop.snapshot;

/**
 * State of the core (the loop's schedules and time, pending input) in the two steps an all-or-nothing restore
 * needs: {@link #stage} reads and checks everything and changes nothing; the action it returns applies it. Games
 * declare their own state with the simpler {@link SnapshotState}.
 */
public interface StagedState {

    /**
     * Writes the state.
     *
     * @param out where to write
     */
    void save(SnapshotOut out);

    /**
     * Reads and checks state written by {@link #save}, changing nothing.
     *
     * @param in the bytes
     * @return what applies it; it does not fail on data that staging accepted
     * @throws SnapshotException if the bytes are bad, or were written for another setup; the message names it
     */
    Runnable stage(SnapshotIn in);
}
