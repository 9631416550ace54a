package dev.ecsloop.example;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.console.ConsoleReader;
import dev.ecsloop.pace.FrameCapCommand;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;

import java.util.concurrent.atomic.AtomicInteger;

/** The README's "Debug console" section. */
final class DebugConsole {

    private DebugConsole() {
    }

    // region console
    static Console console(GameLoop loop, FramePacer pacer, AtomicInteger units) {
        Console console = Console.forLoop(loop);                      // rate, pause, step, timescale, stats, ...
        FrameCapCommand.register(console, pacer);                     // features add their own: fps here
        console.register("spawn", "spawn <count>", "adds units", (args, out) -> {
            args.expectAtMost(1);
            int count = args.integer(0, "<count>", 1, 10_000);       // bad input: one "error: ..." line
            units.addAndGet(count);
            out.accept("spawned " + count + ", " + units.get() + " in all");
        });
        return console;
    }

    static void run(GameLoop loop, FramePacer pacer, Console console) {
        ConsoleReader.start(console, System.in, System.out);           // reads lines on a daemon thread
        LoopRunner runner = new LoopRunner(pacer);
        runner.run(() -> {
            console.drain();                                           // typed commands run here, between frames
            loop.frame();
        });
    }
    // endregion console
}
