package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.map.GridMap;

/**
 * The rule of an endless match ({@link MatchSetup#endless()}): the fighting stays in the field. Bases cannot fall
 * ({@link Spawner#ENDLESS_BASE_HP}), but an army that overran one would still camp there and kill every harvester
 * and every new unit as it leaves the factory, so one side would soon have nothing left. So right after each AI
 * tick (same rate and phase, registered after it) every AI order whose goal lies in the enemy's home zone (within
 * a quarter of the map's width of its base) is sent to the front instead, the walkable cell nearest the map's
 * centre. Each side's economy then keeps running, its factory refills its army, and the reinforcements meet at the
 * front: a battle that lasts as long as the match.
 *
 * <p>Stateless (the zone and the front are functions of the map), so it declares nothing for snapshots. Only an
 * endless match registers it, so other matches and their hashes are unchanged.
 */
@TickRate(value = 5, phase = 0.625)
final class EndlessFront extends GameSystem {
    private final int front;
    private final float zone2;
    private final float[] baseX = new float[2];
    private final float[] baseY = new float[2];
    private final GridMap map;
    private ComponentMapper<Unit> units;
    private ComponentMapper<Mover> movers;

    EndlessFront(GridMap map, ResourceFields fields, Outcome outcome) {
        super(Aspect.all(Unit.class, Mover.class), outcome);
        this.map = map;
        this.front = map.nearestWalkable(map.width() / 2, map.height() / 2);
        float zone = map.width() / 4f;
        this.zone2 = zone * zone;
        for (int t = 0; t < 2; t++) {
            baseX[t] = map.xOf(fields.baseCell(t));
            baseY[t] = map.yOf(fields.baseCell(t));
        }
    }

    @Override
    protected void processSystem() {
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            Mover m = movers.get(ids[i]);
            if (m.order == Mover.ORDER_AI && m.goalCell >= 0 && inHomeZone(1 - units.get(ids[i]).team, m.goalCell)) {
                int version = m.squadVersion;
                m.order(Mover.ORDER_AI, front);
                m.squadVersion = version;   // still the squad's current order: the AI does not re-issue it
            }
        }
    }

    private boolean inHomeZone(int team, int cell) {
        float dx = map.xOf(cell) - baseX[team];
        float dy = map.yOf(cell) - baseY[team];
        return dx * dx + dy * dy <= zone2;
    }
}
