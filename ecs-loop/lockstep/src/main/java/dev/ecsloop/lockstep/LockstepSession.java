package dev.ecsloop.lockstep;

import dev.ecsloop.time.Durations;
import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickListener;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.turn.Desync;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.console.Echo;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Message;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One peer of a lockstep game, on the loop thread: it sends this player's inputs a few turns ahead, hands every
 * peer's inputs to the game's {@link InputQueue} at the simulated instant of their turn, holds the simulation at the
 * end of the last turn all inputs are in for, and compares state hashes with the others.
 *
 * <p>Time: turn {@code t} covers simulated time {@code [t*L, (t+1)*L)}. An input given while the simulation is in
 * turn {@code c} is scheduled for turn {@code c + D} (the input delay) and posted at simulated time
 * {@code (c+D)*L} on every peer, so each peer's fixed ticks after that instant see it, whatever the frame split.
 * Turns {@code 0 .. D-1} are empty. This peer sends its batch for turn {@code c + D} once its simulation has left
 * turn {@code c}, and may run to the end of turn {@code t}, simulated time {@code (t+1)*L}, once it holds every
 * peer's batch for turns up to {@code t}: that instant is the loop's horizon ({@link GameLoop#setHorizon}). Frames
 * keep running while the simulation waits there, so rendering never waits; the real time held back is kept as
 * debt under {@link dev.ecsloop.DebtPolicy#KEEP} and dropped under {@code DISCARD}. A turn that carries inputs
 * also stops the simulation at its instant for the rest of that frame (the inputs are posted between frames, so
 * that the recording stays in simulated-time order).
 *
 * <p>Checkpoints: at the first fixed tick at or after the start of every {@code hashEvery}-th turn, before the tick
 * runs, the session hashes the world ({@link dev.ecsloop.state.StateHash}) and sends the hash. The first pair of differing hashes
 * stops the game on every peer with the turn, the simulated time and both hashes. A stop freezes simulated time at
 * once; frames, the recording and the world stay as they are, for a replay to bisect.
 *
 * <p>Use, once per frame on the loop thread: {@link #poll()}, then {@code loop.frame()}; give inputs with
 * {@link #submit}. All of the game's input must come through the session: an event posted to the queue directly
 * would reach this peer only.
 *
 * <p>The session ties the turn book to the loop; {@code TurnDelivery} (posting turns at their instants),
 * {@code MatchPause} (match-wide pause and resume) and {@code Checkpoints} (state hashes) each keep one rule.
 */
public final class LockstepSession {

    /** Hashes the world at each checkpoint; its own object so that the callback is not part of the API. */
    private final TickListener checkpointHasher = this::beforeTick;

    /** How many of its own checkpoints a session keeps for {@link #checkpoints()}: over an hour at one a second. */
    public static final int KEPT_CHECKPOINTS = 4096;

    private final GameLoop loop;
    private final InputQueue inputs;
    private final PeerLink link;
    private final LockstepConfig config;
    private final int seat;
    private final List<String> names;
    private final TurnBook book;
    private final Checkpoints checkpoints;
    private final MatchPause pause;
    private final TurnDelivery delivery;
    private final boolean[] playing;
    private final ArrayDeque<Scheduled> pending = new ArrayDeque<>();
    private final List<PeerFault> faults = new ArrayList<>();
    private Consumer<String> reports = line -> { };
    private CommandFilter filter = CommandFilter.ALL;
    private long lastSent;
    private long endTurn = Long.MAX_VALUE;
    private long horizonNanos;
    private String stopReason;
    private String lost;

    private record Scheduled(long turn, Command command) {
    }

    private LockstepSession(GameLoop loop, InputQueue inputs, PeerLink link, LockstepConfig config) {
        this.loop = loop;
        this.inputs = inputs;
        this.link = link;
        this.config = config;
        this.seat = link.seat();
        this.names = link.names();
        this.book = new TurnBook(names.size(), config.inputDelay(), true);
        this.checkpoints = new Checkpoints(loop, link, config, seat, names.size());
        this.pause = new MatchPause(loop, this::resumedBy);
        this.delivery = new TurnDelivery(loop, inputs, book, config.turnNanos(), pause);
        this.playing = new boolean[names.size()];
        java.util.Arrays.fill(playing, true);
        this.lastSent = config.inputDelay() - 1L;
        limit((book.completed() + 1) * config.turnNanos());
        loop.addTickListener(checkpointHasher);
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
        Objects.requireNonNull(inputs, "inputs");
        if (loop.simulatedNanos() != 0) {
            throw new IllegalStateException("a lockstep game starts at simulated time 0, the loop is at "
                    + Durations.exactSeconds(loop.simulatedNanos()));
        }
        return new LockstepSession(loop, inputs, link, config);
    }

    /**
     * Where reports go (a peer that left, the stop): one line each, on the loop thread.
     *
     * @param sink the receiver of report lines
     * @return this session
     */
    public LockstepSession onReport(Consumer<String> sink) {
        this.reports = Objects.requireNonNull(sink, "sink");
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
        this.filter = Objects.requireNonNull(rule, "rule");
        return this;
    }

    /**
     * Ends the game at the start of turn {@code turn}: the simulation runs to simulated time {@code turn * L} and
     * no further, on every peer that sets the same end (tests and matches of fixed length).
     *
     * @param turn the last turn boundary to reach
     * @throws IllegalArgumentException if the turn is negative
     */
    public void endAt(long turn) {
        if (turn < 0) {
            throw new IllegalArgumentException("end turn must not be negative, was " + turn);
        }
        endTurn = turn;
    }

    /**
     * Schedules an input of this player for {@link #inputDelay()} turns after the current one. Ignored once the
     * game has stopped.
     *
     * @param command the input
     * @return the turn it takes effect in, or -1 if the game has stopped
     */
    public long submit(Command command) {
        Objects.requireNonNull(command, "command");
        if (stopReason != null) {
            return -1;
        }
        long turn = turn() + config.inputDelay();
        pending.addLast(new Scheduled(turn, command));
        return turn;
    }

    /**
     * Between frames: sends this player's batches for the turns the simulation has left, takes in what the others
     * sent, posts every newly complete turn's inputs at its instant, and moves the horizon. Never blocks.
     */
    public void poll() {
        if (stopReason != null) {
            return;
        }
        if (checkpoints.desync() != null) {
            stop(checkpoints.desync().describe(names), true);
            return;
        }
        sendLeftTurns();
        for (Message m = link.poll(); m != null && stopReason == null; m = link.poll()) {
            receive(m);
        }
        if (stopReason != null) {
            return;
        }
        delivery.deliver(filter);
        long bound = delivery.held() >= 0 ? delivery.held() : book.nextToTake();
        limit(Math.multiplyExact(Math.min(bound, endTurn), config.turnNanos()));
        if (lost != null && waiting()) {
            stop(lost, false); // the host is gone and the turns it sent are played: nothing more can come
        }
    }

    /**
     * As {@link #poll()}, but if the simulation is held at the horizon and nothing has arrived, first waits up to
     * {@code waitNanos} for a message. For headless peers and tests, which have nothing to draw meanwhile; a
     * window calls {@link #poll()}.
     *
     * @param waitNanos the longest wait
     * @throws InterruptedException if interrupted while waiting
     */
    public void poll(long waitNanos) throws InterruptedException {
        poll();
        if (stopReason == null && waiting()) {
            Message m = link.await(waitNanos);
            if (m != null) {
                receive(m);
            }
            poll();
        }
    }

    private void sendLeftTurns() {
        long upTo = Math.min(turn(), endTurn) - 1 + config.inputDelay();
        if (lastSent >= upTo) {
            return; // the steady frame within a turn allocates nothing
        }
        List<Command> batch = new ArrayList<>();
        while (lastSent < upTo) {
            lastSent++;
            batch.clear();
            while (!pending.isEmpty() && pending.peekFirst().turn() <= lastSent) {
                batch.add(pending.pollFirst().command());
            }
            List<Command> commands = List.copyOf(batch);
            book.accept(seat, lastSent, commands);
            link.send(new Message.Turn(seat, lastSent, commands));
        }
    }

    private void receive(Message m) {
        try {
            if (m instanceof Message.Turn t) {
                book.accept(t.peer(), t.turn(), t.commands());
            } else if (m instanceof Message.Hash h) {
                checkpoints.received(h, playing);
                if (checkpoints.desync() != null) {
                    stop(checkpoints.desync().describe(names), true);
                }
            } else if (m instanceof Message.Drop d) {
                left(d);
            } else if (m instanceof Message.Stop s) {
                stop("stopped by " + name(s.peer()) + ": " + Echo.printable(s.reason(), Codec.MAX_STRING), false);
            } else if (m instanceof Message.Resume r) {
                pause.resumed(r.turn(), r.peer());
            } else if (m instanceof Message.Lost l) {
                if (lost == null) {
                    lost = l.reason();
                }
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            stop("protocol error: " + e.getMessage(), true);
        }
    }

    private void left(Message.Drop d) {
        String reason = Echo.printable(d.reason(), Codec.MAX_STRING);
        if (d.peer() == seat) {
            stop("dropped from the game at turn " + d.fromTurn() + ": " + reason, false);
            return;
        }
        if (d.peer() != 0) {
            // The host's seat is never dropped from the book: nobody relays after it, so the turns it did not
            // relay stay missing, the simulation waits at them, and the session stops with the reason below
            // (otherwise a last player would play on alone).
            book.drop(d.peer(), d.fromTurn());
            playing[d.peer()] = false;
            checkpoints.seatsChanged(playing);
        }
        PeerFault fault = new PeerFault(d.peer(), name(d.peer()), d.fromTurn(), reason);
        faults.add(fault);
        boolean afterTheEnd = d.fromTurn() >= endTurn; // it played every turn of the match: an end, not a fault
        if (d.peer() == 0 && lost == null) {
            // Nobody relays now: play what is here, then stop with this.
            lost = (name(0).equals("host") ? "the host" : "the host " + name(0)) + " left (" + reason + ")";
        } else if (d.peer() != 0 && !afterTheEnd) {
            reports.accept(fault.describe());
        }
    }

    private String name(int peer) {
        return peer >= 0 && peer < names.size() ? names.get(peer) : "seat " + peer;
    }

    /**
     * Ends a match-wide pause on every peer: the game paused the loop at a turn's instant (through its
     * {@link CommandFilter}, on every peer), and no turn can carry the end of it, since a paused match makes no
     * turns; this is sent at once instead. A pause changes no simulated state, so the moment each peer resumes
     * matters to real time only. Does nothing unless the match is paused that way.
     *
     * @return whether a match-wide pause was ended
     */
    public boolean resumeMatch() {
        if (!pause.paused() || stopReason != null) {
            return false;
        }
        long turn = pause.turn();
        link.send(new Message.Resume(seat, turn));
        return pause.resumed(turn, seat);
    }

    /** A resume ended this peer's match-wide pause; another seat's is reported (this one's caller says its own). */
    private void resumedBy(int by) {
        if (by != seat) {
            reports.accept(name(by) + " resumed the match at turn " + turn());
        }
    }

    /** @return whether the match is held by a match-wide pause */
    public boolean pausedByMatch() {
        return pause.paused();
    }

    private void stop(String reason, boolean tellOthers) {
        if (stopReason != null) {
            return;
        }
        stopReason = reason;
        limit(loop.simulatedNanos());
        if (tellOthers) {
            link.send(new Message.Stop(seat, reason));
        }
        reports.accept("game stopped at turn " + turn() + ": " + reason);
    }

    private void limit(long simNanos) {
        horizonNanos = Math.max(loop.simulatedNanos(), simNanos);
        loop.setHorizon(horizonNanos);
    }

    /** Before each tick: at a hash checkpoint, hashes the world and compares it with the peers'. */
    private void beforeTick(BaseSystem system, long tickNanos) {
        if (stopReason == null) {
            checkpoints.beforeTick(tickNanos, playing);
        }
    }

    /** @return the turn the simulation is in */
    public long turn() {
        return loop.simulatedNanos() / config.turnNanos();
    }

    /** @return the input delay in turns */
    public int inputDelay() {
        return config.inputDelay();
    }

    /** @return the rules */
    public LockstepConfig config() {
        return config;
    }

    /** @return the simulated time the loop may not pass now */
    public long horizonNanos() {
        return horizonNanos;
    }

    /** @return whether the simulation is held at the horizon waiting for a peer's inputs (not at the end) */
    public boolean waiting() {
        return stopReason == null && loop.simulatedNanos() >= horizonNanos && delivery.held() < 0
                && book.nextToTake() < endTurn;
    }

    /** @return whether the simulation has reached the end set by {@link #endAt} */
    public boolean ended() {
        return endTurn != Long.MAX_VALUE && loop.simulatedNanos() >= endTurn * config.turnNanos();
    }

    /** @return this peer's seat */
    public int seat() {
        return seat;
    }

    /** @return the players' names by seat */
    public List<String> names() {
        return names;
    }

    /** @return the latest round trip to the host (for the host: the worst to a client), or -1 */
    public long rttNanos() {
        return link.rttNanos();
    }

    /** @return the peers that left, in the order they did */
    public List<PeerFault> faults() {
        return List.copyOf(faults);
    }

    /** @return this peer's own latest checkpoint hashes, oldest first (at most {@link #KEPT_CHECKPOINTS}) */
    public List<Message.Hash> checkpoints() {
        return checkpoints.kept();
    }

    /** @return why the game stopped, or null while it runs */
    public String stopReason() {
        return stopReason;
    }

    /** @return the desync that stopped the game, if this peer saw it, or null */
    public Desync desync() {
        return checkpoints.desync();
    }

    /** @return the counters line: turn, input delay, round trip, waiting */
    public String line() {
        long r = rttNanos();
        return "turn " + turn() + "  delay " + config.inputDelay() + " turns (" + config.inputDelay()
                * config.turnNanos() / 1_000_000 + " ms)  rtt " + (r < 0 ? "-" : String.format("%.1f ms", r / 1e6))
                + (stopReason != null ? "  STOPPED" : waiting() ? "  waiting" : "");
    }

    /**
     * Leaves the game: tells the others why ("match over" once the end is reached, "quit" before it, or that the
     * game had stopped), stops sending and closes the link. The loop, world and recording stay.
     */
    public void close() {
        leave(ended() ? "match over" : stopReason != null ? "stopped" : "quit");
    }

    /**
     * As {@link #close()}, with the reason the others see (one short line).
     *
     * @param reason why this player leaves
     */
    public void leave(String reason) {
        loop.removeTickListener(checkpointHasher);
        link.send(new Message.Leave(Objects.requireNonNull(reason, "reason")));
        link.close();
    }
}
