package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.lockstep.turn.TurnBook;

import java.util.ArrayList;
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
 * <p>The stop at a turn's instant is a formality, not a wait, when the inputs were in before the simulation got
 * there: the frame that reaches the instant posts them there ({@link Horizon#goOn}, as the loop's
 * {@link dev.ecsloop.HorizonListener}) and goes on. Ended at the instant, that frame would leave a tick due in the
 * rest of it for the next frame, and under {@link dev.ecsloop.DebtPolicy#DISCARD} drop the rest of its advance, a
 * different amount on each peer (where the instant fell within its frame: up to a frame), so every turn with inputs
 * would move the peers' simulations apart at random (a random walk of about 7 ms per such turn at 60 frames a second,
 * tens of ms within seconds, which the delay then had to cover) and behind real time. A stall (a turn that came in
 * while the simulation waited at its instant) is posted between frames and keeps its drop: that wait is how a peer
 * ahead falls back. Frames split time differently; what they compute does not change.
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

    TurnDelivery(GameLoop loop, InputQueue inputs, TurnBook book, long turnNanos, MatchPause pause) {
        this.loop = loop;
        this.inputs = inputs;
        this.book = book;
        this.turnNanos = turnNanos;
        this.pause = pause;
    }

    /**
     * Posts what can be posted now, each command as the filter admits it; a pause the filter causes at a turn's
     * instant becomes a match-wide pause. Between frames, or inside a frame stopped at the horizon.
     */
    void deliver(CommandFilter filter) {
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
            }
            held = -1;
        }
    }

    /** @return the turn held for its instant, or -1 if none */
    long held() {
        return held;
    }
}
