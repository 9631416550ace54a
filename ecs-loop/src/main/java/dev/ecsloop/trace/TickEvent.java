package dev.ecsloop.trace;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * JDK Flight Recorder event: one run of a system (a fixed tick, a throttled run or an every-frame run),
 * committed when the run ends. Its {@code cost} is the loop's own profiler measurement of the run (the same
 * figure the loop's stats use), so the event itself carries no duration of its own.
 */
@Name("dev.ecsloop.Tick")
@Label("Tick")
@Category({"ecs-loop"})
@Description("One run of a system of an ecs-loop GameLoop")
@StackTrace(false)
final class TickEvent extends jdk.jfr.Event {

    @Label("System")
    String system;

    @Label("Simulated Time")
    @Description("The run's simulated instant, since the loop was built")
    @Timespan(Timespan.NANOSECONDS)
    long simulatedTime;

    @Label("Cost")
    @Description("Real time of the run, from the end of the previous run, by the loop's profiler clock")
    @Timespan(Timespan.NANOSECONDS)
    long cost;
}
