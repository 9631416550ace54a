package dev.ecsloop.snapshot;

/**
 * State that an object declares for snapshots: the fields the simulation's future depends on and that live
 * outside components (a system's random generator, its queues, its tick counter). A system of the loop that
 * implements it is saved and restored automatically; other objects are registered by name with
 * {@link Snapshots.Builder#state(String, SnapshotState)}.
 *
 * <p>Save what the future depends on, never scratch arrays nor caches that are rebuilt from components (rebuild
 * those in {@link #load}, or from Artemis subscription listeners, which the restore triggers for every entity).
 * {@link #save} must write the same bytes for the same state: no hash-ordered iteration, no identity hashes.
 *
 * <pre>{@code
 * @TickRate(15)
 * class AiSystem extends BaseSystem implements SnapshotState {
 *     private long rngState = 42;
 *     public void save(SnapshotOut out) { out.writeLong(rngState); }
 *     public void load(SnapshotIn in) { rngState = in.readLong(); }
 *     ...
 * }
 * }</pre>
 */
public interface SnapshotState {

    /**
     * Writes this object's state.
     *
     * @param out where to write; big-endian, exact (floats by raw bits)
     */
    void save(SnapshotOut out);

    /**
     * Replaces this object's state by what {@link #save} wrote. It must read exactly what was written; the
     * restore checks that nothing is left over. If it throws, the restore rolls the whole loop back to how it was.
     *
     * @param in the saved bytes, bounds-checked
     * @throws SnapshotException if the bytes run out, or the method finds them invalid (with {@link SnapshotIn#fail})
     */
    void load(SnapshotIn in);
}
