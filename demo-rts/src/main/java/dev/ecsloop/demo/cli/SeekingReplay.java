package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayFormatException;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.ReplaySeeker;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.time.Durations;
import dev.ecsloop.time.ManualClock;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * {@code --replay FILE --seek SECONDS} and {@code --save-keyframes}: the replay through a {@link ReplaySeeker}.
 * Keyframes come from {@code FILE.keys} when it exists (a bad one is one line, exit 2, and nothing runs), else
 * they are built as the replay passes their instants within {@code --keyframe-budget}; the seek jumps to the
 * instant and the rest of the replay is verified as a plain replay would be.
 */
final class SeekingReplay {

    private SeekingReplay() {
    }

    /**
     * @return the replay's result
     * @throws ReplayFormatException if the file, its keyframes or the seek are refused (one line)
     */
    static ReplayResult play(Options options, Replay replay, RtsGame game, ManualClock clock, LongSupplier frames,
                             PrintStream out) throws ReplayFormatException {
        int budget = options.keyframeBudget == null ? Keyframes.DEFAULT_BUDGET_MB : options.keyframeBudget;
        Path keys = Keyframes.besideReplay(options.replay);
        boolean loaded = Files.exists(keys);
        Keyframes keyframes = loaded ? Keyframes.load(keys, replay, budget)
                : Keyframes.every(Keyframes.DEFAULT_INTERVAL, budget);
        if (options.seekNanos != null && options.seekNanos > replay.endNanos()) {
            throw new ReplayFormatException("cannot seek to " + Durations.exactSeconds(options.seekNanos) + ": "
                    + options.replay + " ends at " + Durations.exactSeconds(replay.endNanos()));
        }
        if (options.seekNanos != null && options.seekNanos < replay.startNanos()) {
            throw new ReplayFormatException("cannot seek to " + Durations.exactSeconds(options.seekNanos) + ": "
                    + options.replay + " starts at " + Durations.exactSeconds(replay.startNanos())
                    + " (it was recorded from a snapshot)");
        }
        try (ReplaySeeker seeker = ReplaySeeker.open(replay, game.snapshots(), clock, game.inputs(), frames,
                keyframes)) {
            if (options.seekNanos != null) {
                seeker.seek(options.seekNanos);
                out.println("seeked to " + Durations.exactSeconds(seeker.simulatedNanos()) + " ("
                        + keyframes.count() + " keyframes every " + Durations.exactSeconds(keyframes.interval()
                        .toNanos()) + ", " + (loaded ? "read from " + keys : "built on the way") + ")");
            }
            ReplayResult result = seeker.playToEnd();
            if (options.saveKeyframes) {
                keyframes.save(keys, replay);
                out.println("keyframes saved: " + keys + " (" + keyframes.count() + " every "
                        + Durations.exactSeconds(keyframes.interval().toNanos()) + ", "
                        + keyframes.bytes() / 1024 + " KiB packed from " + keyframes.rawBytes() / 1024 + " KiB)");
            }
            return result;
        } catch (SnapshotException | IllegalStateException e) {
            throw new ReplayFormatException(options.replay + ": " + e.getMessage());
        } catch (ReplayFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new ReplayFormatException("cannot write keyframes " + keys + ": " + e.getMessage());
        }
    }
}
