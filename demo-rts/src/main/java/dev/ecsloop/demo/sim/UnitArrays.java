package dev.ecsloop.demo.sim;

import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;

/**
 * A dense copy of the units' positions and teams, indexed 0..count-1 in ascending entity id order, as the
 * {@link dev.ecsloop.demo.spatial.SpatialGrid} wants them. Systems take it at the start of a tick, so every
 * unit in the tick sees the others as they were when it began: the result does not depend on the order in
 * which units are updated. Grows to the largest unit count and entity id seen; otherwise allocates nothing, and
 * all its work runs through the parallel-for: the ids come ascending, as an aspect subscription keeps them, so the
 * largest is the last and there is no serial pass to find it.
 *
 * <p>The copy runs through the parallel-for: slot i and {@code denseOf[ids[i]]} belong to unit i alone, so the
 * arrays are the same at any number of workers.
 */
final class UnitArrays {
    int count;
    int[] ids = new int[0];
    float[] xs = new float[0];
    float[] ys = new float[0];
    int[] teams = new int[0];
    /**
     * Dense index of an entity id, for the ids of the last {@link #fill}; other entries are stale (a sparse set:
     * {@link #indexOf} accepts an entry only if {@code ids} at it holds the id), so a fill clears nothing.
     */
    int[] denseOf = new int[0];

    private final Chunk.Task copy = this::copy;
    private int[] source;
    private ComponentMapper<Transform2> transforms;
    private ComponentMapper<Unit> units;

    /**
     * Copies the units' positions and teams.
     *
     * @param entities the units, ids ascending (an aspect subscription's {@code getEntityIds()})
     * @throws dev.ecsloop.parallel.WorkerFailedException (caused by an {@link IllegalArgumentException}) if the ids
     *                                                    do not ascend
     */
    void fill(IntBag entities, ComponentMapper<Transform2> transforms, ComponentMapper<Unit> units,
              Parallel parallel) {
        int n = entities.size();
        if (ids.length < n) {
            int cap = Math.max(n, ids.length * 2);
            ids = new int[cap];
            xs = new float[cap];
            ys = new float[cap];
            teams = new int[cap];
        }
        int[] data = entities.getData();
        int maxId = n == 0 ? 0 : data[n - 1];
        if (denseOf.length <= maxId) {
            denseOf = new int[Math.max(maxId + 1, denseOf.length * 2)];
        }
        this.source = data;
        this.transforms = transforms;
        this.units = units;
        count = n;
        try {
            parallel.forEach(data, n, Parallel.CHUNK_SIZE, copy);
        } finally {
            this.source = null;
        }
    }

    /** One chunk's units: writes their own slots only. */
    private void copy(Chunk chunk) {
        int[] data = source;
        int n = count;
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int e = data[i];
            if (e < 0 || i + 1 < n && e >= data[i + 1]) { // ascending, so none is over the last, which sized denseOf
                throw new IllegalArgumentException("unit ids must ascend from 0: " + e + " at " + i
                        + (i + 1 < n ? ", then " + data[i + 1] : ""));
            }
            Transform2 t = transforms.get(e);
            ids[i] = e;
            xs[i] = t.position.x;
            ys[i] = t.position.y;
            teams[i] = units.get(e).team;
            denseOf[e] = i;
        }
    }

    /** Dense index of entity {@code e}, or -1 if it was not among the units at the last fill. */
    int indexOf(int e) {
        if (e < 0 || e >= denseOf.length) {
            return -1;
        }
        int d = denseOf[e];
        return d >= 0 && d < count && ids[d] == e ? d : -1;
    }
}
