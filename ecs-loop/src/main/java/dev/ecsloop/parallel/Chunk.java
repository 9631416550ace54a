package dev.ecsloop.parallel;

/**
 * One chunk of a parallel-for: a run of consecutive entities of the list handed to {@link Parallel#forEach},
 * with its own command buffer. Chunk {@code i} holds positions {@code [i * chunkSize, min((i + 1) * chunkSize,
 * count))}: it depends on the entity count and the chunk size only, never on the number of workers, so what a
 * chunk computes is the same whichever thread runs it.
 *
 * <p>A chunk view belongs to the thread running it and is reused for that thread's next chunk: do not keep it.
 */
public final class Chunk {

    /** What a parallel-for runs for each chunk, on any of the loop's threads. */
    @FunctionalInterface
    public interface Task {
        /**
         * Runs one chunk. It may read any component and write the components of its own chunk's entities;
         * structural changes and events go through {@link Chunk#commands()}.
         *
         * @param chunk the chunk
         */
        void run(Chunk chunk);
    }

    /** A chunk's contribution to a sum or other fold, combined in chunk order on the loop thread. */
    @FunctionalInterface
    public interface LongTask {
        /**
         * @param chunk the chunk
         * @return its result
         */
        long run(Chunk chunk);
    }

    int index;
    int first;
    int end;
    int[] ids;
    ChunkCommands commands;

    Chunk() {
    }

    /** @return this chunk's index: 0 for the first entities of the list */
    public int index() {
        return index;
    }

    /** @return the position in the list of this chunk's first entity */
    public int first() {
        return first;
    }

    /** @return one past the position of this chunk's last entity */
    public int end() {
        return end;
    }

    /** @return the number of entities in this chunk, at least 1 */
    public int size() {
        return end - first;
    }

    /**
     * The entity at a position of the list.
     *
     * @param position from {@link #first()} (inclusive) to {@link #end()} (exclusive)
     * @return its id
     * @throws IndexOutOfBoundsException if the position is outside this chunk
     */
    public int entity(int position) {
        if (position < first || position >= end) {
            throw new IndexOutOfBoundsException("position " + position + " is outside chunk " + index + " ["
                    + first + ", " + end + ")");
        }
        return ids[position];
    }

    /**
     * This chunk's command buffer: structural changes and events, applied on the loop thread after the
     * parallel-for, chunk by chunk in chunk order.
     *
     * @return the buffer, empty when the chunk starts
     */
    public ChunkCommands commands() {
        return commands;
    }
}
