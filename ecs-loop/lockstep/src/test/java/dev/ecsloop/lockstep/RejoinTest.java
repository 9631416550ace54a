package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.lockstep.net.SeatTokens;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.lockstep.wire.MessageCodec;
import dev.ecsloop.replay.Replay;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rejoin over real loopback sockets: a peer killed at a seeded random turn and started again with the same name
 * and token directory takes its seat back from a snapshot the host takes at the reconnect, catches up, plays
 * again, and every peer ends on one hash; the survivors' recordings, which span the rejoin, replay to it, and so
 * does the rejoiner's own, which starts from the snapshot it received. A wrong
 * or missing token, a corrupt chunk and a rogue snapshot are each refused in one line.
 */
class RejoinTest {

    static final LockstepConfig CONFIG = new LockstepConfig(50_000_000L, 3, 20);
    static final long END = 300;
    static final String SETUP = CONFIG.setup(TestPeer.GAME_SETUP);

    /** Host and two joiners keeping tokens in {@code tokens}; the host's player serves rejoins. */
    static final class Rig implements AutoCloseable {
        final LockstepHost host;
        final List<PeerLink> links = new ArrayList<>();
        final SeatTokens tokens;

        Rig(SeatTokens tokens, UnaryOperator<PeerSettings> tweak) throws Exception {
            this.tokens = tokens;
            host = LockstepHost.open(tweak.apply(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP)),
                    InetAddress.getLoopbackAddress(), 0, 3, CONFIG.inputDelay());
            List<CompletableFuture<PeerLink>> joins = new ArrayList<>();
            for (String name : List.of("bob", "cy")) {
                joins.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return join(name, tokens, UnaryOperator.identity());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }));
            }
            links.add(host.awaitStart(Duration.ofSeconds(30)));
            for (CompletableFuture<PeerLink> j : joins) {
                links.add(j.get());
            }
            links.sort(java.util.Comparator.comparingInt(PeerLink::seat));
        }

        /** @return the link of the player named {@code name} */
        PeerLink of(String name) {
            return links.stream().filter(l -> l.seat() >= 0 && l.names().get(l.seat()).equals(name)).findFirst()
                    .orElseThrow();
        }

        PeerLink join(String name, SeatTokens with, UnaryOperator<PeerSettings> tweak) throws Exception {
            return LockstepClient.join(tweak.apply(PeerSettings.of(name, Match.SECRET, Match.BUILD, SETUP)),
                    "127.0.0.1", host.port(), Duration.ofSeconds(30), with);
        }

        boolean logged(String text) {
            return host.log().stream().anyMatch(l -> l.contains(text));
        }

        @Override
        public void close() {
            for (PeerLink l : links) {
                l.close();
            }
            host.close();
        }
    }

    static List<TestPeer> players() {
        TestPeer ann = new TestPeer("ann", TestPeer.steady(16.667)).order(0.3, 0, 90, 90).order(9.0, 0, 10, 50);
        TestPeer bob = new TestPeer("bob", TestPeer.steady(33.333)).order(0.55, 1, 5, 5).order(12.5, 1, 60, 20);
        TestPeer cy = new TestPeer("cy", TestPeer.jitter(5, 40, 11)).order(1.0, 2, 50, 50);
        ann.serveRejoins = true;
        return List.of(ann, bob, cy);
    }

    @Test
    void aPeerKilledAtARandomTurnRejoinsWithItsNameAndTheMatchEndsInAgreement(@TempDir Path dir) throws Exception {
        Random random = new Random(24);
        for (int attempt = 0; attempt < 3; attempt++) {
            long killTurn = 30 + random.nextInt(150);
            Path run = Files.createDirectory(dir.resolve("try" + attempt));
            killAndRejoin(run, killTurn);
        }
    }

    private void killAndRejoin(Path dir, long killTurn) throws Exception {
        List<TestPeer> peers = players();
        TestPeer ann = peers.get(0);
        TestPeer bob = peers.get(1);
        TestPeer cy = peers.get(2);
        cy.killAtNanos = killTurn * CONFIG.turnNanos();
        ann.recordTo = dir.resolve("ann.replay");
        bob.recordTo = dir.resolve("bob.replay");
        TestPeer back = new TestPeer("cy", TestPeer.steady(16.667)).order(13.5, 2, 20, 20);
        back.recordTo = dir.resolve("cy.replay");
        try (Rig rig = new Rig(SeatTokens.in(dir.resolve("seats")), UnaryOperator.identity())) {
            // The survivors play on after the kill, hold once until cy has reconnected, then play on while it
            // catches up, and hold again near the end until it plays live, so that its orders still count.
            long after = (killTurn + 20) * CONFIG.turnNanos();
            long nearEnd = (END - 60) * CONFIG.turnNanos();
            for (TestPeer p : List.of(ann, bob)) {
                p.gates.add(new TestPeer.Gate(after, () -> rig.logged("cy reconnected")));
                p.gates.add(new TestPeer.Gate(nearEnd, () -> back.live.getCount() == 0));
            }
            for (PeerLink link : rig.links) {
                String name = link.names().get(link.seat());
                peers.stream().filter(p -> p.name.equals(name)).findFirst().orElseThrow().start(link, CONFIG, END);
            }
            cy.await(LockstepMatchTest.PATIENCE);
            assertTrue(waitFor(() -> rig.logged("cy dropped")), "the host never dropped cy: " + rig.host.log());
            PeerLink again = rig.join("cy", rig.tokens, UnaryOperator.identity());
            rig.links.add(again);
            assertTrue(again.rejoining(), "cy joined as a new player");
            back.start(again, CONFIG, END);
            for (TestPeer p : List.of(back, ann, bob)) {
                try {
                    p.await(LockstepMatchTest.PATIENCE);
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; kill at " + killTurn + "; reports: ann " + ann.reports
                            + ", cy " + back.reports + "; host " + rig.host.log(), e);
                }
            }
            assertTrue(rig.logged("cy plays again from turn"), rig.host.log().toString());
        }
        for (TestPeer p : List.of(ann, bob, back)) {
            assertNull(p.session.stopReason(), p.name + " stopped: " + p.reports);
            assertEquals(END * CONFIG.turnNanos(), p.finalSimNanos, p.name + " ended elsewhere");
            assertEquals(ann.finalHash, p.finalHash, p.name + "'s final world (kill at turn " + killTurn + ")");
        }
        assertTrue(back.catchUpFrames > 0 && back.live.getCount() == 0, "cy never caught up: " + back.reports);
        assertTrue(back.reports.stream().anyMatch(r -> r.startsWith("caught up")), back.reports.toString());
        assertTrue(ann.reports.stream().anyMatch(r -> r.startsWith("cy rejoined: plays again from turn")),
                ann.reports.toString());
        // cy's order after its return took effect on every peer, at the turn it was scheduled for.
        assertEquals(1, back.given.size(), "cy's orders after the rejoin");
        TestPeer.Given g = back.given.get(0);
        assertEquals(g.turn() + CONFIG.inputDelay(), g.effectTurn());
        long at = g.effectTurn() * CONFIG.turnNanos();
        for (TestPeer p : List.of(ann, bob, back)) {
            assertTrue(p.seen.stream().anyMatch(s -> s.team() == 2 && s.x() == 20 && s.eventSimNanos() == at),
                    p.name + " never saw cy's order at " + at);
        }
        // The checkpoints after the rejoin agree on all three.
        List<Message.Hash> late = LockstepMatchTest.hashesOnly(back.session.checkpoints());
        assertFalse(late.isEmpty(), "cy hashed no checkpoint after its return");
        assertTrue(LockstepMatchTest.hashesOnly(ann.session.checkpoints()).containsAll(late), "checkpoints");
        for (TestPeer p : List.of(ann, bob, back)) {
            assertTrue(p.replayed.matched(), p.name + "'s recording: " + p.replayed.divergence());
            assertEquals(p.finalHash, p.replayed.finalHash(), p.name + "'s replay ends elsewhere");
        }
        // cy's own recording starts from the snapshot it received, after the kill, and replays to the match's
        // final hash.
        Replay own = Replay.read(back.recordTo);
        assertTrue(own.startsFromSnapshot() && own.startNanos() >= killTurn * CONFIG.turnNanos(),
                "cy's recording starts at " + own.startNanos());
        assertEquals(ann.finalHash, back.replayed.finalHash());
    }

    @Test
    void aWrongOrMissingTokenIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        SeatTokens tokens = SeatTokens.in(dir.resolve("seats"));
        try (Rig rig = new Rig(tokens, UnaryOperator.identity())) {
            Path file = tokens.file("127.0.0.1", rig.host.port(), "cy");
            assertTrue(Files.isRegularFile(file), "cy's token was not kept at " + file);
            rig.of("cy").close();
            assertTrue(waitFor(() -> rig.logged("cy dropped")), rig.host.log().toString());
            // Another player's copy of the file with one digit of the token changed.
            SeatTokens forged = SeatTokens.in(dir.resolve("forged"));
            Path fake = forged.file("127.0.0.1", rig.host.port(), "cy");
            Files.createDirectories(fake.getParent());
            String line = Files.readString(file).trim();
            char last = line.charAt(line.length() - 1);
            Files.writeString(fake, line.substring(0, line.length() - 1) + (last == '0' ? '1' : '0'));
            LockstepRefusedException wrong = assertThrows(LockstepRefusedException.class,
                    () -> rig.join("cy", forged, UnaryOperator.identity()));
            assertEquals("refused by the host: wrong seat token for 'cy'", wrong.getMessage());
            LockstepRefusedException none = assertThrows(LockstepRefusedException.class,
                    () -> LockstepClient.join(PeerSettings.of("cy", Match.SECRET, Match.BUILD, SETUP),
                            "127.0.0.1", rig.host.port(), Duration.ofSeconds(30)));
            assertEquals("refused by the host: the game has started and 'cy' has a seat: reclaiming it needs the "
                    + "seat token its first join kept", none.getMessage());
            LockstepRefusedException host = assertThrows(LockstepRefusedException.class,
                    () -> LockstepClient.join(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP),
                            "127.0.0.1", rig.host.port(), Duration.ofSeconds(30)));
            assertEquals("refused by the host: the game has started and 'ann' is the host's own player, whose seat "
                    + "no joiner takes", host.getMessage(), "no token can reclaim the host's seat: none is hinted at");
            Files.writeString(fake, "garbage");
            LockstepRefusedException damaged = assertThrows(LockstepRefusedException.class,
                    () -> rig.join("cy", forged, UnaryOperator.identity()));
            assertTrue(damaged.getMessage().endsWith("is damaged: delete it to join as a new player"),
                    damaged.getMessage());
            // bob plays: his seat cannot be taken even with his own token.
            LockstepRefusedException playing = assertThrows(LockstepRefusedException.class,
                    () -> rig.join("bob", tokens, UnaryOperator.identity()));
            assertEquals("refused by the host: 'bob' is still playing at seat " + rig.of("bob").seat(),
                    playing.getMessage());
        }
    }

    @Test
    void aCorruptChunkIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        String why = rejoinRefused(dir, null, pipeline -> pipeline.addAfter(
                pipeline.context(MessageCodec.class).name(), "corrupt", new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        if (msg instanceof Message.Catchup c && c.index() == 0 && c.data().length > 100) {
                            c.data()[100] ^= 1;
                        }
                        ctx.fireChannelRead(msg);
                    }
                }));
        assertTrue(why.startsWith("rejoin refused: corrupt catch-up: "), why);
        assertFalse(why.contains("\n"), why);
    }

    @Test
    void aRogueSnapshotIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        String why = rejoinRefused(dir, "another game entirely", pipeline -> { });
        assertTrue(why.startsWith("rejoin refused: the host's snapshot: "), why);
        assertTrue(why.contains("another game entirely"), why);
        assertFalse(why.contains("\n"), why);
    }

    /** cy drops, then rejoins through {@code hook} from a host serving {@code servedSetup}; @return the refusal */
    private String rejoinRefused(Path dir, String servedSetup,
                                 java.util.function.Consumer<io.netty.channel.ChannelPipeline> hook) throws Exception {
        List<TestPeer> peers = players();
        peers.get(0).servedSetup = servedSetup;
        SeatTokens tokens = SeatTokens.in(dir.resolve("seats"));
        try (Rig rig = new Rig(tokens, UnaryOperator.identity())) {
            for (TestPeer p : peers.subList(0, 2)) {
                p.gates.add(new TestPeer.Gate(40 * CONFIG.turnNanos(), () -> false));
            }
            for (int i = 0; i < 2; i++) {
                peers.get(i).start(rig.of(peers.get(i).name), CONFIG, END);
            }
            rig.of("cy").close();
            assertTrue(waitFor(() -> rig.logged("cy dropped")), rig.host.log().toString());
            PeerLink again = rig.join("cy", tokens, s -> s.withPipelineHook(hook));
            rig.links.add(again);
            TestPeer.Game game = TestPeer.build(new dev.ecsloop.time.ManualClock());
            dev.ecsloop.snapshot.Snapshots snaps = dev.ecsloop.snapshot.Snapshots.builder(game.loop()).setup(SETUP)
                    .input(game.inputs()).build();
            game.loop().snapshotState().flushEntities(); // settles the fresh world, as the rejoin does first
            long before = new dev.ecsloop.state.StateHash(game.loop().world()).hash();
            LockstepRefusedException e = assertThrows(LockstepRefusedException.class, () -> LateStart.rejoin(
                    game.loop(), game.inputs(), again, CONFIG, snaps, Duration.ofSeconds(20)));
            assertEquals(0, game.loop().simulatedNanos(), "the refused rejoin changed the loop");
            assertEquals(before, new dev.ecsloop.state.StateHash(game.loop().world()).hash(), "world changed");
            return e.getMessage() + " | ann: " + peers.get(0).reports;
        }
    }

    /** Polls a condition on the test thread for up to 20 s (the host's log is written on its own thread). */
    static boolean waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        for (int i = 0; i < 400; i++) {
            if (condition.getAsBoolean()) {
                return true;
            }
            never.await(50, TimeUnit.MILLISECONDS);
        }
        return condition.getAsBoolean();
    }
}
