package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The one system list: what a game registers, what names resolve, and what the demo page's table says. */
class SimSystemsTest {

    @Test
    void aGameRegistersExactlyTheListInItsOrder() {
        RtsGame game = Games.small(40, 1, 32);
        assertEquals(SimSystems.ALL, game.loop().systems());
    }

    @Test
    void theDemoPagesTableIsTheOneTheListMakes() throws IOException {
        Path page = Path.of("docs", "DEMO.md");
        String text = Files.readString(page);
        String table = SimSystems.markdownTable();
        assertTrue(text.contains(table), "docs/DEMO.md's systems table differs from SimSystems.markdownTable();"
                + " paste this in its place:\n" + table);
    }

    @Test
    void namesResolveByUniquePrefixInAnyCase() {
        assertEquals(AiSystem.class, SimSystems.resolve("ai"));
        assertEquals(MovementSystem.class, SimSystems.resolve("MOVE"));
        assertEquals(PathfindingSystem.class, SimSystems.resolve("pathfindingsystem"));
        IllegalArgumentException ambiguous = assertThrows(IllegalArgumentException.class,
                () -> SimSystems.resolve("m"));
        assertTrue(ambiguous.getMessage().contains("MovementSystem, MinimapSystem"), ambiguous.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> SimSystems.resolve("warp"));
        assertTrue(unknown.getMessage().startsWith("unknown system 'warp'"), unknown.getMessage());
    }
}
