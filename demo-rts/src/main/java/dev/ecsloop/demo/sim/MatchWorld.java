package dev.ecsloop.demo.sim;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.influence.InfluenceMap;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import dev.ecsloop.demo.minimap.Minimap;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.time.Clock;

/**
 * A match's world as its {@link MatchSetup} builds it, at simulated time 0: the map, the shared state the systems
 * read and write (resource fields, fog, influence, minimap picture, outcome), the systems registered in
 * {@link SimSystems}' order, the loop, timestamped input and interpolation, and both armies spawned.
 *
 * <p>The order of construction is part of the simulation (entity ids are handed out as the spawner creates
 * units), so it is written once, here.
 */
final class MatchWorld {
    /** Most pixels along the minimap's edge. */
    static final int MINIMAP_SIDE = 128;

    final MatchSetup setup;
    final GridMap map;
    final ResourceFields fields;
    final FogOfWar fog;
    final InfluenceMap influence;
    final Minimap minimap;
    final Outcome outcome = new Outcome();
    /** Squads of each team's starting army. */
    final int squadsPerTeam;
    /** Starting units of team 0 (team 1 has the rest). */
    final int perTeam;
    /** Units the per-unit arrays of movement and combat are sized for at first. */
    final int capacity;
    final GameLoop loop;
    final InputQueue inputs;
    final Interpolation interpolation;

    /**
     * @param workers threads the parallel systems run on, the loop's counted
     * @param extra   systems registered after the game's own (tests only; none in a game)
     */
    MatchWorld(MatchSetup setup, Clock clock, Clock profiler, int workers, BaseSystem... extra) {
        this.setup = setup;
        this.map = MapGenerator.generate(setup.mapSize(), setup.mapSize(), setup.seed());
        this.fields = new ResourceFields(map);
        this.fog = new FogOfWar(map);
        this.influence = new InfluenceMap(map.width(), map.height(), InfluenceSystem.SECTOR);
        this.minimap = new Minimap(map, Math.min(MINIMAP_SIDE, map.width()));
        this.squadsPerTeam = Spawner.squadsPerTeam(setup.units());
        this.perTeam = (setup.units() + 1) / 2;
        this.capacity = setup.units() + 2;
        this.loop = GameLoop.builder()
                .clock(clock)
                .profiler(profiler)
                .workers(workers)
                .world(new WorldConfigurationBuilder().with(SimSystems.create(this))
                        .with(setup.endless() ? new BaseSystem[] {new EndlessFront(map, fields, outcome)}
                                : new BaseSystem[0])
                        .with(extra))
                .build();
        try {
            this.inputs = InputQueue.install(loop, OrdersSystem.class);
            system(OrdersSystem.class).attach(inputs);
            this.interpolation = Interpolation.install(loop);
            Spawner.spawn(loop.world(), map, setup, fields);
            // The armies enter the world now rather than in the first frame's first pass (the same ticks see
            // them): a fresh game is then a settled world that a snapshot can be restored into.
            loop.snapshotState().flushEntities();
        } catch (RuntimeException | Error e) {
            // Out of memory while spawning, say: the worker threads would keep the half-built world reachable.
            loop.close();
            throw e;
        }
    }

    /** The registered instance of one of {@link SimSystems#ALL}. */
    <T extends BaseSystem> T system(Class<T> type) {
        return loop.world().getSystem(type);
    }

    /** Applies the setup's rates, in order, as a player would at simulated time 0 (a recorder journals them). */
    void applyRates() {
        for (RateSetting r : setup.rates()) {
            loop.setRate(r.system(), r.hz());
        }
    }
}
