package dev.ecsloop.console;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NearestNameTest {

    private static final List<String> NAMES = List.of("attack", "catchup", "debt", "fps", "hash", "help", "interp",
            "move", "pause", "quit", "rate", "record", "replay", "resume", "select", "stats", "step", "stop",
            "systems", "timescale", "units");

    @Test
    void oneSlipOfTheFingerFindsTheCommand() {
        assertEquals("select", NearestName.of("slect", NAMES));
        assertEquals("select", NearestName.of("selcet", NAMES));
        assertEquals("units", NearestName.of("unit", NAMES));
        assertEquals("timescale", NearestName.of("timescal", NAMES));
        assertEquals("attack", NearestName.of("atack", NAMES));
    }

    @Test
    void farOffWordsGetNoSuggestion() {
        assertNull(NearestName.of("warp", NAMES));
        assertNull(NearestName.of("xyzzy", NAMES));
        assertNull(NearestName.of("", NAMES));
        assertNull(NearestName.of("s".repeat(10_000), NAMES), "long input is not compared");
    }

    @Property(tries = 300)
    void aSuggestionIsAlwaysAKnownNameNearTheTypedWord(@ForAll @StringLength(max = 20) String typed) {
        String near = NearestName.of(typed, NAMES);
        if (near != null) {
            assertTrue(NAMES.contains(near));
            assertTrue(near.startsWith(typed) || NearestName.distance(typed, near) <= 3, near + " for " + typed);
        }
    }

    @Property(tries = 300)
    void swappingTwoNeighbouringLettersOfALongNameStillFindsIt(@ForAll @IntRange(min = 0, max = 20) int which,
                                                               @ForAll @IntRange(min = 0, max = 10) int at) {
        String name = NAMES.get(which);
        if (name.length() < 5) {
            return;
        }
        int i = at % (name.length() - 1);
        char[] c = name.toCharArray();
        char t = c[i];
        c[i] = c[i + 1];
        c[i + 1] = t;
        String typo = new String(c);
        String near = NearestName.of(typo, NAMES);
        assertEquals(1, typo.equals(name) ? 1 : NearestName.distance(typo, name));
        assertTrue(near != null && NearestName.distance(typo, near) <= 1, typo + " -> " + near);
    }
}
