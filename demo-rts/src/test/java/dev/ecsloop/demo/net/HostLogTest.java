package dev.ecsloop.demo.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ecsloop.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The host's terminal shows refused and evicted connections, escaped, at most a few a second, and counts the rest
 * in one line; the lobby's other lines (the session reports joins and drops itself) are not repeated.
 */
class HostLogTest {

    final ManualClock clock = new ManualClock();
    final List<String> shown = new ArrayList<>();
    final HostLog log = new HostLog(shown::add, clock);

    @Test
    void aRefusalIsShownEscaped() {
        log.accept("refused /10.0.0.9:4000: the name '\u001b]0;pwned\u0007' is taken");
        log.accept("bob joined at seat 1 from /10.0.0.2:5000");
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
}
