package dev.ecsloop.lockstep;

import dev.ecsloop.state.StateHash;
import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The session's contract without sockets: peers on one thread, joined by an in-memory relay that holds each message
 * for a random number of steps (in order, as TCP would), each peer with its own random frame lengths and orders at
 * random moments. Whatever the split and the lag: no peer's simulation ever passes the end of the last turn whose
 * inputs it holds, every order takes effect exactly the input delay after the turn it was given in, and all peers
 * agree at every checkpoint and at the end.
 */
class LockstepProperties {

    /** Seat {@code seat}'s side of the relay: what it sends reaches every other seat after a random lag. */
    static final class RelayLink implements PeerLink {
        final int seat;
        final List<String> names;
        final List<RelayLink> all;
        final Random lag;
        final ArrayDeque<long[]> due = new ArrayDeque<>();   // {step due} parallel to held
        final ArrayDeque<Message> held = new ArrayDeque<>();
        long step;
        long lastDue;

        RelayLink(int seat, List<String> names, List<RelayLink> all, Random lag) {
            this.seat = seat;
            this.names = names;
            this.all = all;
            this.lag = lag;
        }

        @Override
        public int seat() {
            return seat;
        }

        @Override
        public List<String> names() {
            return names;
        }

        @Override
        public void send(Message message) {
            for (RelayLink other : all) {
                if (other != this) {
                    other.deliverLater(message);
                }
            }
        }

        void deliverLater(Message m) {
            lastDue = Math.max(lastDue, step + lag.nextInt(6));
            due.addLast(new long[] {lastDue});
            held.addLast(m);
        }

        @Override
        public Message poll() {
            if (!due.isEmpty() && due.peekFirst()[0] <= step) {
                due.pollFirst();
                return held.pollFirst();
            }
            return null;
        }

        @Override
        public Message await(long timeoutNanos) {
            return poll();
        }

        @Override
        public long rttNanos() {
            return -1;
        }

        @Override
        public long bytes() {
            return 0;
        }

        @Override
        public void close() {
        }
    }

    @Property(tries = 40)
    void anySplitAndAnyLagKeepLockstepAndTheInputDelay(@ForAll @IntRange(min = 2, max = 4) int seats,
                                                        @ForAll @IntRange(min = 1, max = 4) int delay,
                                                        @ForAll long seed) {
        LockstepConfig config = new LockstepConfig(50_000_000L, delay, 2);
        long endTurn = 40;
        Random random = new Random(seed);
        List<String> names = new ArrayList<>();
        for (int s = 0; s < seats; s++) {
            names.add("p" + s);
        }
        List<RelayLink> links = new ArrayList<>();
        for (int s = 0; s < seats; s++) {
            links.add(new RelayLink(s, names, links, new Random(random.nextLong())));
        }
        List<ManualClock> clocks = new ArrayList<>();
        List<TestPeer.Game> games = new ArrayList<>();
        List<LockstepSession> sessions = new ArrayList<>();
        List<List<long[]>> given = new ArrayList<>(); // {turn given, effect turn, x}
        long[] maxFrame = new long[seats];
        for (int s = 0; s < seats; s++) {
            ManualClock clock = new ManualClock();
            TestPeer.Game game = TestPeer.build(clock, 50);
            LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), links.get(s), config);
            session.endAt(endTurn);
            clocks.add(clock);
            games.add(game);
            sessions.add(session);
            given.add(new ArrayList<>());
            maxFrame[s] = 1_000_000L + random.nextInt(60_000_000);
        }
        int x = 0;
        for (int step = 0; step < 100_000; step++) {
            boolean all = true;
            for (int s = 0; s < seats; s++) {
                LockstepSession session = sessions.get(s);
                GameLoop loop = games.get(s).loop();
                links.get(s).step = step;
                if (session.ended()) {
                    continue;
                }
                all = false;
                session.poll();
                long completedEnd = session.horizonNanos();
                clocks.get(s).advance(1 + (long) (random.nextDouble() * maxFrame[s]));
                loop.frame();
                assertTrue(loop.simulatedNanos() <= completedEnd, "p" + s + " passed its horizon");
                if (random.nextInt(20) == 0) {
                    long turn = session.turn();
                    long effect = session.submit(new Command(1, s % 4, x, 10, 0, 0));
                    if (effect >= 0) {
                        given.get(s).add(new long[] {turn, effect, x});
                    }
                    x++;
                }
            }
            if (all) {
                break;
            }
        }
        TestPeer.Game first = games.get(0);
        for (int s = 0; s < seats; s++) {
            LockstepSession session = sessions.get(s);
            assertNull(session.stopReason(), "p" + s);
            assertTrue(session.ended(), "p" + s + " did not reach the end");
            assertEquals(LockstepMatchTest.hashesOnly(sessions.get(0).checkpoints()),
                    LockstepMatchTest.hashesOnly(session.checkpoints()), "p" + s + "'s checkpoints");
            assertEquals(new dev.ecsloop.state.StateHash(first.loop().world()).hash(),
                    new dev.ecsloop.state.StateHash(games.get(s).loop().world()).hash(), "p" + s + "'s world");
            assertEquals(first.commands().seen, games.get(s).commands().seen, "p" + s + " saw other orders");
            for (long[] g : given.get(s)) {
                assertEquals(g[0] + delay, g[1]);
                if (g[1] < endTurn) {
                    long at = g[1] * config.turnNanos();
                    assertTrue(first.commands().seen.stream().anyMatch(seen -> seen.x() == g[2]
                            && seen.eventSimNanos() == at), "order " + g[2] + " not posted at " + at);
                }
            }
        }
        assertEquals(endTurn / config.hashEvery(), sessions.get(0).checkpoints().size());
    }
}
