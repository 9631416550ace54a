package dev.ecsloop;

/**
 * What happens to simulated time a frame could not cover because it hit the catch-up bound
 * ({@link LoopBuilder#catchUpBound(java.time.Duration)}).
 */
public enum DebtPolicy {
    /**
     * Carry it over: later frames catch up until simulated time has made up for every stalled moment. No tick is
     * ever lost, which lockstep networking and replays of real sessions need.
     */
    KEEP,
    /**
     * Drop it: the game falls behind real time by the excess, harmlessly for solo play, and never spends
     * several frames catching up after a long stall.
     */
    DISCARD
}
