package dev.ecsloop.snapshot;

import java.util.zip.CRC32;

/**
 * The snapshot format, version 2 (version 1 had no JOBS section). All numbers big-endian; strings an int byte length and UTF-8.
 *
 * <pre>
 * header    8 bytes  magic "ECSLSNAP"
 *           int      format version (2)
 *           string   setup: what the game needs to rebuild the same world (at most 1024 bytes)
 *           int      number of sections
 * section   int id, int section version, int length, then length bytes; sections in ascending id, each once:
 *   1 LOOP        the loop's systems, schedules and simulated time (see dev.ecsloop.LoopState)
 *   2 ENTITIES    int next new id; int n recycled ids, then n ints in the order create() reuses them.
 *                 Every id below the next new id that is not recycled is an entity.
 *   3 COMPONENTS  int n component types, in Artemis type-index order; per type: string class name, int k
 *                 components, then k x (int entity id, ascending; int length; the codec's bytes)
 *   4 INPUT       the input queue's pending events (see dev.ecsloop.input.InputState); only with a queue
 *   5 STATE       int n declared states, then n x (string name, int length, the state's bytes)
 *   6 JOBS        the pending async jobs of every channel, inputs only (see dev.ecsloop.parallel.JobsState);
 *                 since format version 2
 * trailer   int      CRC-32 of every byte before it
 * </pre>
 *
 * <p>A reader refuses, in one line, a file of another format version, an unknown section id, a known section
 * of a version it does not read, a missing or repeated section, or any length that does not add up: a newer
 * writer's state is never misread. Identical state gives identical bytes: entities and components go in id order,
 * types in index order, declared states in registration order, floats by their raw bits.
 *
 * <p>Limits: a snapshot is at most {@link #MAX_BYTES}; it names at most {@link #MAX_ENTITIES} entity ids.
 */
final class SnapshotFormat {

    static final byte[] MAGIC = {'E', 'C', 'S', 'L', 'S', 'N', 'A', 'P'};
    static final int VERSION = 2;
    static final int MAX_BYTES = 256 << 20;
    static final int MAX_SETUP_BYTES = 1024;
    static final int MAX_ENTITIES = 1 << 22;

    static final int LOOP = 1;
    static final int ENTITIES = 2;
    static final int COMPONENTS = 3;
    static final int INPUT = 4;
    static final int STATE = 5;
    static final int JOBS = 6;
    /** The section version this build writes and reads, by section id. */
    static final int[] SECTION_VERSION = {0, 1, 1, 1, 1, 1, 1};
    static final String[] SECTION_NAME = {"?", "LOOP", "ENTITIES", "COMPONENTS", "INPUT", "STATE", "JOBS"};

    private SnapshotFormat() {
    }

    static int crc(byte[] b, int from, int to) {
        CRC32 crc = new CRC32();
        crc.update(b, from, to - from);
        return (int) crc.getValue();
    }
}
