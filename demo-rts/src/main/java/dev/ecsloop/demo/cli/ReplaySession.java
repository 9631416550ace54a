package dev.ecsloop.demo.cli;

import dev.ecsloop.time.Durations;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayFormatException;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.Replayer;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import java.io.IOException;
import java.io.PrintStream;

/**
 * {@code --replay FILE}: reads and checks the file, rebuilds the game from the recorded setup (refusing it if
 * {@code --units}, {@code --seed} or {@code --map-size} were given and differ), and replays it as fast as
 * possible under {@code --frame-times} (1/60 s frames by default) on {@code --workers} threads (the result does
 * not depend on them), checking every recorded state hash; with
 * {@code --seek} or {@code --save-keyframes}, through keyframes ({@link SeekingReplay}).
 */
final class ReplaySession {
    static final int MATCH = 0;
    static final int DIVERGED = 1;
    static final int BAD_FILE = 2;

    private ReplaySession() {
    }

    static int run(Options options, PrintStream out, PrintStream err) {
        Replay replay;
        MatchSetup recorded;
        try {
            replay = Replay.read(options.replay);
            recorded = recordedSetup(options, replay);
        } catch (IOException e) {
            err.println("error: " + oneLine(e.getMessage()));
            return BAD_FILE;
        }
        ManualClock clock = new ManualClock();
        RtsGame game;
        try {
            game = RtsGame.create(recorded, clock, false, dev.ecsloop.time.Clock.system(), options.workers);
        } catch (OutOfMemoryError e) {
            // Only the half-built game is lost, and it is garbage now: the file asked for more than this JVM has.
            err.println("error: " + options.replay + ": setup '" + replay.setup() + "' needs more memory than this "
                    + "JVM has (max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB; raise -Xmx)");
            return BAD_FILE;
        } catch (RuntimeException e) {
            err.println("error: " + options.replay + ": cannot build setup '" + replay.setup() + "': "
                    + oneLine(e.getMessage()));
            return BAD_FILE;
        }
        FrameProfile frames = options.frameTimes != null ? options.frameTimes : FrameProfile.sixtyHz();
        ReplayResult result;
        try {
            result = options.seekNanos != null || options.saveKeyframes
                    ? SeekingReplay.play(options, replay, game, clock, frames, out)
                    : Replayer.play(replay, game.snapshots(), clock, game.inputs(), frames);
        } catch (ReplayFormatException e) {
            err.println("error: " + oneLine(e.getMessage()));
            return BAD_FILE;
        } catch (OutOfMemoryError e) {
            err.println("error: " + options.replay + ": replaying setup '" + replay.setup() + "' needs more memory "
                    + "than this JVM has (max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB)");
            return BAD_FILE;
        } finally {
            game.loop().close();   // its worker threads (--workers 2 and more)
        }
        if (result.matched()) {
            out.println("replay matched: " + result.hashesMatched() + " state hashes, simulated "
                    + Durations.seconds(result.simNanos()) + " (" + replay.setup() + ")");
        } else {
            out.println("replay diverged: " + result.divergence());
        }
        if (options.printHash) {
            out.println("world-hash: " + StateHash.hex(result.finalHash()));
        }
        return result.matched() ? MATCH : DIVERGED;
    }

    /**
     * The setup a checked recording was made with, refused in one line when it is not a demo-rts setup or the
     * flags ask for another.
     *
     * @throws ReplayFormatException naming the file and what differs
     */
    static MatchSetup recordedSetup(Options options, Replay replay) throws ReplayFormatException {
        MatchSetup recorded;
        try {
            recorded = MatchSetup.fromIdentity(replay.setup());
        } catch (IllegalArgumentException e) {
            throw new ReplayFormatException(options.replay + MatchSetup.otherVersion(replay.setup())
                    .map(why -> ": " + why).orElse(" is not a demo-rts replay (setup '" + replay.setup() + "')"));
        }
        MatchSetup wanted = recorded;
        if (options.units != null) {
            wanted = wanted.withUnits(options.units);
        }
        if (options.seed != null) {
            wanted = wanted.withSeed(options.seed);
        }
        if (options.mapSize != null) {
            wanted = wanted.withMapSize(options.mapSize);
        }
        if (options.ai != null) {
            wanted = wanted.withAi(options.ai);
        }
        if (options.endless) {
            wanted = wanted.withEndless(true);
        }
        if (!replay.setup().equals(wanted.identity())) {
            throw new ReplayFormatException(options.replay + " was recorded for setup '" + replay.setup()
                    + "', not '" + wanted.identity() + "' as the flags ask");
        }
        return recorded;
    }

    static String oneLine(String s) {
        return s == null ? "cannot read the replay" : s.replace('\n', ' ').replace('\r', ' ');
    }
}
