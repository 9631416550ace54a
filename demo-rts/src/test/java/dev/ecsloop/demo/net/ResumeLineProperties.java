package dev.ecsloop.demo.net;

import static dev.ecsloop.demo.net.ResumeLineTest.SNAP;
import static dev.ecsloop.demo.net.ResumeLineTest.flag;
import static dev.ecsloop.demo.net.ResumeLineTest.seatsOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.lockstep.net.LockstepHost;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The resume line over random lost matches: new ones and resumed ones (with a {@code --seats} of their own, whose
 * players came, or did not and strangers took their places), with open seats left for late joiners. Followed, it
 * must pass its own flag's check, name every seated player once and nobody else, and give each the team it
 * commanded, whatever order they join in; only teams no alternating list can hold (team 0 two players larger, or
 * team 1 larger at all) may move a player, and then the line says who.
 */
class ResumeLineProperties {

    static final List<String> POOL = List.of("ann", "bob", "cy", "dan", "eve", "fay", "gus", "hal", "ivy", "jo",
            "kim", "lu");

    /** A lost match: its players by seat (open seats by their shown name), how many are open, and its teams. */
    record Lost(List<String> names, int open, SeatTeams teams) {
    }

    @Property(tries = 500)
    void theLineKeepsEveryTeamItCanAndSaysWhichItCannot(@ForAll("lost") Lost lost) {
        List<String> names = lost.names();
        int seated = names.size() - lost.open();
        String line = MatchResilience.resumeLine(names, s -> s >= seated, lost.teams(), SNAP);
        assertEquals(String.valueOf(names.size()), flag(line, "--players"), line);
        assertEquals(lost.open() == 0 ? null : String.valueOf(lost.open()), flag(line, "--late-join"), line);
        List<String> seats = List.of(seatsOf(line).split(","));
        assertNull(SeatTeams.check(seats), "the printed --seats is refused by its own flag: " + line);
        assertEquals(new HashSet<>(names.subList(0, seated)), new HashSet<>(seats), line);
        assertEquals(seated, seats.size(), line);
        int[] count = new int[2];
        for (int s = 0; s < seated; s++) {
            count[lost.teams().team(names, s)]++;
        }
        boolean alternates = count[0] == count[1] || count[0] == count[1] + 1;
        SeatTeams next = new SeatTeams(seats);
        for (int s = 0; s < seated; s++) {
            String name = names.get(s);
            int was = lost.teams().team(names, s);
            int now = next.team(seats, seats.indexOf(name)); // any join order: the name decides
            if (now != was) {
                assertFalse(alternates, name + " changed team though the teams alternate: " + line);
                assertTrue(line.contains(name + " team " + now), "the line does not say " + name + " moves: " + line);
            }
        }
        assertEquals(!alternates, line.contains("the teams are uneven"), line);
        Statistics.label("resumed before").collect(lost.teams().order() != null);
        Statistics.label("teams alternate").collect(alternates);
    }

    @Provide
    Arbitrary<Lost> lost() {
        Arbitrary<List<String>> players = Arbitraries.of(POOL).list().uniqueElements().ofMinSize(2).ofMaxSize(8);
        Arbitrary<List<String>> order = Arbitraries.of(POOL).list().uniqueElements().ofMinSize(2).ofMaxSize(8)
                .injectNull(0.3);
        return Combinators.combine(players, order, Arbitraries.integers().between(0, 6)).as((p, o, n) -> {
            int open = Math.min(n, p.size() - 2); // a line is printed by a seated player other than the host
            List<String> names = new ArrayList<>(p);
            for (int s = names.size() - open; s < names.size(); s++) {
                names.set(s, LockstepHost.openSeatName(s));
            }
            return new Lost(names, open, new SeatTeams(o));
        });
    }
}
