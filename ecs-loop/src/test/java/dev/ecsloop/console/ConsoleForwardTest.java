package dev.ecsloop.console;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A replaced game's console hands its lines to the next one: transports started on the first console keep
 * driving whichever game runs (a window's restart builds a fresh loop and console).
 */
class ConsoleForwardTest {

    private static Console named(String name) {
        Console c = new Console();
        c.register("who", "who", "names the console", (args, out) -> out.accept(name));
        c.register("say", "say <word>", "repeats a word, naming the console", (args, out) ->
                out.accept(name + ": " + args.word(0, "<word>")));
        return c;
    }

    @Test
    void linesSubmittedToTheOldConsoleRunOnTheNewOne() {
        Console old = named("old");
        Console fresh = named("fresh");
        old.forwardTo(fresh);
        List<String> out = new ArrayList<>();
        CompletableFuture<Void> done = old.submit("who", out::add);
        old.drain(); // no one drains the old console any more; even if someone did, nothing runs there
        assertFalse(done.isDone());
        fresh.drain();
        assertTrue(done.isDone());
        assertEquals(List.of("fresh"), out);
    }

    @Test
    void linesWaitingAtTheSwitchMoveInOrder() {
        Console old = named("old");
        Console fresh = named("fresh");
        List<String> out = new ArrayList<>();
        old.submit("say one", out::add);
        old.submit("say two", out::add);
        old.forwardTo(fresh);
        old.submit("say three", out::add);
        fresh.drain();
        assertEquals(List.of("fresh: one", "fresh: two", "fresh: three"), out);
    }

    @Test
    void chainsReachTheLastConsoleAndFinishFollowsThem() {
        Console first = named("first");
        Console second = named("second");
        Console third = named("third");
        List<String> finished = new ArrayList<>();
        first.atFinish(reply -> reply.accept("first owes"));
        third.atFinish(reply -> reply.accept("third owes"));
        first.forwardTo(second);
        second.forwardTo(third);
        List<String> out = new ArrayList<>();
        first.submit("who", out::add);
        third.drain();
        assertEquals(List.of("third"), out);
        first.finish(finished::add);
        assertEquals(List.of("first owes", "third owes"), finished);
    }

    @Test
    void linesStillWaitingWhenTheGameEndsAreAnsweredByFinishButNotRun() {
        Console first = named("first");
        Console second = named("second");
        List<String> ran = new ArrayList<>();
        second.register("mark", "mark", "records that it ran", (args, out) -> ran.add("mark"));
        List<String> out = new ArrayList<>();
        CompletableFuture<Void> early = first.submit("mark", out::add);
        first.forwardTo(second);
        CompletableFuture<Void> late = first.submit("say \u001b[2J", out::add);
        List<String> finished = new ArrayList<>();
        second.atFinish(reply -> reply.accept("owed"));
        first.finish(finished::add); // no drain ran: the game ended first
        assertEquals(List.of("error: the game ended before 'mark' ran; nothing was done",
                "error: the game ended before 'say ?[2J' ran; nothing was done"), out);
        assertEquals(List.of(), ran, "a line typed for the ended game ran");
        assertTrue(early.isDone() && late.isDone(), "a transport waiting on a line would hang");
        assertEquals(List.of("owed"), finished);
    }

    @Test
    void forwardingToItselfOrTwiceIsRefused() {
        Console a = named("a");
        Console b = named("b");
        assertThrows(IllegalArgumentException.class, () -> a.forwardTo(a));
        a.forwardTo(b);
        assertThrows(IllegalArgumentException.class, () -> b.forwardTo(a));
        assertThrows(IllegalStateException.class, () -> a.forwardTo(named("c")));
    }
}
