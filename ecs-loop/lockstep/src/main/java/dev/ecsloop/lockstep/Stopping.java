package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.snapshot.Snapshots;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * How this peer's game stops, and the desync diagnosis that may run after the stop: the first reason wins, the
 * others are told unless they told this peer, and under {@link LockstepSession#diagnose} the peers then meet at the
 * mismatched checkpoint and bisect their worlds ({@link DesyncHunt}). Split from {@link LockstepSession} so that the
 * stop and what may still run after it are one piece.
 *
 * <p>Invariants: once set, the reason never changes; the stop freezes simulated time where it is (the horizon
 * comes to it at once) and is reported once. Not thread-safe: it lives on the loop thread.
 */
final class Stopping {

    private final GameLoop loop;
    private final PeerLink link;
    private final LockstepConfig config;
    private final Checkpoints checkpoints;
    /** The players' names by seat, shared with the session (a late joiner's seat is renamed in place). */
    private final List<String> names;
    private final Horizon horizon;
    private Consumer<String> reports = line -> { };
    private String reason;
    private DesyncHunt hunt;

    Stopping(GameLoop loop, PeerLink link, LockstepConfig config, Checkpoints checkpoints, List<String> names,
             Horizon horizon) {
        this.horizon = horizon;
        this.loop = loop;
        this.link = link;
        this.config = config;
        this.checkpoints = checkpoints;
        this.names = names;
        this.hunt = DesyncHunt.passive(link, config, names);
    }

    /** @return why the game stopped, or null while it runs */
    String reason() {
        return reason;
    }

    /** @return the desync hunt: passive until {@link #diagnose} */
    DesyncHunt hunt() {
        return hunt;
    }

    /**
     * Diagnoses desyncs with snapshots of the loop written to {@code dir} (see {@link LockstepSession#diagnose}).
     *
     * @throws IllegalArgumentException if the snapshots are of another loop, or this is a spectator
     */
    void diagnose(Snapshots snapshots, Path dir) {
        if (snapshots.loop() != loop || link.seat() < 0) {
            throw new IllegalArgumentException("the snapshots must be of this session's loop, and of a player");
        }
        hunt = new DesyncHunt(snapshots, dir, link, config, names);
    }

    /** Where the stop is reported (the session's report sink). */
    void onReport(Consumer<String> sink) {
        reports = sink;
    }

    /**
     * Stops the game with {@code why}, telling the others if {@code tellOthers}: the horizon comes to the simulated
     * time and the stop is reported. Nothing if {@code why} is null or the game has stopped already.
     */
    void stop(String why, boolean tellOthers) {
        if (reason != null || why == null) {
            return;
        }
        reason = why;
        hunt.stopped();
        if (tellOthers) {
            link.send(new Message.Stop(link.seat(), why));
        }
        horizon.limit(loop.simulatedNanos());
        reports.accept("game stopped at turn " + loop.simulatedNanos() / config.turnNanos() + ": " + why);
    }

    /** This peer found the first desync: stops the game, and with diagnosis announces where to meet. */
    void desynced() {
        hunt.found(checkpoints.desync().turn(), true);
        stop(checkpoints.desync().describe(names), true);
    }

    /**
     * After a desync under diagnosis: simulates up to the mismatched checkpoint if this peer is behind it, and moves
     * the hunt on. Nothing past that checkpoint runs.
     *
     * @param deliverable posts what can be posted now and returns the turn whose start the held turns let the
     *                    simulation reach (called only while this peer is behind the checkpoint)
     * @param playing     which seats play
     * @param reports     where the hunt reports
     * @return the simulated time the loop may run to
     */
    long diagnosisHorizon(LongSupplier deliverable, boolean[] playing, Consumer<String> reports) {
        long meet = hunt.meetNanos();
        long horizon = loop.simulatedNanos() < meet
                ? Math.min(meet, Math.multiplyExact(deliverable.getAsLong(), config.turnNanos())) : meet;
        return hunt.advance(loop.simulatedNanos(), checkpoints.agreedThrough(), playing, horizon, reports);
    }
}
