package dev.ecsloop.lockstep;

import org.junit.jupiter.api.Test;

import static dev.ecsloop.lockstep.SlewedPeer.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A batch a few ms late, on one peer driven by a manual clock at 16 ms frames: turns 1 to 6 are in at once, turn 7
 * (whose start, 350 ms, is the horizon until it comes) comes in at 340 ms real, taken in by the poll at 352 ms.
 * With a hard horizon the frame from 336 to 352 ms would pass 350 ms before that poll: it stops there and waits
 * (a stall). The soft horizon slows the frames that near 350 ms by an eighth (2 ms each), so
 * that frame ends short of it, the batch is in by the next poll, and no frame waits; the slowed time is given back
 * once there is room, and the simulation is back on real time.
 */
class SoftHorizonTest {

    private static final long FRAME = 16 * MS;

    private static SlewedPeer run(boolean slewed, int frames) {
        long[] arrival = new long[12];
        arrival[7] = 340 * MS; // taken in by the poll at 352 ms
        for (int t = 8; t < arrival.length; t++) {
            arrival[t] = 340 * MS;
        }
        SlewedPeer peer = new SlewedPeer(slewed, arrival, new boolean[arrival.length]);
        for (int i = 0; i < frames; i++) {
            peer.frame(FRAME);
        }
        return peer;
    }

    @Test
    void aHardHorizonStallsOnTheLateBatch() {
        SlewedPeer peer = run(false, 22);
        assertEquals(1, peer.stalls, "the frame ending at 352 ms waits at 350 ms");
        assertEquals(2 * MS, peer.loop.droppedNanos(), "and keeps its drop");
    }

    @Test
    void theSoftHorizonSlowsPastTheLateBatchAndCatchesUp() {
        SlewedPeer near = run(true, 22); // real 352 ms
        assertEquals(0, near.stalls, "no frame waited for turn 7");
        assertEquals(346 * MS, near.loop.simulatedNanos(), "the three frames from 304 ms were slowed by 2 ms each");
        assertEquals(6 * MS, near.loop.droppedNanos());
        SlewedPeer later = run(true, 30); // real 480 ms: turns up to 11 in, room again
        assertEquals(0, later.stalls);
        assertEquals(0, later.owed(), "the slowed time was given back");
        assertEquals(480 * MS, later.loop.simulatedNanos(), "simulated time is back on real time");
    }
}
