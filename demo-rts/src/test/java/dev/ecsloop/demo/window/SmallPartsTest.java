package dev.ecsloop.demo.window;

import dev.ecsloop.interpolate.InterpolationMode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmallPartsTest {

    @Test
    void f2CyclesInterpolateExtrapolateOff() {
        assertEquals(InterpolationMode.EXTRAPOLATE, InterpolationCycle.next(InterpolationMode.INTERPOLATE));
        assertEquals(InterpolationMode.OFF, InterpolationCycle.next(InterpolationMode.EXTRAPOLATE));
        assertEquals(InterpolationMode.INTERPOLATE, InterpolationCycle.next(InterpolationMode.OFF));
    }

    /** Helper-14: a joiner commanding team 1 read "you (team 0)" beside team 0's colour. */
    @Test
    void theLegendCallsThePlayersOwnTeamYou() {
        assertEquals(java.util.List.of("you (team 0)", "enemy (team 1)"), java.util.List.of(Legend.teamWords(0)));
        assertEquals(java.util.List.of("enemy (team 0)", "you (team 1)"), java.util.List.of(Legend.teamWords(1)));
    }

    @Test
    void frameTimesRingStartsPlotsAtTheOldestValue() {
        FrameTimes f = new FrameTimes();
        f.add(5);
        assertEquals(0, f.oldest());
        for (int i = 0; i < FrameTimes.SIZE + 3; i++) {
            f.add(i);
        }
        assertEquals(FrameTimes.SIZE, f.count());
        assertEquals(3f, f.values()[f.oldest()]);
        assertEquals(FrameTimes.SIZE + 2f, f.last());
        assertEquals(FrameTimes.SIZE + 2f, f.max());
    }

    @Test
    void countersLineShowsMeasuredAgainstTargetRatePerSystem() {
        SyntheticGame game = SyntheticGame.deterministic(0);
        String line = CountersLine.format(game.loop());
        assertTrue(line.startsWith("FPS 0 | Ai 0/15 Hz 0.00 ms | Movement 0/60 Hz"), line);
        game.loop().pause();
        assertTrue(CountersLine.format(game.loop()).endsWith("| PAUSED"));
    }

    @Test
    void windowOptionsRefuseSillySizes() {
        assertThrows(IllegalArgumentException.class, () -> WindowOptions.defaults().withSize(10, 10));
        assertEquals(640, WindowOptions.defaults().withSize(640, 480).width());
    }
}
