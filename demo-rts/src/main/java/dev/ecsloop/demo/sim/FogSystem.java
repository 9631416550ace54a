package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.Wire;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.interpolate.Transform2;

/**
 * Rebuilds both teams' {@link FogOfWar} from every unit's sight radius (bases included), rock blocking sight.
 * About {@code pi r^2} cells traced per unit: at 10 Hz a shipped RTS pays a sixth of what the same fog would cost every physics tick,
 * and a unit's view lags its position by at most one step, which no player notices. Combat aims only at what
 * the fog shows, so fog is simulation state: it is rebuilt in fixed ticks, in entity id order.
 */
@TickRate(value = 10, phase = 0.9)
public final class FogSystem extends GameSystem implements SnapshotState {
    private final FogOfWar fog;
    /** Per chunk: its own ray scratch. */
    private byte[][] scratch = new byte[0][];
    private final Chunk.Task reveal = this::reveal;
    @Wire
    private Parallel parallel;
    private ComponentMapper<Unit> units;
    private ComponentMapper<Transform2> transforms;

    FogSystem(FogOfWar fog, Outcome outcome) {
        super(Aspect.all(Unit.class, Transform2.class), outcome);
        this.fog = fog;
    }

    /** State: the fog, packed (see {@link FogOfWar#save}); combat aims by it until the next update. */
    @Override
    public void save(SnapshotOut out) {
        fog.save(out);
    }

    @Override
    public void load(SnapshotIn in) {
        fog.load(in);
    }

    @Override
    protected void processSystem() {
        fog.begin(0);
        fog.begin(1);
        IntBag all = getEntityIds();
        int chunks = (all.size() + Parallel.CHUNK_SIZE - 1) / Parallel.CHUNK_SIZE;
        if (scratch.length < chunks) {
            int old = scratch.length;
            scratch = java.util.Arrays.copyOf(scratch, Math.max(chunks, old * 2));
            for (int c = old; c < scratch.length; c++) {
                scratch[c] = fog.prepareSight();
            }
        }
        parallel.forEach(all, reveal);
    }

    /** One chunk's units: every write is this update's stamp or "explored", so chunk order does not matter. */
    private void reveal(Chunk chunk) {
        byte[] lit = scratch[chunk.index()];
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int e = chunk.entity(i);
            Unit u = units.get(e);
            Transform2 t = transforms.get(e);
            fog.revealInSight(u.team, GridMap.cellCoord(t.position.x), GridMap.cellCoord(t.position.y), u.sight, lit);
        }
    }
}
