package dev.ecsloop.trace;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** JDK Flight Recorder event: a frame that the catch-up bound cut short (the game fell behind real time). */
@Name("dev.ecsloop.CatchUpBoundHit")
@Label("Catch-up Bound Hit")
@Category({"ecs-loop"})
@Description("A frame of an ecs-loop GameLoop cut short by its catch-up bound")
@StackTrace(false)
final class CatchUpBoundEvent extends jdk.jfr.Event {

    @Label("Frame")
    long frame;

    @Label("Simulated Time")
    @Description("Simulated time the frame reached")
    @Timespan(Timespan.NANOSECONDS)
    long simulatedTime;
}
