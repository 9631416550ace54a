package dev.ecsloop.demo.path;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

import dev.ecsloop.demo.map.GridMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Answers requests with one {@link FlowField} per goal cell, shared by every unit going there: the first
 * request for a goal pays a Dijkstra over the goal's whole component (budgeted across ticks like any search),
 * every later one is a cache hit costing a single work unit. The map is static, so a field stays valid until
 * the least-recently-used eviction drops it ({@code maxFields}, 64 KiB each on a 256 x 256 map).
 *
 * <p>Deterministic: the cache is access-ordered and only looked up, never iterated for decisions.
 */
public final class FlowFieldService extends BudgetedPathService {
    public static final int DEFAULT_MAX_FIELDS = 32;

    private final FlowFieldBuilder builder;
    private final Map<Integer, FlowField> cache;

    public FlowFieldService(GridMap map, int budgetPerTick) {
        this(map, budgetPerTick, DEFAULT_MAX_FIELDS);
    }

    /** @throws IllegalArgumentException if {@code budgetPerTick < 1} or {@code maxFields < 1} */
    public FlowFieldService(GridMap map, int budgetPerTick, int maxFields) {
        super(map, budgetPerTick);
        if (maxFields < 1) {
            throw new IllegalArgumentException("maxFields must be at least 1, was " + maxFields);
        }
        this.builder = new FlowFieldBuilder(map);
        this.cache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, FlowField> eldest) {
                return size() > maxFields;
            }
        };
    }

    @Override
    Route begin(int startCell, int goalCell, long tick) {
        FlowField hit = cache.get(goalCell);
        if (hit != null) {
            return hit;
        }
        builder.begin(goalCell);
        return null;
    }

    @Override
    int advance(int max) {
        return builder.step(max);
    }

    @Override
    Route finished() {
        FlowField field = builder.result();
        if (field != null) {
            cache.put(field.goalCell(), field);
        }
        return field;
    }

    @Override
    public void registerRoutes(RouteTable routes) {
        for (FlowField f : cache.values()) {
            routes.register(f);
        }
    }

    /** The cached goals from least to most recently used; each field is rebuilt from its goal when next used. */
    @Override
    void saveCache(SnapshotOut out, RouteTable routes, long ticks) {
        out.writeInt(cache.size());
        for (Integer goal : cache.keySet()) {
            out.writeInt(goal);
        }
    }

    @Override
    void loadCache(SnapshotIn in, RouteTable routes) {
        int n = in.readCount(4, "cached flow field");
        cache.clear();
        for (int i = 0; i < n; i++) {
            FlowField f = routes.lazyFlow(in.readInt(), in);
            cache.put(f.goalCell(), f);
        }
    }

    @Override
    void resume(int startCell, int goalCell, int work) {
        builder.begin(goalCell);
        builder.step(work);
    }

    /** Number of cached fields. */
    public int cachedFields() {
        return cache.size();
    }
}
