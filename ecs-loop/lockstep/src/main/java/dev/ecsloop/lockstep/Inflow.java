package dev.ecsloop.lockstep;

import dev.ecsloop.console.Echo;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Message;

/**
 * What the other peers sent, taken in the host's order: turns into the book, hashes into the checkpoints, desync
 * diagnosis into the hunt, drops, stops, resumes and the host's loss into what they mean for the session. Split
 * from {@link LockstepSession} so that every message's effect is read in one place.
 *
 * <p>Invariant: a message that breaks the protocol (a seat out of range, a turn reported twice, too many open
 * checkpoints) stops the game with "protocol error" and tells the others; nothing throws. Not thread-safe: it
 * lives on the loop thread.
 */
final class Inflow {

    private final LockstepSession session;
    private final TurnBook book;
    private final Checkpoints checkpoints;
    private final Departures departures;
    private final MatchPause pause;
    private final Rejoining rejoins;
    private final Stopping stopping;
    private final Outflow outflow;
    private final Horizon horizon;

    Inflow(LockstepSession session, TurnBook book, Checkpoints checkpoints, Departures departures, MatchPause pause,
           Rejoining rejoins, Stopping stopping, Outflow outflow, Horizon horizon) {
        this.outflow = outflow;
        this.horizon = horizon;
        this.session = session;
        this.rejoins = rejoins;
        this.stopping = stopping;
        this.book = book;
        this.checkpoints = checkpoints;
        this.departures = departures;
        this.pause = pause;
    }

    void take(Message m) {
        try {
            if (m instanceof Message.Turn t) {
                book.accept(t.peer(), t.turn(), t.commands());
                if (!rejoins.catchingUp()) { // a catching-up peer's simulation is no measure of lateness
                    outflow.taken(t);
                }
            } else if (m instanceof Message.Hash h) {
                if (stopping.reason() == null) {
                    checkpoints.received(h, departures.playing());
                }
                if (checkpoints.desync() != null) {
                    stopping.desynced();
                }
            } else if (m instanceof Message.Mismatch || m instanceof Message.Probe || m instanceof Message.Fields) {
                stopping.hunt().received(m, checkpoints.agreedThrough());
            } else if (m instanceof Message.Drop d) {
                stopping.stop(departures.left(d, horizon.endTurn(), session.reports()), false);
            } else if (m instanceof Message.Stop s) {
                stopping.stop("stopped by " + departures.name(s.peer()) + ": "
                        + Echo.printable(s.reason(), Codec.MAX_STRING), false);
            } else if (m instanceof Message.Resume r) {
                pause.resumed(r.turn(), r.peer());
            } else if (m instanceof Message.SnapshotWanted w) {
                rejoins.wanted(w.peer());
            } else if (m instanceof Message.RejoinTurnWanted w) {
                rejoins.nameTurn(w.peer(), session.reports());
            } else if (m instanceof Message.Rejoined r) {
                rejoins.rejoined(r, session.reports());
            } else if (m instanceof Message.Seated s) {
                departures.seated(s, session.reports());
            } else if (m instanceof Message.Lost l) {
                departures.lostHost(l.reason());
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            stopping.stop("protocol error: " + e.getMessage(), true);
        }
    }
}
