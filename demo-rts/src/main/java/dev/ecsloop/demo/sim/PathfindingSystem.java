package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.Wire;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.path.FlowFieldService;
import dev.ecsloop.demo.path.PathService;
import dev.ecsloop.demo.path.Route;
import dev.ecsloop.demo.path.RouteTable;
import dev.ecsloop.demo.path.SharedPathService;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.parallel.AsyncJobs;
import dev.ecsloop.parallel.JobCodec;
import dev.ecsloop.parallel.Parallel;
import java.util.Arrays;

/**
 * Serves units that need a route, through two budgeted {@link PathService}s chosen per goal by popularity.
 *
 * <p>Why a hybrid: {@code PathBenchmark} (2,000 units from one spawn, 256 x 256 map, seed 1) measured flow fields
 * at 0.65x the time of shared A* paths and 0.01x plain A* when every unit goes to one cell, but 15x to 30x
 * slower than A* when goals are distinct (a 16 x 16 area, or scattered): a field costs a Dijkstra over the whole
 * map and pays off only when many units reuse it. So a goal that {@link #POPULAR} or more units ask for in the
 * same tick, or that recently got a field, goes to the {@link FlowFieldService}; a lone goal (a straggler
 * re-pathing) goes to the {@link SharedPathService}, whose cache still shares paths between units starting near
 * each other.
 *
 * <p>Each tick: apply the answers of the previous tick's job; collect units in {@link Mover#NEEDS_PATH} in entity
 * id order, route and queue their requests; then submit this tick's {@link PathJob}, which ticks both services,
 * each within its own budget, on a worker while the rest of the simulation goes on, and is delivered in the next
 * pathfinding tick ({@link #DELAY_TICKS}) however fast the worker was: 0 A.D.'s deterministic async pathfinder.
 * An answer is applied only if the unit is still waiting for that goal; answers for goals changed meanwhile are
 * dropped. Deterministic: no hash-ordered collection is iterated, popularity is counted on a sorted array, and
 * the services are touched by one thread at a time (the job is delivered before the next is submitted).
 */
@TickRate(value = 15, phase = 0.125)
public final class PathfindingSystem extends GameSystem implements SnapshotState {
    /** Pathfinding ticks from a job's submission to its answers: the next tick. */
    static final int DELAY_TICKS = 1;
    /** Requests for one goal in one tick from which a flow field is cheaper than paths. */
    static final int POPULAR = 8;
    /** Flow fields kept (64 KiB each on a 256 x 256 map). */
    static final int MAX_FIELDS = 64;

    private final GridMap map;
    private final PathService flow;
    private final PathService shared;
    /** Goals recently sent to {@link #flow}, a ring the size of its cache: probably cached there. */
    private final int[] flowGoals = new int[MAX_FIELDS];
    private int flowGoalNext;
    private int[] waiting = new int[64];
    private int[] sortedGoals = new int[64];
    private long requests;
    private long flowRequests;
    /** Numbers the routes of a snapshot; reused by every save. */
    private final RouteTable routes;

    private ComponentMapper<Mover> movers;
    private ComponentMapper<Transform2> transforms;
    @Wire
    private Parallel parallel;
    private AsyncJobs<PathJob> jobs;
    /** The job the next tick submits; null while it is in flight (it comes back with its delivery). */
    private PathJob spare;
    /** The job submitted and not yet delivered, or null. */
    private PathJob inFlightJob;
    /** The job a snapshot's JOBS section was last read into, whose route numbers {@link #load} resolves. */
    private PathJob staged;
    private final AsyncJobs.Delivery<PathJob> applyAnswers = this::applyAnswers;

    PathfindingSystem(GridMap map, int budget, Outcome outcome) {
        super(Aspect.all(Unit.class, Mover.class, Transform2.class), outcome);
        this.map = map;
        this.flow = new FlowFieldService(map, budget, MAX_FIELDS);
        this.shared = new SharedPathService(map, budget);
        this.routes = new RouteTable(map);
        Arrays.fill(flowGoals, -1);
        this.spare = new PathJob(flow, shared);
    }

    @Override
    protected void initialize() {
        jobs = parallel.jobs(getClass().getSimpleName(), DELAY_TICKS, 1, new Codec());
    }

    @Override
    protected void processSystem() {
        jobs.tick(applyAnswers);
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        int n = 0;
        for (int i = 0, size = all.size(); i < size; i++) {
            if (movers.get(ids[i]).state == Mover.NEEDS_PATH) {
                if (n == waiting.length) {
                    waiting = Arrays.copyOf(waiting, n * 2);
                    sortedGoals = new int[n * 2];
                }
                waiting[n++] = ids[i];
            }
        }
        for (int i = 0; i < n; i++) {
            sortedGoals[i] = movers.get(waiting[i]).goalCell;
        }
        Arrays.sort(sortedGoals, 0, n);
        for (int i = 0; i < n; i++) {
            int e = waiting[i];
            Mover m = movers.get(e);
            Transform2 t = transforms.get(e);
            int sx = clamp(GridMap.cellCoord(t.position.x), map.width());
            int sy = clamp(GridMap.cellCoord(t.position.y), map.height());
            boolean popular = occurrences(m.goalCell, n) >= POPULAR || recentlyFlowed(m.goalCell);
            if (popular && !recentlyFlowed(m.goalCell)) {
                flowGoals[flowGoalNext] = m.goalCell;
                flowGoalNext = (flowGoalNext + 1) % flowGoals.length;
            }
            (popular ? flow : shared).request(e, sx, sy, map.xOf(m.goalCell), map.yOf(m.goalCell));
            m.state = Mover.REQUESTED;
            requests++;
            if (popular) {
                flowRequests++;
            }
        }
        PathJob job = spare != null ? spare : new PathJob(flow, shared);   // null only after a job failed
        spare = null;
        job.reset();
        jobs.submit(job);
        inFlightJob = job;
    }

    /** Applies a job's answers in the order the services gave them; the job becomes the next spare. */
    private void applyAnswers(PathJob job) {
        for (int i = 0; i < job.count; i++) {
            deliver(job.units[i], job.routes[i]);
        }
        job.reset();
        spare = job;
        inFlightJob = null;
    }

    private void deliver(int unitId, Route route) {
        if (!movers.has(unitId)) {
            return; // died while waiting
        }
        Mover m = movers.get(unitId);
        if (m.state != Mover.REQUESTED || (route.reachable() && route.goalCell() != m.goalCell)) {
            return; // the goal changed since: a newer request is queued
        }
        m.route = route.reachable() ? route : null;
        m.waypoint = -1;
        m.stuckTicks = 0;
        m.state = route.reachable() ? Mover.FOLLOWING : Mover.IDLE;
    }

    /**
     * State: the counters, the recent flow goals, both services and every unit's route ({@link MoverRoutes}),
     * the services as they are after the job in flight, which is finished first; the job's answers follow in the
     * JOBS section ({@link Codec}) as numbers of the route table written here.
     */
    @Override
    public void save(SnapshotOut out) {
        PathJob inFlight = inFlight();
        if (inFlight != null) {
            inFlight.ensureComputed();
        }
        out.writeLong(requests);
        out.writeLong(flowRequests);
        out.writeInt(flowGoalNext);
        for (int g : flowGoals) {
            out.writeInt(g);
        }
        MoverRoutes.save(out, routes, flow, shared, getSubscription().getActiveEntityIds(), movers, inFlight);
    }

    /** The job submitted and not yet delivered, or null. */
    private PathJob inFlight() {
        return jobs.pending() == 0 ? null : inFlightJob;
    }

    @Override
    public void load(SnapshotIn in) {
        requests = in.readLong();
        flowRequests = in.readLong();
        flowGoalNext = in.readInt();
        if (flowGoalNext < 0 || flowGoalNext >= flowGoals.length) {
            throw in.fail("bad flow goal ring position " + flowGoalNext);
        }
        for (int i = 0; i < flowGoals.length; i++) {
            flowGoals[i] = in.readInt();
        }
        MoverRoutes.load(in, routes, flow, shared, getSubscription().getActiveEntityIds(), movers);
        if (jobs.pending() == 0) {
            inFlightJob = null;
            if (spare == null) {
                spare = new PathJob(flow, shared);
            }
        } else {
            PathJob job = staged;
            for (int i = 0; i < job.count; i++) {
                try {
                    job.routes[i] = routes.route(job.refs[i]);
                } catch (IllegalArgumentException e) {
                    throw in.fail("path answer " + i + " of the pending job: " + e.getMessage());
                }
            }
            job.refs = null;
            inFlightJob = job;
        }
        staged = null;
    }

    /**
     * The pending job's answers: int count, then per answer int unit id and int route number in the table that
     * {@link #save} wrote in the STATE section just before (sections are written in order, the table's numbers
     * stay until the next save). Reading cannot resolve the numbers yet (declared states load after the JOBS
     * section is staged); {@link #load} does, and fails the restore on a bad number.
     */
    private final class Codec implements JobCodec<PathJob> {
        @Override
        public void write(PathJob job, SnapshotOut out) {
            if (!job.done()) {
                throw new IllegalStateException("a path job is saved before it is computed");
            }
            out.writeInt(job.count);
            for (int i = 0; i < job.count; i++) {
                out.writeInt(job.units[i]);
                routes.writeRef(out, job.routes[i]);
            }
        }

        @Override
        public PathJob read(SnapshotIn in) {
            int n = in.readCount(8, "path answer");
            PathJob job = new PathJob(flow, shared);
            job.units = new int[Math.max(1, n)];
            job.routes = new Route[Math.max(1, n)];
            job.refs = new int[n];
            for (int i = 0; i < n; i++) {
                job.units[i] = in.readInt();
                job.refs[i] = in.readInt();
                if (job.units[i] < 0 || job.refs[i] < 0) {
                    throw in.fail("path answer " + i + ": unit " + job.units[i] + ", route " + job.refs[i]);
                }
            }
            job.count = n;
            job.restored();
            staged = job;
            return job;
        }
    }

    /** How often {@code goal} occurs in the first n sorted goals: two binary searches, O(log n). */
    private int occurrences(int goal, int n) {
        return bound(goal + 1, n) - bound(goal, n);
    }

    /** The first index in the sorted goals whose value is at least {@code v}. */
    private int bound(int v, int n) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sortedGoals[mid] < v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private boolean recentlyFlowed(int goal) {
        for (int g : flowGoals) {
            if (g == goal) {
                return true;
            }
        }
        return false;
    }

    private static int clamp(int v, int size) {
        return Math.max(0, Math.min(size - 1, v));
    }

    /** Requests queued but not yet answered, both services together; for display (a job may be changing it). */
    public int pending() {
        return flow.pending() + shared.pending();
    }

    /** Requests made so far, and how many of them went to flow fields. */
    public long requests() {
        return requests;
    }

    public long flowRequests() {
        return flowRequests;
    }
}
