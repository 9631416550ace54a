package dev.ecsloop.demo.fog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.map.GridMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class FogOfWarTest {

    @Test
    void aRevealShowsTheDiscOfItsRadiusAndNothingElse() {
        FogOfWar fog = new FogOfWar(20, 20);
        fog.begin(0);
        fog.reveal(0, 10, 10, 2);
        assertEquals(13, fog.visibleCount(0), "radius 2: the 13 cells with dx^2 + dy^2 <= 4");
        assertTrue(fog.visible(0, 12, 10));
        assertTrue(fog.visible(0, 11, 11));
        assertFalse(fog.visible(0, 12, 11), "dx^2 + dy^2 = 5 is outside");
        assertEquals(0, fog.visibleCount(1), "the other team saw nothing");
    }

    @Test
    void aNewUpdateHidesWhatIsNoLongerSeenButItStaysExplored() {
        FogOfWar fog = new FogOfWar(20, 20);
        fog.begin(1);
        fog.reveal(1, 3, 3, 1);
        assertTrue(fog.visible(1, 3, 4));
        fog.begin(1);
        fog.reveal(1, 15, 15, 1);
        assertFalse(fog.visible(1, 3, 4), "hidden once the unit has left");
        assertTrue(fog.explored(1, 3, 4), "but remembered as explored");
        assertTrue(fog.visible(1, 15, 16), "revealed where the unit is now");
        assertFalse(fog.explored(1, 10, 10), "never seen");
    }

    @Test
    void revealsAtTheEdgeAreClippedToTheMap() {
        FogOfWar fog = new FogOfWar(8, 8);
        fog.begin(0);
        fog.reveal(0, 0, 0, 1);
        assertEquals(3, fog.visibleCount(0), "the quarter disc inside the map");
        fog.reveal(0, -50, 99, 5);
        assertEquals(3, fog.visibleCount(0), "a reveal far off the map changes nothing");
        assertFalse(fog.visible(0, -1, 0));
    }

    @Test
    void rockBlocksSightButTheWallItselfIsSeen() {
        GridMap map = GridMap.fromAscii(
                "..........",
                ".....##...",
                ".....##...",
                ".....##...",
                ".....##...",
                ".....##...",
                "..........");
        FogOfWar fog = new FogOfWar(map);
        fog.begin(0);
        fog.revealInSight(0, 2, 3, 6);
        assertTrue(fog.visible(0, 4, 3), "open ground before the wall");
        assertTrue(fog.visible(0, 5, 3), "the wall");
        assertTrue(fog.visible(0, 6, 3), "the rock mass shows its shape");
        assertFalse(fog.visible(0, 7, 3), "ground behind the wall is hidden");
        assertFalse(fog.visible(0, 8, 2));
        assertTrue(fog.visible(0, 5, 0), "past the end of the wall");
        assertTrue(fog.explored(0, 5, 3));
        assertFalse(fog.explored(0, 8, 3));
        fog.begin(1);
        fog.reveal(1, 2, 3, 6);
        assertTrue(fog.visible(1, 7, 3), "the open-field reveal ignores rock");
    }

    /** On open ground, sight through rock-free cells is the whole disc, as for the open-field reveal. */
    @Property(tries = 100)
    void onOpenGroundLineOfSightIsTheWholeDisc(@ForAll @IntRange(min = 0, max = 20) int cx,
                                                @ForAll @IntRange(min = 0, max = 16) int cy,
                                                @ForAll @IntRange(min = 0, max = 12) int r) {
        FogOfWar open = new FogOfWar(GridMap.open(21, 17));
        FogOfWar field = new FogOfWar(21, 17);
        open.begin(0);
        field.begin(0);
        open.revealInSight(0, cx, cy, r);
        field.reveal(0, cx, cy, r);
        for (int y = 0; y < 17; y++) {
            for (int x = 0; x < 21; x++) {
                assertEquals(field.visible(0, x, y), open.visible(0, x, y), "cell " + x + "," + y);
            }
        }
    }

    @Test
    void aFogOfNoSizeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new FogOfWar(0, 5));
    }

    /** Visibility after one reveal is exactly the integer disc, clipped to the map, for any centre and radius. */
    @Property(tries = 200)
    void visibleIsExactlyTheClippedDisc(@ForAll @IntRange(min = -5, max = 25) int cx,
                                        @ForAll @IntRange(min = -5, max = 25) int cy,
                                        @ForAll @IntRange(min = 0, max = 12) int r) {
        FogOfWar fog = new FogOfWar(21, 17);
        fog.begin(0);
        fog.reveal(0, cx, cy, r);
        for (int y = 0; y < 17; y++) {
            for (int x = 0; x < 21; x++) {
                boolean inside = (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r;
                assertEquals(inside, fog.visible(0, x, y), "cell " + x + "," + y);
            }
        }
    }
}
