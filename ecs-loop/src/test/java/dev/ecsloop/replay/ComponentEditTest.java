package dev.ecsloop.replay;

import dev.ecsloop.state.StateHash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ComponentEditTest {

    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    @Test
    void setsPrimitiveFieldsBySimpleOrFullName() {
        ReplayWorld game = new ReplayWorld(false);
        game.frame(MS); // entities created before the first frame are alive from its processing on
        assertEquals(ReplayWorld.Position.class.getName(),
                new ComponentEdit(3, "Position", "x", "12.5").apply(game.loop.world()));
        new ComponentEdit(3, ReplayWorld.Velocity.class.getName(), "dy", "-1").apply(game.loop.world());
        assertEquals(12.5f, game.loop.world().getMapper(ReplayWorld.Position.class).get(3).x);
        assertEquals(-1f, game.loop.world().getMapper(ReplayWorld.Velocity.class).get(3).dy);
    }

    @Test
    void badEditsSayWhatIsWrongInOneLineAndChangeNothing() {
        ReplayWorld game = new ReplayWorld(false);
        game.frame(MS);
        float before = game.loop.world().getMapper(ReplayWorld.Position.class).get(3).x;
        String[][] cases = {
            {"3", "Nope", "x", "1", "no component type \"Nope\" in this world"},
            {"999", "Position", "x", "1", "entity 999 has no Position"},
            {"3", "Position", "z", "1", "Position has no field \"z\""},
            {"3", "Position", "x", "abc", "Position.x is float: cannot set it to \"abc\""},
            {"3", "Position", "x", "NaN", "Position.x is float: cannot set it to \"NaN\""},
            {"3", "Position", "x.y.z", "1", "field path x.y.z is deeper than one level (a.b)"},
        };
        for (String[] c : cases) {
            ComponentEdit edit = new ComponentEdit(Integer.parseInt(c[0]), c[1], c[2], c[3]);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> edit.apply(game.loop.world()), edit::toString);
            assertEquals(c[4], e.getMessage());
        }
        assertEquals(before, game.loop.world().getMapper(ReplayWorld.Position.class).get(3).x);
        assertThrows(IllegalArgumentException.class, () -> new ComponentEdit(-1, "Position", "x", "1"));
        assertThrows(IllegalArgumentException.class, () -> new ComponentEdit(1, "", "x", "1"));
        assertThrows(IllegalArgumentException.class, () -> new ComponentEdit(1, "P", "x", "1".repeat(1025)));
    }

    /** Edits journaled at their instants replay to the same hashes; without them the replay diverges. */
    @Test
    void editsAreJournaledAndAReplayReproducesThem() throws IOException {
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofMillis(100));
        for (int f = 0; f < 300; f++) {
            if (f % 50 == 25) {
                String full = new ComponentEdit(f % 50, "Velocity", "dx", Float.toString(f * 0.01f))
                        .apply(game.loop.world());
                recorder.edited(new ComponentEdit(f % 50, full, "dx", Float.toString(f * 0.01f)));
            }
            game.frame(f % 41 == 0 ? 70 * MS : 7 * MS);
        }
        Path file = dir.resolve("edits.replay");
        long end = recorder.save(file);
        Replay replay = Replay.read(file);
        ReplayWorld copy = new ReplayWorld(false);
        ReplayResult result = Replayer.play(replay, copy.loop, copy.clock, copy.inputs, () -> 16 * MS);
        assertNull(result.divergence(), () -> String.valueOf(result.divergence()));
        assertEquals(end, result.finalHash());

        ReplayWorld unedited = new ReplayWorld(false);
        for (int f = 0; f < 300; f++) {
            unedited.frame(f % 41 == 0 ? 70 * MS : 7 * MS);
        }
        assertNotEquals(end, new StateHash(unedited.loop.world()).hash(), "the edits must matter to the hash");
    }
}
