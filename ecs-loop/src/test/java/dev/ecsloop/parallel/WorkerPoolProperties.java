package dev.ecsloop.parallel;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The pool's claims: each thread runs its own segment of a region from the front and helps the others from
 * their back ends. Whatever the chunk count (fewer chunks than threads too), the thread count and how unevenly
 * the chunks' work is spread (so that helpers do take chunks of other segments), every chunk runs exactly once
 * per region, and regions follow each other without a late worker claiming a chunk of the next one.
 */
class WorkerPoolProperties {

    @Property(tries = 40)
    void everyChunkRunsExactlyOncePerRegion(@ForAll @IntRange(min = 2, max = 8) int workers,
                                            @ForAll @IntRange(min = 1, max = 3_000) int entities,
                                            @ForAll @IntRange(min = 1, max = 64) int chunkSize,
                                            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int[] ids = new int[entities];
        for (int i = 0; i < entities; i++) {
            ids[i] = i;
        }
        int chunks = (entities - 1) / chunkSize + 1;
        int regions = 30;
        // Per chunk, a busy loop of random length: a few chunks take far longer than the rest.
        SplittableRandom random = new SplittableRandom(seed);
        int[] work = new int[chunks];
        for (int c = 0; c < chunks; c++) {
            work[c] = random.nextInt(10) == 0 ? random.nextInt(200_000) : random.nextInt(2_000);
        }
        AtomicIntegerArray runs = new AtomicIntegerArray(chunks);
        try (GameLoop loop = GameLoop.builder().clock(new ManualClock()).workers(workers)
                .world(new WorldConfigurationBuilder()).build()) {
            for (int region = 0; region < regions; region++) {
                loop.parallel().forEach(ids, entities, chunkSize, chunk -> {
                    long x = 0;
                    for (int i = 0; i < work[chunk.index()]; i++) {
                        x += i ^ chunk.index();
                    }
                    runs.addAndGet(chunk.index(), x == Long.MIN_VALUE ? 2 : 1);
                });
            }
        }
        for (int c = 0; c < chunks; c++) {
            assertEquals(regions, runs.get(c), "runs of chunk " + c + " of " + chunks + " at " + workers
                    + " workers");
        }
    }
}
