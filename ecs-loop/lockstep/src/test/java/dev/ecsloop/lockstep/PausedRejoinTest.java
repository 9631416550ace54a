package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rejoin during a match-wide pause, without sockets: the host's player (ann, alone since bob dropped) pauses the
 * match, then serves bob's catch-up, so the snapshot bob restores holds a paused loop. Bob must take that as the
 * match-wide pause it is: say {@code Ready} only after the resume (a {@code Ready} during the pause gets a
 * {@code Rejoined} that puts his seat's turns past everybody's paused ones, and the relay's stall rule then drops the
 * seats that wait for the resume), resume when the match resumes, and stop, not hang, when the host is lost while
 * he is paused; and a match started on a loop saved paused starts in that pause.
 */
class PausedRejoinTest {

    static final LockstepConfig RULES = new LockstepConfig(50_000_000L, 3, 20);
    static final long FRAME = 16_666_667L;

    /** Bob, restored from ann's snapshot taken during the pause; its link and session. */
    private record Rejoiner(ManualClock clock, TestPeer.Game game, ScriptedLink link, LockstepSession session,
                            long pauseTurn) {
    }

    /** @return rejoins served with snapshots of {@code game} under {@link #RULES} */
    static Snapshots snapshots(TestPeer.Game game) {
        return Snapshots.builder(game.loop()).setup(RULES.setup(TestPeer.GAME_SETUP)).input(game.inputs()).build();
    }

    private static void frames(ManualClock clock, TestPeer.Game game, LockstepSession session, int n)
            throws InterruptedException {
        for (int i = 0; i < n && session.stopReason() == null; i++) {
            session.poll(0);
            clock.advance(FRAME);
            game.loop().frame();
        }
    }

    /** Ann pauses the match alone (bob dropped), then serves bob a catch-up while paused; bob restores it. */
    private static Rejoiner rejoinDuringThePause() throws Exception {
        return rejoinDuringThePause(List.of("ann", "bob"), List.of(), session -> { });
    }

    /**
     * Ann pauses the match alone (every other seat dropped), then serves bob a catch-up while paused; {@code relayed}
     * reaches bob during the transfer, before its last chunk, and bob's game gives {@code rules} to the session the
     * rejoin returned, before its first poll.
     */
    private static Rejoiner rejoinDuringThePause(List<String> names, List<Message> relayed,
                                                 java.util.function.Consumer<LockstepSession> rules)
            throws Exception {
        String[] seats = names.toArray(String[]::new);
        ManualClock annClock = new ManualClock();
        TestPeer.Game ann = TestPeer.build(annClock);
        ScriptedLink annLink = new ScriptedLink(0, false, seats);
        LockstepSession host = LockstepSession.start(ann.loop(), ann.inputs(), annLink, RULES);
        host.serveRejoins(snapshots(ann));
        host.filter(MatchPauseTest.RULE.apply(ann.loop()));
        assertTrue(host.playing(1), "bob plays until his drop arrives");
        for (int seat = 1; seat < seats.length; seat++) {
            annLink.incoming.add(new Message.Drop(seat, RULES.inputDelay(), "disconnected"));
        }
        frames(annClock, ann, host, 20);
        assertFalse(host.playing(1), "bob left");
        assertTrue(host.playing(0));
        host.submit(new Command(MatchPauseTest.PAUSE, 0, 0, 0, 0, 0));
        for (int i = 0; i < 200 && !host.pausedByMatch(); i++) {
            frames(annClock, ann, host, 1);
        }
        assertTrue(host.pausedByMatch(), "ann never paused: " + host.stopReason());
        frames(annClock, ann, host, 10);
        long pauseTurn = host.turn();
        annLink.sent.clear();
        annLink.incoming.add(new Message.SnapshotWanted(1));
        frames(annClock, ann, host, 1);
        List<Message> chunks = annLink.sent.stream().filter(m -> m instanceof Message.Catchup).toList();
        assertFalse(chunks.isEmpty(), "ann served no catch-up while paused");

        ManualClock bobClock = new ManualClock();
        TestPeer.Game bob = TestPeer.build(bobClock);
        ScriptedLink bobLink = new ScriptedLink(1, true, seats);
        bobLink.incoming.addAll(chunks.subList(0, chunks.size() - 1));
        bobLink.incoming.addAll(relayed);
        bobLink.incoming.add(chunks.get(chunks.size() - 1));
        LockstepSession rejoined = LateStart.rejoin(bob.loop(), bob.inputs(), bobLink, RULES, snapshots(bob),
                Duration.ofSeconds(1));
        rejoined.filter(MatchPauseTest.RULE.apply(bob.loop()));
        rules.accept(rejoined);
        assertEquals(pauseTurn, rejoined.turn());
        assertTrue(bob.loop().isPaused(), "the snapshot was taken during the pause");
        frames(bobClock, bob, rejoined, 30);
        return new Rejoiner(bobClock, bob, bobLink, rejoined, pauseTurn);
    }

    @Test
    void aRejoinerRestoredDuringAPauseSaysReadyOnlyAfterTheResumeAndResumesWithTheMatch() throws Exception {
        Rejoiner bob = rejoinDuringThePause();
        ManualClock clock = bob.clock();
        assertTrue(bob.session().pausedByMatch(), "bob's session does not know the match is paused");
        assertTrue(bob.link().sent.stream().noneMatch(m -> m instanceof Message.Ready),
                "bob said Ready during the pause: " + bob.link().sent);
        bob.link().incoming.add(new Message.Resume(0, bob.pauseTurn()));
        frames(clock, bob.game(), bob.session(), 30);
        assertFalse(bob.game().loop().isPaused(), "the resume did not reach bob's loop");
        assertTrue(bob.game().loop().simulatedNanos() > bob.pauseTurn() * RULES.turnNanos(), "bob never moved on");
        assertTrue(bob.link().sent.stream().anyMatch(m -> m instanceof Message.Ready),
                "bob never said Ready after the resume: " + bob.link().sent);
        assertEquals(null, bob.session().stopReason());
    }

    @Test
    void aRejoinerPausedWhenTheHostIsLostStops() throws Exception {
        Rejoiner bob = rejoinDuringThePause();
        ManualClock clock = bob.clock();
        bob.link().incoming.add(new Message.Lost("the connection to the host closed"));
        frames(clock, bob.game(), bob.session(), 5);
        assertNotNull(bob.session().stopReason(), "bob, paused, never noticed the host was gone");
        assertTrue(bob.session().hostLost(), bob.session().stopReason());
    }

    @Test
    void aRejoinerStillCatchingUpCannotResumeTheMatchForEveryoneElse() throws Exception {
        Rejoiner bob = rejoinDuringThePause();
        assertTrue(bob.session().catchingUp(), "bob is live already");
        assertFalse(bob.session().resumeMatch(), "bob's resume ended the pause while he caught up");
        assertTrue(bob.link().sent.stream().noneMatch(m -> m instanceof Message.Resume), bob.link().sent.toString());
        assertTrue(bob.game().loop().isPaused(), "bob's loop went on alone");
    }

    /**
     * Under a rule that only the host may resume, a resume from another seat relayed while bob's catch-up arrives
     * (a hostile peer's) must be ignored by bob as by every other peer, and said: taken before the game gave its rule,
     * it would end bob's pause alone.
     */
    @Test
    void aResumeFromASeatTheRuleLeavesOutRelayedDuringTheTransferLeavesTheRejoinerPaused() throws Exception {
        java.util.List<String> said = new java.util.ArrayList<>();
        Rejoiner bob = rejoinDuringThePause(List.of("ann", "bob", "carl"), List.of(new Message.Resume(2, 1_000_000)),
                session -> session.resumableBy(seat -> seat == 0).onReport(said::add));
        assertTrue(bob.game().loop().isPaused(), "carl's resume ended bob's pause alone");
        assertTrue(bob.session().pausedByMatch());
        assertTrue(said.contains("ignored carl's resume: that seat may not resume this match"), said.toString());
        assertTrue(bob.link().sent.stream().noneMatch(m -> m instanceof Message.Ready), bob.link().sent.toString());

        bob.link().incoming.add(new Message.Resume(0, bob.pauseTurn()));
        frames(bob.clock(), bob.game(), bob.session(), 30);
        assertFalse(bob.game().loop().isPaused(), "ann's resume did not reach bob");
    }

    /**
     * A time scale the match sets while bob catches up (a control applied at a turn's instant, on every peer alike)
     * must not slow his catch-up to the others' pace, which would leave him behind for good: the catch-up's scale
     * comes back at his next poll, and the match's is his once he plays live.
     */
    @Test
    void aTimeScaleSetWhileCatchingUpWaitsUntilTheRejoinerPlaysLive() throws Exception {
        Rejoiner bob = rejoinDuringThePause();
        dev.ecsloop.GameLoop loop = bob.game().loop();
        assertEquals(Rejoining.CATCHUP_SCALE, loop.timeScale());
        loop.setTimeScale(1.5);
        frames(bob.clock(), bob.game(), bob.session(), 1);
        assertEquals(Rejoining.CATCHUP_SCALE, loop.timeScale(), "bob catches up at the match's pace");
        bob.link().incoming.add(new Message.Resume(0, bob.pauseTurn()));
        frames(bob.clock(), bob.game(), bob.session(), 30);
        assertTrue(bob.link().sent.stream().anyMatch(m -> m instanceof Message.Ready), bob.link().sent.toString());
        long from = bob.session().horizonNanos() / RULES.turnNanos(); // the first turn not complete
        bob.link().incoming.add(new Message.Rejoined(1, from));
        frames(bob.clock(), bob.game(), bob.session(), 5);
        assertFalse(bob.session().catchingUp(), "bob never went live: " + bob.session().stopReason());
        assertEquals(1.5, loop.timeScale(), "bob plays live at the match's time scale");
    }

    /** Every peer loads the same snapshot, saved paused: each starts in that pause, and any player's resume ends it. */
    @Test
    void aMatchStartedOnALoopSavedPausedStartsInThatPauseWhichAResumeEnds() throws Exception {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        game.loop().pause();
        ScriptedLink link = new ScriptedLink(1, false, "ann", "bob");
        LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), link, RULES);
        assertTrue(session.pausedByMatch(), "a resume could never end this pause");
        frames(clock, game, session, 10);
        assertEquals(0, game.loop().simulatedNanos(), "it ran while paused");
        link.incoming.add(new Message.Resume(0, session.turn()));
        frames(clock, game, session, 10);
        assertFalse(game.loop().isPaused(), "ann's resume did not end it");
        assertFalse(session.pausedByMatch());

        TestPeer.Game loaded = TestPeer.build(new ManualClock()); // the same through LateStart.resume (--load)
        loaded.loop().pause();
        assertTrue(LateStart.resume(loaded.loop(), loaded.inputs(), new ScriptedLink(1, false, "ann", "bob"), RULES)
                .pausedByMatch(), "a match resumed from a snapshot saved paused could never be resumed");
    }
}
