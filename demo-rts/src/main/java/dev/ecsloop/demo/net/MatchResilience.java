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
     * The command that resumes a lost match. {@code --seats} gives each player the team it commanded: a name's place
     * in the list, modulo 2, is its team in the resumed match, so the list alternates the teams' players, team 0
     * first, each team's in seat order (a new match's players come out in seat order). That holds for the players a
     * resumed match got from its own {@code --seats}, for the ones that took its open seats and for strangers alike,
     * and the list never names anyone twice or anyone not seated. Teams that a list cannot alternate (team 0 two
     * players larger, or team 1 larger at all, which only strangers taking others' places in a resumed match make)
     * leave the last players of the larger team on the other one, and the line says who. A seat still open for a late
     * joiner is left out (its shown name is no player's, and not one {@code --seats} takes) and stays open:
     * {@code --late-join} counts it, and whoever takes it commands its seat's team, as in the lost match (open seats
     * are the last ones in both).
     *
     * @param names the lost match's players by seat
     * @param open  which seats are still open for a late joiner
     * @param teams the lost match's teams
     * @param snap  the snapshot saved
     * @return one line
     */
    static String resumeLine(List<String> names, IntPredicate open, SeatTeams teams, Path snap) {
        List<String> zero = new ArrayList<>();
        List<String> one = new ArrayList<>();
        int late = 0;
        for (int s = 0; s < names.size(); s++) {
            if (open.test(s)) {
                late++;
            } else {
                (teams.team(names, s) == 0 ? zero : one).add(names.get(s));
            }
        }
        List<String> order = new ArrayList<>();
        int pairs = Math.min(zero.size(), one.size());
        for (int i = 0; i < pairs; i++) {
            order.add(zero.get(i));
            order.add(one.get(i));
        }
        int restTeam = zero.size() > pairs ? 0 : 1; // the larger team's players left over (none if even)
        List<String> rest = restTeam == 0 ? zero.subList(pairs, zero.size()) : one.subList(pairs, one.size());
        StringBuilder moved = new StringBuilder();
        for (String name : rest) {
            int team = order.size() % 2;
            if (team != restTeam) {
                moved.append(moved.length() == 0 ? "" : ", ").append(name).append(" team ").append(team);
            }
            order.add(name);
        }
        return "resume: the new host runs --host PORT --players " + names.size()
                + (late > 0 ? " --late-join " + late : "") + " --load " + snap
                + " --seats " + String.join(",", order)
                + ", every other player --join HOST:PORT --load with a copy of that same file and the same --seats,"
                + " all with this match's other flags" + (moved.length() == 0 ? ""
                : " (the teams are uneven, which --seats cannot keep: " + moved + ")");
    }

    /** @return the snapshot bytes of {@code file}, with the demo's save-file rules (one-line errors) */
    static byte[] read(Path file) {
        return SaveFiles.read(file);
    }
}
