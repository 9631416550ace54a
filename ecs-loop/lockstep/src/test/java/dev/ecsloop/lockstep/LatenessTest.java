package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The frame step the host's budget keeps over the worst reading: the host's own mean frame, or the longest a joiner
 * reported; a joiner reports the mean of its frames since its last report; what a report says is bounded.
 */
class LatenessTest {

    static final long L = 50_000_000L;
    static final long MS = 1_000_000L;

    @Test
    void theHostsFrameStepIsItsMeanFrameOrTheLongestAJoinerReported() {
        GameLoop loop = TestPeer.build(new ManualClock()).loop();
        Lateness host = new Lateness(loop, L, 0, 3);
        assertEquals(0, host.frameStep(), "no frame yet");
        host.frame(10 * MS);
        host.frame(20 * MS);
        host.frame(0); // a frame that did not advance (a pause) is no step
        assertEquals(15 * MS, host.frameStep(), "the mean of the frames so far");
        for (int i = 2; i < Lateness.STEP_FRAMES; i++) {
            host.frame(i % 2 == 0 ? 16 * MS : 17 * MS);
        }
        assertEquals((30 + 15 * 16 + 15 * 17) * MS / Lateness.STEP_FRAMES, host.frameStep(), "the mean of its frames");
        host.frame(50 * MS);
        assertEquals((30 + 15 * 16 + 15 * 17) * MS / Lateness.STEP_FRAMES, host.frameStep(),
                "the last full count of frames, not one long frame");
        host.taken(report(1, 33_333f), L);
        assertEquals(33_333_000L, host.frameStep(), "a joiner at 30 frames a second");
        host.taken(report(2, 25_000f), L);
        assertEquals(33_333_000L, host.frameStep(), "the longest counts");
        host.taken(report(1, Float.NaN), L);
        assertEquals(25_000_000L, host.frameStep(), "a report without a step drops the old one");
        host.taken(report(2, 1e12f), L);
        assertEquals(Lateness.MOST_STEP_NANOS, host.frameStep(), "a step beyond a second counts as a second");
    }

    @Test
    void aJoinersReportCarriesTheMeanOfItsFramesSinceTheLast() {
        GameLoop loop = TestPeer.build(new ManualClock()).loop();
        Lateness joiner = new Lateness(loop, L, 1, 2);
        joiner.frame(20 * MS);
        joiner.frame(30 * MS);
        joiner.taken(new Message.Turn(0, 3, List.of()), 2 * L);
        Command r = joiner.report(10);
        assertNotNull(r);
        assertEquals(25_000f, r.w(), "its mean frame in microseconds");
        joiner.frame(40 * MS);
        joiner.taken(new Message.Turn(0, 4, List.of()), 2 * L);
        assertEquals(40_000f, joiner.report(20).w(), "only the frames since the last report");
    }

    static Message.Turn report(int seat, float stepMicros) {
        return new Message.Turn(seat, 5, List.of(new Command(Lateness.REPORT_TYPE, 40_000, 30_000f, 0, 0,
                stepMicros)));
    }
}
