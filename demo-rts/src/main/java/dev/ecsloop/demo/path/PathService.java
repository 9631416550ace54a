package dev.ecsloop.demo.path;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

/**
 * A FIFO queue of path requests served under a per-tick work budget, so a burst of orders spreads over
 * several pathfinding ticks instead of stalling one.
 *
 * <p>The budget counts <em>work units</em>: one per request taken from the queue plus one per node a
 * search expands (A*) or settles (flow-field Dijkstra). Nodes, not searches, because one search costs
 * anything from 1 to the whole map (65,536 nodes), so a search count says nothing about the time a tick
 * takes, while node count tracks it closely. The per-request unit keeps a flood of cache hits bounded too.
 * Searches are resumable, so a tick never exceeds its budget: a long search simply continues next tick.
 *
 * <p>Requests are answered strictly in the order they were made; a request still in progress at the end of
 * a tick blocks the ones behind it. Two requests for the same unit are both answered, the later last.
 * Implementations are deterministic: the same requests and ticks give the same answers in the same order.
 */
public interface PathService {

    /**
     * Queues a request; nothing is computed until {@link #tick}.
     *
     * @throws IllegalArgumentException if start or goal lies outside the map
     */
    void request(int unitId, int startX, int startY, int goalX, int goalY);

    /** Serves queued requests in order until the budget is spent, delivering each answer to the sink. */
    void tick(PathSink sink);

    /** Requests not yet delivered, including one whose search is under way. */
    int pending();

    /** Work units per tick. */
    int budget();

    /** Work units the last {@link #tick} used; never more than {@link #budget()}. */
    int lastTickWork();

    /** Work units used by all ticks so far. */
    long totalWork();

    /**
     * Registers every route this service holds (its cache, the path a search under way joins) with a table
     * about to be saved.
     *
     * @param routes the table
     */
    void registerRoutes(RouteTable routes);

    /**
     * Writes what this service's future depends on: the queue in order, the tick count, the cache in its
     * eviction order, and the search under way as its request and the work done on it (on load the search is
     * replayed for that much work, which puts it in the same state: searches are deterministic and resumable).
     *
     * @param out    where
     * @param routes a table holding every route of {@link #registerRoutes}, written before
     */
    void save(SnapshotOut out, RouteTable routes);

    /**
     * Replaces this service's state by what {@link #save} wrote.
     *
     * @param in     the bytes
     * @param routes the table read before
     * @throws dev.ecsloop.snapshot.SnapshotException if the bytes are invalid; the service may then be half
     *                                                loaded, and the restore rolls back by loading again
     */
    void load(SnapshotIn in, RouteTable routes);
}
