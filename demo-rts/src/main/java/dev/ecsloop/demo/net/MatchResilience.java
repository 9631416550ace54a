package dev.ecsloop.demo.net;

import dev.ecsloop.demo.save.SaveFiles;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.lockstep.LockstepSession;
import dev.ecsloop.lockstep.net.SeatTokens;
import dev.ecsloop.snapshot.SnapshotException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.zip.CRC32;

/**
 * What lets a network match outlive a crash: where a joiner keeps its seat token (so the same {@code --join}
 * command, run again after a crash or {@code kill -9}, takes the seat back), what every player saves when the host
 * is lost (a snapshot and the recording, so the match resumes with {@code --load} under a new host), and the setup
 * a resumed match is told apart by (the loaded file's CRC-32: every player must load the same file).
 */
final class MatchResilience {
    /** Where joiners keep seat tokens: this directory under the working directory. */
    static final String TOKEN_DIR = ".ecsloop-seats";

    private MatchResilience() {
    }

    /** @return the seat tokens of commands run in this working directory */
    static SeatTokens tokens() {
        return SeatTokens.in(Path.of(TOKEN_DIR));
    }

    /** @return the setup's suffix for a match resumed from these snapshot bytes */
    static String resumed(byte[] snapshot) {
        CRC32 crc = new CRC32();
        crc.update(snapshot);
        return " resume=" + Long.toHexString(crc.getValue());
    }

    /**
     * The host is gone: saves this player's snapshot and recording in the working directory and says how to
     * resume. A file that cannot be written is reported in one line; the other is still written.
     *
     * @param game     the game, its loop between frames
     * @param session  the stopped session
     * @param teams    the match's teams (the resume keeps them: {@code --seats})
     * @param recorded the file the recording was saved to already ({@code --record}), or null
     * @param out      where the lines go
     */
    static void hostLost(RtsGame game, LockstepSession session, SeatTeams teams, Path recorded, PrintStream out) {
        String me = session.names().get(session.seat());
        String stem = (me.matches("[A-Za-z0-9_-]+") ? me : "seat" + session.seat()) + "-hostlost-turn"
                + session.turn();
        Path snap = Path.of(stem + ".snap");
        String saved;
        try {
            game.snapshots().save(snap);
            saved = "snapshot " + snap;
        } catch (SnapshotException e) {
            saved = "no snapshot (" + e.getMessage() + ")";
            snap = null;
        }
        Path replay = recorded;
        if (replay == null && game.recorder() != null) {
            replay = Path.of(stem + ".replay");
            try {
                game.recorder().save(replay);
            } catch (IOException e) {
                out.println("cannot write the recording " + replay + ": " + e.getMessage());
                replay = null;
            }
        }
        out.println("the host is lost: saved " + saved + " and " + (replay != null ? "recording " + replay
                : "no recording (this player joined mid-match: its journal would not start at time 0)"));
        if (snap != null) {
            out.println(resumeLine(session.names(), session::open, teams, snap));
        }
    }

    /**
     * The command that resumes a lost match. A seat still open for a late joiner is left out of {@code --seats} (its
     * shown name is no player's, and not one {@code --seats} takes) and stays open: {@code --late-join} counts it,
     * and whoever takes it commands its seat's team, as in the lost match. A lost match that was itself resumed keeps
     * its {@code --seats} order, and a player who took one of its open seats follows at that seat's place (open
     * seats are the last ones, taken lowest first), so that the position keeps the team it commanded.
     *
     * @param names the lost match's players by seat
     * @param open  which seats are still open for a late joiner
     * @param teams the lost match's teams
     * @param snap  the snapshot saved
     * @return one line
     */
    static String resumeLine(List<String> names, IntPredicate open, SeatTeams teams, Path snap) {
        List<String> seated = new ArrayList<>();
        for (int s = 0; s < names.size(); s++) {
            if (!open.test(s)) {
                seated.add(names.get(s));
            }
        }
        int late = names.size() - seated.size();
        List<String> order = seated;
        if (teams.order() != null) { // a resumed match: its --seats, then whoever took its open seats, by seat
            order = new ArrayList<>(teams.order());
            for (String name : seated) {
                if (!order.contains(name)) {
                    order.add(name);
                }
            }
        }
        return "resume: the new host runs --host PORT --players " + names.size()
                + (late > 0 ? " --late-join " + late : "") + " --load " + snap
                + " --seats " + String.join(",", order)
                + ", every other player --join HOST:PORT --load with a copy of that same file and the same --seats,"
                + " all with this match's other flags";
    }

    /** @return the snapshot bytes of {@code file}, with the demo's save-file rules (one-line errors) */
    static byte[] read(Path file) {
        return SaveFiles.read(file);
    }
}
