package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HashTest {
    private static final String[] GAME = {"--headless", "--units", "160", "--map-size", "48", "--seconds", "4.5",
            "--print-hash"};

    private static String hashUnder(String profile, String... more) {
        String[] args = new String[GAME.length + 2 + more.length];
        System.arraycopy(GAME, 0, args, 0, GAME.length);
        args[GAME.length] = "--frame-times";
        args[GAME.length + 1] = profile;
        System.arraycopy(more, 0, args, GAME.length + 2, more.length);
        Runs run = Runs.of(args);
        assertEquals(0, run.status(), run.err().toString());
        assertTrue(run.lastOut().matches("world-hash: [0-9a-f]{16}"), run.lastOut());
        return run.lastOut();
    }

    @Test
    void theSameSeedGivesTheSameHashUnderSteadyJitteryAndStallingFrames() {
        String steady = hashUnder("steady:16.667");
        assertEquals(steady, hashUnder("jitter:0.5-45:11"));
        assertEquals(steady, hashUnder("stall:400@1.5"), "a stall past the 250 ms catch-up bound changes nothing");
    }

    @Test
    void anotherSeedGivesAnotherHash() {
        assertNotEquals(hashUnder("steady:20"), hashUnder("steady:20", "--seed", "2"));
    }

    @Test
    void countersPrintOncePerSimulatedSecondUnderAProfile() {
        Runs run = Runs.of("--headless", "--units", "40", "--map-size", "32", "--seconds", "3", "--frame-times",
                "steady:10");
        assertEquals(3, run.out().stream().filter(l -> l.startsWith("sim ")).count(), run.out().toString());
        // Runs per second per system, in registration order, as far as 79 columns allow: how many entries fit
        // depends on the width of the load figure (the machine's), so only the first three are certain.
        String first = run.out().get(0);
        assertTrue(first.contains("| Hz orde 59 econ 10 infl 5 "), first);
        assertTrue(first.matches(".* \\| load [0-9]+%") && first.length() <= 79, first);
    }

    private static String hashAt(String workers, String profile) {
        Runs run = Runs.of("--headless", "--units", "900", "--map-size", "64", "--seconds", "8", "--print-hash",
                "--frame-times", profile, "--workers", workers);
        assertEquals(0, run.status(), run.err().toString());
        assertTrue(run.lastOut().matches("world-hash: [0-9a-f]{16}"), run.lastOut());
        return run.lastOut();
    }

    @Test
    void theWorkerCountChangesNothingButSpeed() {
        String one = hashAt("1", "jitter:0.5-45:11");
        assertEquals(one, hashAt("2", "steady:16.667"));
        assertEquals(one, hashAt("3", "jitter:0.5-45:11"), "oversubscribed");
    }
}
