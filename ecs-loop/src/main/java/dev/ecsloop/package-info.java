/**
 * A multi-rate fixed-step game loop over Artemis-odb: {@link dev.ecsloop.GameLoop} runs each system at its own
 * rate in exact simulated-time order, catches up after a stall within a bound, and tells renderers how far each
 * rate is between its ticks.
 *
 * <h2>Vocabulary</h2>
 * One name per concept, used the same way in code, Javadoc, messages and the README; {@code VocabularyTest}
 * fails the build when one of the synonyms named here comes back into the sources.
 * <dl>
 *   <dt>rate</dt>
 *   <dd>Ticks per simulated second (Hz) of a fixed-step system, declared with {@link dev.ecsloop.TickRate} and
 *       changed with {@link dev.ecsloop.GameLoop#setRate}. Exact to a millihertz. Only fixed-step systems have
 *       one: a system that runs every frame has no rate (never "rate 0").</dd>
 *   <dt>step</dt>
 *   <dd>1 / rate: the simulated time between two ticks of a system, and its {@code world.getDelta()} in a
 *       tick. Only this: running one instant on demand is a <em>single-step</em>, and one
 *       {@code world.process()} is a <em>pass</em>.</dd>
 *   <dt>tick</dt>
 *   <dd>One fixed-step run of a system. A <em>run</em> is any execution of a system: a tick, a throttled run or
 *       an every-frame run ({@link dev.ecsloop.LoopStats} counts runs).</dd>
 *   <dt>every-frame system</dt>
 *   <dd>A system that runs once per frame ({@link dev.ecsloop.EveryFrame}, or no annotation), with the frame's
 *       simulated time as its delta: animation and presentation.</dd>
 *   <dt>throttled system</dt>
 *   <dd>A fixed-step system declared with {@code @TickRate(catchUp = false)}: after a stall it runs once, at its
 *       latest due tick, instead of catching up every missed one; its missed runs are <em>dropped runs</em>.</dd>
 *   <dt>phase</dt>
 *   <dd>The offset of a system's ticks within its step, as a fraction in [0, 1): its ticks fall at
 *       {@code (k + phase) / rate} seconds of simulated time, so low-rate systems can be spread over different
 *       frames (declared as {@code @TickRate(value = 5, phase = 0.5)}).</dd>
 *   <dt>instant</dt>
 *   <dd>A simulated time at which one or more ticks are due. All ticks of one instant run together, in
 *       registration order, as one pass; instants run in time order.</dd>
 *   <dt>pass</dt>
 *   <dd>One {@code world.process()} the loop makes: one instant's ticks, or the every-frame systems. Artemis
 *       applies and purges entity changes at the end of each.</dd>
 *   <dt>frame</dt>
 *   <dd>One {@link dev.ecsloop.GameLoop#frame()}: the clock is read once, simulated time advances, the ticks of
 *       every instant it passed run, then the every-frame systems run once.</dd>
 *   <dt>single-step</dt>
 *   <dd>{@link dev.ecsloop.GameLoop#step()}: while paused, simulated time moves to the next instant and runs
 *       it.</dd>
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
 *   <dd>The most simulated time one frame may cover ({@link dev.ecsloop.GameLoop#catchUpBound()}, 250 ms by
 *       default), so that a stall never makes one frame run seconds of ticks. A frame cut short by it is a
 *       <em>catch-up bound hit</em>. It has no other name: the <em>frame cap</em> is something else, the
 *       frame pacer's frames-per-second ceiling.</dd>
 *   <dt>debt</dt>
 *   <dd>Simulated time past the catch-up bound (or held at the horizon) that later frames pay back, under
 *       {@link dev.ecsloop.DebtPolicy#KEEP}; under {@link dev.ecsloop.DebtPolicy#DISCARD} it is dropped
 *       instead.</dd>
 *   <dt>horizon</dt>
 *   <dd>The latest simulated time the loop may reach ({@link dev.ecsloop.GameLoop#setHorizon}); frames go on
 *       while simulated time waits there. Lockstep networking sets it to the last instant for which every
 *       peer's input is known.</dd>
 *   <dt>alpha</dt>
 *   <dd>How far simulated time lies between a system's last tick and its next, in [0, 1]
 *       ({@link dev.ecsloop.SystemHandle#alpha()}): the interpolation fraction for what that system moves.</dd>
 * </dl>
 *
 * <p>A system with neither {@link dev.ecsloop.TickRate} nor {@link dev.ecsloop.EveryFrame} runs once every frame.
 */
package dev.ecsloop;
