package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.utils.IntBag;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.Transform2;
import org.joml.Vector2f;

/**
 * Fills a {@link FrameView} with what to draw now: units blended by interpolation, the routes ahead of the
 * player's selected units, projectiles in flight and the winner. Reads only, and allocates nothing once the
 * view's arrays have grown to the unit count.
 */
final class FrameViewFiller {
    /** Route cells drawn ahead of each selected unit, at most. */
    static final int ROUTE_CELLS = 64;

    private final MatchWorld match;
    private final PlayerOrders player;
    private final EntitySubscription unitSubscription;
    private final EntitySubscription projectileSubscription;
    private final ComponentMapper<Projectile> projectiles;
    private final ComponentMapper<Unit> units;
    private final ComponentMapper<Health> healths;
    private final ComponentMapper<Mover> movers;
    private final ComponentMapper<Selected> selected;
    private final ComponentMapper<AnimationState> looks;
    private final ComponentMapper<Transform2> transforms;
    private final Vector2f drawAt = new Vector2f();

    FrameViewFiller(MatchWorld match, PlayerOrders player) {
        this.match = match;
        this.player = player;
        World world = match.loop.world();
        this.unitSubscription = world.getAspectSubscriptionManager().get(Aspect.all(Unit.class, Transform2.class));
        this.projectileSubscription = world.getAspectSubscriptionManager()
                .get(Aspect.all(Projectile.class, Transform2.class));
        this.projectiles = world.getMapper(Projectile.class);
        this.units = world.getMapper(Unit.class);
        this.healths = world.getMapper(Health.class);
        this.movers = world.getMapper(Mover.class);
        this.selected = world.getMapper(Selected.class);
        this.looks = world.getMapper(AnimationState.class);
        this.transforms = world.getMapper(Transform2.class);
    }

    FrameView fill(FrameView into) {
        Interpolation interpolation = match.interpolation;
        int playerTeam = player.team();
        IntBag all = unitSubscription.getEntities();
        int n = all.size();
        int[] ids = all.getData();
        into.ensureUnits(n);
        into.count = n;
        into.pathCellCount = 0;
        for (int i = 0; i < n; i++) {
            int e = ids[i];
            interpolation.positionOf(e, drawAt);
            into.entity[i] = e;
            into.x[i] = drawAt.x;
            into.y[i] = drawAt.y;
            into.angle[i] = interpolation.angleOf(e);
            Unit u = units.get(e);
            into.team[i] = u.team;
            into.kind[i] = u.kind;
            Health h = healths.get(e);
            into.health[i] = Math.max(0f, h.hp) / h.max;
            into.selected[i] = selected.has(e) && into.team[i] == playerTeam;
            AnimationState look = looks.get(e);
            into.walkPhase[i] = look.walkPhase;
            into.hitFlash[i] = look.hitFlash;
            into.routeStart[i] = into.pathCellCount;
            if (into.selected[i]) {
                addRoute(into, e);
            }
            into.routeLength[i] = into.pathCellCount - into.routeStart[i];
        }
        IntBag shots = projectileSubscription.getEntities();
        int p = shots.size();
        into.ensureProjectiles(p);
        into.projectileCount = p;
        for (int i = 0; i < p; i++) {
            int e = shots.get(i);
            interpolation.positionOf(e, drawAt);
            into.projectileX[i] = drawAt.x;
            into.projectileY[i] = drawAt.y;
            into.projectileTeam[i] = projectiles.get(e).team;
        }
        into.winner = match.outcome.winner();
        return into;
    }

    private void addRoute(FrameView into, int e) {
        Mover m = movers.get(e);
        if (m.route == null || m.state != Mover.FOLLOWING) {
            return;
        }
        Transform2 t = transforms.get(e);
        GridMap map = match.map;
        int cell = map.index(GridMap.cellCoord(t.position.x), GridMap.cellCoord(t.position.y));
        int next = m.waypoint >= 0 ? m.waypoint : m.route.nextCell(cell);
        for (int k = 0; k < ROUTE_CELLS && next >= 0; k++) {
            into.addPathCell(next);
            next = m.route.nextCell(next);
        }
    }
}
