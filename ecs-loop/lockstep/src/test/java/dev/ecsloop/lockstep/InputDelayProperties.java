package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A host alone under any lateness readings (seeded, changing every 30 turns) and any frame lengths: the delay
 * stays within its floor and ceiling and changes at increasing turns; the batches go out gapless, each turn once;
 * every order takes effect at the turn {@code submit} returned, more than the budget in force after the instant it
 * was given at (so its batch had the whole budget to travel) and at most the ceiling's turns after its turn; and no
 * change reaches the game.
 */
class InputDelayProperties {

    @Property(tries = 100)
    void batchesStayGaplessAndOrdersLandWhereSubmitSaid(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int floor,
                                                       @ForAll @IntRange(min = 0, max = 6) int room) {
        int ceiling = floor + room;
        LockstepConfig rules = new LockstepConfig(50_000_000L, floor, 10).withAdaptiveDelay(floor, ceiling);
        Random r = new Random(seed);
        long[] rtt = new long[20];
        for (int i = 0; i < rtt.length; i++) {
            rtt[i] = r.nextInt(4) == 0 ? -1 : r.nextInt(400_000_000);
        }
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        SilentLink silent = new SilentLink("solo");
        LockstepSession[] session = new LockstepSession[1];
        session[0] = ScriptedRoundTrip.start(game.loop(), game.inputs(), new ScriptedRoundTrip(silent,
                () -> session[0], turn -> rtt[(int) (turn / 30 % rtt.length)]), rules);
        // 600 turns: the 240-turn window of readings must empty of a high stretch now and then, or the delay
        // never falls and orders just after a fall go untested
        session[0].endAt(600);
        List<long[]> given = new ArrayList<>(); // turn given in, turn submit returned, x
        List<Long> budgets = new ArrayList<>();
        while (!session[0].ended()) {
            session[0].poll();
            clock.advance(1_000_000L + r.nextInt(60_000_000));
            game.loop().frame();
            if (r.nextInt(5) == 0 && session[0].turn() < 590) {
                long turn = session[0].turn();
                budgets.add(session[0].budgetNanos());
                long effect = session[0].submit(new Command(1, 0, given.size(), 0, 0, 0));
                given.add(new long[] {turn, effect, game.loop().simulatedNanos()});
            }
        }
        long expect = floor;
        for (Message m : silent.sent) {
            if (m instanceof Message.Turn t) {
                assertEquals(expect++, t.turn(), "a gap or a repeat in the turns sent");
            }
        }
        long last = -1;
        for (DelayChange c : session[0].delayChanges()) {
            assertTrue(c.delay() >= floor && c.delay() <= ceiling, "delay " + c + " outside " + floor + ".." + ceiling);
            assertTrue(c.fromTurn() > last, "changes out of order: " + session[0].delayChanges());
            last = c.fromTurn();
        }
        List<CommandSystem.Seen> seen = game.commands().seen;
        int landed = 0;
        for (int i = 0; i < given.size(); i++) {
            long[] g = given.get(i);
            assertTrue(g[1] * 50_000_000L > g[2] + budgets.get(i) && g[1] - g[0] <= ceiling, "order " + i
                    + " given at " + g[2] + " ns for turn " + g[1] + " under a budget of " + budgets.get(i) + " ns");
            if (g[1] < 600) {
                int index = i;
                assertTrue(seen.stream().anyMatch(s -> s.x() == index && s.eventSimNanos() == g[1] * 50_000_000L),
                        "order " + i + " not posted at turn " + g[1]);
                landed++;
            }
        }
        assertEquals(landed, seen.size(), "something else reached the game: " + seen);
    }
}
