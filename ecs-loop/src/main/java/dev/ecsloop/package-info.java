/**
 * A multi-rate fixed-step game loop over Artemis-odb: {@link dev.ecsloop.GameLoop} runs each system at its own
 * rate in exact simulated-time order, catches up after a stall within a bound, and tells renderers how far each
 * rate is between its ticks.
 *
 * <h2>Glossary</h2>
 * One name per concept, used the same way in code, Javadoc and the README.
 * <dl>
 *   <dt>rate</dt>
 *   <dd>Ticks per simulated second (Hz) of a fixed-step system, declared with {@link dev.ecsloop.TickRate} and
 *       changed with {@link dev.ecsloop.GameLoop#setRate}. Exact to a millihertz.</dd>
 *   <dt>step</dt>
 *   <dd>1 / rate: the simulated time between two ticks of a system, and its {@code world.getDelta()} in a
 *       tick.</dd>
 *   <dt>tick</dt>
 *   <dd>One fixed-step run of a system.</dd>
 *   <dt>phase</dt>
 *   <dd>The offset of a system's ticks within its step, as a fraction in [0, 1): its ticks fall at
 *       {@code (k + phase) / rate} seconds of simulated time, so low-rate systems can be spread over different
 *       frames (declared as {@code @TickRate(value = 5, phase = 0.5)}).</dd>
 *   <dt>instant</dt>
 *   <dd>A simulated time at which one or more ticks are due. All ticks of one instant run together, in
 *       registration order, as one Artemis step; instants run in time order.</dd>
 *   <dt>frame</dt>
 *   <dd>One {@link dev.ecsloop.GameLoop#frame()}: the clock is read once, simulated time advances, the ticks of
 *       every instant it passed run, then the every-frame systems run once.</dd>
 *   <dt>simulated time</dt>
 *   <dd>The game's own time, in long nanoseconds since the loop was built: it stops while paused, runs slower or
 *       faster with the time scale, and is all the simulation may depend on.</dd>
 *   <dt>real time</dt>
 *   <dd>The clock's time ({@link dev.ecsloop.time.Clock}); only the loop turns it into simulated time.</dd>
 *   <dt>accumulator</dt>
 *   <dd>The simulated time that has passed but not yet reached a system's next tick. ecs-loop keeps it exactly,
 *       as each system's next tick instant in integer nanoseconds and rational steps, never as a float sum of
 *       frame deltas.</dd>
 *   <dt>catch-up bound</dt>
 *   <dd>The most simulated time one frame may cover ({@code maxCatchUp}, 250 ms by default), so that a stall
 *       never makes one frame run seconds of ticks.</dd>
 *   <dt>debt</dt>
 *   <dd>Simulated time past the catch-up bound that later frames pay back, under
 *       {@link dev.ecsloop.DebtPolicy#KEEP}; under {@link dev.ecsloop.DebtPolicy#DISCARD} it is dropped
 *       instead.</dd>
 *   <dt>horizon</dt>
 *   <dd>The latest simulated time the loop may reach ({@link dev.ecsloop.GameLoop#setHorizon}); frames go on
 *       while simulated time waits there. Lockstep networking sets it to the last instant for which every
 *       peer's input is known.</dd>
 *   <dt>alpha</dt>
 *   <dd>How far simulated time lies between a system's last tick and its next, in [0, 1]
 *       ({@link dev.ecsloop.GameLoop#alpha}): the interpolation fraction for what that system moves.</dd>
 * </dl>
 *
 * <p>A system with neither {@link dev.ecsloop.TickRate} nor {@link dev.ecsloop.EveryFrame} runs once every frame.
 */
package dev.ecsloop;
