package dev.ecsloop.examples.skeleton;

import dev.ecsloop.interpolate.InterpolationMode;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The skeleton on a manual clock at 30 FPS: what ecs-loop/docs/SKELETON.md promises. */
class SkeletonGameTest {

    private static final long FRAME = 33_333_333L;

    private static List<Float> drawnX(SkeletonGame game, ManualClock clock, int frames) {
        TextRenderer renderer = game.loop().world().getSystem(TextRenderer.class);
        List<Float> xs = new ArrayList<>();
        for (int i = 0; i < frames; i++) {
            clock.advance(FRAME);
            game.loop().frame();
            xs.add(renderer.drawnX(0));
        }
        return xs;
    }

    private static long distinct(List<Float> xs) {
        return xs.stream().distinct().count();
    }

    @Test
    void unitsMovedAtTenHertzAreDrawnAtANewPlaceEveryFrameUnlessInterpolationIsOff() {
        ManualClock clock = new ManualClock();
        SkeletonGame game = SkeletonGame.create(clock, 3, 7);
        drawnX(game, clock, 12);                                  // past the first AI decision: units move
        List<Float> smooth = drawnX(game, clock, 30);             // one second: 10 moves, 30 frames
        assertTrue(distinct(smooth) > 20, "interpolated: a new x nearly every frame " + smooth);

        List<String> out = new ArrayList<>();
        game.console().execute("interp off", out::add);
        assertEquals(InterpolationMode.OFF, game.interpolation().mode(), String.valueOf(out));
        List<Float> stepped = drawnX(game, clock, 30);
        assertTrue(distinct(stepped) <= 11, "off: x changes only with the 10 moves " + stepped);
    }

    @Test
    void theSameSeedGivesTheSameFieldWhateverTheFrameRate() {
        ManualClock a = new ManualClock();
        ManualClock b = new ManualClock();
        SkeletonGame first = SkeletonGame.create(a, 8, 42);
        SkeletonGame second = SkeletonGame.create(b, 8, 42);
        first.interpolation().setMode(InterpolationMode.OFF);
        second.interpolation().setMode(InterpolationMode.OFF);
        for (int i = 0; i < 90; i++) {                            // 3 s at 30 FPS
            a.advance(FRAME);
            first.loop().frame();
        }
        for (int i = 0; i < 13; i++) {                            // 3 s in uneven frames of up to 250 ms
            b.advance(i % 2 == 0 ? 200_000_000L : 261_538_462L);
            second.loop().frame();
        }
        assertEquals(first.loop().simulatedNanos() / 100_000_000L, second.loop().simulatedNanos() / 100_000_000L);
        assertEquals(first.canvas().toString(), second.canvas().toString());
        ManualClock c = new ManualClock();
        SkeletonGame otherSeed = SkeletonGame.create(c, 8, 43);
        otherSeed.interpolation().setMode(InterpolationMode.OFF);
        for (int i = 0; i < 90; i++) {
            c.advance(FRAME);
            otherSeed.loop().frame();
        }
        assertNotEquals(first.canvas().toString(), otherSeed.canvas().toString(), "the seed matters");
    }

    @Test
    void theConsoleRetunesTheRunningGame() {
        ManualClock clock = new ManualClock();
        SkeletonGame game = SkeletonGame.create(clock, 2, 1);
        List<String> out = new ArrayList<>();
        game.console().execute("rate move 2", out::add);
        game.console().execute("rate nosuch 2", out::add);
        assertEquals(2.0, game.loop().system(MoveSystem.class).rate());
        assertTrue(out.get(1).startsWith("error: "), out.get(1));
        drawnX(game, clock, 31);                                  // just past one simulated second
        assertEquals(2, game.loop().stats().runs(game.loop().system(MoveSystem.class)), "moves at 0.5 s and 1 s");
    }

    @Test
    void theScreenRedrawsInPlaceWithTheFieldCountersRepliesAndPrompt() {
        ManualClock clock = new ManualClock();
        SkeletonGame game = SkeletonGame.create(clock, 4, 3);
        drawnX(game, clock, 3);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ReplyLog replies = new ReplyLog(2);
        PrintStream replyStream = new PrintStream(replies, true, StandardCharsets.UTF_8);
        replyStream.println("one");
        replyStream.println("two");
        replyStream.println("three");
        new Screen(new PrintStream(bytes, true, StandardCharsets.UTF_8), true, game, replies).present();
        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains("\033[H" + game.canvas()), shown);
        assertTrue(shown.contains("t=0.100 s | 0 fps | brain 0/s "), shown);
        assertTrue(shown.contains("two") && shown.contains("three") && !shown.contains("one"), shown);
        assertTrue(shown.endsWith("quit > \033[K\033[J"), shown);
        for (String row : shown.split("\n")) {
            assertTrue(row.replace("\033[K", "").replace("\033[H", "").replace("\033[2J", "").length() <= 79,
                    () -> row.length() + ": " + row);
        }
    }

    @Test
    void theLatestReplyShowsWholeSoHelpIsNotCut() {
        SkeletonGame game = SkeletonGame.create(new ManualClock(), 4, 3);
        ReplyLog replies = new ReplyLog(4);
        PrintStream reader = new PrintStream(replies, true, StandardCharsets.UTF_8);
        reader.print("an earlier reply\n");
        reader.flush();
        java.util.List<String> help = new java.util.ArrayList<>();
        game.console().execute("help", help::add);
        assertTrue(help.size() > 4 && help.size() <= ReplyLog.MAX_REPLY, help::toString);
        reader.print(String.join("\n", help) + "\n"); // as the console reader writes one reply, then flushes
        reader.flush();
        assertEquals(help, replies.lines());
        reader.print("bye\n");
        reader.flush();
        assertEquals(help.subList(help.size() - 3, help.size()), replies.lines().subList(0, 3));
        assertEquals(4, replies.lines().size(), "back to the last four lines");
    }

    @Test
    void theCountersLineFitsEightyColumnsWhateverTheFigures() {
        ManualClock clock = new ManualClock();
        SkeletonGame game = SkeletonGame.create(clock, 26, 3);
        for (int i = 0; i < 400; i++) { // past the first second: the per-second figures are filled in
            clock.advance(33_333_333L);
            game.loop().frame();
        }
        String line = Screen.status(game.loop());
        assertTrue(line.length() <= Screen.STATUS_MAX, line.length() + ": " + line);
        assertTrue(line.matches("t=13\\.333 s \\| \\d+ fps( \\| [a-z]+ \\d+/s \\d+\\.\\d+ (ms|µs))+"), line);
    }

    @Test
    void badFlagsAreRefusedInOneLineNamingThem() {
        assertEquals(new Options(8, 7, 0, false), Options.parse());
        assertEquals(new Options(3, 9, 2.5, true), Options.parse("--units", "3", "--seed", "9", "--seconds", "2.5",
                "--plain"));
        for (String[] bad : new String[][] {{"--units", "0"}, {"--units", "27"}, {"--units"}, {"--seed", "x"},
                {"--seconds", "-1"}, {"--seconds", "NaN"}, {"--fast"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Options.parse(bad));
            assertTrue(e.getMessage().contains(bad[0]) && !e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
