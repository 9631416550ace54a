package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.Durations;

import java.util.Objects;

/**
 * Starting a peer's session anywhere but at a new match's time 0: reclaiming a seat in a match under way
 * ({@link #rejoin}), or every peer resuming a match from the same snapshot under a new host ({@link #resume}), for
 * instance after the host was lost. {@link LockstepSession#start} starts a new match. docs/LOCKSTEP.md has the
 * protocol.
 */
public final class LateStart {

    private LateStart() {
    }

    /**
     * Starts this peer's side of a match resumed from a snapshot: every peer restored the same snapshot (the
     * handshake's setup should say which) into its loop, which stands at a turn boundary, and the match goes on
     * from there as a new one would from time 0: the first {@link LockstepConfig#inputDelay()} turns are empty, and
     * the delay starts from the rules' own (a delay the lost host had adapted to is not carried: an adaptive one
     * adapts again to the lateness the new host measures).
     *
     * @param loop   the game's loop, restored
     * @param inputs the loop's input queue
     * @param link   the started link
     * @param config the match's rules
     * @return the session
     * @throws IllegalArgumentException if the loop does not stand at a turn boundary
     */
    public static LockstepSession resume(GameLoop loop, InputQueue inputs, PeerLink link, LockstepConfig config) {
        Objects.requireNonNull(inputs, "inputs");
        if (loop.simulatedNanos() % config.turnNanos() != 0) {
            throw new IllegalArgumentException("a resumed match starts at a turn boundary, the loop is at "
                    + Durations.exactSeconds(loop.simulatedNanos()));
        }
        TurnBook book = book(link, config);
        book.startAt(loop.simulatedNanos() / config.turnNanos() + config.inputDelay() - 1);
        return new LockstepSession(loop, inputs, link, config, book).inAPauseIfPaused();
    }

    /**
     * The book of a new match ({@link LockstepSession#start}).
     *
     * @throws IllegalStateException if the loop has already advanced
     */
    static TurnBook freshBook(GameLoop loop, PeerLink link, LockstepConfig config) {
        if (loop.simulatedNanos() != 0) {
            throw new IllegalStateException("a lockstep game starts at simulated time 0, the loop is at "
                    + Durations.exactSeconds(loop.simulatedNanos()));
        }
        return book(link, config);
    }

    /** A book from the delay a match starts with; a seat may run up to the delay's ceiling ahead of the slowest. */
    private static TurnBook book(PeerLink link, LockstepConfig config) {
        return new TurnBook(link.names().size(), config.inputDelay(), config.delayCeiling(), true);
    }

    /**
     * Takes back this player's seat in a match under way, on a link whose {@link PeerLink#rejoining()} is true:
     * waits for the host's catch-up (a snapshot of the host's world at the reconnect and its turns), checks it as
     * a file is checked (length, CRC-32, the snapshot's format and setup), restores it into the loop, and returns
     * the session, {@link LockstepSession#catchingUp()}: run frames as usual; the simulation runs faster than real time until it
     * reaches the others, then this seat plays again. Until then its units get empty turns, as while it was away.
     * What the other peers sent during the transfer is taken at the first {@link LockstepSession#poll()}, so give the
     * session's filter, resume rule and report sink before it, as for a new match.
     *
     * @param loop      the game's loop (built as for a new match; the restore replaces its world)
     * @param inputs    the loop's input queue
     * @param link      the rejoining link
     * @param config    the match's rules
     * @param snapshots snapshots of the loop
     * @param quiet     the longest wait for the host's next message during the transfer
     * @return the session, catching up
     * @throws LockstepRefusedException one line, the loop unchanged: the host cannot serve, or sent a corrupt or
     *                                  rogue catch-up; close the link and exit
     * @throws InterruptedException     if interrupted while waiting
     * @throws IllegalArgumentException if the link is not rejoining or the snapshots are of another loop
     */
    public static LockstepSession rejoin(GameLoop loop, InputQueue inputs, PeerLink link, LockstepConfig config,
                                         Snapshots snapshots, java.time.Duration quiet)
            throws LockstepRefusedException, InterruptedException {
        return Rejoining.session(loop, inputs, link, config, snapshots, quiet);
    }

}
