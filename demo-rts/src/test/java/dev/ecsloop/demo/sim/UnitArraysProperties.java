package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.parallel.Parallel;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The id index of {@link UnitArrays} is a sparse set that no fill clears: after fills of changing unit lists
 * (units gone, others new, the list shorter or longer), an id finds its position in the last fill and any other
 * id finds none, however stale its entry.
 */
class UnitArraysProperties {

    @Property(tries = 40)
    void anIdIsFoundExactlyWhenTheLastFillHeldIt(@ForAll @IntRange(min = 1, max = 3_000) int entities,
                                                @ForAll @IntRange(min = 1, max = 3) int workers,
                                                @ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        World world = unitsWorld(entities);
        ComponentMapper<Unit> units = world.getMapper(Unit.class);
        ComponentMapper<Transform2> transforms = world.getMapper(Transform2.class);
        UnitArrays arrays = new UnitArrays();
        Parallel parallel = Parallel.forLoop(workers, () -> "test", () -> world);
        try {
            for (int fill = 0; fill < 4; fill++) {
                IntBag list = new IntBag();
                int keep = rnd.nextInt(1, 5); // each fill keeps about 1 in keep of the ids, ascending
                for (int e = 0; e < entities; e++) {
                    if (rnd.nextInt(keep) == 0) {
                        list.add(e);
                    }
                }
                arrays.fill(list, transforms, units, parallel);
                assertEquals(list.size(), arrays.count);
                int at = 0;
                for (int e = -1; e <= entities + 1; e++) {
                    boolean held = at < list.size() && list.get(at) == e;
                    assertEquals(held ? at : -1, arrays.indexOf(e), "fill " + fill + ", entity " + e);
                    if (held) {
                        assertEquals((float) e, arrays.xs[at]);
                        at++;
                    }
                }
            }
        } finally {
            parallel.close();
            world.dispose();
        }
    }

    @Property(tries = 20)
    void idsThatDoNotAscendAreRefusedNamingWhere(@ForAll @IntRange(min = 2, max = 1_000) int entities,
                                                @ForAll @IntRange(min = 1, max = 3) int workers,
                                                @ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        World world = unitsWorld(entities);
        ComponentMapper<Unit> units = world.getMapper(Unit.class);
        ComponentMapper<Transform2> transforms = world.getMapper(Transform2.class);
        IntBag list = new IntBag();
        for (int e = 0; e < entities; e++) {
            list.add(e);
        }
        int at = rnd.nextInt(entities - 1); // swap two neighbours: the list no longer ascends there
        int swapped = list.get(at);
        list.set(at, list.get(at + 1));
        list.set(at + 1, swapped);
        Parallel parallel = Parallel.forLoop(workers, () -> "test", () -> world);
        try {
            Throwable failure = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                    () -> new UnitArrays().fill(list, transforms, units, parallel));
            assertEquals("unit ids must ascend from 0: " + list.get(at) + " at " + at + ", then " + list.get(at + 1),
                    failure.getCause().getMessage());
        } finally {
            parallel.close();
            world.dispose();
        }
    }

    /** A world of {@code entities} units, ids 0 up, unit i of team i % 2 at (i, -i). */
    private static World unitsWorld(int entities) {
        World world = new World(new WorldConfigurationBuilder().build());
        ComponentMapper<Unit> units = world.getMapper(Unit.class);
        ComponentMapper<Transform2> transforms = world.getMapper(Transform2.class);
        for (int i = 0; i < entities; i++) {
            int e = world.create();
            units.create(e).team = i % 2;
            transforms.create(e).position.set(i, -i);
        }
        world.process();
        return world;
    }
}
