package dev.ecsloop;

import com.artemis.BaseSystem;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tick queue on its own: a min-heap of groups by exact next tick, ties by registration order. */
class TickQueueTest {

    private static final class Plain extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    /** A fixed-step slot at {@code hz} and phase (millionths), in registration order {@code order}. */
    private static SystemSlot slot(int order, double hz, long phasePpm) {
        SystemSlot slot = new SystemSlot(new Plain(), order, order, Declaration.of(Plain.class));
        slot.kind = SystemSlot.Kind.FIXED;
        slot.phasePpm = phasePpm;
        slot.schedule = new TickSchedule(Rate.of(hz, "s" + order), phasePpm);
        return slot;
    }

    @Test
    void systemsWithTheSameGridShareOneGroupAndEveryFrameSystemsAreLeftOut() {
        SystemSlot a = slot(0, 60, 0);
        SystemSlot b = slot(1, 15, 0);
        SystemSlot c = slot(2, 60, 0);
        SystemSlot everyFrame = new SystemSlot(new Plain(), 3, 3, Declaration.of(Plain.class));
        TickQueue queue = new TickQueue();
        queue.rebuild(new SystemSlot[] {a, b, c, everyFrame});
        TickGroup first = queue.group(queue.pop());
        assertEquals(List.of(0, 2), members(first), "60 Hz systems tick together, first (1/60 s < 1/15 s)");
        assertSame(a.schedule, c.schedule, "group mates share one schedule");
        assertEquals(List.of(1), members(queue.group(queue.pop())));
        assertTrue(queue.isEmpty());
    }

    private static List<Integer> members(TickGroup group) {
        List<Integer> out = new ArrayList<>();
        long[] due = new long[1];
        group.markDue(due);
        for (int i = 0; i < 64; i++) {
            if ((due[0] & (1L << i)) != 0) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * Popping, advancing each group's one schedule and pushing back yields every tick in order of exact time, ties
     * in registration order, exactly as sorting all ticks would.
     */
    @Property(tries = 300)
    void ticksComeOutInTimeThenRegistrationOrder(@ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1,
            max = 240) Integer> rates, @ForAll @Size(min = 8, max = 8) List<@IntRange(min = 0, max = 999_999)
            Integer> phases) {
        SystemSlot[] slots = new SystemSlot[rates.size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = slot(i, rates.get(i), phases.get(i) / 1000 * 1000);
        }
        record Tick(long at, int order) {
        }
        List<Tick> expected = new ArrayList<>();
        long end = 250_000_000L;
        for (SystemSlot s : slots) {
            TickSchedule copy = new TickSchedule(s.schedule.rate, s.phasePpm);
            while (copy.dueCeilNanos() <= end) {
                expected.add(new Tick(copy.dueCeilNanos(), s.order));
                copy.advance();
            }
        }
        expected.sort(Comparator.comparingLong(Tick::at).thenComparingInt(Tick::order));
        TickQueue queue = new TickQueue();
        queue.rebuild(slots);
        List<Tick> actual = new ArrayList<>();
        while (!queue.isEmpty() && queue.peekInstant() <= end) {
            long at = queue.peekInstant();
            List<Integer> popped = new ArrayList<>();
            List<Integer> orders = new ArrayList<>();
            while (!queue.isEmpty() && queue.peekInstant() == at) {
                int id = queue.pop();
                popped.add(id);
                orders.addAll(members(queue.group(id)));
            }
            orders.sort(null);
            for (int order : orders) {
                actual.add(new Tick(at, order));
            }
            for (int id : popped) {
                // One schedule per group, shared by its members: advanced once.
                queue.group(id).advance();
                queue.push(id);
            }
        }
        assertEquals(expected, actual);
    }
}
