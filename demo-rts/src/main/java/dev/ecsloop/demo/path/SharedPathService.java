package dev.ecsloop.demo.path;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

import dev.ecsloop.demo.map.GridMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Answers requests with A* paths shared by units that start near each other and go to the same cell.
 *
 * <p>The map is cut into square sectors. The first request from a sector to a goal cell runs a full A* and
 * caches the path under (sector, goal). A later request from the same sector to the same goal reuses it: if
 * the unit stands on the path it gets the path itself; otherwise a short A* leads it to the cached path's
 * cell {@code sectorSize} steps in (ahead of a group that starts around the first unit), cut at the first cell
 * where it meets the path. Shared routes are therefore near-optimal, not optimal: the detour is bounded by
 * the sector's size. A cache entry lives {@code cacheTicks} ticks (the "generation"), after which the next
 * request recomputes it, and the cache keeps at most {@code cacheCapacity} entries, oldest dropped first.
 * With capacity 0 nothing is shared: every request is a plain optimal A*.
 *
 * <p>Deterministic: the cache is insertion-ordered and only looked up, never iterated for decisions.
 */
public final class SharedPathService extends BudgetedPathService {
    public static final int DEFAULT_SECTOR_SIZE = 8;
    public static final int DEFAULT_CACHE_CAPACITY = 4096;
    public static final int DEFAULT_CACHE_TICKS = 50;

    private final AStar astar;
    private final int sectorSize;
    private final int sectorsPerRow;
    private final int cacheTicks;
    private final Map<Long, Cached> cache;

    private long currentKey;
    private Path joining;
    private long tick;

    private record Cached(Path path, long createdTick) {
    }

    /** With the default sector size, cache capacity and lifetime. */
    public SharedPathService(GridMap map, int budgetPerTick) {
        this(map, budgetPerTick, DEFAULT_SECTOR_SIZE, DEFAULT_CACHE_CAPACITY, DEFAULT_CACHE_TICKS);
    }

    /**
     * @throws IllegalArgumentException if {@code budgetPerTick < 1}, {@code sectorSize < 1},
     *                                  {@code cacheCapacity < 0} or {@code cacheTicks < 1}
     */
    public SharedPathService(GridMap map, int budgetPerTick, int sectorSize, int cacheCapacity, int cacheTicks) {
        super(map, budgetPerTick);
        if (sectorSize < 1 || cacheCapacity < 0 || cacheTicks < 1) {
            throw new IllegalArgumentException("need sectorSize >= 1, cacheCapacity >= 0, cacheTicks >= 1; got "
                    + sectorSize + ", " + cacheCapacity + ", " + cacheTicks);
        }
        this.astar = new AStar(map);
        this.sectorSize = sectorSize;
        this.sectorsPerRow = (map.width() + sectorSize - 1) / sectorSize;
        this.cacheTicks = cacheTicks;
        this.cache = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Cached> eldest) {
                return size() > cacheCapacity;
            }
        };
    }

    @Override
    Route begin(int startCell, int goalCell, long tickNumber) {
        tick = tickNumber;
        int sector = (map.yOf(startCell) / sectorSize) * sectorsPerRow + map.xOf(startCell) / sectorSize;
        currentKey = ((long) sector << 32) | goalCell;
        Cached hit = cache.get(currentKey);
        if (hit != null && tick - hit.createdTick() >= cacheTicks) {
            cache.remove(currentKey);
            hit = null;
        }
        if (hit == null) {
            joining = null;
            astar.begin(startCell, goalCell);
            return null;
        }
        Path shared = hit.path();
        if (shared.indexOf(startCell) >= 0) {
            return shared;
        }
        joining = shared;
        astar.begin(startCell, shared.cell(Math.min(shared.length() - 1, sectorSize)));
        return null;
    }

    @Override
    int advance(int max) {
        return astar.step(max);
    }

    @Override
    Route finished() {
        if (!astar.done()) {
            return null;
        }
        Path found = astar.result();
        if (joining == null) {
            cache.put(currentKey, new Cached(found, tick));
            return found;
        }
        int cut = 0;
        while (joining.indexOf(found.cell(cut)) < 0) {
            cut++;
        }
        Path leadIn = cut == found.length() - 1 ? found : found.prefix(cut + 1, map.width());
        return new SplicedRoute(leadIn, joining);
    }

    @Override
    public void registerRoutes(RouteTable routes) {
        routes.register(joining);
        long now = currentTickCount();
        for (Cached c : cache.values()) {
            if (!expired(c, now)) {
                routes.register(c.path());
            }
        }
    }

    /** Whether an entry can never be a hit again: the next lookup comes at a later tick than {@code now}. */
    private boolean expired(Cached c, long now) {
        return now - c.createdTick() >= cacheTicks;
    }

    /**
     * The cache in insertion (eviction) order; an expired entry, which can only be dropped, keeps its place and
     * tick but not its path.
     */
    @Override
    void saveCache(SnapshotOut out, RouteTable routes, long ticks) {
        out.writeLong(tick);
        out.writeLong(currentKey);
        routes.writeRef(out, joining);
        out.writeInt(cache.size());
        for (Map.Entry<Long, Cached> e : cache.entrySet()) {
            out.writeLong(e.getKey());
            out.writeLong(e.getValue().createdTick());
            routes.writeRef(out, expired(e.getValue(), ticks) ? null : e.getValue().path());
        }
    }

    @Override
    void loadCache(SnapshotIn in, RouteTable routes) {
        tick = in.readLong();
        currentKey = in.readLong();
        Route join = routes.readRef(in);
        if (join != null && !(join instanceof Path)) {
            throw in.fail("the path a search joins is not a path");
        }
        joining = (Path) join;
        int n = in.readCount(20, "cached path");
        cache.clear();
        long now = currentTickCount();
        for (int i = 0; i < n; i++) {
            long key = in.readLong();
            long created = in.readLong();
            Route path = routes.readRef(in);
            if (path == null ? now - created < cacheTicks : !(path instanceof Path)) {
                throw in.fail("cache entry " + i + " has no path but is not expired, or a route that is not one");
            }
            cache.put(key, new Cached((Path) path, created));
        }
    }

    @Override
    void resume(int startCell, int goalCell, int work) {
        if (joining == null) {
            astar.begin(startCell, goalCell);
        } else {
            astar.begin(startCell, joining.cell(Math.min(joining.length() - 1, sectorSize)));
        }
        astar.step(work);
    }

    /** Number of live cache entries (expired ones are dropped lazily). */
    public int cachedPaths() {
        return cache.size();
    }
}
