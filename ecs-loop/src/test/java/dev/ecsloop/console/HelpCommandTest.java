package dev.ecsloop.console;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HelpCommandTest {

    private final ConsoleFixture f = ConsoleFixture.standard();

    @Test
    void helpListsEveryBuiltInOnOneLineEachInNameOrder() {
        List<String> out = f.lines("help");
        List<String> names = out.stream().map(line -> line.split(" ")[0]).toList();
        assertEquals(List.of("catchup", "debt", "help", "pause", "rate", "resume", "stats", "step", "systems",
                "timescale"), names);
        assertTrue(out.contains(String.format("%-24s  %s", "rate <system> <hz>|frame",
                "sets a system's rate in Hz, or makes it run every frame")), out::toString);
    }

    @Test
    void helpShowsUsageAndHelpOfOneCommandCaseInsensitively() {
        assertEquals("step [n]: pauses, then runs the next n tick instants (1 to 10000, default 1)",
                f.one("help STEP"));
    }

    @Test
    void helpListsCommandsRegisteredLaterByOtherPackages() {
        f.console.register("fps", "fps <cap>|off", "caps the frame rate", (args, out) -> out.accept("ok"));
        assertTrue(f.lines("help").stream().anyMatch(line -> line.startsWith("fps <cap>|off")));
        assertEquals("fps <cap>|off: caps the frame rate", f.one("help fps"));
    }

    @Test
    void helpForAnUnknownCommandIsAnError() {
        assertEquals("error: unknown command 'warp' (try 'help')", f.one("help warp"));
    }

    @Test
    void helpTakesAtMostOneArgument() {
        assertEquals("error: unexpected argument 'step' (usage: help [cmd])", f.one("help rate step"));
    }
}
