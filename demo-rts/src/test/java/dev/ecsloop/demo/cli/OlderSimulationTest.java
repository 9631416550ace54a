package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.ReplayMutations;
import dev.ecsloop.time.ManualClock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Async pathfinding changed what the same setup simulates (simulation version 2): a recording or a save of
 * version 1, whose setup reads {@code demo-rts units=...}, is refused in one line instead of diverging.
 */
class OlderSimulationTest {
    private static final String OLD = "demo-rts units=40 seed=1 map=32 budget=5000";
    private static final String NOW = "demo-rts/2 units=40 seed=1 map=32 budget=5000";

    @TempDir
    Path dir;

    @Test
    void theSetupNamesTheSimulationVersion() {
        MatchSetup setup = new MatchSetup(40, 1, 32, 5_000, List.of());
        assertEquals(NOW, setup.identity());
        assertEquals(setup, MatchSetup.fromIdentity(NOW));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MatchSetup.fromIdentity(OLD));
        assertEquals("setup '" + OLD + "' is of demo-rts simulation version 1; this build simulates version 2 and"
                + " would diverge from it", e.getMessage());
        assertTrue(MatchSetup.otherVersion("demo-rts/7 units=1").orElseThrow().contains("version 7;"));
        assertTrue(MatchSetup.otherVersion(NOW).isEmpty());
        assertTrue(MatchSetup.otherVersion("something else").isEmpty());
    }

    @Test
    void aVersionOneRecordingIsRefusedInOneLine() throws IOException {
        RtsGame game = RtsGame.create(MatchSetup.fromIdentity(NOW), new ManualClock(), true);
        ManualClock clock = (ManualClock) game.loop().clock();
        for (int i = 0; i < 60; i++) {
            clock.advance(16_666_667L);
            game.frame();
        }
        Path good = dir.resolve("now.replay");
        game.recorder().save(good);
        Path old = dir.resolve("old.replay");
        Files.write(old, ReplayMutations.withSetup(Files.readAllBytes(good), NOW, OLD));

        Runs run = Runs.of("--replay", old.toString(), "--print-hash");

        assertEquals(2, run.status(), run.out() + " " + run.err());
        assertEquals(List.of("error: " + old + ": setup '" + OLD + "' is of demo-rts simulation version 1; this"
                + " build simulates version 2 and would diverge from it"), run.err());
        assertTrue(run.out().isEmpty(), run.out().toString());
        assertEquals(0, Runs.of("--replay", good.toString()).status(), "the same file of this version replays");
    }

    @Test
    void aVersionOneSaveIsRefusedInOneLine() throws IOException {
        Path snap = dir.resolve("now.snap");
        String[] game = {"--headless", "--quiet", "--units", "40", "--seed", "1", "--map-size", "32",
                "--frame-times", "steady:16.667"};
        Runs saving = Runs.of(concat(game, "--save", snap + "@2", "--seconds", "3"));
        assertEquals(0, saving.status(), saving.err().toString());
        Path old = dir.resolve("old.snap");
        byte[] bytes = Files.readAllBytes(snap);
        String now = setupOf(bytes);
        assertTrue(now.startsWith("demo-rts/2 units=40 seed=1 map=32 "), now);
        String older = "demo-rts " + now.substring("demo-rts/2 ".length());
        Files.write(old, withSetup(bytes, now, older));

        Runs loading = Runs.of(concat(game, "--load", old.toString(), "--seconds", "4", "--print-hash"));

        assertEquals(2, loading.status(), loading.out() + " " + loading.err());
        assertEquals(1, loading.err().size(), loading.err().toString());
        assertTrue(loading.err().get(0).startsWith("error: --load " + old + ": "), loading.err().get(0));
        assertTrue(loading.err().get(0).contains(older), loading.err().get(0));
        assertTrue(loading.out().stream().noneMatch(l -> l.startsWith("world-hash")), loading.out().toString());
        assertEquals(0, Runs.of(concat(game, "--load", snap.toString(), "--seconds", "4")).status());
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static String setupOf(byte[] snapshot) {
        return new String(snapshot, 16, ByteBuffer.wrap(snapshot).getInt(12), StandardCharsets.UTF_8);
    }

    /** A snapshot with its setup string (after magic and format version) replaced and its CRC repaired. */
    private static byte[] withSetup(byte[] snapshot, String from, String to) {
        int length = ByteBuffer.wrap(snapshot).getInt(12);
        assertEquals(from, setupOf(snapshot), "the save's setup");
        byte[] now = to.getBytes(StandardCharsets.UTF_8);
        ByteBuffer out = ByteBuffer.allocate(snapshot.length - length + now.length);
        out.put(snapshot, 0, 12).putInt(now.length).put(now);
        out.put(snapshot, 16 + length, snapshot.length - 16 - length - 4);
        CRC32 crc = new CRC32();
        crc.update(out.array(), 0, out.position());
        out.putInt((int) crc.getValue());
        return out.array();
    }
}
