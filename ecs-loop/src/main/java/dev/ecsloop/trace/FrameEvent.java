package dev.ecsloop.trace;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** JDK Flight Recorder event: one frame of the loop, from before its frame listeners to after its last system. */
@Name("dev.ecsloop.Frame")
@Label("Frame")
@Category({"ecs-loop"})
@Description("One frame of an ecs-loop GameLoop")
@StackTrace(false)
final class FrameEvent extends jdk.jfr.Event {

    @Label("Frame")
    long frame;

    @Label("Simulated Start")
    @Timespan(Timespan.NANOSECONDS)
    long simulatedStart;

    @Label("Simulated End")
    @Timespan(Timespan.NANOSECONDS)
    long simulatedEnd;

    @Label("Held at Horizon")
    @Description("Simulated time waited at the horizon (a lockstep wait for input)")
    boolean heldAtHorizon;
}
