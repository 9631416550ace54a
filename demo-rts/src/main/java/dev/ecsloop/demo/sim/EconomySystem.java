package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.interpolate.Transform2;

/**
 * Harvest and production. Each tick, every harvester in entity id order advances its trip: arrived at its own
 * field cell it mines for {@link #MINE_TICKS} ticks, then walks its {@link #LOAD} credits to its base, which
 * banks them, and heads back out. Every trip leg is a new route request to a distinct cell: the sustained,
 * varied pathfinding load of a real RTS economy.
 *
 * <p>Then each base spends: when its factory is ready and it can pay, it builds a unit beside itself (a
 * harvester while the team has fewer than its share, else soldiers and every fourth an archer), up to the
 * team's starting population, so the army is refilled as it dies and entities are created all game long. A new
 * fighter joins its team's squads in turn and takes its squad's orders at the AI's next tick: reinforcements.
 *
 * <p>Counted in economy ticks, like weapons in combat ticks: retuning the rate retunes the economy's pace.
 */
@TickRate(value = 10, phase = 0.4)
public final class EconomySystem extends GameSystem implements SnapshotState {
    /** Economy ticks a harvester mines before carrying its load home. */
    static final int MINE_TICKS = 10;
    /** Credits per trip. */
    static final int LOAD = 20;
    static final int SOLDIER_COST = 50;
    static final int ARCHER_COST = 60;
    static final int HARVESTER_COST = 40;
    /** Economy ticks between two units of one factory. */
    static final int BUILD_TICKS = 2;
    /**
     * Credits a base receives every economy tick in an endless match, on top of its harvesters' deliveries: what
     * its factory spends at full pace on soldiers ({@value #SOLDIER_COST} every {@code BUILD_TICKS + 1} ticks,
     * rounded up), so production never waits for an economy the front has wiped out.
     */
    static final int ENDLESS_STIPEND = 17;
    /**
     * An endless match's factory builds up to one unit per this many of its team's population each production
     * tick (at least one), with the stipend to match: the front then stays crowded at any army size.
     */
    static final int ENDLESS_BATCH_PER = 500;
    /** An endless match's bank stops growing from the stipend here: a capped army does not hoard a reserve. */
    static final int ENDLESS_BANK = 4 * ARCHER_COST;
    /** Harvesters arrive within this many cells of their field cell, and of their base. */
    static final float FIELD_REACH = 0.75f;
    static final float BASE_REACH = 2.5f;

    private final GridMap map;
    private final ResourceFields fields;
    private final int[] population;
    private final int squadsPerTeam;
    private final boolean endless;
    private final int[] alive = new int[2];
    private final int[] harvesters = new int[2];
    private final int[] baseOf = {-1, -1};
    private long producedTotal;
    private EntitySubscription everyone;
    private EntitySubscription baseSubscription;

    private ComponentMapper<Harvester> harvesterMapper;
    private ComponentMapper<Mover> movers;
    private ComponentMapper<Unit> units;
    private ComponentMapper<Base> bases;
    private ComponentMapper<Transform2> transforms;

    /**
     * @param population most units a team may have (its starting count, bases excluded)
     * @param endless    an endless match: a stipend, and production matched between the sides
     */
    EconomySystem(GridMap map, ResourceFields fields, int[] population, int squadsPerTeam, boolean endless,
                  Outcome outcome) {
        super(Aspect.all(Harvester.class, Mover.class, Unit.class, Transform2.class), outcome);
        this.map = map;
        this.fields = fields;
        this.population = population.clone();
        this.squadsPerTeam = squadsPerTeam;
        this.endless = endless;
    }

    @Override
    protected void processSystem() {
        if (everyone == null) {
            everyone = world.getAspectSubscriptionManager().get(Aspect.all(Unit.class, Mover.class));
            baseSubscription = world.getAspectSubscriptionManager().get(Aspect.all(Base.class, Unit.class));
        }
        count();
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            trip(ids[i]);
        }
        IntBag b = baseSubscription.getEntities();
        for (int i = 0; i < b.size(); i++) {
            produce(b.get(i));
        }
    }

    private void trip(int e) {
        Harvester h = harvesterMapper.get(e);
        Mover m = movers.get(e);
        int team = units.get(e).team;
        if (m.order != Mover.ORDER_HARVEST && m.order != Mover.ORDER_NONE) {
            if (m.state != Mover.ARRIVED && m.state != Mover.IDLE) {
                return; // under a player order: leave it until it is done
            }
            m.order = Mover.ORDER_NONE;
            h.state = h.cargo > 0 ? Harvester.TO_BASE : Harvester.TO_FIELD;
            m.state = Mover.IDLE;
        }
        int home = fields.baseCell(team);
        switch (h.state) {
            case Harvester.TO_FIELD -> {
                if (m.order == Mover.ORDER_NONE || m.goalCell != h.fieldCell || m.state == Mover.IDLE) {
                    m.order(Mover.ORDER_HARVEST, h.fieldCell, FIELD_REACH);
                } else if (m.state == Mover.ARRIVED) {
                    h.state = Harvester.MINING;
                    h.timer = MINE_TICKS;
                }
            }
            case Harvester.MINING -> {
                if (--h.timer <= 0) {
                    h.cargo = LOAD;
                    h.state = Harvester.TO_BASE;
                    m.order(Mover.ORDER_HARVEST, home, BASE_REACH);
                }
            }
            case Harvester.TO_BASE -> {
                if (m.goalCell != home || m.state == Mover.IDLE) {
                    m.order(Mover.ORDER_HARVEST, home, BASE_REACH);
                } else if (m.state == Mover.ARRIVED) {
                    int base = baseOf[team];
                    if (base >= 0) {
                        Base bank = bases.get(base);
                        bank.credits += h.cargo;
                        bank.delivered += h.cargo;
                    }
                    h.cargo = 0;
                    h.trips++;
                    h.state = Harvester.TO_FIELD;
                    m.order(Mover.ORDER_HARVEST, h.fieldCell, FIELD_REACH);
                }
            }
            default -> throw new IllegalStateException("harvester state " + h.state);
        }
    }

    /** Units alive and harvesters per team, and each team's base entity (or -1). */
    private void count() {
        alive[0] = 0;
        alive[1] = 0;
        harvesters[0] = 0;
        harvesters[1] = 0;
        IntBag all = everyone.getEntities();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            Unit u = units.get(ids[i]);
            alive[u.team]++;
            if (u.kind == Unit.HARVESTER) {
                harvesters[u.team]++;
            }
        }
        baseOf[0] = -1;
        baseOf[1] = -1;
        IntBag b = baseSubscription.getEntities();
        for (int i = 0; i < b.size(); i++) {
            baseOf[bases.get(b.get(i)).team] = b.get(i);
        }
    }

    /**
     * One base's factory for one tick. In an endless match the base first gets its {@link #ENDLESS_STIPEND}, and
     * a side that has more units than the other builds nothing: the stronger side then waits for the weaker to
     * catch up, so neither overruns the other and the population settles where both factories, at full pace
     * ({@link #ENDLESS_BATCH_PER}), replace what the front kills (a sustained, balanced battle whose population stays bounded, for hour-long
     * recordings and the soak). Other matches are unchanged.
     */
    private void produce(int e) {
        Base b = bases.get(e);
        int batch = endless ? Math.max(1, population[b.team] / ENDLESS_BATCH_PER) : 1;
        if (endless && b.credits < ENDLESS_BANK * batch) {
            b.credits += ENDLESS_STIPEND * batch;
        }
        if (b.buildCooldown > 0) {
            b.buildCooldown--;
            return;
        }
        for (int k = 0; k < batch && buildOne(e, b); k++) {
            b.buildCooldown = BUILD_TICKS;
        }
    }

    /** Builds one unit beside the base if the team may and can pay; returns whether it did. */
    private boolean buildOne(int e, Base b) {
        int team = b.team;
        if (alive[team] >= population[team] || endless && alive[team] > alive[1 - team]) {
            return false;
        }
        boolean harvester = harvesters[team] < population[team] / Spawner.HARVESTER_EVERY;
        boolean archer = !harvester && b.produced % 4 == 3;
        int cost = harvester ? HARVESTER_COST : archer ? ARCHER_COST : SOLDIER_COST;
        if (b.credits < cost) {
            return false;
        }
        b.credits -= cost;
        b.spent += cost;
        Transform2 at = transforms.get(e);
        // Beside the base, on a walkable cell, offset a little per unit so new units do not stack exactly.
        int cell = fields.baseCell(team);
        float x = map.xOf(cell) + 0.2f + 0.6f * ((b.produced * 7) % 10) / 10f;
        float y = map.yOf(cell) + 0.2f + 0.6f * ((b.produced * 3) % 10) / 10f;
        if (!map.isWalkableAt(x, y)) {
            x = at.position.x;
            y = at.position.y;
        }
        if (harvester) {
            Spawner.harvester(world, team, x, y, fields.cell(team, b.fieldSlot++));
            harvesters[team]++;
        } else {
            int squad = team * squadsPerTeam + Math.floorMod(b.produced, squadsPerTeam);
            Spawner.fighter(world, team, archer ? Unit.ARCHER : Unit.SOLDIER, squad, x, y);
        }
        alive[team]++;
        b.produced++;
        producedTotal++;
        return true;
    }

    /** State: the production counter; team counts and bases are recounted every tick. */
    @Override
    public void save(SnapshotOut out) {
        out.writeLong(producedTotal);
    }

    @Override
    public void load(SnapshotIn in) {
        producedTotal = in.readLong();
    }

    /** Units both factories have built since the start (still counted after a base falls). */
    public long produced() {
        return producedTotal;
    }
}
