package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A match-wide pause under a rule of who may resume ({@link MatchPause#resumableBy}), against a model: pauses at
 * rising turns and resumes from random seats for random turns, in any order. The loop is held exactly while its
 * latest pause is not covered by an allowed seat's resume (one for that turn or a later one, come before or after
 * it), a seat left out never ends or covers anything, and each such seat is told once.
 */
class MatchPauseProperties {

    /** One event: a pause the game began at {@code turn} (seat -1), or seat {@code seat}'s resume of {@code turn}. */
    record Event(int seat, long turn) {
    }

    @Provide
    Arbitrary<List<Event>> events() {
        Arbitrary<Event> one = Arbitraries.integers().between(-1, 3).flatMap(seat -> Arbitraries.longs()
                .between(0, 12).map(turn -> new Event(seat, turn)));
        return one.list().ofMaxSize(30);
    }

    @Property(tries = 300)
    void onlyAnAllowedSeatsResumeEndsAPauseWhateverTheOrder(@ForAll("events") List<Event> events) {
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new com.artemis.WorldConfigurationBuilder().with(new MoveSystem())).build();
        List<Integer> announced = new ArrayList<>();
        List<Integer> ignored = new ArrayList<>();
        MatchPause pause = new MatchPause(loop, announced::add);
        pause.resumableBy(seat -> seat == 0, ignored::add);
        long pausedAt = -1;      // the model: the turn the loop is held at, or -1
        long coveredUpTo = -1;   // the latest turn an allowed seat resumed
        long lastPause = -1;
        for (Event e : events) {
            if (e.seat() < 0) {
                if (pausedAt >= 0) {
                    continue; // a paused match makes no turns: no second pause while held
                }
                long turn = Math.max(lastPause + 1, e.turn());
                lastPause = turn;
                loop.pause();
                pause.began(turn);
                pausedAt = turn <= coveredUpTo ? -1 : turn;
            } else {
                boolean ended = pause.resumed(e.turn(), e.seat());
                boolean allowed = e.seat() == 0;
                boolean expected = allowed && pausedAt >= 0 && pausedAt <= e.turn();
                assertEquals(expected, ended, e + " after " + events);
                if (allowed) {
                    coveredUpTo = Math.max(coveredUpTo, e.turn());
                }
                if (expected) {
                    pausedAt = -1;
                }
            }
            assertEquals(pausedAt >= 0, loop.isPaused(), "held after " + e);
            assertEquals(pausedAt >= 0, pause.paused());
        }
        assertTrue(announced.stream().allMatch(seat -> seat == 0), "only seat 0 ends pauses: " + announced);
        assertEquals(ignored.stream().distinct().count(), ignored.size(), "each seat left out told once: " + ignored);
        assertTrue(ignored.stream().noneMatch(seat -> seat == 0), ignored.toString());
    }
}
