package dev.ecsloop.demo.window;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CompletionTest {

    static final List<String> COMMANDS = List.of("catchup", "debt", "help", "pause", "quit", "rate", "resume",
            "stats", "step", "systems", "timescale");
    static final List<String> SYSTEMS = List.of("AiSystem", "AnimationSystem", "MovementSystem");

    private static Completion.Result complete(String line) {
        return Completion.complete(line, COMMANDS, SYSTEMS);
    }

    @Test
    void uniqueCommandPrefixCompletesWithASpace() {
        assertEquals("rate ", complete("ra").line());
        assertEquals("timescale ", complete("TI").line());
    }

    @Test
    void ambiguousPrefixCompletesToTheCommonPartAndListsCandidates() {
        assertEquals(List.of("stats", "step", "systems"), complete("s").candidates());
        Completion.Result r = complete("st");
        assertEquals("st", r.line());
        assertEquals(List.of("stats", "step"), r.candidates());
        assertEquals(List.of("rate", "resume"), complete("r").candidates());
        assertEquals("resume ", complete("re").line());
    }

    @Test
    void secondWordOfRateCompletesSystemNames() {
        assertEquals("rate MovementSystem ", complete("rate m").line());
        Completion.Result r = complete("rate a");
        assertEquals("rate A", r.line());
        assertEquals(List.of("AiSystem", "AnimationSystem"), r.candidates());
        assertEquals("rate AiSystem ", complete("rate ai").line());
    }

    @Test
    void helpCompletesCommandNames() {
        assertEquals("help timescale ", complete("help tim").line());
    }

    @Test
    void otherPositionsAndNoMatchLeaveTheLineAlone() {
        assertEquals("rate AiSystem 1", complete("rate AiSystem 1").line());
        assertEquals("xyz", complete("xyz").line());
        assertEquals("pause x", complete("pause x").line());
    }
}
