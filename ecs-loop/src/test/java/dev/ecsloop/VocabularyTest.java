package dev.ecsloop;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The vocabulary defined in the root {@code package-info.java} stays the only one: each synonym that once drifted
 * into the sources is banned from main code, Javadoc and user-facing messages of every module.
 */
class VocabularyTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** A banned synonym, what to say instead, and why. */
    record Banned(Pattern pattern, String instead) {
        static Banned of(String regex, String instead) {
            return new Banned(Pattern.compile(regex), instead);
        }
    }

    static final List<Banned> BANNED = List.of(
            Banned.of("(?i)max ?catch-?up", "the catch-up bound (catchUpBound)"),
            Banned.of("(?i)catch-?up limit", "the catch-up bound"),
            Banned.of("(?i:capped by)|\\bCAPPED\\b|AdvanceCapped", "cut by the catch-up bound ('cap' is the frame cap)"),
            Banned.of("(?<![Cc]atch-up |[Cc]atchUp|[Cc]atch-up-)(?i:\\bbound ?hits?\\b)", "catch-up bound hits"),
            Banned.of("(?i)processing step|artemis step", "a pass (one world.process())"),
            Banned.of("(?i)single step(?!-)|single-stepping step", "a single-step"),
            Banned.of("(?i)\\b0(\\.0)? (=|for|when|means|if)[^.;]{0,30}every[- ]frame",
                    "an every-frame system has no rate (everyFrameSet, EVERY_FRAME_RATE)"),
            Banned.of("(?i)that bound is the loop's horizon|\\bturn bound\\b|\\bhorizon bound\\b", "the horizon"),
            Banned.of("ticksPerSecond\\(|meanTickMillis|maxTickMillis|stats\\(\\)\\.ticks\\(",
                    "runs (LoopStats counts runs: ticks and every-frame runs)"),
            Banned.of("(?i)non-catch-?up", "a throttled system"));

    @Test
    void noBannedSynonymAppearsInMainSources() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path source : mainSources()) {
            List<String> lines = Files.readAllLines(source);
            for (int i = 0; i < lines.size(); i++) {
                for (Banned banned : BANNED) {
                    if (banned.pattern().matcher(lines.get(i)).find()) {
                        found.add(ROOT.relativize(source) + ":" + (i + 1) + ": \"" + lines.get(i).trim()
                                + "\" -> say " + banned.instead());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "banned synonyms (see the vocabulary in dev/ecsloop/package-info.java)");
    }

    @Test
    void eachBannedSynonymIsCaught() {
        String[] drifts = {"setMaxCatchUp(bound)", "the catch-up limit", "capped by the bound", "boundHits++",
                "one processing step", "a single step ran", "0 = every frame", "that bound is the loop's horizon",
                "stats.ticksPerSecond(type)", "a non-catch-up system"};
        String[] fine = {"catchUpBoundHits()", "the catch-up bound hits", "frame cap", "uncapped", "while capped", "lines capped at 4 KiB", "a pass",
                "a single-step ran", "every-frame system", "the horizon"};
        for (String drift : drifts) {
            assertTrue(BANNED.stream().anyMatch(b -> b.pattern().matcher(drift).find()), drift);
        }
        for (String ok : fine) {
            assertTrue(BANNED.stream().noneMatch(b -> b.pattern().matcher(ok).find()), ok);
        }
    }

    private static List<Path> mainSources() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(ROOT)) {
            walk.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().contains("/src/main/java/"))
                    .filter(p -> !p.toString().contains("/target/"))
                    .forEach(out::add);
        }
        assertTrue(out.size() > 100, "found the main sources under " + ROOT);
        return out;
    }
}
