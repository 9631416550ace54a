package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.minimap.Minimap;
import dev.ecsloop.interpolate.Transform2;

/**
 * Paints the {@link Minimap} as the player's team sees it, four times a second. Throttled
 * ({@code catchUp = false}): only the newest picture matters, so when frames fall behind (a stall, a slow
 * machine) the missed refreshes are dropped and one paint shows the present. It only reads the world, so the
 * simulation and its hash never depend on how often it ran; it keeps painting after the game ends.
 */
@TickRate(value = 4, catchUp = false, phase = 0.1)
public final class MinimapSystem extends BaseEntitySystem {
    private final Minimap minimap;
    private final FogOfWar fog;
    private final ResourceFields fields;
    private int viewer;
    private ComponentMapper<Unit> units;
    private ComponentMapper<Transform2> transforms;

    MinimapSystem(Minimap minimap, FogOfWar fog, ResourceFields fields, int viewer) {
        super(Aspect.all(Unit.class, Transform2.class));
        this.minimap = minimap;
        this.fog = fog;
        this.fields = fields;
        this.viewer = viewer;
    }

    /** Paints from now on as {@code team} sees it (a network player commanding another team). */
    void viewAs(int team) {
        this.viewer = team;
    }

    @Override
    protected void processSystem() {
        minimap.begin(fog, viewer);
        for (int team = 0; team < 2; team++) {
            for (int i = 0, n = fields.cellCount(team); i < n; i++) {
                minimap.field(fields.cell(team, i));
            }
        }
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            Unit u = units.get(ids[i]);
            Transform2 t = transforms.get(ids[i]);
            if (u.kind == Unit.BASE) {
                minimap.base(u.team, t.position.x, t.position.y);
            } else {
                minimap.unit(u.team, t.position.x, t.position.y);
            }
        }
        minimap.end();
    }
}
