package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LockstepSession#coverLateFrames}: when ann's frames stop coming (a hitch of her machine), her batches still
 * leave on time, so bob plays on instead of stalling at his horizon; inputs given during the hitch go into the next
 * batch still open; the match stays in sync. Both peers share one manual clock and one wire on which a batch arrives
 * at once; the test calls the cover as its thread would, at bob's frames.
 */
class LateFrameCoverTest {

    static final LockstepConfig RULES = PausedRejoinTest.RULES; // 50 ms turns, a delay of 3: a budget of 100 ms
    static final long MS = 1_000_000L;
    static final long FRAME = 10 * MS;
    static final long END_TURN = 80;

    /** One end of a wire between ann and bob: what one sends, the other can take at once. */
    static final class Wire extends ForwardingLink {
        final int seat;
        final ArrayDeque<Message> inbox = new ArrayDeque<>();
        final List<Message.Turn> sent = new ArrayList<>();
        Wire other;

        Wire(int seat) {
            super(new SilentLink("ann", "bob"));
            this.seat = seat;
        }

        @Override
        public int seat() {
            return seat;
        }

        @Override
        public void send(Message message) {
            synchronized (other) {
                other.inbox.addLast(message);
            }
            synchronized (this) {
                if (message instanceof Message.Turn t) {
                    sent.add(t);
                }
            }
        }

        synchronized List<Message.Turn> sent() {
            return List.copyOf(sent);
        }

        @Override
        public synchronized Message poll() {
            return inbox.pollFirst();
        }

        @Override
        public Message await(long timeoutNanos) {
            return poll();
        }
    }

    private final ManualClock clock = new ManualClock();
    private final TestPeer.Game ann = TestPeer.build(clock);
    private final TestPeer.Game bob = TestPeer.build(clock);
    private final Wire annWire = new Wire(0);
    private final Wire bobWire = new Wire(1);
    private final LockstepSession annSession;
    private final LockstepSession bobSession;

    LateFrameCoverTest() {
        annWire.other = bobWire;
        bobWire.other = annWire;
        annSession = LockstepSession.start(ann.loop(), ann.inputs(), annWire, RULES);
        bobSession = LockstepSession.start(bob.loop(), bob.inputs(), bobWire, RULES);
        annSession.endAt(END_TURN);
        bobSession.endAt(END_TURN);
    }

    private void annFrame() {
        annSession.poll();
        ann.loop().frame();
    }

    private boolean bobFrame() {
        bobSession.poll();
        bob.loop().frame();
        return bobSession.waiting();
    }

    /** Both play {@code frames} frames of 10 ms; bob never waits. */
    private void together(int frames) {
        for (int i = 0; i < frames && !(annSession.ended() && bobSession.ended()); i++) {
            clock.advance(FRAME);
            annFrame();
            assertFalse(bobFrame(), "bob waited at " + bob.loop().simulatedNanos() / MS + " ms while ann played");
        }
    }

    /**
     * Ann's loop is held for {@code frames} of bob's frames; the cover (if any) is called as its thread would be.
     *
     * @return how many of bob's frames ended waiting at his horizon
     */
    private int annHeld(int frames, LateFrameCover cover) {
        int waited = 0;
        for (int i = 0; i < frames; i++) {
            clock.advance(FRAME);
            if (cover != null) {
                cover.standIn(clock.nanoTime());
            }
            waited += bobFrame() ? 1 : 0;
        }
        return waited;
    }

    private void toTheEnd() {
        for (int i = 0; i < 2_000 && !(annSession.ended() && bobSession.ended()); i++) {
            clock.advance(FRAME);
            annFrame();
            bobFrame();
        }
        assertNull(annSession.stopReason());
        assertNull(bobSession.stopReason());
        assertTrue(annSession.ended() && bobSession.ended(), "the match did not reach its end");
        assertEquals(ann.loop().simulatedNanos(), bob.loop().simulatedNanos());
    }

    /** @return the turn of ann's last batch sent */
    private long lastSentTurn() {
        List<Message.Turn> sent = annWire.sent();
        return sent.get(sent.size() - 1).turn();
    }

    /** A match-wide control: the same change on both peers' loops. */
    private void bothLoops(Consumer<GameLoop> change) {
        change.accept(ann.loop());
        change.accept(bob.loop());
    }

    private static void gapless(List<Message.Turn> sent) {
        for (int i = 1; i < sent.size(); i++) {
            assertEquals(sent.get(i - 1).turn() + 1, sent.get(i).turn(), "turns sent: " + sent);
        }
    }

    @Test
    void aHitchOfAnnsNoLongerStallsBob() {
        LateFrameCover cover = annSession.cover(clock);
        together(100);
        assertEquals(0, annHeld(20, cover), "bob stalled though ann's batches were covered");
        together(10);
        toTheEnd(); // the checkpoints compared every 20 turns: no desync
        gapless(annWire.sent());
    }

    @Test
    void withoutTheCoverTheSameHitchStallsBob() {
        together(100);
        assertTrue(annHeld(20, null) > 0, "the hitch is too short to show anything");
        toTheEnd();
    }

    /** Helper-14: paused frames, which move nothing, had shrunk the pace the cover counts with to nothing. */
    @Test
    void aHitchRightAfterAPauseIsCoveredAsAnyOther() {
        LateFrameCover cover = annSession.cover(clock);
        together(100);
        bothLoops(GameLoop::pause);
        together(300);
        bothLoops(GameLoop::resume);
        together(2);
        assertEquals(0, annHeld(20, cover), "bob stalled: the cover lost the pace in the pause");
        toTheEnd();
    }

    /** A match resumed from a snapshot saved in a pause starts paused: the cover has no pace yet, and waits for one. */
    @Test
    void aMatchThatStartsPausedIsCoveredOnceItMoves() {
        LateFrameCover cover = annSession.cover(clock);
        bothLoops(GameLoop::pause);
        together(30);
        assertEquals(Long.MAX_VALUE, cover.dueAt());
        bothLoops(GameLoop::resume);
        together(100);
        assertEquals(0, annHeld(20, cover));
        toTheEnd();
    }

    @Test
    void aHitchAtHalfTheTimeScaleIsCoveredAtThatPace() {
        LateFrameCover cover = annSession.cover(clock);
        together(100);
        bothLoops(loop -> loop.setTimeScale(0.5));
        together(10);
        long sim = ann.loop().simulatedNanos();
        long due = cover.dueAt();
        cover.standIn(due);
        long sent = lastSentTurn();
        // frames of 10 ms real move 5 ms: the batch that closes next lies 'frames' such frames on
        assertEquals((sim + (due - clock.nanoTime() - FRAME / 2) / 2 + 2 * RULES.turnNanos()) / RULES.turnNanos(),
                sent);
        assertEquals(0, annHeld(20, cover));
        toTheEnd();
    }

    @Test
    void theCoverWaitsHalfAnIntervalPastTheFrameThatWouldHaveSent() {
        LateFrameCover cover = annSession.cover(clock);
        together(100);
        long next = lastSentTurn() + 1;
        long due = cover.dueAt();
        // ann's last frame reached 1000 ms: the batch for turn 23 closes at 23 * 50 - 100 = 1050 ms, five frames on
        assertEquals(23, next);
        assertEquals(clock.nanoTime() + 5 * FRAME + FRAME / 2, due);
        cover.standIn(due - 1);
        assertEquals(next - 1, lastSentTurn(), "sent before it was due");
        cover.standIn(due);
        assertEquals(next, lastSentTurn());
        assertEquals(due + 5 * FRAME, cover.dueAt(), "the next batch, a turn later");
    }

    @Test
    void anInputGivenDuringTheHitchGoesIntoTheNextBatchStillOpen() {
        LateFrameCover cover = annSession.cover(clock);
        together(100);
        long before = annSession.submit(new Command(1, 0, 7, 50, 0, 0)); // in ann's frame at 1000 ms
        assertEquals(23, before);
        annHeld(12, cover);
        List<Message.Turn> sent = annWire.sent();
        Message.Turn covered = sent.get(sent.size() - 1);
        assertTrue(covered.turn() > before, "the cover sent nothing: " + covered);
        assertEquals(1, sent.stream().filter(t -> t.turn() == before).findFirst().orElseThrow().commands().size(),
                "the input given before the hitch left with its own batch");
        long during = annSession.submit(new Command(1, 0, 8, 50, 0, 0)); // ann's loop takes input again
        assertEquals(covered.turn() + 1, during, "the first batch still open");
        together(20);
        assertEquals(1, annWire.sent().stream().filter(t -> t.turn() == during).findFirst().orElseThrow()
                .commands().size());
        toTheEnd();
        gapless(annWire.sent());
    }

    @Test
    void nothingIsCoveredWhilePausedOrOnceTheSessionLeft() {
        LateFrameCover cover = annSession.cover(clock);
        together(100);
        ann.loop().pause();
        clock.advance(FRAME);
        annFrame();
        int sent = annWire.sent().size();
        assertEquals(Long.MAX_VALUE, cover.dueAt());
        cover.standIn(clock.nanoTime() + 1_000 * MS);
        assertEquals(sent, annWire.sent().size(), "covered while paused");
        ann.loop().resume();
        clock.advance(FRAME);
        annFrame();
        annSession.leave("quit");
        int left = annWire.sent().size();
        assertEquals(Long.MAX_VALUE, cover.dueAt());
        cover.standIn(clock.nanoTime() + 1_000 * MS);
        assertEquals(left, annWire.sent().size(), "covered after the session left");
    }

    @Test
    void aLongHitchIsCoveredOnlyAsFarAsTheOthersAccept() {
        LateFrameCover cover = annSession.cover(clock);
        together(100);
        cover.standIn(clock.nanoTime() + 60_000 * MS);
        long last = lastSentTurn();
        // ann's last frame ran before bob's at the same instant: she had bob's batches up to turn 21, and may send
        // the delay past that
        assertEquals(21 + RULES.inputDelay(), last);
        int waited = annHeld(100, cover); // bob plays on to there, then waits for ann, as lockstep must
        assertTrue(waited > 0);
        toTheEnd();
        gapless(annWire.sent());
    }

    @Test
    void theCoversThreadSendsForALoopHeldPastItsFrame() {
        together(100);
        annSession.coverLateFrames(clock);
        try {
            together(2); // so the cover has ann's frames to count from
            int sent = annWire.sent().size();
            clock.advance(30 * FRAME);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (annWire.sent().size() == sent && System.nanoTime() < deadline) {
                LockSupport.parkNanos(MS); // waits for the other thread, not for time
            }
            assertTrue(annWire.sent().size() > sent, "the cover's thread sent nothing in 20 s");
        } finally {
            annSession.leave("quit");
        }
        gapless(annWire.sent());
    }
}
