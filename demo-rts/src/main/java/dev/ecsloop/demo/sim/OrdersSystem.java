package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.input.InputEvent;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.input.InputView;
import dev.ecsloop.interpolate.Transform2;

/**
 * Applies the player's orders ({@link OrderEvents}) in fixed ticks: each tick sees exactly the input events up
 * to its simulated time, so a replay that re-posts them at their recorded times gives the same world. Named
 * so that no rate prefix ({@code ai}, {@code path}, {@code move}, ...) reaches it by accident.
 */
@TickRate(60)
public final class OrdersSystem extends GameSystem {
    private final GridMap map;
    private InputQueue inputs;
    private ComponentMapper<Unit> units;
    private ComponentMapper<Mover> movers;
    private ComponentMapper<Selected> selected;
    private ComponentMapper<Transform2> transforms;

    OrdersSystem(GridMap map, Outcome outcome) {
        super(Aspect.all(Unit.class, Mover.class, Transform2.class), outcome);
        this.map = map;
    }

    /** Connects the queue installed on the loop after the world was built. */
    void attach(InputQueue queue) {
        this.inputs = queue;
    }

    @Override
    protected void processSystem() {
        if (inputs == null) {
            return;
        }
        InputView events = inputs.tickEvents();
        for (int i = 0; i < events.size(); i++) {
            InputEvent e = events.get(i);
            switch (e.type()) {
                case OrderEvents.SELECT -> select(e.code(), Math.min(e.x(), e.z()), Math.min(e.y(), e.w()),
                        Math.max(e.x(), e.z()), Math.max(e.y(), e.w()));
                case OrderEvents.MOVE -> order(e.code(), Mover.ORDER_MOVE, e.x(), e.y());
                case OrderEvents.ATTACK -> order(e.code(), Mover.ORDER_ATTACK, e.x(), e.y());
                default -> {
                    // Not a game event: other event types may share the queue (camera, UI); ignore them.
                }
            }
        }
    }

    private void select(int team, float x0, float y0, float x1, float y1) {
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            int e = ids[i];
            Transform2 t = transforms.get(e);
            if (units.get(e).team != team) {
                continue; // another player's selection is theirs
            }
            boolean inside = t.position.x >= x0 && t.position.x <= x1 && t.position.y >= y0 && t.position.y <= y1;
            if (inside && !selected.has(e)) {
                selected.create(e);
            } else if (!inside && selected.has(e)) {
                selected.remove(e);
            }
        }
    }

    private void order(int team, int kind, float x, float y) {
        int cx = Math.max(0, Math.min(map.width() - 1, GridMap.cellCoord(x)));
        int cy = Math.max(0, Math.min(map.height() - 1, GridMap.cellCoord(y)));
        int goal = map.nearestWalkable(cx, cy);
        if (goal < 0) {
            return;
        }
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            if (selected.has(ids[i]) && units.get(ids[i]).team == team) {
                movers.get(ids[i]).order(kind, goal);
            }
        }
    }
}
