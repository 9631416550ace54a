package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.WindowLauncher;
import dev.ecsloop.demo.net.NetMatch;
import dev.ecsloop.demo.net.NetRun;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Optional;

/** Hands {@code --host}/{@code --join} to {@link NetMatch}, refusing the flags a network match cannot honour. */
final class NetPlay {
    private NetPlay() {
    }

    static int run(Options options, InputStream in, PrintStream out, PrintStream err, Optional<WindowLauncher> window) {
        String clash = options.replay != null ? "--replay" : options.frameTimes != null ? "--frame-times"
                : options.consolePort != null ? "--console-port" : options.consoleToken != null ? "--console-token"
                : options.explorerPort != null ? "--explorer" : null;
        if (options.explorerEdit && options.net.active()) {
            err.println("error: in a lockstep match explorer edits are refused (they would change this machine "
                    + "only): drop --explorer-edit");
            return OneLineErrors.EXIT;
        }
        if (clash != null && options.net.active()) {
            err.println("error: a network match runs in real time with its own console: drop " + clash);
            return OneLineErrors.EXIT;
        }
        String recordProblem = options.record == null || !options.net.active() ? null
                : RecordTarget.claim(options.record);
        if (recordProblem != null) {
            err.println("error: " + recordProblem);
            return OneLineErrors.EXIT;
        }
        NetRun run = new NetRun(options.setup(false), options.headless, options.offscreen, options.fps,
                options.stopAtNanos, options.record, options.load, options.printHash, options.screenshots,
                options.quiet ? null : game -> StatusLine.format(game.loop(), game.unitCount(0), game.unitCount(1)),
                console -> ExitSaver.install(console)::close, options.workers);
        try {
            return NetMatch.run(options.net, run, in, out, err, window, System::getenv);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return OneLineErrors.EXIT;
        } finally {
            if (options.record != null) {
                RecordTarget.release(options.record);
            }
        }
    }
}
