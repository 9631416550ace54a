package dev.ecsloop.lockstep;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.Random;

import static dev.ecsloop.lockstep.SlewedPeer.MS;
import static dev.ecsloop.lockstep.SlewedPeer.TURN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The soft horizon changes how real time maps to simulated time, never what is simulated: under any frame lengths
 * and any batch arrivals (seeded: early, just in time or late by up to a turn, some with orders), a slewed peer and
 * a hard-horizon peer see the same orders at the same simulated instants in the same ticks; and the slewed peer's
 * time stays accounted for: after every frame simulated + dropped time is the real time elapsed, and what the soft
 * horizon owes is never negative and never more than the dropped time, and the simulation never passes the horizon
 * the inputs allow.
 */
class SoftHorizonProperties {

    @Property(tries = 60)
    void slewingChangesNoInstantAndLosesNoTime(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int budgetMs) {
        Random r = new Random(seed);
        int turns = 40;
        long[] arrival = new long[turns];
        boolean[] order = new boolean[turns];
        for (int t = 1; t < turns; t++) {
            long jitter = r.nextInt(3) == 0 ? r.nextInt((int) TURN) : r.nextInt(8 * (int) MS);
            arrival[t] = Math.max(arrival[t - 1], t * TURN - budgetMs * MS + jitter);
            order[t] = r.nextInt(3) == 0;
        }
        long[] frames = new long[150];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = (5 + r.nextInt(36)) * MS;
        }
        SlewedPeer hard = new SlewedPeer(false, arrival, order);
        SlewedPeer soft = new SlewedPeer(true, arrival, order);
        for (long f : frames) {
            hard.frame(f);
            soft.frame(f);
            assertEquals(soft.real, soft.loop.simulatedNanos() + soft.loop.droppedNanos(),
                    "simulated + dropped time is the real time");
            assertEquals(0, soft.overruns, "the simulation never passed the horizon the inputs allow");
            assertTrue(soft.owed() >= 0 && soft.owed() <= soft.loop.droppedNanos(),
                    "owed " + soft.owed() + " within dropped " + soft.loop.droppedNanos());
        }
        int common = Math.min(hard.seen().size(), soft.seen().size());
        assertTrue(common > 0 || !anyOrder(order), "some order was applied");
        assertEquals(hard.seen().subList(0, common), soft.seen().subList(0, common),
                "the same orders at the same instants in the same ticks");
    }

    private static boolean anyOrder(boolean[] order) {
        for (boolean o : order) {
            if (o) {
                return true;
            }
        }
        return false;
    }
}
