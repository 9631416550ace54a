package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.lockstep.turn.TurnBook;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Posts every complete turn's inputs to the game's {@link InputQueue} at the turn's instant. A turn with inputs is
 * held until the simulation stands exactly at its instant (the session's horizon stops it there), so the recorder
 * journals the inputs after every earlier state hash: a recording stays in simulated-time order, as a replay reads
 * it. Turns without inputs pass at once, and so do turns whose only commands are the session's lateness reports and
 * holds ({@link Lateness}): they were read when they came in, mean nothing to the game, and a held turn costs the
 * rest of its frame. Split from {@link LockstepSession} so that this ordering rule is in one
 * place.
 *
 * <p>The stop at a turn's instant is a formality, not a wait: the inputs were in before the simulation got there.
 * Under {@link dev.ecsloop.DebtPolicy#DISCARD} the loop would drop the rest of that frame, a different amount on
 * each peer (where the instant fell within its frame: up to a frame), so every turn with inputs would move the
 * peers' simulations apart at random (a random walk of about 7 ms per such turn at 60 frames a second, tens of ms
 * within seconds, which the delay then had to cover) and behind real time. So once it has posted a turn it stopped
 * for, it gives that frame's dropped time back ({@link GameLoop#regainDropped}): the next frame covers it, as under
 * {@code KEEP}. A stall (a turn that came in while the simulation waited at its instant) keeps its drop: that wait
 * is how a peer ahead falls back. Frames split time differently; what they compute does not change.
 *
 * <p>Invariants: turns are posted in order, each once; at most one turn is held. Not thread-safe: it lives on the
 * loop thread.
 */
final class TurnDelivery {

    private final GameLoop loop;
    private final InputQueue inputs;
    private final TurnBook book;
    private final long turnNanos;
    private final MatchPause pause;
    private final List<List<Command>> scratch = new ArrayList<>();
    private final List<List<Command>> heldBatches = new ArrayList<>();
    /** A complete turn with inputs, waiting for the simulation to reach its instant; -1 if none. */
    private long held = -1;
    /** Whether the held turn was in before the simulation reached its instant (its stop is a formality). */
    private boolean heldAhead;
    /** The loop's dropped time at the last delivery: what the frame since dropped is the difference. */
    private long droppedSeen;

    TurnDelivery(GameLoop loop, InputQueue inputs, TurnBook book, long turnNanos, MatchPause pause) {
        this.loop = loop;
        this.inputs = inputs;
        this.book = book;
        this.turnNanos = turnNanos;
        this.pause = pause;
        this.droppedSeen = loop.droppedNanos();
    }

    /**
     * Posts what can be posted now, each command as the filter admits it; a pause the filter causes at a turn's
     * instant becomes a match-wide pause.
     */
    void deliver(CommandFilter filter) {
        long frameDropped = loop.droppedNanos() - droppedSeen;
        droppedSeen = loop.droppedNanos();
        while (true) {
            if (held < 0) {
                long t = book.takeNext(scratch);
                if (t < 0) {
                    return;
                }
                boolean any = false;
                for (List<Command> batch : scratch) {
                    for (int i = 0; i < batch.size() && !any; i++) {
                        any = !Lateness.reserved(batch.get(i).type()); // lateness reports and holds were read
                    }
                }
                if (!any) {
                    continue;
                }
                held = t;
                heldAhead = loop.simulatedNanos() < Math.multiplyExact(t, turnNanos);
                heldBatches.clear();
                heldBatches.addAll(scratch);
            }
            long at = Math.multiplyExact(held, turnNanos);
            if (loop.simulatedNanos() < at) {
                return;
            }
            boolean wasPaused = loop.isPaused();
            for (int s = 0; s < heldBatches.size(); s++) {
                for (Command given : heldBatches.get(s)) {
                    Command c = filter.admit(s, given);
                    if (c != null) {
                        inputs.postAtSimulated(at).set(c.type(), c.code(), c.x(), c.y(), c.z(), c.w());
                    }
                }
            }
            if (!wasPaused && loop.isPaused()) {
                pause.began(held); // the game's filter paused the match at this turn
            } else if (heldAhead && !loop.isPaused() && loop.simulatedNanos() == at && loop.isHeldAtHorizon()
                    && frameDropped > 0) {
                loop.regainDropped(frameDropped); // the stop was a formality: see the class comment
                droppedSeen = loop.droppedNanos();
                frameDropped = 0;
            }
            held = -1;
        }
    }

    /** @return the turn held for its instant, or -1 if none */
    long held() {
        return held;
    }

    /** @return the held turn's batches by seat (read-only; meaningless without a held turn) */
    List<List<Command>> heldBatches() {
        return Collections.unmodifiableList(heldBatches);
    }
}
