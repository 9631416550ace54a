package dev.ecsloop.explorer;

import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.ComponentType;
import com.artemis.utils.Bag;
import com.artemis.utils.BitVector;
import com.artemis.utils.ImmutableBag;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopStats;
import dev.ecsloop.replay.ComponentEdit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON-RPC methods. Each checks its parameters on the server thread ({@link Method#prepare}) and returns the
 * {@link LoopWork} the loop thread then runs; only that work reads or changes the loop and the world.
 * Methods marked as edits change the game: they need edits enabled, and are refused in a lockstep match.
 */
final class Methods {

    /** Most entities in one page of {@code world.query}. */
    static final int MAX_PAGE = 1000;
    /** Most entities in one {@code world.watch} of one component. */
    static final int MAX_WATCHED = 100;
    /** Most entities in one {@code world.watch} of whole entities (every component: an inspector's). */
    static final int MAX_WATCHED_WHOLE = 10;

    private Methods() {
    }

    /** One method: whether it edits, and how it turns parameters into loop work. */
    record Method(boolean edit, Preparer preparer) {
        LoopWork prepare(Params p) {
            return preparer.prepare(p);
        }
    }

    /** Checks parameters on the server thread and returns the work for the loop thread. */
    @FunctionalInterface
    interface Preparer {
        LoopWork prepare(Params p);
    }

    static final Map<String, Method> ALL = all();

    private static Map<String, Method> all() {
        Map<String, Method> m = new LinkedHashMap<>();
        m.put("loop.systems", new Method(false, p -> Methods::systems));
        m.put("loop.stats", new Method(false, p -> {
            String window = p.text("window", "1m");
            return side -> side.history.window(window);
        }));
        m.put("loop.set_rate", new Method(true, p -> {
            String system = p.text("system");
            double hz = p.number("hz", 0, 1_000_000);
            return side -> {
                Class<? extends BaseSystem> s = side.system(system);
                if (hz == 0) {
                    side.loop.setEveryFrame(s);
                } else {
                    side.loop.setRate(s, hz);
                }
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("system", s.getSimpleName());
                out.put("rate_hz", rateOrNull(side.loop.system(s)));   // null: it runs every frame, it has no rate
                out.put("at_ns", side.loop.simulatedNanos());
                return out;
            };
        }));
        m.put("loop.pause", new Method(true, p -> {
            boolean paused = p.bool("paused", true);
            return side -> {
                if (paused) {
                    side.loop.pause();
                } else {
                    side.loop.resume();
                }
                return Map.of("paused", side.loop.isPaused(), "at_ns", side.loop.simulatedNanos());
            };
        }));
        m.put("loop.step", new Method(true, p -> side -> {
            side.loop.step();
            return Map.of("paused", true, "sim_ns", side.loop.simulatedNanos());
        }));
        m.put("loop.timescale", new Method(true, p -> {
            double scale = p.number("scale", 0, 1000);
            return side -> {
                side.loop.setTimeScale(scale);
                return Map.of("timescale", side.loop.timeScale(), "at_ns", side.loop.simulatedNanos());
            };
        }));
        m.put("world.components", new Method(false, p -> Methods::components));
        m.put("world.query", new Method(false, p -> {
            String[] with = p.texts("with", 16);
            long after = p.integer("after", -1, Integer.MAX_VALUE, -1);
            int limit = (int) p.integer("limit", 1, MAX_PAGE, MAX_PAGE);
            return side -> query(side, with, (int) after, limit);
        }));
        m.put("world.get", new Method(false, p -> {
            int entity = (int) p.integer("entity", 0, Integer.MAX_VALUE);
            return side -> get(side, entity);
        }));
        m.put("world.set", new Method(true, p -> {
            ComponentEdit edit;
            try {
                edit = new ComponentEdit((int) p.integer("entity", 0, Integer.MAX_VALUE), p.text("component"),
                        p.text("field"), p.value("value"));
            } catch (IllegalArgumentException e) {
                throw RpcException.params("world.set: " + e.getMessage());
            }
            return side -> set(side, edit);
        }));
        return Map.copyOf(m);
    }

    private static Object systems(LoopSide side) {
        GameLoop loop = side.loop;
        LoopStats stats = loop.stats();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sim_ns", loop.simulatedNanos());
        out.put("paused", loop.isPaused());
        out.put("timescale", loop.timeScale());
        out.put("fps", stats.framesPerSecond());
        out.put("frames", stats.frames());
        out.put("dropped_ns", loop.droppedNanos());
        out.put("debt_ns", loop.debtNanos());
        out.put("catch_up_bound_hits", stats.catchUpBoundHits());
        List<Object> rows = new ArrayList<>();
        for (Class<? extends BaseSystem> s : side.systems()) {
            Map<String, Object> row = new LinkedHashMap<>();
            boolean everyFrame = loop.system(s).isEveryFrame();
            Double hz = rateOrNull(loop.system(s));
            row.put("name", s.getSimpleName());
            row.put("kind", everyFrame ? "frame" : loop.system(s).isThrottled() ? "throttled" : "fixed");
            row.put("rate_hz", hz);
            row.put("phase", loop.system(s).phase());
            row.put("tps", stats.runsPerSecond(loop.system(s)));
            row.put("mean_ms", stats.meanRunMillis(loop.system(s)));
            row.put("max_ms", stats.maxRunMillis(loop.system(s)));
            row.put("runs", stats.runs(loop.system(s)));
            // Exact: runs a throttled system passed over (it runs at most once per frame). A system that catches
            // up skips no tick of simulated time; time dropped at the catch-up bound is dropped_ns, never simulated.
            row.put("dropped_runs", stats.skippedRuns(loop.system(s)));
            rows.add(row);
        }
        out.put("systems", rows);
        return out;
    }

    private static Object components(LoopSide side) {
        ImmutableBag<ComponentType> types = side.world.getComponentManager().getComponentTypes();
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            Class<? extends Component> c = types.get(i).getType();
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("name", c.getSimpleName());
            d.put("class", c.getName());
            d.put("fields", ComponentJson.schema(c));
            out.add(d);
        }
        return Map.of("components", out);
    }

    private static Object query(LoopSide side, String[] with, int after, int limit) {
        List<ComponentMapper<? extends Component>> mappers = new ArrayList<>();
        for (String name : with) {
            mappers.add(side.world.getMapper(side.component(name)));
        }
        BitVector alive = side.alive();
        // Plain ints, not a list of boxed ones: a page is up to 1,000 ids, copied on the loop thread.
        int[] ids = new int[limit];
        int count = 0;
        Integer next = null;
        for (int e = alive.nextSetBit(after + 1); e >= 0; e = alive.nextSetBit(e + 1)) {
            boolean all = true;
            for (ComponentMapper<? extends Component> m : mappers) {
                if (!m.has(e)) {
                    all = false;
                    break;
                }
            }
            if (!all) {
                continue;
            }
            if (count == limit) {
                next = ids[count - 1];
                break;
            }
            ids[count++] = e;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("entities", count == limit ? ids : java.util.Arrays.copyOf(ids, count));
        out.put("next_after", next);
        return out;
    }

    private static Object get(LoopSide side, int entity) {
        if (!ComponentEdit.isAlive(side.world, entity)) {
            throw RpcException.params("world.get: no entity " + entity);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("entity", entity);
        out.put("sim_ns", side.loop.simulatedNanos());
        out.put("components", components(side, entity));
        return out;
    }

    /** A living entity's components as name to fields: what {@code world.get} and a whole-entity watch show. */
    static Map<String, Object> components(LoopSide side, int entity) {
        Bag<Component> found = side.componentsOf(entity, new Bag<>());
        Map<String, Object> components = new LinkedHashMap<>();
        for (int i = 0; i < found.size(); i++) {
            Component c = found.get(i);
            components.put(c.getClass().getSimpleName(), ComponentJson.object(c));
        }
        return components;
    }

    private static Object set(LoopSide side, ComponentEdit edit) {
        String full = edit.apply(side.world);
        if (side.recorder != null) {
            side.recorder.edited(new ComponentEdit(edit.entity(), full, edit.field(), edit.value()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("entity", edit.entity());
        out.put("component", full);
        out.put("field", edit.field());
        out.put("value", edit.value());
        out.put("at_ns", side.loop.simulatedNanos());
        out.put("journaled", side.recorder != null);
        return out;
    }

    /** A system's rate, or null for one that runs every frame (JSON null: it has no rate). */
    private static Double rateOrNull(dev.ecsloop.SystemHandle system) {
        return system.isEveryFrame() ? null : system.rate();
    }
}
