package dev.ecsloop.demo.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.lockstep.BuildId;
import dev.ecsloop.lockstep.LockstepConfig;
import dev.ecsloop.lockstep.LockstepSession;
import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.time.Clock;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The library example of ecs-loop/docs/LOCKSTEP.md, run: a host and a joiner play a short match to one world. */
class LockstepUsageTest {

    static final MatchSetup GAME = MatchSetup.defaults(3).withUnits(40).withMapSize(32);

    /** The host's side, as the documentation shows it. */
    static LockstepSession host(GameLoop loop, InputQueue inputs, String secret, Class<?>[] systems, String gameSetup,
                                int port) throws IOException, InterruptedException, TimeoutException {
        // region lockstep-usage
        LockstepConfig rules = LockstepConfig.defaults(); // 50 ms turns, input delay 3, a hash every 20 turns
        PeerSettings me = PeerSettings.of("alice", secret, BuildId.of(systems), rules.setup(gameSetup));
        try (LockstepHost host = LockstepHost.open(me, InetAddress.getLoopbackAddress(), port, 2, rules)) {
            PeerLink link = host.awaitStart(Duration.ofMinutes(10)); // joiners: LockstepClient.join(...)
            LockstepSession session = LockstepSession.start(loop, inputs, link, rules);
            session.onReport(System.out::println);
            session.coverLateFrames(); // a hitch of this machine's no longer stalls the others
            session.endAt(20); // optional: a match of fixed length, here one simulated second
            while (!session.ended() && session.stopReason() == null) {
                session.poll(); // the others' inputs in, the horizon moved; never blocks
                loop.frame();   // on a click: session.submit(new Command(MOVE, myTeam, x, y, 0, 0));
            }
            return session;
        }
        // endregion lockstep-usage
    }

    static Class<?>[] systems(RtsGame game) {
        return game.loop().systems().toArray(new Class<?>[0]);
    }

    @Test
    void theDocumentedHostPlaysAMatchWithAJoinerToTheSameWorld() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        String setup = LockstepConfig.defaults().setup(GAME.identity());
        CompletableFuture<Object[]> hosted = CompletableFuture.supplyAsync(() -> {
            RtsGame game = RtsGame.create(GAME, Clock.system(), false);
            try {
                LockstepSession s = host(game.loop(), game.inputs(), "pw", systems(game), GAME.identity(), port);
                return new Object[] {s.stopReason(), game.worldHash(), game.loop().simulatedNanos()};
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        RtsGame game = RtsGame.create(GAME, Clock.system(), false);
        // The host may not listen yet (it builds its game first): the join waits for it within its timeout.
        try (PeerLink joined = LockstepClient.join(PeerSettings.of("bob", "pw", BuildId.of(systems(game)), setup),
                "127.0.0.1", port, Duration.ofSeconds(60))) {
            LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), joined,
                    LockstepConfig.defaults());
            session.endAt(20);
            while (!session.ended() && session.stopReason() == null) {
                session.poll(TimeUnit.MILLISECONDS.toNanos(5));
                game.loop().frame();
            }
            assertNull(session.stopReason());
        }
        Object[] host = hosted.get(60, TimeUnit.SECONDS);
        assertNull(host[0], "the host stopped");
        assertEquals(1_000_000_000L, host[2]);
        assertEquals(1_000_000_000L, game.loop().simulatedNanos());
        assertEquals(host[1], game.worldHash(), "the two worlds differ");
    }
}
