package dev.ecsloop.example;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.console.ConsoleReader;
import dev.ecsloop.pace.FrameCapCommand;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;

/** The README's "Your own console commands": a feature that registers its own command, and a way to quit. */
final class DebugConsole {

    private DebugConsole() {
    }

    // region console
    /** A feature of the game; it brings its own console command. */
    static final class Spawner {
        int units;

        void addCommands(Console console) {
            console.register("spawn", "spawn <count>", "adds units", (args, out) -> {
                args.expectAtMost(1);
                int count = args.integer(0, "<count>", 1, 10_000);   // bad input: one "error: ..." line
                units += count;                                      // on the loop thread, between frames
                out.accept("spawned " + count + ", " + units + " in all");
            });
        }
    }

    static Console console(GameLoop loop, LoopRunner runner, Spawner spawner) {
        Console console = Console.forLoop(loop);                    // rate, pause, step, timescale, stats, ...
        FrameCapCommand.register(console, runner.pacer());          // and fps: each part adds its commands
        spawner.addCommands(console);                               // so does each feature of the game
        console.register("quit", "quit", "ends the game", (args, out) -> {
            args.expectAtMost(0);
            runner.stop();                                          // run() returns after this frame
            out.accept("bye");
        });
        return console;
    }

    static void run(GameLoop loop, Spawner spawner) {
        LoopRunner runner = new LoopRunner(new FramePacer(loop.clock(), 60));
        Console console = console(loop, runner, spawner);
        ConsoleReader.start(console, System.in, System.out);        // reads lines on a daemon thread
        runner.run(() -> {
            console.drain();                                        // typed commands run here, between frames
            loop.frame();
        });
    }
    // endregion console
}
