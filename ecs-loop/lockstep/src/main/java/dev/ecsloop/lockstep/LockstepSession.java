package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.TickListener;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.turn.Desync;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.Clock;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One peer of a lockstep game, on the loop thread: it sends this player's inputs a few turns ahead, hands every
 * peer's inputs to the game's {@link InputQueue} at the simulated instant of their turn, holds the simulation at the
 * end of the last turn all inputs are in for, and compares state hashes with the others.
 *
 * <p>Time: turn {@code t} covers simulated time {@code [t*L, (t+1)*L)}. An input given in turn {@code c} is
 * scheduled for turn {@code c + D} (the input delay) and posted at {@code (c+D)*L} on every peer; this peer sends
 * that batch once its simulation has left turn {@code c} (an adaptive delay's budget may send it sooner and
 * schedule for a turn earlier), and may run to {@code (t+1)*L}, the loop's horizon
 * ({@link GameLoop#setHorizon}), once it holds every peer's batch up to {@code t}. Frames keep running at the
 * horizon, so rendering never waits (held real time is debt under {@link dev.ecsloop.DebtPolicy#KEEP}, dropped
 * under {@code DISCARD}); a turn with inputs stops the simulation at its instant for the rest of that frame, so
 * the recording stays in simulated-time order. docs/LOCKSTEP.md has the whole of it.
 *
 * <p>Checkpoints: before the first tick at or after the start of every {@code hashEvery}-th turn, the session
 * hashes the world ({@link dev.ecsloop.state.StateHash}) and sends the hash. The first pair of differing hashes stops
 * the game on every peer with the turn, the simulated time and both hashes; simulated time freezes at once (unless
 * {@link #diagnose} meets the peers at that checkpoint first), frames and the recording stay, for a replay.
 *
 * <p>Use, once per frame on the loop thread: {@link #poll()}, then {@code loop.frame()}; give inputs with
 * {@link #submit}. All of the game's input must come through the session: an event posted to the queue directly
 * would reach this peer only.
 *
 * <p>The session ties the turn book to the loop; {@code OwnTurns} (what this peer sends), {@code TurnDelivery}
 * (posting turns at their instants), {@code MatchPause} (match-wide pause), {@code Checkpoints} (state hashes),
 * {@code Departures} (who still plays), {@code Stopping} (the stop, desync diagnosis after it), {@code Rejoining}
 * (seats that come back), {@code InputDelay} (the delay the host adapts to the batches' lateness) and
 * {@code Outflow} (when this peer sends, and its pace), {@code LateFrameCover} (sending through this peer's late
 * frames) and {@code Horizon} (how far the simulation may run now) each keep one rule.
 */
public final class LockstepSession {

    /** How many of its own checkpoints a session keeps for {@link #checkpoints()}: over an hour at one a second. */
    public static final int KEPT_CHECKPOINTS = 4096;

    private final GameLoop loop;
    private final PeerLink link;
    private final LockstepConfig config;
    private final int seat;
    private final List<String> names;
    private final TurnBook book;
    private final Checkpoints checkpoints;
    private final MatchPause pause;
    private final Horizon horizon;
    private final Departures departures;
    private final Inflow inflow;
    private final Rejoining rejoins;
    private final InputDelay delay;
    private final Outflow outflow;
    private final Stopping stopping;
    /** Hashes the world at each checkpoint while the game runs; its own object, not part of the API. */
    private final TickListener checkpointHasher;
    private Consumer<String> reports = line -> { };
    private CommandFilter filter;
    /** A rejoiner's messages relayed during its transfer, taken at its first poll; null once taken (or none). */
    private List<Message> meanwhile;

    LockstepSession(GameLoop loop, InputQueue inputs, PeerLink link, LockstepConfig config, TurnBook book) {
        this.loop = loop;
        this.link = link;
        this.config = config;
        this.seat = link.seat();
        this.names = new ArrayList<>(link.names()); // a late joiner's open seat takes its name (Departures.seated)
        this.book = book;
        this.checkpoints = new Checkpoints(loop, link, config, seat, names.size());
        this.departures = new Departures(book, checkpoints, names, seat);
        this.pause = new MatchPause(loop, by -> {
            if (by != seat) { // this peer's own resume is said by its caller
                reports.accept(departures.name(by) + " resumed the match at turn " + turn());
            }
        });
        TurnDelivery delivery = new TurnDelivery(loop, inputs, book, config.turnNanos(), pause);
        this.horizon = new Horizon(loop, config.turnNanos(), book, delivery, departures, checkpoints);
        this.stopping = new Stopping(loop, link, config, checkpoints, names, horizon);
        OwnTurns own = new OwnTurns(link, book);
        Lateness lateness = new Lateness(loop, config.turnNanos(), seat, departures.playing());
        this.delay = new InputDelay(config, loop, link, lateness);
        this.outflow = new Outflow(loop, config.turnNanos(), own, delay, lateness,
                () -> stopping.reason() == null && checkpoints.desync() == null, horizon::endTurn);
        this.filter = delay.around(CommandFilter.ALL);
        this.rejoins = new Rejoining(loop, config, link, book, departures, checkpoints, own, delay, pause,
                delivery);
        this.inflow = new Inflow(this, book, checkpoints, departures, pause, rejoins, stopping, outflow,
                horizon);
        this.checkpointHasher = checkpoints.hasher(() -> stopping.reason() == null, departures.playing());
        loop.addTickListener(checkpointHasher);
        loop.addFrameListener(outflow);
    }

    /**
     * Starts this peer's side of a game whose link has just started, at simulated time 0.
     *
     * @param loop    the game's loop, at simulated time 0
     * @param inputs  the loop's input queue; the session posts every peer's inputs to it
     * @param link    the started link from {@link dev.ecsloop.lockstep.net.LockstepHost} or
     *                {@link dev.ecsloop.lockstep.net.LockstepClient}
     * @param config  the game's lockstep rules (the same on every peer: the handshake compared them)
     * @return the session, with the loop's horizon set to the end of the empty turns
     * @throws IllegalStateException if the loop has already advanced
     */
    public static LockstepSession start(GameLoop loop, InputQueue inputs, PeerLink link, LockstepConfig config) {
        return new LockstepSession(loop, Objects.requireNonNull(inputs, "inputs"), link, config,
                LateStart.freshBook(loop, link, config)).inAPauseIfPaused();
    }

    /**
     * A match that starts on a paused loop (resumed from a snapshot saved during a match-wide pause) starts in that
     * pause, which any player's resume ends: every peer loaded the same snapshot.
     */
    LockstepSession inAPauseIfPaused() {
        pause.restored(turn());
        return this;
    }

    /**
     * Keeps this player's batches leaving on time when its frames come late: a thread of the session's own stands in
     * for a frame that has not begun half an interval past its time, and sends what that frame would have sent had it
     * come on time. Without it, one player's hitch (a long frame, a loop thread the system woke late)
     * holds back its batches and stalls every other peer at its horizon once the hitch outlasts the budget's room.
     * Inputs given during the hitch go into the next batch still open, a turn later; nothing else changes, and the
     * simulation, the recordings and the hashes are the same as without it, since every peer applies exactly the
     * batches sent. The thread parks between batches, sends nothing while the loop is paused or the game stopped, and
     * ends when the session closes. Nothing for a spectator. Calling it again changes nothing. What it cannot cover
     * is a stop of the whole process: a collector pause stops its thread too, as does a machine that stops.
     *
     * @param clock real time: the loop's own clock, unless the loop runs on a clock that does not move while its
     *              thread is held (a benchmark driving a manual clock from real time)
     * @return this session
     */
    public LockstepSession coverLateFrames(Clock clock) {
        Objects.requireNonNull(clock, "clock");
        if (seat >= 0) {
            outflow.cover(clock).start("lockstep-cover-" + seat);
        }
        return this;
    }

    /**
     * {@link #coverLateFrames(Clock)} on the loop's clock.
     *
     * @return this session
     */
    public LockstepSession coverLateFrames() {
        return coverLateFrames(loop.clock());
    }

    /** @return the turn held for its instant (its inputs in, the simulation not there yet), or -1; for tests */
    long heldTurn() {
        return horizon.held();
    }

    /** The cover without its thread, for a test to drive on a manual clock. */
    LateFrameCover cover(Clock clock) {
        return outflow.cover(clock);
    }

    /**
     * Serves rejoins (the host's player): a reconnected seat gets a snapshot of this loop taken at the next poll
     * with no turn held, and the turns since. Without it a rejoin is refused on the rejoiner's side.
     *
     * @param snapshots snapshots of this session's loop
     * @return this session
     * @throws IllegalArgumentException if the snapshots are of another loop
     */
    public LockstepSession serveRejoins(Snapshots snapshots) {
        rejoins.serveWith(snapshots);
        return this;
    }

    /** @return whether this peer rejoined and still catches up (its simulation runs faster than real time) */
    public boolean catchingUp() {
        return rejoins.catchingUp();
    }

    /**
     * @return whether the host is lost (gone without ending the match) and the match stops for that, not a desync;
     *         false once this peer has reached its own end (a host that leaves after it took nothing from it)
     */
    public boolean hostLost() {
        return departures.hostLost() && (stopReason() == null ? !ended() : stopReason().equals(departures.lost()));
    }

    /*
     * For Rejoining: this peer catches up from the snapshot's delay. The messages relayed during the transfer that the
     * catch-up does not hold are taken at the first poll, not here: by then the game has given its filter, its resume
     * rule and its report sink, so a resume among them from a seat the rule leaves out is ignored here as on every
     * other peer, and a drop among them is told.
     */
    void catchUp(InputDelay.State atSnapshot, List<Message> relayed) {
        rejoins.catchUp(atSnapshot);
        this.meanwhile = relayed.stream().filter(m -> !rejoins.heldAlready(m)).toList();
    }

    /**
     * Where reports go (a peer that left, the stop): one line each, on the loop thread.
     *
     * @param sink the receiver of report lines
     * @return this session
     */
    public LockstepSession onReport(Consumer<String> sink) {
        this.reports = Objects.requireNonNull(sink, "sink");
        delay.onReport(sink);
        stopping.onReport(sink);
        return this;
    }

    /**
     * Sets the game's rule for commands ({@link CommandFilter}): which seat may give which command, and which
     * commands are controls rather than inputs. Call it before the first {@link #poll()}, the same on every peer.
     *
     * @param rule the rule
     * @return this session
     */
    public LockstepSession filter(CommandFilter rule) {
        this.filter = delay.around(Objects.requireNonNull(rule, "rule"));
        return this;
    }

    /**
     * Which seats may end a match-wide pause; every seat unless this says otherwise. A game whose host alone controls
     * the loop gives {@code seat -> seat == 0}. Give the same rule on every peer (from the setup the handshake
     * compares): a resume one peer honoured and another ignored would leave the others held. A resume from any other
     * seat changes nothing on any peer and is reported once per seat; {@link #resumeMatch} on such a seat ends
     * nothing. Call it before the first {@link #poll()}.
     *
     * @param seats the seats that may resume
     * @return this session
     */
    public LockstepSession resumableBy(java.util.function.IntPredicate seats) {
        Objects.requireNonNull(seats, "seats");
        pause.resumableBy(seats, by -> reports.accept("ignored " + departures.name(by)
                + "'s resume: that seat may not resume this match"));
        return this;
    }

    /**
     * Diagnoses desyncs (see {@code DesyncHunt}): a snapshot at every checkpoint (one capture each, so this
     * allocates); on the first mismatch, at checkpoint {@code T}, this peer's snapshots of {@code T} and of the last
     * agreed checkpoint go to {@code dir}, {@code T} is restored into the loop, and the peers bisect their worlds;
     * {@link #desyncReport()} then names the first differing entity, component and field with every peer's value.
     * Keep polling and running frames while {@link #diagnosing()}. Call before the first {@link #poll()}.
     *
     * @param snapshots snapshots of this session's loop
     * @param dir       where the snapshots go
     * @return this session
     * @throws IllegalArgumentException if the snapshots are of another loop, or this is a spectator
     */
    public LockstepSession diagnose(Snapshots snapshots, Path dir) {
        stopping.diagnose(snapshots, Objects.requireNonNull(dir, "dir"));
        return this;
    }

    /**
     * A spectator's delay: its simulation stays this far behind the newest turn it holds (a streamed match shows
     * nothing the players could still use).
     *
     * @param delay the delay, rounded up to whole turns; zero for none
     * @return this session
     * @throws IllegalStateException    if this peer is a player
     * @throws IllegalArgumentException if the delay is negative
     */
    public LockstepSession spectatorDelay(java.time.Duration delay) {
        horizon.behind(Counters.spectatorTurns(seat, delay, config.turnNanos()));
        return this;
    }

    /* For tests: the host's lateness readings by turn, scripted instead of measured; the budget in force. */
    void scriptLateness(java.util.function.LongUnaryOperator byTurn) {
        delay.script(byTurn);
    }

    long budgetNanos() {
        return delay.budget(turn());
    }

    /* For Inflow: the report sink, as it is now. */
    Consumer<String> reports() {
        return reports;
    }

    /** @return whether a desync is being diagnosed with the peers (keep polling and running frames) */
    public boolean diagnosing() {
        return stopping.hunt().active();
    }

    /** @return the desync diagnosis block (a few lines), or null until it is made */
    public String desyncReport() {
        return stopping.hunt().report();
    }

    /**
     * Ends the game at the start of turn {@code turn}: the simulation runs to simulated time {@code turn * L} and
     * no further, on every peer that sets the same end (tests and matches of fixed length).
     *
     * @param turn the last turn boundary to reach
     * @throws IllegalArgumentException if the turn is negative, or the simulation is already past its instant (a
     *         session that rejoined or resumed a match later than that): it could only end where no peer does
     */
    public void endAt(long turn) {
        horizon.endAt(turn);
    }

    /**
     * Schedules an input of this player for the first turn whose batch is still open: at most {@link #inputDelay()}
     * turns after the current one, sooner when the host cut the delay's budget to the batches' measured lateness
     * (see {@code InputDelay}). Ignored once the game has stopped.
     *
     * @param command the input
     * @return the turn it takes effect in, or -1 if the game has stopped or this is a spectator
     * @throws IllegalArgumentException if its type is under {@link Command#GAME_TYPES} (the session's own)
     */
    public long submit(Command command) {
        Objects.requireNonNull(command, "command");
        if (stopping.reason() != null || seat < 0 || rejoins.catchingUp()) {
            return -1;
        }
        return outflow.schedule(command);
    }

    /**
     * Between frames: sends this player's batches for the turns the simulation has left, takes in what the others
     * sent, posts every newly complete turn's inputs at its instant, and moves the horizon. Never blocks.
     */
    public void poll() {
        if (stopping.reason() != null) {
            outflow.halt();
            if (diagnosing()) {
                pollDiagnosis();
            }
            return;
        }
        if (checkpoints.desync() != null) {
            outflow.halt();
            stopping.desynced();
            return;
        }
        outflow.send();
        if (meanwhile != null) {
            List<Message> relayed = meanwhile;
            meanwhile = null;
            for (int i = 0; i < relayed.size() && stopping.reason() == null; i++) {
                inflow.take(relayed.get(i));
            }
        }
        for (Message m = link.poll(); m != null && stopping.reason() == null; m = link.poll()) {
            inflow.take(m);
        }
        if (stopping.reason() != null) {
            outflow.halt(); // nothing more from this peer once it stopped, not even the cover's next batch
            return;
        }
        boolean atHorizon = horizon.move(filter, outflow, stopping.hunt());
        rejoins.poll(turn(), atHorizon, reports);
        if (departures.lost() != null && (waiting() || loop.isPaused())) {
            // the host is gone and the turns it sent are played, or the match is paused and no resume can come
            // (the host relayed them): nothing more can come
            stopping.stop(departures.lost(), false);
        }
    }

    /**
     * As {@link #poll()}, but when the frame about to run would stop short at the horizon for want of a peer's batch
     * ({@link GameLoop#frameTargetNanos()} at or past it), first waits up to {@code waitNanos} for the batch. A window
     * gives the frame's spare time ({@link dev.ecsloop.pace.FramePacer#spareNanos()}): a batch a few milliseconds
     * late then costs the frame some of the time it would have slept, and the frame still draws the simulation
     * where real time has it, instead of stopping short and jumping at the next. A headless peer, with nothing to
     * draw meanwhile, may give longer. Waits only for the inputs: not while paused, at a turn held for its instant,
     * at the end or under a balance's hold. Allocates only while it waits.
     *
     * @param waitNanos the longest wait, in real time
     * @throws InterruptedException if interrupted while waiting
     */
    public void poll(long waitNanos) throws InterruptedException {
        poll();
        Clock clock = loop.clock();
        long start = clock.nanoTime();
        for (long left = waitNanos; left > 0 && stopping.reason() == null && !loop.isPaused()
                && horizon.shortOf(loop.frameTargetNanos()); left = waitNanos - (clock.nanoTime() - start)) {
            Message m = link.await(left);
            if (m == null) {
                break;
            }
            inflow.take(m);
            poll();
        }
        if (diagnosing() && loop.simulatedNanos() >= horizon.nanos()) {
            Message m = link.await(waitNanos);
            if (m != null) {
                inflow.take(m);
            }
            poll();
        }
    }

    /** The game stopped on a desync under diagnosis: takes in the others' turns and answers, moves the hunt on. */
    private void pollDiagnosis() {
        for (Message m = link.poll(); m != null; m = link.poll()) {
            inflow.take(m);
        }
        horizon.limit(stopping.diagnosisHorizon(() -> horizon.deliverNow(filter), departures.playing(),
                reports));
    }

    /**
     * Ends a match-wide pause (the game's {@link CommandFilter} paused the loop at a turn's instant on every peer)
     * on every peer: sent at once, since a paused match makes no turns to carry it. A pause changes no simulated
     * state, so when each peer resumes matters to real time only. Does nothing unless the match is so paused, nor
     * while this peer still catches up (a rejoiner resumes with the match), nor on a seat {@link #resumableBy} leaves
     * out. A match started from a snapshot saved during such a pause ({@link #start} on a paused loop) starts in it.
     *
     * @return whether a match-wide pause was ended
     */
    public boolean resumeMatch() {
        // Not while catching up: the relay takes only Ready from a rejoiner, so its resume would end the pause here
        // alone, and its Ready would then place its seat past the paused seats'.
        return stopping.reason() == null && !rejoins.catchingUp() && pause.resumeHere(link, seat);
    }

    /** @return whether the match is held by a match-wide pause */
    public boolean pausedByMatch() {
        return pause.paused();
    }

    /** @return the turn the simulation is in */
    public long turn() {
        return loop.simulatedNanos() / config.turnNanos();
    }

    /** @return the input delay in turns now (the host may change it during the match: {@link #delayChanges()}) */
    public int inputDelay() {
        return delay.at(turn());
    }

    /** @return the input delay's changes so far, oldest first, the same on every peer (at most 256 kept) */
    public List<DelayChange> delayChanges() {
        return delay.changes();
    }

    /** @return the rules */
    public LockstepConfig config() {
        return config;
    }

    /** @return how many complete turns this peer holds past the one its simulation is in (a spectator's delay) */
    public long turnsHeld() {
        return Math.max(0, book.completed() - turn());
    }

    /** @return the simulated time the loop may not pass now */
    public long horizonNanos() {
        return horizon.nanos();
    }

    /** @return whether the simulation is held at the horizon waiting for a peer's inputs (not at the end) */
    public boolean waiting() {
        return stopping.reason() == null && horizon.waiting();
    }

    /** @return whether the simulation has reached the end set by {@link #endAt} */
    public boolean ended() {
        return horizon.ended();
    }

    /** @return this peer's seat */
    public int seat() {
        return seat;
    }

    /**
     * @return the players' names by seat, as of now: a seat left open shows as
     *         {@link dev.ecsloop.lockstep.net.LockstepHost#openSeatName} until a late joiner takes it (read it on
     *         the loop thread)
     */
    public List<String> names() {
        return java.util.Collections.unmodifiableList(names);
    }

    /**
     * @param seat a seat, from 0
     * @return whether that seat plays now: false from the turn it left (or while it is open for a late joiner)
     *         until it plays again (read it on the loop thread)
     * @throws IndexOutOfBoundsException if the match has no such seat
     */
    public boolean playing(int seat) {
        return departures.playing()[java.util.Objects.checkIndex(seat, names.size())];
    }

    /**
     * @param seat a seat, from 0
     * @return whether that seat waits for a late joiner: the host left it open and no one has taken it yet (read it
     *         on the loop thread)
     * @throws IndexOutOfBoundsException if the match has no such seat
     */
    public boolean open(int seat) {
        return departures.open(java.util.Objects.checkIndex(seat, names.size()));
    }

    /** @return the latest round trip to the host (for the host: the worst to a client), or -1 */
    public long rttNanos() {
        return link.rttNanos();
    }

    /** @return the peers that left, in the order they did */
    public List<PeerFault> faults() {
        return departures.faults();
    }

    /** @return this peer's own latest checkpoint hashes, oldest first (at most {@link #KEPT_CHECKPOINTS}) */
    public List<Message.Hash> checkpoints() {
        return checkpoints.kept();
    }

    /** @return why the game stopped, or null while it runs */
    public String stopReason() {
        return stopping.reason();
    }

    /**
     * @return whether the host dropped this very seat (it held the others back past the stall timeout, or its link
     *         went silent): the game stopped here for that, and the match goes on without this player
     */
    public boolean dropped() {
        return departures.droppedHere();
    }

    /** @return the desync that stopped the game, if this peer saw it, or null */
    public Desync desync() {
        return checkpoints.desync();
    }

    /** @return the counters line: turn, input delay, round trip, waiting */
    public String line() {
        return Counters.line(this);
    }

    /**
     * Leaves the game: tells the others why ("match over at turn N" once the end is reached, where a peer without
     * an end ends too; "quit" before it; or "stopped"), stops sending and closes the link. The loop, world and
     * recording stay.
     */
    public void close() {
        leave(ended() ? Departures.MATCH_OVER + Departures.AT_TURN + horizon.endTurn()
                : stopping.reason() != null ? "stopped" : "quit");
    }

    /**
     * As {@link #close()}, with the reason the others see (one short line).
     *
     * @param reason why this player leaves
     */
    public void leave(String reason) {
        outflow.halt();
        loop.removeTickListener(checkpointHasher);
        loop.removeFrameListener(outflow);
        link.send(new Message.Leave(Objects.requireNonNull(reason, "reason")));
        link.close();
    }
}
