package dev.ecsloop.lockstep;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The delay rule over any lateness readings and frame steps: the margin is an eighth of the window's worst reading
 * over its mean, at least the least margin; the room over the worst reading is a frame step and the least margin, or
 * the margin and a spare if more; the budget always lies from {@code (floor - 1) * L} to {@code (ceiling - 1) * L},
 * in whole milliseconds; it covers the worst reading and the room (unless the ceiling stops it); a new budget is
 * that need rounded up to the millisecond; the current budget stays while it covers the need by no more than the
 * fall spares (no change every turn), and falls only once it has the fall readings; asking again with the budget it
 * gave changes nothing; the delay in turns is the budget rounded up to whole turns, plus one.
 */
class DelayRuleProperties {

    /** Forgotten readings leave the budget where it is, and a fall waits for the fall readings again. */
    @Example
    void afterForgettingTheBudgetStaysUntilEnoughNewReadingsCallForAFall() {
        long turn = 50_000_000L;
        DelayRule rule = new DelayRule(turn, 1, 10, 240);
        for (int i = 0; i < 100; i++) {
            rule.add(300_000_000L);
        }
        long high = rule.wanted(100_000_000L, 16_666_667L);
        assertEquals(318_000_000L, high, "300 ms and a frame step and 1 ms, rounded up");
        rule.forget();
        assertEquals(-1, rule.worst());
        assertEquals(high, rule.wanted(high, 16_666_667L), "nothing measured: the budget stays");
        for (int i = 1; i < DelayRule.FALL_READINGS; i++) {
            rule.add(20_000_000L);
            assertEquals(high, rule.wanted(high, 16_666_667L), "a fall on " + i + " readings");
        }
        rule.add(20_000_000L);
        assertEquals(38_000_000L, rule.wanted(high, 16_666_667L), "20 ms and a frame step and 1 ms, rounded up");
    }

    @Property
    void theBudgetCoversTheWorstLatenessWithinItsBoundsAndIsStable(
            @ForAll @Size(min = 1, max = 200) List<@LongRange(min = -1, max = 3_000_000_000L) Long> readings,
            @ForAll @IntRange(min = 1, max = 20) int floor, @ForAll @IntRange(min = 0, max = 20) int room,
            @ForAll @LongRange(min = 0, max = 2_000_000_000L) long current,
            @ForAll @IntRange(min = 10, max = 500) int turnMs,
            @ForAll @IntRange(min = 1, max = 100) int window,
            @ForAll @LongRange(min = 0, max = 100_000_000L) long frameStep) {
        int ceiling = floor + room;
        long turn = turnMs * 1_000_000L;
        long now = Math.max((floor - 1) * turn, Math.min((ceiling - 1) * turn, current));
        DelayRule rule = new DelayRule(turn, floor, ceiling, window);
        readings.forEach(rule::add);
        List<Long> kept = readings.stream().filter(r -> r >= 0).toList();
        List<Long> inWindow = kept.subList(Math.max(0, kept.size() - window), kept.size());
        long worst = inWindow.stream().mapToLong(Long::longValue).max().orElse(-1);
        assertEquals(worst, rule.worst(), "the worst of the window");
        long mean = inWindow.isEmpty() ? 0 : inWindow.stream().mapToLong(Long::longValue).sum() / inWindow.size();
        long margin = Math.max(DelayRule.LEAST_MARGIN_NANOS, (worst - mean) / 8);
        assertEquals(inWindow.isEmpty() ? DelayRule.LEAST_MARGIN_NANOS : margin, rule.margin(), "the margin");
        long wanted = rule.wanted(now, frameStep);
        if (worst < 0) {
            assertEquals(now, wanted, "nothing measured: the budget stays");
            return;
        }
        long spare = turn / 8;
        long over = Math.max(frameStep + DelayRule.LEAST_MARGIN_NANOS, margin + spare);
        assertEquals(over, rule.room(frameStep), "the room over the worst reading");
        long need = worst + over;
        long lowest = (floor - 1) * turn;
        long highest = (ceiling - 1) * turn;
        if (wanted != now) {
            assertTrue(wanted >= lowest && wanted <= highest, wanted + " outside " + lowest + ".." + highest);
            assertEquals(0, wanted % 1_000_000, "not whole milliseconds: " + wanted);
            long fresh = (need + 999_999) / 1_000_000 * 1_000_000;
            assertEquals(Math.max(lowest, Math.min(highest, fresh)), wanted,
                    "a new budget is not the need rounded up to the millisecond");
            assertTrue(need > now || need + DelayRule.FALL_SPARES * spare < now,
                    "changed although it covered the need within the fall spares");
        }
        long fallTo = Math.max(lowest, Math.min(highest, (need + 999_999) / 1_000_000 * 1_000_000));
        if (need + DelayRule.FALL_SPARES * spare < now && fallTo < now) {
            boolean enough = inWindow.size() >= Math.min(DelayRule.FALL_READINGS, window);
            assertEquals(enough ? fallTo : now, wanted, enough ? "no fall" : "a fall on too few readings");
        }
        assertTrue(wanted == highest || wanted >= need, "the budget " + wanted + " does not cover " + need);
        assertEquals(wanted, rule.wanted(wanted, frameStep), "asked again, the rule moved");
        int delay = rule.delay(wanted);
        assertTrue(delay >= floor && delay <= ceiling, delay + " turns outside " + floor + ".." + ceiling);
        assertTrue(delay == floor || delay == ceiling || (delay - 1) * turn >= wanted && (delay - 2) * turn < wanted,
                "the delay " + delay + " is not the budget " + wanted + " in whole turns");
    }
}
