package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cover ({@link LateFrameCover}) decides only which batch an input joins, never what the peers agree on: two
 * peers under a fixed or an adaptive delay, with random frame lengths, random hitches (their loops held for up to 30 frames) during which the cover
 * stands in at random moments or not at all, and random inputs, always end in the same world, having applied the
 * same inputs at the same ticks; each peer's batches leave gapless and once; each input leaves in exactly one
 * batch, the one for the turn {@link LockstepSession#submit} returned.
 */
class LateFrameCoverProperties {

    static final long MS = 1_000_000L;
    static final long END_TURN = 60;

    /** An input as given: who, its tag, and the turn submit returned. */
    record Given(int seat, int tag, long turn) {
    }

    @Property(tries = 60)
    void coveredHitchesMoveInputsBetweenBatchesButNeverApartBetweenPeers(@ForAll long seed,
                                                                         @ForAll boolean adaptive) {
        Random random = new Random(seed);
        LockstepConfig rules = adaptive ? PausedRejoinTest.RULES.withAdaptiveDelay(1, 8) : PausedRejoinTest.RULES;
        ManualClock clock = new ManualClock();
        LateFrameCoverTest.Wire[] wires = {new LateFrameCoverTest.Wire(0), new LateFrameCoverTest.Wire(1)};
        wires[0].other = wires[1];
        wires[1].other = wires[0];
        TestPeer.Game[] games = new TestPeer.Game[2];
        LockstepSession[] sessions = new LockstepSession[2];
        LateFrameCover[] covers = new LateFrameCover[2];
        for (int p = 0; p < 2; p++) {
            games[p] = TestPeer.build(clock, 40);
            sessions[p] = LockstepSession.start(games[p].loop(), games[p].inputs(), wires[p], rules);
            sessions[p].endAt(END_TURN);
            covers[p] = sessions[p].cover(clock);
        }
        int[] held = new int[2];
        boolean[] standsIn = new boolean[2];
        List<Given> given = new ArrayList<>();
        int tag = 0;
        int covered = 0;
        for (int step = 0; step < 20_000 && !(sessions[0].ended() && sessions[1].ended()); step++) {
            clock.advance(MS + random.nextInt(25) * MS);
            for (int p = 0; p < 2; p++) {
                if (held[p] > 0) {
                    held[p]--;
                    if (standsIn[p] && random.nextInt(3) > 0) {
                        int before = wires[p].sent().size();
                        covers[p].standIn(clock.nanoTime());
                        covered += wires[p].sent().size() - before;
                    }
                    continue;
                }
                if (random.nextInt(50) == 0) {
                    held[p] = 1 + random.nextInt(30);
                    standsIn[p] = random.nextInt(4) > 0;
                }
                boolean first = random.nextBoolean(); // input taken before the poll (as a loop just resumed) or after the frame
                if (first && random.nextInt(8) == 0) {
                    given.add(new Given(p, tag, sessions[p].submit(new Command(1, p, tag++, 50, 0, 0))));
                }
                sessions[p].poll();
                games[p].loop().frame();
                if (!first && random.nextInt(8) == 0) {
                    given.add(new Given(p, tag, sessions[p].submit(new Command(1, p, tag++, 50, 0, 0))));
                }
            }
        }
        for (int p = 0; p < 2; p++) {
            assertNull(sessions[p].stopReason());
            assertTrue(sessions[p].ended(), "peer " + p + " did not reach the end");
        }
        assertEquals(new StateHash(games[0].loop().world()).hash(), new StateHash(games[1].loop().world()).hash());
        assertEquals(games[0].commands().seen, games[1].commands().seen, "the peers applied different inputs");
        List<List<Message.Turn>> sent = List.of(wires[0].sent(), wires[1].sent());
        for (List<Message.Turn> s : sent) {
            for (int i = 0; i < s.size(); i++) {
                assertEquals(rules.inputDelay() + i, s.get(i).turn(), "gapless, once, in order");
            }
        }
        Statistics.label("the cover sent batches").collect(covered > 0);
        Statistics.label("the cover sent batches").coverage(c -> c.check(true).percentage(percent -> percent > 30));
        for (Given g : given) {
            List<Long> carriers = new ArrayList<>();
            for (Message.Turn t : sent.get(g.seat())) {
                t.commands().stream().filter(c -> c.code() == g.seat() && c.x() == g.tag())
                        .forEach(c -> carriers.add(t.turn()));
            }
            assertEquals(g.turn() >= 0 && g.turn() < END_TURN ? List.of(g.turn()) : List.of(), carriers,
                    "the batches that carried " + g);
        }
    }
}
