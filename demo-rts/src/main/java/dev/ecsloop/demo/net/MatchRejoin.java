package dev.ecsloop.demo.net;

import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.lockstep.LateStart;
import dev.ecsloop.lockstep.LockstepConfig;
import dev.ecsloop.lockstep.LockstepSession;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.time.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * This player's way into a match under way (a seat taken back after a crash, an open seat taken late, a spectator
 * joining): it receives the host's snapshot, restores it and catches up, says when it plays live, and records from
 * the snapshot it received. Split from {@link NetMatch} so that what is different about a player who did not see the
 * match from its start is in one place.
 *
 * <p>Invariant: a rejoined player's recording starts at the snapshot it received (nothing is journaled across the
 * restore), or it saves none and says so; the others' recordings hold the whole match.
 */
final class MatchRejoin {
    private final RtsGame game;
    private final Clock real;
    private final PrintStream out;
    /** Whether this joiner kept a seat token of this host before joining (a rejoin, not a late join). */
    private boolean hadToken;
    /** When the rejoin began (real time), until it plays live; -1 otherwise. */
    private long start = -1;
    private boolean rejoined;
    /** Whether this rejoined player records from the snapshot it received (a recording was asked for). */
    private boolean recording;

    MatchRejoin(RtsGame game, Clock real, PrintStream out) {
        this.game = game;
        this.real = real;
        this.out = out;
    }

    /** Before joining: notes whether a seat token of this host, port and name is kept (a damaged one counts). */
    void beforeJoin(NetFlags.Address at, String name) {
        hadToken = Files.exists(MatchResilience.tokens().file(at.host(), at.port(), name));
    }

    /**
     * Takes this seat (or a spectator's place) in the match under way on a rejoining link: the host's snapshot,
     * restored, catching up; this player's recording starts over from it.
     *
     * @throws IOException if the rejoin is refused or interrupted
     */
    LockstepSession start(PeerLink link, LockstepConfig config) throws IOException {
        out.println((link.seat() < 0 ? "watching the match under way" : (hadToken ? "rejoining" : "joining")
                + " the match under way as "
                + link.names().get(link.seat()) + " (seat " + link.seat() + ")") + ": receiving the host's snapshot");
        if (game.recorder() != null) {
            game.recorder().detach(); // nothing journaled across the restore; a new one starts after it
        }
        start = real.nanoTime();
        rejoined = true;
        LockstepSession session;
        try {
            session = LateStart.rejoin(game.loop(), game.inputs(), link, config, game.snapshots(),
                    Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted during the rejoin", e);
        }
        out.println("restored the host's snapshot at turn " + session.turn() + " in "
                + (real.nanoTime() - start) / 1_000_000 + " ms: catching up");
        if (game.recorder() != null) {
            try {
                game.recordFromHere(); // this seat's own recording, from the snapshot it received
                recording = true;
            } catch (RuntimeException e) {
                out.println("not recording: " + e.getMessage());
            }
        }
        return session;
    }

    /** After a poll: once the catch-up is over, says how long it took from the reconnect to playing (watching) live. */
    void polled(LockstepSession session, long now) {
        if (start >= 0 && !session.catchingUp()) {
            String live = (session.seat() < 0 ? "watching" : "playing") + " live at turn " + session.turn();
            out.println(live + ", " + String.format("%.2f", (now - start) / 1e9) + " s after the reconnect");
            start = -1;
        }
    }

    /** @return whether this player came into the match under way */
    boolean rejoined() {
        return rejoined;
    }

    /** @return the file to save the recording to: {@code asked}, or null if this rejoiner could not start one */
    Path recording(Path asked) {
        if (asked != null && rejoined && !recording) {
            out.println("no recording: this player rejoined mid-match and could not start one from the snapshot it "
                    + "received (the others' recordings hold the whole match)");
            return null;
        }
        return asked;
    }
}
