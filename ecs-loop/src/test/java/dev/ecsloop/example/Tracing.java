package dev.ecsloop.example;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.trace.Trace;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/** docs/TRACING.md's example. */
final class Tracing {

    private Tracing() {
    }

    // region tracing
    static Trace traceFiveSeconds(GameLoop loop, Console console) throws IOException {
        Trace.addCommand(console, loop);                // console: trace 5 frames.json
        Trace.flightRecorder(loop, true);               // JFR events, free until a recording enables them
        // Or from code: the next 5 s of real time, written off the loop thread when they have passed.
        return Trace.start(loop, Duration.ofSeconds(5), Path.of("frames.json"));
    }
    // endregion tracing
}
