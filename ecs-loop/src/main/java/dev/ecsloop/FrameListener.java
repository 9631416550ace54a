package dev.ecsloop;

/**
 * Called on the loop thread at the start of each {@link GameLoop#frame()}, after simulated time has advanced and
 * before any system runs. It tells how the frame's real time maps onto simulated time, which is what timestamped
 * input needs to hand each fixed tick exactly the events up to its own time.
 *
 * <p>The frame covers real time {@code (realStart, realEnd]}. On the unbounded simulated timeline that real time
 * spans {@code [wantedStart, wantedEnd]}; the simulation itself only reaches {@code simEnd} this frame, which is
 * less when the catch-up bound cut the frame short or earlier debt is still owed. While paused all three
 * simulated values are equal.
 *
 * <p>Implementations must not allocate: they run in every frame.
 */
@FunctionalInterface
public interface FrameListener {

    /**
     * Called once per frame, before any system runs.
     *
     * @param realStart   real time at which the frame's span begins (exclusive), ns
     * @param realEnd     real time at which the frame's span ends (inclusive), ns
     * @param wantedStart where {@code realStart} lies on the unbounded simulated timeline, ns
     * @param wantedEnd   where {@code realEnd} lies on the unbounded simulated timeline, ns
     * @param simEnd      the simulated time the simulation reaches in this frame, ns
     */
    void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd);
}
