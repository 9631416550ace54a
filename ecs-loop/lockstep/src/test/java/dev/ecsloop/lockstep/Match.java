package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/** A host and clients on loopback, connected and started; closes everything it opened. */
final class Match implements AutoCloseable {

    static final String SECRET = "correct horse battery staple";
    static final String BUILD = BuildId.of(Body.class, CommandSystem.class, MoveSystem.class, ChaosSystem.class);

    final LockstepHost host;
    final List<PeerLink> links = new ArrayList<>();

    /**
     * @param names   the players, the host first
     * @param config  the rules
     * @param tweak   applied to every peer's settings (timeouts, clock, pipeline hook)
     */
    Match(List<String> names, LockstepConfig config, UnaryOperator<PeerSettings> tweak) throws Exception {
        this(names, config, tweak, host -> { });
    }

    /** What happens at the open host before the players join (spectators join then). */
    interface BeforePlayers {
        void run(LockstepHost host) throws Exception;
    }

    Match(List<String> names, LockstepConfig config, UnaryOperator<PeerSettings> tweak, BeforePlayers before)
            throws Exception {
        String setup = config.setup(TestPeer.GAME_SETUP);
        host = LockstepHost.open(tweak.apply(PeerSettings.of(names.get(0), SECRET, BUILD, setup)),
                InetAddress.getLoopbackAddress(), 0, names.size(), config);
        before.run(host);
        List<CompletableFuture<PeerLink>> joins = new ArrayList<>();
        for (String name : names.subList(1, names.size())) {
            PeerSettings s = tweak.apply(PeerSettings.of(name, SECRET, BUILD, setup));
            joins.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return LockstepClient.join(s, "127.0.0.1", host.port(), Duration.ofSeconds(30));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        links.add(host.awaitStart(Duration.ofSeconds(30)));
        for (CompletableFuture<PeerLink> j : joins) {
            links.add(j.get());
        }
    }

    @Override
    public void close() {
        for (PeerLink link : links) {
            link.close();
        }
        host.close();
    }
}
