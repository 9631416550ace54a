package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --replay FILE --seek SECONDS}: a recording with orders, rate changes and churn, seeked to its middle
 * (through keyframes built on the way, or saved beside it by {@code --save-keyframes}), matches the rest of it
 * and ends on the recorded hash; bad keyframe files and bad seeks are one line, exit 2.
 */
class SeekTest {

    @TempDir
    static Path dir;
    static Path file;
    static String recordedHash;
    static long endSeconds;

    @BeforeAll
    static void record() throws IOException {
        MatchSetup config = new MatchSetup(160, 3, 40, 5_000, List.of(RateSetting.parse("fog=20")));
        RtsGame game = RtsGame.create(config, new ManualClock(), true);
        Consumer<String> ignore = line -> { };
        ManualClock clock = (ManualClock) game.loop().clock();
        for (int i = 0; i < 2_400; i++) {
            if (i == 300) {
                game.select(0, 0, 16, 16);
                game.orderAttack(25f, 25f);
            }
            if (i == 900) {
                game.console().execute("rate combat 30", ignore);
                game.orderMove(8f, 8f);
            }
            clock.advance(i % 3 == 0 ? 9_000_000L : 16_666_667L);
            game.frame();
        }
        file = dir.resolve("seek.replay");
        recordedHash = "world-hash: " + StateHash.hex(game.recorder().save(file));
        endSeconds = game.loop().simulatedNanos() / 1_000_000_000L;
    }

    private static void assertMatched(Runs run) {
        assertEquals(0, run.status(), run.out() + " " + run.err());
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("replay matched: ")), run.out().toString());
        assertEquals(recordedHash, run.lastOut());
    }

    @Test
    void aSeekToTheMiddleMatchesTheRestWithKeyframesBuiltOnTheWayOrSavedBeside() throws IOException {
        Path keys = Keyframes.besideReplay(file);
        Files.deleteIfExists(keys);
        String middle = String.valueOf(endSeconds / 2 + 0.25);

        Runs built = Runs.of("--replay", file.toString(), "--seek", middle, "--print-hash");
        assertMatched(built);
        assertTrue(built.out().get(0).startsWith("seeked to " + dev.ecsloop.time.Durations.exactSeconds(
                (long) (Double.parseDouble(middle) * 1e9)) + " "), built.out().get(0));
        assertTrue(built.out().get(0).contains("built on the way"), built.out().get(0));

        Runs saving = Runs.of("--replay", file.toString(), "--save-keyframes", "--frame-times", "steady:7",
                "--print-hash");
        assertMatched(saving);
        assertTrue(Files.size(keys) > 0);
        assertTrue(saving.out().stream().anyMatch(l -> l.startsWith("keyframes saved: ")), saving.out().toString());

        for (String profile : List.of("jitter:1-60:4", "stall:400@3")) {
            Runs seek = Runs.of("--replay", file.toString(), "--seek", middle, "--frame-times", profile,
                    "--print-hash");
            assertMatched(seek);
            assertTrue(seek.out().get(0).contains("read from " + keys), seek.out().get(0));
        }
        Runs late = Runs.of("--replay", file.toString(), "--seek", String.valueOf(endSeconds - 1), "--print-hash");
        assertMatched(late);
    }

    @Test
    void aHostileKeyframeFileIsOneLineAndNothingRuns() throws IOException {
        Path keys = Keyframes.besideReplay(file);
        Runs saving = Runs.of("--replay", file.toString(), "--save-keyframes");
        assertEquals(0, saving.status(), saving.err().toString());
        byte[] good = Files.readAllBytes(keys);
        try {
            for (byte[] bad : List.of(Arrays.copyOf(good, good.length / 2), flip(good, good.length / 3),
                    "not keyframes".getBytes(java.nio.charset.StandardCharsets.US_ASCII))) {
                Files.write(keys, bad);
                Runs run = Runs.of("--replay", file.toString(), "--seek", "3");
                assertEquals(2, run.status(), run.out() + " " + run.err());
                assertEquals(1, run.err().size(), run.err().toString());
                assertTrue(run.err().get(0).startsWith("error: keyframe file " + keys), run.err().get(0));
                assertTrue(run.out().isEmpty(), run.out().toString());
            }
        } finally {
            Files.deleteIfExists(keys);
        }
    }

    private static byte[] flip(byte[] bytes, int at) {
        byte[] out = bytes.clone();
        out[at] ^= 0x10;
        return out;
    }

    @Test
    void badSeeksAreOneLine() {
        Runs past = Runs.of("--replay", file.toString(), "--seek", String.valueOf(endSeconds + 100));
        assertEquals(2, past.status());
        assertEquals(1, past.err().size(), past.err().toString());
        assertTrue(past.err().get(0).contains("cannot seek to"), past.err().get(0));

        Runs alone = Runs.of("--headless", "--seek", "5", "--seconds", "1");
        assertEquals(2, alone.status());
        assertEquals("error: --seek needs --replay FILE", alone.err().get(0));

        Runs negative = Runs.of("--replay", file.toString(), "--seek", "-1");
        assertEquals(2, negative.status());
        Runs budget = Runs.of("--replay", file.toString(), "--seek", "1", "--keyframe-budget", "0");
        assertEquals(2, budget.status());
        assertEquals(1, budget.err().size(), budget.err().toString());
    }
}
