package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;

import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * The host's link with a round trip scripted by the host's turn instead of measured, and the same script as the
 * host's lateness readings ({@link #scripted}, which the session takes in {@link #start}): the input delay's
 * decisions then depend on nothing but the turn, so a test can expect the exact changes whatever the machine's
 * speed.
 */
final class ScriptedRoundTrip extends ForwardingLink {

    private final Supplier<LockstepSession> session;
    private final LongUnaryOperator rttByTurn;

    /**
     * @param link      the real link
     * @param session   the session on it, once started (read on its own loop thread)
     * @param rttByTurn the round trip to report in each turn
     */
    ScriptedRoundTrip(PeerLink link, Supplier<LockstepSession> session, LongUnaryOperator rttByTurn) {
        super(link);
        this.session = session;
        this.rttByTurn = rttByTurn;
    }

    /** @return the scripted reading for {@code turn} */
    long scripted(long turn) {
        return rttByTurn.applyAsLong(turn);
    }

    /** Starts a session on this link whose lateness readings are the script's. */
    static LockstepSession start(dev.ecsloop.GameLoop loop, dev.ecsloop.input.InputQueue inputs, PeerLink link,
                                 LockstepConfig config) {
        LockstepSession session = LockstepSession.start(loop, inputs, link, config);
        if (link instanceof ScriptedRoundTrip s) {
            session.scriptLateness(s::scripted);
        }
        return session;
    }

    @Override
    public long rttNanos() {
        LockstepSession s = session.get();
        return s == null ? -1 : rttByTurn.applyAsLong(s.turn());
    }

}
