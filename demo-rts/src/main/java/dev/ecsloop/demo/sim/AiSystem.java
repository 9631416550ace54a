package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.influence.InfluenceMap;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.interpolate.Transform2;
import java.util.Arrays;

/**
 * The commanders of the teams the match's {@link AiSides} give the AI (both, or team 1 against the player),
 * reading each team's {@link InfluenceMap} (its own strength and the enemy strength it
 * has seen, blurred). Each tick, per team, in this order of priority:
 * <ol>
 *   <li><b>Defend the base</b>: when the seen threat at the base outweighs the strength there, every squad
 *       within {@link #DEFEND_RANGE} of the base goes home.</li>
 *   <li><b>Guard the harvesters</b>: a field where the seen threat outweighs the strength gets the nearest
 *       squad not yet given a task.</li>
 *   <li><b>Attack</b>: the other squads keep or pick a target: the seen enemy sector that is nearest once
 *       weighted by how much the enemy outweighs us there; with nothing seen, or when the team is at least
 *       {@link #ATTACK_RATIO} times stronger than all it has seen, the enemy base. A squad re-targets when its
 *       target sector shows no more enemies, and otherwise every {@link #RETHINK_TICKS} ticks (staggered).</li>
 * </ol>
 * Then, per unit, a decision of its own: a fighter under {@link #RETREAT_HEALTH} of its health where the threat
 * around it (its 3 x 3 sectors) outweighs its side falls back to its base; every other fighter takes its
 * squad's current goal (units new from the factory too: reinforcements). Units under a player order, and
 * harvesters, are left alone. Every loop runs over arrays in index order, so the result is deterministic.
 */
@TickRate(value = 5, phase = 0.625)
public final class AiSystem extends GameSystem implements SnapshotState {
    /** AI ticks between voluntary re-targets of one squad (2 s at 5 Hz). */
    static final int RETHINK_TICKS = 10;
    /** Squads this close to their base (cells) defend it. */
    static final float DEFEND_RANGE = 64f;
    /** Strength over all seen enemy strength from which a team goes for the enemy base. */
    static final float ATTACK_RATIO = 2f;
    /** Health fraction under which a threatened unit retreats. */
    static final float RETREAT_HEALTH = 0.3f;
    /** A voluntary re-target needs the new score at most this fraction of the current one. */
    private static final float SWITCH_RATIO = 0.6f;
    /** {@link Mover#squadVersion} of a unit retreating to its base. */
    private static final int RETREATING = -2;

    private final GridMap map;
    private final InfluenceMap influence;
    private final ResourceFields fields;
    private final AiSides sides;
    private final int squads;
    private final int perTeam;
    private final int[] sectorGoal;
    private final float[] sumX;
    private final float[] sumY;
    private final int[] members;
    /** Per squad: the sector attacked, or -1 for the enemy base (or a defend / guard task). */
    private final int[] target;
    private final int[] goal;
    private final int[] version;
    private final long[] lastThink;
    private final boolean[] tasked;
    private long tick;

    private ComponentMapper<Unit> units;
    private ComponentMapper<Mover> movers;
    private ComponentMapper<Health> healths;
    private ComponentMapper<Transform2> transforms;

    AiSystem(GridMap map, InfluenceMap influence, ResourceFields fields, int squadsPerTeam, AiSides sides,
             Outcome outcome) {
        super(Aspect.all(Unit.class, Mover.class, Health.class, Transform2.class), outcome);
        this.sides = sides;
        this.map = map;
        this.influence = influence;
        this.fields = fields;
        this.perTeam = squadsPerTeam;
        this.squads = 2 * squadsPerTeam;
        this.sectorGoal = new int[influence.sectors()];
        Arrays.fill(sectorGoal, -2);
        this.sumX = new float[squads];
        this.sumY = new float[squads];
        this.members = new int[squads];
        this.target = new int[squads];
        this.goal = new int[squads];
        this.version = new int[squads];
        this.lastThink = new long[squads];
        this.tasked = new boolean[squads];
        Arrays.fill(target, -1);
        Arrays.fill(goal, -1);
        Arrays.fill(version, -1);
        for (int s = 0; s < squads; s++) {
            lastThink[s] = -(s % RETHINK_TICKS); // stagger voluntary re-targets
        }
    }

    @Override
    protected void processSystem() {
        tick++;
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        int n = all.size();
        Arrays.fill(sumX, 0f);
        Arrays.fill(sumY, 0f);
        Arrays.fill(members, 0);
        Arrays.fill(tasked, false);
        for (int i = 0; i < n; i++) {
            Unit u = units.get(ids[i]);
            if (u.squad >= 0) {
                Transform2 t = transforms.get(ids[i]);
                sumX[u.squad] += t.position.x;
                sumY[u.squad] += t.position.y;
                members[u.squad]++;
            }
        }
        for (int team = 0; team < 2; team++) {
            if (!sides.drives(team)) {
                continue; // the player's team: its units act on the player's orders only
            }
            defend(team);
            guard(team);
            for (int s = team * perTeam; s < (team + 1) * perTeam; s++) {
                if (members[s] > 0 && !tasked[s]) {
                    attack(s, team);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            decide(ids[i]);
        }
    }

    private void defend(int team) {
        int home = fields.baseCell(team);
        int sector = influence.sectorOf(map.xOf(home) + 0.5f, map.yOf(home) + 0.5f);
        float threat = influence.value(team, InfluenceMap.ENEMY, sector);
        if (threat <= 0f || threat <= influence.value(team, InfluenceMap.OWN, sector)) {
            return;
        }
        for (int s = team * perTeam; s < (team + 1) * perTeam; s++) {
            if (members[s] > 0 && distance2(s, map.xOf(home), map.yOf(home)) <= DEFEND_RANGE * DEFEND_RANGE) {
                assign(s, -1, home);
            }
        }
    }

    private void guard(int team) {
        for (int f = 0; f < fields.fieldCount(); f++) {
            int cell = fields.fieldCentre(team, f);
            int sector = influence.sectorOf(map.xOf(cell) + 0.5f, map.yOf(cell) + 0.5f);
            float threat = influence.value(team, InfluenceMap.ENEMY, sector);
            if (threat <= 0f || threat <= influence.value(team, InfluenceMap.OWN, sector)) {
                continue;
            }
            int best = -1;
            float bestD2 = Float.MAX_VALUE;
            for (int s = team * perTeam; s < (team + 1) * perTeam; s++) {
                float d2 = distance2(s, map.xOf(cell), map.yOf(cell));
                if (members[s] > 0 && !tasked[s] && d2 < bestD2) {
                    bestD2 = d2;
                    best = s;
                }
            }
            if (best >= 0) {
                assign(best, -1, cell);
            }
        }
    }

    private void attack(int s, int team) {
        int enemy = 1 - team;
        int current = target[s];
        boolean lost = goal[s] < 0 || (current >= 0 && influence.raw(team, InfluenceMap.ENEMY, current) <= 0f);
        boolean due = tick - lastThink[s] >= RETHINK_TICKS;
        if (!lost && !due) {
            return;
        }
        lastThink[s] = tick;
        float own = influence.total(team, InfluenceMap.OWN);
        float seen = influence.total(team, InfluenceMap.ENEMY);
        if (seen <= 0f || own >= ATTACK_RATIO * seen) {
            assign(s, -1, fields.baseCell(enemy));
            return;
        }
        float cx = sumX[s] / members[s];
        float cy = sumY[s] / members[s];
        int best = -1;
        float bestScore = Float.MAX_VALUE;
        for (int c = 0, sectors = influence.sectors(); c < sectors; c++) {
            if (influence.raw(team, InfluenceMap.ENEMY, c) > 0f) {
                float score = score(team, c, cx, cy);
                if (score < bestScore) {
                    bestScore = score;
                    best = c;
                }
            }
        }
        if (best < 0) {
            assign(s, -1, fields.baseCell(enemy));
            return;
        }
        if (!lost && current >= 0 && bestScore > SWITCH_RATIO * score(team, current, cx, cy)) {
            return;
        }
        assign(s, best, goalOf(best));
    }

    /** Distance to a sector, stretched where the enemy there outweighs us: lower is a better target. */
    private float score(int team, int sector, float x, float y) {
        float dx = influence.centerX(sector) - x;
        float dy = influence.centerY(sector) - y;
        float own = influence.value(team, InfluenceMap.OWN, sector);
        float enemy = influence.value(team, InfluenceMap.ENEMY, sector);
        float d = (float) Math.sqrt(dx * dx + dy * dy);
        return d * (1f + Math.max(0f, enemy - own) / (own + 1f));
    }

    /** Gives squad {@code s} a task; its members pick up the new goal when it differs from the last. */
    private void assign(int s, int sector, int cell) {
        tasked[s] = true;
        target[s] = sector;
        if (goal[s] != cell) {
            goal[s] = cell;
            version[s]++;
        }
    }

    /** One unit's own decision: retreat when wounded and outweighed around it, else follow its squad. */
    private void decide(int e) {
        Unit u = units.get(e);
        Mover m = movers.get(e);
        if (u.squad < 0 || !sides.drives(u.team) || (m.order != Mover.ORDER_NONE && m.order != Mover.ORDER_AI)) {
            return;
        }
        Transform2 t = transforms.get(e);
        if (m.squadVersion == RETREATING) {
            if (m.state == Mover.ARRIVED || m.state == Mover.IDLE) {
                m.squadVersion = -1; // home: rejoin the squad
            } else {
                return;
            }
        }
        Health h = healths.get(e);
        if (h.hp < RETREAT_HEALTH * h.max && outweighed(u.team, t.position.x, t.position.y)) {
            m.order(Mover.ORDER_AI, fields.baseCell(u.team));
            m.squadVersion = RETREATING;
            return;
        }
        int s = u.squad;
        if (version[s] >= 0 && m.squadVersion != version[s]) {
            m.order(Mover.ORDER_AI, goal[s]);
            m.squadVersion = version[s];
        }
    }

    /** State: the tick count and each squad's task (target, goal, version, last re-think); the rest is scratch. */
    @Override
    public void save(SnapshotOut out) {
        out.writeLong(tick);
        for (int s = 0; s < squads; s++) {
            out.writeInt(target[s]);
            out.writeInt(goal[s]);
            out.writeInt(version[s]);
            out.writeLong(lastThink[s]);
        }
    }

    @Override
    public void load(SnapshotIn in) {
        tick = in.readLong();
        for (int s = 0; s < squads; s++) {
            target[s] = in.readInt();
            goal[s] = in.readInt();
            version[s] = in.readInt();
            lastThink[s] = in.readLong();
            if (target[s] < -1 || target[s] >= influence.sectors() || goal[s] < -1 || goal[s] >= map.cellCount()
                    || version[s] < -1) {
                throw in.fail("squad " + s + " has a bad task");
            }
        }
    }

    /** Whether the enemy strength seen in the 3 x 3 sectors around a point exceeds our own there. */
    private boolean outweighed(int team, float x, float y) {
        int centre = influence.sectorOf(x, y);
        int cols = influence.columns();
        int c0 = centre % cols;
        int r0 = centre / cols;
        float own = 0f;
        float enemy = 0f;
        for (int r = Math.max(0, r0 - 1); r <= Math.min(influence.rows() - 1, r0 + 1); r++) {
            for (int c = Math.max(0, c0 - 1); c <= Math.min(cols - 1, c0 + 1); c++) {
                own += influence.value(team, InfluenceMap.OWN, r * cols + c);
                enemy += influence.value(team, InfluenceMap.ENEMY, r * cols + c);
            }
        }
        return enemy > own;
    }

    private float distance2(int s, float x, float y) {
        float dx = sumX[s] / members[s] - x;
        float dy = sumY[s] / members[s] - y;
        return dx * dx + dy * dy;
    }

    private int goalOf(int sector) {
        if (sectorGoal[sector] == -2) {
            int size = influence.sectorSize();
            int cols = influence.columns();
            int x = Math.min(map.width() - 1, (sector % cols) * size + size / 2);
            int y = Math.min(map.height() - 1, (sector / cols) * size + size / 2);
            sectorGoal[sector] = map.nearestWalkable(x, y);
        }
        return sectorGoal[sector];
    }
}
