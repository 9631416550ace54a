package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.time.ManualClock;

import java.util.List;

/**
 * One peer driven by a manual clock as the session drives it (deliver, the horizon at the held turn's instant or
 * the first turn not in, the {@link SoftHorizon}'s settle and cap, then a frame), with each turn's batch arriving at
 * a scripted real time: a test of the soft horizon without a network. A stall is a frame that ended held at the
 * horizon while no turn was held for its instant (waiting for a batch), as the benchmark counts them.
 */
final class SlewedPeer {

    static final long MS = 1_000_000L;
    static final long TURN = 50 * MS;

    final ManualClock clock = new ManualClock();
    final TestPeer.Game game = TestPeer.build(clock, 0);
    final GameLoop loop = game.loop();
    private final TurnBook book = new TurnBook(1, 1, true);
    private final TurnDelivery delivery = new TurnDelivery(loop, game.inputs(), book, TURN,
            new MatchPause(loop, seat -> { }));
    /** Null: the hard horizon, as before the soft one. */
    final SoftHorizon soft;
    /** When each turn's batch comes in (real ns), and whether it carries an order. */
    private final long[] arrival;
    private final boolean[] order;
    private int nextIn = 1;
    int stalls;
    /** Frames that ended past the horizon the inputs allowed (none may). */
    int overruns;
    /** The real time elapsed. */
    long real;

    SlewedPeer(boolean slewed, long[] arrival, boolean[] order) {
        this.soft = slewed ? new SoftHorizon(loop) : null;
        this.arrival = arrival;
        this.order = order;
        if (soft != null) {
            loop.addFrameListener((realStart, realEnd, wantedStart, wantedEnd, simEnd) -> soft.frame(realEnd - realStart));
        }
    }

    /** One poll and one frame of {@code nanos} real time. */
    void frame(long nanos) {
        while (nextIn < arrival.length && arrival[nextIn] <= real) {
            book.accept(0, nextIn, order[nextIn] ? List.of(new Command(1, 0, nextIn, 0, 0, 0)) : List.of());
            nextIn++;
        }
        delivery.deliver(CommandFilter.ALL);
        long turn = delivery.held() >= 0 ? delivery.held() : book.nextToTake();
        long horizon = Math.max(loop.simulatedNanos(), turn * TURN);
        long allowed = horizon;
        if (soft != null) {
            soft.settle();
            horizon = Math.max(loop.simulatedNanos(), soft.cap(horizon));
        }
        loop.setHorizon(horizon);
        clock.advance(nanos);
        real += nanos;
        loop.frame();
        if (loop.simulatedNanos() > allowed) {
            overruns++;
        }
        if (loop.isHeldAtHorizon() && delivery.held() < 0 && loop.simulatedNanos() == book.nextToTake() * TURN) {
            stalls++;
        }
    }

    /** @return the orders as the game's ticks saw them (their instant and tick): what is simulated */
    List<CommandSystem.Seen> seen() {
        return game.commands().seen;
    }

    /** @return simulated time this peer's soft horizon still owes (0 for a hard one) */
    long owed() {
        return soft == null ? 0 : soft.owed();
    }
}
