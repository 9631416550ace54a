package dev.ecsloop.demo.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Where the armies meet, found in a snapshot. */
class EngagementTest {

    private static RenderSnapshot map() {
        RenderSnapshot s = new RenderSnapshot();
        s.setMap(64, 64, new boolean[64 * 64]);
        return s;
    }

    @Test
    void armiesApartAreNoEngagement() {
        RenderSnapshot s = map();
        for (int i = 0; i < 10; i++) {
            s.addUnit(5 + i * 0.5f, 5, 0, 0, 1f, false);
            s.addUnit(55 + i * 0.5f, 55, 0, 1, 1f, false);
        }
        assertFalse(new Engagement().find(s));
    }

    @Test
    void theBusiestContactIsTheEngagementBoundedByItsUnits() {
        RenderSnapshot s = map();
        for (int i = 0; i < 10; i++) { // a big fight around (40, 20)
            s.addUnit(38 + i * 0.2f, 20, 0, 0, 1f, false);
            s.addUnit(42 + i * 0.2f, 21, 0, 1, 1f, false);
        }
        for (int i = 0; i < 4; i++) { // a skirmish around (10, 50)
            s.addUnit(10, 50 + i * 0.2f, 0, 0, 1f, false);
            s.addUnit(12, 50 + i * 0.2f, 0, 1, 1f, false);
        }
        s.addUnit(1, 1, 0, 1, 1f, false, RenderSnapshot.BASE); // bases never count
        Engagement e = new Engagement();
        assertTrue(e.find(s));
        assertEquals(38f, e.x0(), 1e-4);
        assertEquals(43.8f, e.x1(), 1e-4);
        assertEquals(20f, e.y0(), 1e-4);
        assertEquals(21f, e.y1(), 1e-4);
    }

    @Test
    void fewerThanTheMinimumOnOneSideIsNoFight() {
        RenderSnapshot s = map();
        for (int i = 0; i < 20; i++) {
            s.addUnit(30, 30 + i * 0.1f, 0, 0, 1f, false);
        }
        for (int i = 0; i < Engagement.MIN_CONTACT - 1; i++) {
            s.addUnit(32, 30, 0, 1, 1f, false);
        }
        assertFalse(new Engagement().find(s));
        s.addUnit(32, 31, 0, 1, 1f, false);
        assertTrue(new Engagement().find(s));
    }
}
