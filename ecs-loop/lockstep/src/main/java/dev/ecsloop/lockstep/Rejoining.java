package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.Snapshots;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * Seats that leave and come back, on every peer: the host player serves a reconnected seat's catch-up
 * ({@link CatchupSource}); every peer applies a {@link Message.Rejoined} at the same point of the host's order (the
 * seat's turns from then on count, its checkpoints after that turn too); and a rejoining peer restores the host's
 * snapshot, runs its simulation faster than real time (time scale {@value #CATCHUP_SCALE}, catch-up bound
 * {@link #CATCHUP_BOUND}: frames are long, so rendering is throttled to a few per second), says it is ready once it
 * is within the input delay of the newest complete turn, and plays live once its first own batch is due. Split from
 * {@link LockstepSession} so that the rejoin rule is one piece.
 *
 * <p>Invariants: a rejoiner sends no turn and no hash before the host's {@code Rejoined} for its seat; it sends
 * {@code Ready} once. Not thread-safe: it lives on the loop thread.
 */
final class Rejoining {

    /** Simulated seconds per real second while a rejoiner catches up (the loop's largest time scale). */
    static final double CATCHUP_SCALE = 1000;
    /** The catch-up bound while a rejoiner catches up: the most simulated time one (long) frame covers. */
    static final Duration CATCHUP_BOUND = Duration.ofMillis(500);

    private final GameLoop loop;
    private final LockstepConfig config;
    private final PeerLink link;
    private final int seat;
    private final TurnBook book;
    private final Departures departures;
    private final Checkpoints checkpoints;
    private final OwnTurns own;
    private final InputDelay delay;
    private final CatchupSource source;
    private final MatchPause pause;
    private boolean catchingUp;
    private boolean readySent;
    private long liveFrom = -1;
    private double savedScale;
    private Duration savedBound;

    Rejoining(GameLoop loop, LockstepConfig config, PeerLink link, TurnBook book, Departures departures,
              Checkpoints checkpoints, OwnTurns own, InputDelay delay, MatchPause pause, TurnDelivery delivery) {
        this.loop = loop;
        this.config = config;
        this.link = link;
        this.seat = link.seat();
        this.book = book;
        this.departures = departures;
        this.checkpoints = checkpoints;
        this.own = own;
        this.delay = delay;
        this.pause = pause;
        this.source = new CatchupSource(link, book, delay, link.names().size(), delivery);
    }

    /**
     * Receives the host's catch-up on a rejoining link, restores its snapshot into the loop and starts the session
     * there, catching up. See {@link LockstepSession#rejoin}.
     */
    static LockstepSession session(GameLoop loop, InputQueue inputs, PeerLink link, LockstepConfig config,
                                   Snapshots snapshots, Duration quiet)
            throws LockstepRefusedException, InterruptedException {
        if (!link.rejoining() || snapshots.loop() != loop) {
            throw new IllegalArgumentException("rejoin needs a rejoining link and snapshots of this loop");
        }
        CatchupReceiver.Received got = CatchupReceiver.receive(link, quiet.toNanos());
        CatchupPayload payload;
        TurnBook book;
        try {
            payload = CatchupPayload.decode(got.bytes(), link.names().size(), config);
            book = payload.book(config);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw CatchupReceiver.refused("the host's catch-up is not one of this match: " + e.getMessage());
        }
        if (link.seat() >= 0 && book.playing(link.seat())) {
            throw CatchupReceiver.refused("the host's catch-up has this seat playing");
        }
        try {
            loop.snapshotState().flushEntities(); // a freshly built world: its creation is not a pending change
            snapshots.restore(payload.snapshot());
        } catch (SnapshotException e) {
            throw CatchupReceiver.refused("the host's snapshot: " + e.getMessage());
        }
        if (loop.simulatedNanos() != payload.simNanos()
                || payload.simNanos() > Math.multiplyExact(book.nextToTake(), config.turnNanos())) {
            throw CatchupReceiver.refused("the host's snapshot is at " + loop.simulatedNanos()
                    + " ns, its catch-up at " + payload.simNanos() + " ns");
        }
        LockstepSession session = new LockstepSession(loop, inputs, link, config, book);
        session.catchUp(payload.delay(), got.meanwhile());
        return session;
    }

    /**
     * This peer rejoins: its seat and the seats that had left sit out; its simulation runs fast; the input delay is
     * the host's at the snapshot, so the turns it replays and its first own batch use the delay every peer uses. A
     * snapshot the host took during a match-wide pause restores a paused loop at the pause's turn: that is the
     * match's pause, which the resume relayed to this peer ends.
     */
    void catchUp(InputDelay.State atSnapshot) {
        delay.restore(atSnapshot);
        pause.restored(loop.simulatedNanos() / config.turnNanos());
        for (int p = 0; p < link.names().size(); p++) {
            if (!book.playing(p)) {
                departures.absent(p);
            }
        }
        checkpoints.seatsChanged(departures.playing());
        checkpoints.silentThrough(Long.MAX_VALUE);
        own.hold();
        catchingUp = true;
        savedScale = loop.timeScale();
        savedBound = loop.catchUpBound();
        loop.setTimeScale(CATCHUP_SCALE);
        loop.setCatchUpBound(CATCHUP_BOUND);
    }

    /**
     * @return whether a message relayed during the transfer is in the catch-up already (the book holds it): a turn
     *         it has, a drop it has, or another seat's return that the host's player had applied when it served
     */
    boolean heldAlready(Message m) {
        if (m instanceof Message.Turn t) {
            return t.turn() <= book.received(t.peer()) || !book.playing(t.peer());
        }
        if (m instanceof Message.Rejoined r) {
            return r.peer() >= 0 && r.peer() < departures.playing().length && book.playing(r.peer());
        }
        return m instanceof Message.Drop d && !departures.playing()[d.peer()];
    }

    /** Serves rejoins with snapshots of the loop (the host's player). */
    void serveWith(Snapshots snapshots) {
        if (snapshots.loop() != loop) {
            throw new IllegalArgumentException("the snapshots must be of this session's loop");
        }
        source.serveWith(snapshots);
    }

    /** The relay asked this peer (the host's player) for a snapshot for {@code peer}. */
    void wanted(int peer) {
        source.wanted(peer);
    }

    /**
     * The host's player, playing alone, was asked by its relay for seat {@code peer}'s turn to play again from: it
     * names the latest turn every peer accepts (so the rejoiner has the most time for its first batch) and applies it
     * here, at its point of its own order, which is the relay's too.
     */
    void nameTurn(int peer, Consumer<String> reports) {
        if (peer <= 0 || peer >= book.seats() || book.playing(peer)) {
            throw new IllegalArgumentException("asked to name a turn for seat " + peer + ", not a seat that left");
        }
        rejoined(new Message.Rejoined(peer, own.nameRejoinTurn(peer)), reports);
    }

    /** Every peer: a seat plays again from the turn the host named. */
    void rejoined(Message.Rejoined r, Consumer<String> reports) {
        if (r.peer() < 0 || r.peer() >= departures.playing().length) {
            throw new IllegalArgumentException("seat " + r.peer() + " is not in this "
                    + departures.playing().length + "-player game");
        }
        if (r.peer() == seat && liveFrom >= 0 || r.peer() != seat && departures.playing()[r.peer()]) {
            throw new IllegalArgumentException("seat " + r.peer() + " rejoined while it plays");
        }
        book.rejoin(r.peer(), r.fromTurn());
        departures.back(r.peer());
        checkpoints.back(r.peer(), r.fromTurn(), departures.playing());
        if (r.peer() == seat) {
            own.resumeFrom(r.fromTurn());
            checkpoints.silentThrough(r.fromTurn());
            liveFrom = r.fromTurn();
        } else {
            reports.accept(departures.name(r.peer()) + " rejoined: plays again from turn " + r.fromTurn());
        }
    }

    /**
     * Between frames: serves waiting rejoins (the snapshot and the book, a turn held for its instant included, describe
     * one instant); a rejoiner says it is ready, and goes live at its first own batch.
     *
     * @param turn      the turn the simulation is in
     * @param atHorizon whether the simulation stands at its horizon (a spectator has caught up there)
     * @param reports   where reports go
     */
    void poll(long turn, boolean atHorizon, Consumer<String> reports) {
        source.serve(loop.simulatedNanos(), reports);
        if (!catchingUp) {
            return;
        }
        keepCatchingUp();
        if (seat < 0) { // a spectator: no seat to take back; live once it reaches what it may show
            if (atHorizon) {
                live();
                reports.accept("caught up: watching from turn " + turn);
            }
            return;
        }
        // Not during a match-wide pause: the answer would put this seat's turns past the paused seats' (whose
        // batches stop at the pause), and the relay would drop them as stalled; a rejoin waits for the resume.
        if (!readySent && !pause.paused() && book.completed() - turn <= delay.at(turn) + 1L) {
            readySent = true;
            link.send(new Message.Ready(seat, turn));
        }
        if (liveFrom >= 0 && turn >= liveFrom - delay.at(turn)) {
            live();
            reports.accept("caught up: playing again from turn " + liveFrom);
        }
    }

    /**
     * Between frames while catching up: a time scale or catch-up bound the game set meanwhile (a match-wide control
     * applied at a turn's instant, as on every peer) is kept for when this peer plays live, and the catch-up's own are
     * set again. Neither changes what the simulation computes, only how fast it runs; taken as they came, a scale of
     * 1 would leave this peer behind the others for good, at their pace.
     */
    private void keepCatchingUp() {
        if (loop.timeScale() != CATCHUP_SCALE) {
            savedScale = loop.timeScale();
            loop.setTimeScale(CATCHUP_SCALE);
        }
        if (!loop.catchUpBound().equals(CATCHUP_BOUND)) {
            savedBound = loop.catchUpBound();
            loop.setCatchUpBound(CATCHUP_BOUND);
        }
    }

    /** Back to real time: the time scale and catch-up bound from before the catch-up, or the game's since. */
    private void live() {
        catchingUp = false;
        loop.setTimeScale(savedScale);
        loop.setCatchUpBound(savedBound);
    }

    /** @return whether this peer is catching up after a rejoin (it plays live once false) */
    boolean catchingUp() {
        return catchingUp;
    }
}
