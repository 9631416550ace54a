package dev.ecsloop.demo.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.lockstep.net.LockstepHost;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The command a player prints when the host is lost, followed literally: its {@code --seats} must pass the flag's
 * own check (a seat still open for a late joiner has a shown name that no {@code --seats} takes, and unquoted it is
 * a shell syntax error), and a match with open seats resumes with them open.
 */
class ResumeLineTest {

    static final Path SNAP = Path.of("bob-hostlost-turn144.snap");

    /** @return the values of {@code flag} in {@code line}, or null if it has none */
    static String flag(String line, String flag) {
        List<String> words = Arrays.asList(line.replace(",", " , ").split(" "));
        int at = words.indexOf(flag);
        return at < 0 ? null : words.get(at + 1);
    }

    static String seatsOf(String line) {
        int at = line.indexOf(" --seats ") + " --seats ".length();
        return line.substring(at, line.indexOf(", every other player"));
    }

    @Test
    void aFullMatchResumesWithEverySeatNamed() {
        String line = MatchResilience.resumeLine(List.of("alice", "bob", "cy"), s -> false, SeatTeams.BY_SEAT,
                SNAP);
        assertEquals("3", flag(line, "--players"), line);
        assertNull(flag(line, "--late-join"), line);
        assertEquals("alice,bob,cy", seatsOf(line));
        assertTrue(line.contains(" --load " + SNAP + " "), line);
    }

    @Test
    void aSeatStillOpenForALateJoinerStaysOpenAndIsNotNamedInSeats() {
        List<String> names = List.of("alice", "bob", LockstepHost.openSeatName(2), LockstepHost.openSeatName(3));
        String line = MatchResilience.resumeLine(names, s -> s >= 2, SeatTeams.BY_SEAT, SNAP);
        assertEquals("4", flag(line, "--players"), line);
        assertEquals("2", flag(line, "--late-join"), line);
        String seats = seatsOf(line);
        assertEquals("alice,bob", seats);
        assertNull(SeatTeams.check(List.of(seats.split(","))), "the printed --seats is refused by its own flag");
        assertTrue(line.matches("[A-Za-z0-9 ,.:'\\-]+"), "a character a shell would read specially: " + line);
    }

    @Test
    void aMatchResumedBeforeKeepsItsTeamsOrder() {
        SeatTeams lost = new SeatTeams(List.of("alice", "bob"));
        String line = MatchResilience.resumeLine(List.of("bob", "alice", LockstepHost.openSeatName(2)), s -> s == 2,
                lost, SNAP);
        assertEquals("alice,bob", seatsOf(line), "each keeps the team its name had in the first match");
        assertEquals("1", flag(line, "--late-join"), line);
    }

    /**
     * A resumed match in which a late joiner took the open seat is lost in turn: the next line names that player
     * too (it was left out, so following the line put it on whichever team its join order gave), at the place that
     * keeps every player's team.
     */
    @Test
    void aResumedMatchLostAgainNamesItsLateJoinerAndKeepsEveryTeam() {
        SeatTeams resumed = new SeatTeams(List.of("alice", "bob"));
        List<String> names = List.of("bob", "alice", "dan"); // bob hosted the resume; dan took open seat 2
        String line = MatchResilience.resumeLine(names, s -> false, resumed, SNAP);
        assertEquals("alice,bob,dan", seatsOf(line));
        assertNull(flag(line, "--late-join"), line);
        SeatTeams next = new SeatTeams(List.of(seatsOf(line).split(",")));
        List<String> nextNames = List.of("dan", "bob", "alice"); // any join order under the next host
        for (int s = 0; s < names.size(); s++) {
            int nextSeat = nextNames.indexOf(names.get(s));
            assertEquals(resumed.team(names, s), next.team(nextNames, nextSeat), names.get(s) + "'s team");
        }
    }
}
