package dev.ecsloop.snapshot;

import com.artemis.Component;

import java.util.List;

/**
 * Everything a snapshot holds, read and checked by {@link SnapshotStager} and ready for {@link SnapshotApplier}:
 * the step between them is where an all-or-nothing restore may still refuse without having changed anything.
 * Components are kept as offsets into {@link #bytes}, decoded once while staging and again while applying.
 */
final class StagedSnapshot {
    byte[] bytes;
    Runnable loopApply;
    Runnable inputApply;
    Runnable jobsApply;
    int nextId;
    int[] limbo;
    List<Class<? extends Component>> classes;
    ComponentCodec<Component>[] codecs;
    int[][] ids;
    int[][] offsets;
    int[][] lengths;
    SnapshotIn[] stateData;
}
