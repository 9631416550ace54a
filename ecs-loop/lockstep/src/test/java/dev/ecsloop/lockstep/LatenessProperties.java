package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host's frame step over any frames, reports (hostile ones too) and seats leaving and coming back: it stays
 * from 0 to {@link Lateness#MOST_STEP_NANOS}; it covers what every playing joiner last reported (bounded), and no
 * seat that left; it invents nothing (never more than the longest frame or counted report); and with frames all
 * alike and no joiner slower, it is that frame. The pair levels (the readings before are stale) after the match's
 * first hold and after every hold of a whole turn or more, once the hold is done.
 */
class LatenessProperties {

    static final long L = 50_000_000L;

    @Property
    void theFrameStepCoversThePlayingJoinersAndInventsNothing(
            @ForAll @Size(max = 120) List<@LongRange(min = -20_000_000L, max = 200_000_000L) Long> frames,
            @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 3) Integer> reporters,
            @ForAll @Size(max = 40) List<@From("steps") Float> steps,
            @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 3) Integer> toggles) {
        GameLoop loop = TestPeer.build(new ManualClock()).loop();
        boolean[] playing = LatenessTest.seats(4);
        Lateness host = new Lateness(loop, L, 0, playing);
        long[] counted = new long[4]; // each joiner's last report as the host bounds it
        long longestFrame = 0;
        int n = Math.max(frames.size(), Math.max(Math.min(reporters.size(), steps.size()), toggles.size()));
        for (int i = 0; i < n; i++) {
            if (i < frames.size()) {
                host.frame(frames.get(i));
                longestFrame = Math.max(longestFrame, frames.get(i));
            }
            if (i < reporters.size() && i < steps.size()) {
                int from = reporters.get(i);
                float step = steps.get(i);
                host.taken(LatenessTest.report(from, step), L);
                if (from > 0) {
                    counted[from] = step > 0 ? Math.min(Lateness.MOST_STEP_NANOS, Math.round(step * 1_000.0)) : 0;
                }
            }
            if (i < toggles.size() && toggles.get(i) > 0) {
                playing[toggles.get(i)] ^= true;
            }
            long step = host.frameStep();
            long most = Math.min(Lateness.MOST_STEP_NANOS, longestFrame);
            for (int s = 1; s < 4; s++) {
                if (playing[s]) {
                    assertTrue(step >= counted[s], "seat " + s + " reported " + counted[s] + ", step " + step);
                    most = Math.max(most, counted[s]);
                }
            }
            assertTrue(step >= 0 && step <= Lateness.MOST_STEP_NANOS, "bounded: " + step);
            assertTrue(step <= most, "invented: " + step + " over " + most);
        }
    }

    @Property
    void framesAllAlikeAreTheStepWhenNoJoinerIsSlower(
            @ForAll @LongRange(min = 1, max = 100_000_000L) long frame,
            @ForAll @IntRange(min = 1, max = 100) int count,
            @ForAll @LongRange(min = 0, max = 100_000_000L) long joinerMicros) {
        GameLoop loop = TestPeer.build(new ManualClock()).loop();
        Lateness host = new Lateness(loop, L, 0, LatenessTest.seats(2));
        host.taken(LatenessTest.report(1, Math.min(frame / 1_000 - 1, joinerMicros)), L); // whole us under the frame
        for (int i = 0; i < count; i++) {
            host.frame(frame);
            host.frame(0); // a paused frame is no step
        }
        assertEquals(frame, host.frameStep());
    }

    /**
     * Any imbalances one after the other, each corrected by a hold of half of it: the first hold of the match levels
     * the pair once its holds are done, and so does every later hold of a whole turn or more; a later hold under a
     * turn does not; never before the hold's settle (20 turns and 8 times the hold).
     */
    @Property(tries = 40)
    void thePairLevelsAfterItsFirstHoldAndAfterEveryHoldOfAWholeTurn(
            @ForAll @Size(min = 1, max = 4) List<@LongRange(min = 20, max = 800) Long> imbalancesMs) {
        ManualClock clock = new ManualClock();
        GameLoop loop = TestPeer.build(clock).loop();
        Lateness host = new Lateness(loop, L, 0, LatenessTest.seats(2));
        OwnTurns own = new OwnTurns(new SilentLink("ann", "bob"), new TurnBook(2, 3, false));
        boolean first = true;
        for (long lateMs : imbalancesMs) {
            LatenessTest.imbalance(host, loop, clock, lateMs);
            long start = loop.simulatedNanos();
            long hold = host.balance(own, false);
            assertEquals(lateMs * LatenessTest.MS / 2, hold, 1_000, "half the imbalance");
            int expected = first || hold >= L ? 1 : 0;
            assertEquals(expected, LatenessTest.levellings(host, own, loop, clock, 30 + 8 * hold / L,
                    start + 20 * L + 8 * hold), "after a hold of " + hold / LatenessTest.MS + " ms");
            first = false;
        }
    }

    @Provide
    Arbitrary<Float> steps() {
        return Arbitraries.oneOf(Arbitraries.floats().between(-1e6f, 1e13f),
                Arbitraries.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f, Float.MIN_VALUE,
                        16_667f, 33_333f));
    }
}
