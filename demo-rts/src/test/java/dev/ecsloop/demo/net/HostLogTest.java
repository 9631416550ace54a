package dev.ecsloop.demo.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ecsloop.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The host's terminal shows refused and evicted connections (the host hands it only those), escaped, at most a few a
 * second, and counts the rest in one line.
 */
class HostLogTest {

    final ManualClock clock = new ManualClock();
    final List<String> shown = new ArrayList<>();
    final HostLog log = new HostLog(shown::add, clock);

    @Test
    void aRefusalIsShownEscaped() {
        log.accept("refused /10.0.0.9:4000: the name '\u001b]0;pwned\u0007' is taken");
        assertEquals(List.of("host: refused /10.0.0.9:4000: the name '?]0;pwned?' is taken"), shown);
    }

    @Test
    void aFloodShowsAFewLinesASecondAndCountsTheRest() {
        for (int i = 0; i < 1_000; i++) {
            log.accept("evicted /10.0.0.9:" + i + ": the oldest");
        }
        assertEquals(HostLog.PER_SECOND, shown.size(), shown.toString());
        clock.advance(1_000_000_000L);
        log.accept("refused /10.0.0.7:1: wrong secret");
        assertEquals(List.of("host: " + (1_000 - HostLog.PER_SECOND) + " more refused or evicted connection(s) not "
                + "shown", "host: refused /10.0.0.7:1: wrong secret"), shown.subList(HostLog.PER_SECOND, shown.size()));
    }

    /**
     * Over any lines at any times: at most {@link HostLog#PER_SECOND} lobby lines (and one count line) a second, and
     * every lobby line either shown or counted once a later one is shown.
     */
    @Property(tries = 200)
    void everyLobbyLineIsShownOrCountedAndNoSecondShowsMoreThanTheBound(
            @ForAll @Size(max = 300) List<@IntRange(min = 0, max = 400) Integer> gapsMs,
            @ForAll @Size(max = 300) List<@IntRange(min = 0, max = 1) Integer> kinds) {
        ManualClock time = new ManualClock();
        List<String> out = new ArrayList<>();
        List<Long> seconds = new ArrayList<>();
        HostLog bounded = new HostLog(line -> {
            out.add(line);
            seconds.add(Math.floorDiv(time.nanoTime(), 1_000_000_000L));
        }, time);
        int lobby = 0;
        for (int i = 0; i < Math.min(gapsMs.size(), kinds.size()); i++) {
            time.advance(gapsMs.get(i) * 1_000_000L);
            int kind = kinds.get(i);
            lobby++;
            bounded.accept(kind == 0 ? "refused /10.0.0.1:" + i + ": wrong secret"
                    : "evicted /10.0.0.2:" + i + ": the oldest");
        }
        time.advance(1_000_000_000L);
        bounded.accept("refused /10.0.0.3:1: wrong secret"); // shows, and first says what the last second hid
        lobby++;
        long shown = out.stream().filter(l -> l.startsWith("host: refused ") || l.startsWith("host: evicted ")).count();
        long counted = out.stream().filter(l -> l.endsWith(" more refused or evicted connection(s) not shown"))
                .mapToLong(l -> Long.parseLong(l.substring("host: ".length(), l.indexOf(' ', "host: ".length()))))
                .sum();
        assertEquals(lobby, shown + counted, out.toString());
        for (long second : seconds) {
            long inIt = seconds.stream().filter(x -> x == second).count();
            org.junit.jupiter.api.Assertions.assertTrue(inIt <= HostLog.PER_SECOND + 1, second + ": " + inIt);
        }
    }
}
