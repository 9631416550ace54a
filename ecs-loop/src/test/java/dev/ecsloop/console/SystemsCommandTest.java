package dev.ecsloop.console;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SystemsCommandTest {

    private final ConsoleFixture f = ConsoleFixture.standard();

    private static String[] cells(String row) {
        return row.trim().split("\\s{2,}");
    }

    @Test
    void systemsListsEverySystemWithKindRateAndMeasuredFigures() {
        f.frames(120); // two seconds of real time: the per-second figures cover one full second
        List<String> out = f.lines("systems");
        assertEquals(6, out.size(), out::toString);
        assertArrayEquals(new String[] {"system", "kind", "rate", "ticks/s", "mean ms", "max ms"}, cells(out.get(0)));
        assertArrayEquals(new String[] {"AiSystem", "fixed", "15 Hz", "15", "0.000", "0.000"}, cells(out.get(1)));
        assertArrayEquals(new String[] {"MovementSystem", "fixed", "60 Hz", "60", "0.000", "0.000"},
                cells(out.get(2)));
        assertArrayEquals(new String[] {"MapSystem", "throttled", "4 Hz", "4", "0.000", "0.000"}, cells(out.get(3)));
        assertArrayEquals(new String[] {"RenderSystem", "frame", "every frame", "60", "0.000", "0.000"},
                cells(out.get(4)));
        assertEquals("frames/s: 60 | catch-up bound hits/s: 0", out.get(5));
    }

    @Test
    void systemsShowsCatchUpBoundHitsPerSecond() {
        f.frames(60);
        for (int i = 0; i < 8; i++) { // stalls of 300 ms: each hits the 250 ms bound
            f.clock.advance(300_000_000L);
            f.loop.frame();
        }
        List<String> out = f.lines("systems");
        String last = out.get(out.size() - 1);
        assertEquals("catch-up bound hits/s: " + f.loop.stats().catchUpBoundHitsPerSecond(), last.split(" \\| ")[1]);
        assertEquals(true, f.loop.stats().catchUpBoundHitsPerSecond() > 0, last);
    }

    @Test
    void systemsRejectsArguments() {
        assertEquals("error: unexpected argument 'ai' (usage: systems)", f.one("systems ai"));
    }
}
