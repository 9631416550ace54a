package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.map.CellRect;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import dev.ecsloop.interpolate.Transform2;
import java.util.Arrays;

/**
 * Both teams' commanders. Each tick it counts units per team in coarse {@link #SECTOR} x {@link #SECTOR}
 * sectors and, for each squad, keeps or picks a target: the nearest sector holding enemies (or, with no
 * enemy left, the enemy's spawn). A squad re-targets when its target sector empties (its enemies died or
 * left), and otherwise every {@link #RETHINK_TICKS} ticks (staggered over squads) only if another enemy
 * sector is much closer, so squads do not flip-flop between two clusters.
 *
 * <p>Goals are sector centres snapped to the nearest walkable cell: few distinct goals, each shared by whole
 * squads, which is what makes flow fields pay off in {@link PathfindingSystem}. Units under a player order are
 * left alone. Every loop runs over arrays in index order, so the result is deterministic.
 */
@TickRate(15)
public final class AiSystem extends BaseEntitySystem {
    /** Side of an AI sector in cells. */
    static final int SECTOR = 16;
    /** AI ticks between voluntary re-targets of one squad (2 s at 15 Hz). */
    static final int RETHINK_TICKS = 30;
    /** A voluntary re-target needs the new sector at most this fraction of the current distance (squared). */
    private static final float SWITCH_RATIO2 = 0.5f;

    private final GridMap map;
    private final int cols;
    private final int rows;
    private final int[] sectorGoal;
    private final int[] spawnGoal = new int[2];
    /** Units of team t in sector c: {@code count[t * sectors + c]}. */
    private final int[] count;
    private final int squads;
    private final float[] sumX;
    private final float[] sumY;
    private final int[] members;
    private final int[] target;
    private final int[] goal;
    private final int[] version;
    private final long[] lastThink;
    private long tick;

    private ComponentMapper<Unit> units;
    private ComponentMapper<Mover> movers;
    private ComponentMapper<Transform2> transforms;

    AiSystem(GridMap map, int squadCount) {
        super(Aspect.all(Unit.class, Mover.class, Transform2.class));
        this.map = map;
        this.cols = (map.width() + SECTOR - 1) / SECTOR;
        this.rows = (map.height() + SECTOR - 1) / SECTOR;
        this.sectorGoal = new int[cols * rows];
        Arrays.fill(sectorGoal, -2);
        for (int t = 0; t < 2; t++) {
            CellRect area = MapGenerator.spawnArea(t, map.width(), map.height());
            spawnGoal[t] = map.nearestWalkable(area.centerX(), area.centerY());
        }
        this.count = new int[2 * cols * rows];
        this.squads = squadCount;
        this.sumX = new float[squadCount];
        this.sumY = new float[squadCount];
        this.members = new int[squadCount];
        this.target = new int[squadCount];
        this.goal = new int[squadCount];
        this.version = new int[squadCount];
        this.lastThink = new long[squadCount];
        Arrays.fill(target, -1);
        Arrays.fill(goal, -1);
        Arrays.fill(version, -1);
        for (int s = 0; s < squadCount; s++) {
            lastThink[s] = -(s % RETHINK_TICKS); // stagger voluntary re-targets
        }
    }

    @Override
    protected void processSystem() {
        tick++;
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        int n = all.size();
        int sectors = cols * rows;
        Arrays.fill(count, 0);
        Arrays.fill(sumX, 0f);
        Arrays.fill(sumY, 0f);
        Arrays.fill(members, 0);
        for (int i = 0; i < n; i++) {
            Unit u = units.get(ids[i]);
            Transform2 t = transforms.get(ids[i]);
            count[u.team * sectors + sectorOf(t.position.x, t.position.y)]++;
            sumX[u.squad] += t.position.x;
            sumY[u.squad] += t.position.y;
            members[u.squad]++;
        }
        int perTeam = squads / 2;
        for (int s = 0; s < squads; s++) {
            if (members[s] > 0) {
                think(s, s < perTeam ? 1 : 0, sumX[s] / members[s], sumY[s] / members[s], sectors);
            }
        }
        for (int i = 0; i < n; i++) {
            Mover m = movers.get(ids[i]);
            int s = units.get(ids[i]).squad;
            if ((m.order == Mover.ORDER_NONE || m.order == Mover.ORDER_AI) && version[s] >= 0
                    && m.squadVersion != version[s]) {
                m.order(Mover.ORDER_AI, goal[s]);
                m.squadVersion = version[s];
            }
        }
    }

    private void think(int s, int enemy, float cx, float cy, int sectors) {
        int current = target[s];
        boolean lost = current == -1 || (current >= 0 && count[enemy * sectors + current] == 0)
                || (current == -2 && hasAny(enemy, sectors));
        boolean due = tick - lastThink[s] >= RETHINK_TICKS;
        if (!lost && !due) {
            return;
        }
        lastThink[s] = tick;
        int best = -2;
        float bestD2 = Float.MAX_VALUE;
        for (int c = 0; c < sectors; c++) {
            if (count[enemy * sectors + c] > 0) {
                float d2 = distance2(c, cx, cy);
                if (d2 < bestD2) {
                    bestD2 = d2;
                    best = c;
                }
            }
        }
        if (!lost && best >= 0 && current >= 0 && bestD2 > SWITCH_RATIO2 * distance2(current, cx, cy)) {
            return;
        }
        if (best == current) {
            return;
        }
        target[s] = best;
        goal[s] = best >= 0 ? goalOf(best) : spawnGoal[enemy];
        version[s]++;
    }

    private boolean hasAny(int team, int sectors) {
        for (int c = 0; c < sectors; c++) {
            if (count[team * sectors + c] > 0) {
                return true;
            }
        }
        return false;
    }

    private float distance2(int sector, float x, float y) {
        float dx = (sector % cols + 0.5f) * SECTOR - x;
        float dy = (sector / cols + 0.5f) * SECTOR - y;
        return dx * dx + dy * dy;
    }

    private int sectorOf(float x, float y) {
        int c = Math.max(0, Math.min(cols - 1, GridMap.cellCoord(x) / SECTOR));
        int r = Math.max(0, Math.min(rows - 1, GridMap.cellCoord(y) / SECTOR));
        return r * cols + c;
    }

    private int goalOf(int sector) {
        if (sectorGoal[sector] == -2) {
            int x = Math.min(map.width() - 1, (sector % cols) * SECTOR + SECTOR / 2);
            int y = Math.min(map.height() - 1, (sector / cols) * SECTOR + SECTOR / 2);
            sectorGoal[sector] = map.nearestWalkable(x, y);
        }
        return sectorGoal[sector];
    }
}
