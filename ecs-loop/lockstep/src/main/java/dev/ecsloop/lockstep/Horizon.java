package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.turn.TurnBook;

/**
 * How far this peer's simulation may run now: the loop's horizon ({@link GameLoop#setHorizon}). It lies at the end
 * of the last turn every peer's batch is in for, no further than a turn held for its instant, the end turn, a
 * spectator's delay behind the newest complete turn and a desync diagnosis's capture point, and the host's pacing
 * may cap it nearer for a frame ({@link Outflow#pace}). Split from {@link LockstepSession} so that every bound on
 * the simulation is met in one place; the session says when to move it.
 *
 * <p>Invariants: the horizon never lies behind the simulated time (a bound behind it holds the simulation where it
 * is); the horizon the inputs allow is never nearer than the horizon itself, so that a hold by the pacing never
 * reads as waiting for a peer. Not thread-safe: it lives on the loop thread.
 */
final class Horizon {

    private final GameLoop loop;
    private final long turnNanos;
    private final TurnBook book;
    private final TurnDelivery delivery;
    private final Departures departures;
    private final Checkpoints checkpoints;
    private long endTurn = Long.MAX_VALUE;
    private long nanos;
    /** The horizon the inputs allow (the horizon may be nearer while {@link Pacing} holds the simulation back). */
    private long inputNanos;
    /** A spectator's delay in turns: it stays this far behind the newest complete turn. */
    private long behind;

    Horizon(GameLoop loop, long turnNanos, TurnBook book, TurnDelivery delivery, Departures departures,
            Checkpoints checkpoints) {
        this.loop = loop;
        this.turnNanos = turnNanos;
        this.book = book;
        this.delivery = delivery;
        this.departures = departures;
        this.checkpoints = checkpoints;
        limit((book.completed() + 1) * turnNanos);
    }

    /**
     * Between frames while the game runs: takes the end the host's "match over" set for a peer without one of its
     * own, posts what can be posted and moves the horizon to the nearest bound, then lets the pacing cap it.
     *
     * @param filter the game's rule for commands, around the delay's own
     * @param outflow this peer's timing, for the pacing's cap
     * @param hunt    the desync hunt, for its capture point
     * @return whether the simulation stood at the horizon before a hold capped it nearer
     */
    boolean move(CommandFilter filter, Outflow outflow, DesyncHunt hunt) {
        endTurn = departures.endTurn(endTurn, loop.simulatedNanos() / turnNanos);
        long complete = book.completed() + 1; // not nextToTake: a turn held for its instant stops the taking
        long shown = complete >= endTurn || departures.lost() != null ? endTurn : complete - behind;
        long horizon = Math.multiplyExact(Math.min(deliverNow(filter), Math.min(endTurn, shown)), turnNanos);
        hunt.between(loop.simulatedNanos(), checkpoints.agreedThrough());
        limit(Math.min(horizon, hunt.captureNanos()));
        boolean atHorizon = loop.simulatedNanos() >= nanos; // before a hold caps it nearer
        nanos = Math.max(loop.simulatedNanos(), outflow.pace(nanos));
        loop.setHorizon(nanos);
        return atHorizon;
    }

    /** Posts what can be posted now; @return the turn whose start the turns held let the simulation reach */
    long deliverNow(CommandFilter filter) {
        delivery.deliver(filter);
        return delivery.held() >= 0 ? delivery.held() : book.nextToTake();
    }

    /** Sets the horizon, and the horizon the inputs allow, to {@code simNanos} (the simulated time, if nearer). */
    void limit(long simNanos) {
        nanos = Math.max(loop.simulatedNanos(), simNanos);
        inputNanos = nanos;
        loop.setHorizon(nanos);
    }

    /** @return the simulated time the loop may not pass now */
    long nanos() {
        return nanos;
    }

    /** @return the turn held for its instant, or -1 if none */
    long held() {
        return delivery.held();
    }

    /** @return whether the simulation is held at the horizon waiting for a peer's inputs (not at the end) */
    boolean waiting() {
        return shortOf(loop.simulatedNanos());
    }

    /**
     * @param simNanos where a frame would take the simulation
     * @return whether a peer's missing inputs would hold it short of (or at) that: not a turn held for its instant,
     *         the end, or a balance's hold
     */
    boolean shortOf(long simNanos) {
        return simNanos >= inputNanos && delivery.held() < 0 && book.nextToTake() < endTurn;
    }

    /** @return the end turn as it is now: {@link Long#MAX_VALUE} for none */
    long endTurn() {
        return endTurn;
    }

    /** @throws IllegalArgumentException if the turn is negative, or its instant is already passed */
    void endAt(long turn) {
        if (turn < 0) {
            throw new IllegalArgumentException("end turn must not be negative, was " + turn);
        }
        if (loop.simulatedNanos() > instant(turn, turnNanos)) {
            throw new IllegalArgumentException("end turn " + turn + " has passed: the simulation is in turn "
                    + loop.simulatedNanos() / turnNanos);
        }
        endTurn = turn;
    }

    /** @return whether the simulation has reached the end turn */
    boolean ended() {
        return loop.simulatedNanos() >= instant(endTurn, turnNanos);
    }

    /**
     * @return turn {@code turn}'s instant, or {@link Long#MAX_VALUE} (never reached) for a turn past the last
     *         instant a long holds, such as no end ({@link Long#MAX_VALUE}) or a hostile peer's huge end turn
     */
    static long instant(long turn, long turnNanos) {
        return turn > Long.MAX_VALUE / turnNanos ? Long.MAX_VALUE : turn * turnNanos;
    }

    /** A spectator's delay, in turns behind the newest complete turn. */
    void behind(long turns) {
        behind = turns;
    }
}
