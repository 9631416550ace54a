package dev.ecsloop.lockstep.net;

import dev.ecsloop.console.Echo;
import dev.ecsloop.time.Clock;
import io.netty.channel.ChannelPipeline;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Who this peer is and how patient it is: the same for a host and a client.
 *
 * @param name             the player's name, 1 to 32 characters, shown to the others in reports
 * @param secret           the shared secret every peer of the game must know; never sent
 * @param build            identifies the game's code (see {@link dev.ecsloop.lockstep.BuildId}); peers built
 *                         differently refuse each other
 * @param setup            identifies what is played (map, seed, units, turn length, input delay...); peers with
 *                         another setup refuse each other
 * @param stallTimeout     a peer that holds the game back this long without sending its inputs, or a link silent
 *                         this long, counts as gone
 * @param handshakeTimeout a connection that has not completed the handshake by then is closed; a joiner's try at
 *                         connecting gives up after it and tries again (within the join's timeout)
 * @param pingInterval     how often each side measures the round trip (and shows it is alive)
 * @param clock            the real-time source for stall checks and round trips
 * @param pipelineHook     called with each connection's pipeline once it is built; tests add a delaying handler
 * @param notices          lines for the person waiting on a joiner (nobody listens or answers at the host's address
 *                         yet, so it is tried again), called on the link's network thread; the demo prints them
 */
public record PeerSettings(String name, String secret, String build, String setup, Duration stallTimeout,
                           Duration handshakeTimeout, Duration pingInterval, Clock clock,
                           Consumer<ChannelPipeline> pipelineHook, Consumer<String> notices) {

    /** Longest player name, in characters. */
    public static final int MAX_NAME = 32;

    /**
     * @param name             the player's name
     * @param secret           the shared secret
     * @param build            the build identity
     * @param setup            the setup identity
     * @param stallTimeout     how long a peer may hold the game back or stay silent
     * @param handshakeTimeout how long a connection may take to join
     * @param pingInterval     how often to probe the round trip
     * @param clock            the real-time source
     * @param pipelineHook     called with each connection's pipeline
     * @param notices          lines for the person waiting on a joiner
     * @throws IllegalArgumentException if the name is empty, too long or has control characters, the secret is
     *                                  empty, or a duration is not positive
     */
    public PeerSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(build, "build");
        Objects.requireNonNull(setup, "setup");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(pipelineHook, "pipelineHook");
        Objects.requireNonNull(notices, "notices");
        String bad = checkName(name);
        if (bad != null) {
            throw new IllegalArgumentException(bad);
        }
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("the shared secret must not be empty");
        }
        positive(stallTimeout, "stall timeout");
        positive(handshakeTimeout, "handshake timeout");
        positive(pingInterval, "ping interval");
    }

    /**
     * Defaults: 5 s stall timeout, 5 s handshake timeout, a ping every 500 ms, the system clock, no hook, notices
     * ignored.
     *
     * @param name   the player's name
     * @param secret the shared secret
     * @param build  the build identity
     * @param setup  the setup identity
     * @return the settings
     */
    public static PeerSettings of(String name, String secret, String build, String setup) {
        return new PeerSettings(name, secret, build, setup, Duration.ofSeconds(5), Duration.ofSeconds(5),
                Duration.ofMillis(500), Clock.system(), p -> { }, line -> { });
    }

    /**
     * @param timeout the stall timeout
     * @return a copy with it
     */
    public PeerSettings withStallTimeout(Duration timeout) {
        return new PeerSettings(name, secret, build, setup, timeout, handshakeTimeout, pingInterval, clock,
                pipelineHook, notices);
    }

    /**
     * @param c the clock
     * @return a copy with it
     */
    public PeerSettings withClock(Clock c) {
        return new PeerSettings(name, secret, build, setup, stallTimeout, handshakeTimeout, pingInterval, c,
                pipelineHook, notices);
    }

    /**
     * @param hook the pipeline hook
     * @return a copy with it
     */
    public PeerSettings withPipelineHook(Consumer<ChannelPipeline> hook) {
        return new PeerSettings(name, secret, build, setup, stallTimeout, handshakeTimeout, pingInterval, clock,
                hook, notices);
    }

    /**
     * @param n where a joiner's notices go (nobody listens at the host's address yet)
     * @return a copy with it
     */
    public PeerSettings withNotices(Consumer<String> n) {
        return new PeerSettings(name, secret, build, setup, stallTimeout, handshakeTimeout, pingInterval, clock,
                pipelineHook, n);
    }

    /**
     * @param s the setup identity
     * @return a copy with it
     */
    public PeerSettings withSetup(String s) {
        return new PeerSettings(name, secret, build, s, stallTimeout, handshakeTimeout, pingInterval, clock,
                pipelineHook, notices);
    }

    /**
     * Checks a player name. A name is shown on every peer's screen, so it may hold no character that changes how
     * text around it is shown: no control characters, no format characters (U+202E right-to-left override,
     * zero-width spaces), no line or paragraph separators, no lone surrogates, no space at either end (two names
     * that look the same must be the same).
     *
     * @param name a player name
     * @return what is wrong with it, or null if it is fine
     */
    public static String checkName(String name) {
        if (name.isEmpty() || name.length() > MAX_NAME) {
            return "a player name has 1 to " + MAX_NAME + " characters, " + Echo.quote(name) + " has "
                    + name.length();
        }
        if (Character.isWhitespace(name.charAt(0)) || Character.isSpaceChar(name.charAt(0))
                || Character.isWhitespace(name.charAt(name.length() - 1))
                || Character.isSpaceChar(name.charAt(name.length() - 1))) {
            return "a player name must not start or end with a space: " + Echo.quote(name);
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            int type = Character.getType(c);
            if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR || type == Character.PRIVATE_USE
                    || type == Character.UNASSIGNED) {
                return "a player name must not hold control, format or unassigned characters: " + Echo.quote(name);
            }
            if (Character.isHighSurrogate(c) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return "a player name must not hold a lone surrogate: " + Echo.quote(name);
            }
        }
        return null;
    }

    private static void positive(Duration d, String what) {
        if (d == null || d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(what + " must be positive, was " + d);
        }
    }
}
