package dev.ecsloop.demo.net;

import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The command line's network flags, mixed into the demo's options. Unset options are null. */
public final class NetFlags {
    /** Environment variable read for the secret when {@code --secret} is not given (keeps it out of {@code ps}). */
    public static final String SECRET_ENV = "ECSLOOP_SECRET";

    /** The port to host on, or null. */
    @Option(names = "--host", paramLabel = "PORT", converter = Port.class,
            description = "Host a network match on this TCP port (1 to 65535); you play seat 0.")
    public Integer hostPort;

    /** The host to join, or null. */
    @Option(names = "--join", paramLabel = "HOST:PORT", converter = AddressParser.class,
            description = "Join the network match hosted at HOST:PORT.")
    public Address join;

    /** The host to watch, or null. */
    @Option(names = "--spectate", paramLabel = "HOST:PORT", converter = AddressParser.class,
            description = "Watch the network match hosted at HOST:PORT: you give no orders and nobody waits for "
                    + "you. Join at any time: in a match under way you catch up from the host's snapshot (the host's "
                    + "--wait-spectators holds the start for you).")
    public Address spectate;

    /** How far a spectator stays behind the players, or null for none. */
    @Option(names = "--spectate-delay", paramLabel = "SECONDS", converter = SpectateDelay.class,
            description = "With --spectate: stay this far behind the players (0 to 600 s, whole turns), for a "
                    + "streamed match.")
    public Duration spectateDelay;

    /** Spectators the host waits for before the match starts, or null for none. */
    @Option(names = "--wait-spectators", paramLabel = "N", converter = WaitSpectators.class,
            description = "When hosting: start the match only once N spectators have joined too (0 to 16).")
    public Integer waitSpectators;

    /** Seats the host leaves for players who join the match under way, or null for none. */
    @Option(names = "--late-join", paramLabel = "N", converter = LateJoin.class,
            description = "When hosting: start once all but N of the --players seats are taken (0 to 7, fewer than "
                    + "--players; default 0). A player who joins the match under way takes an open seat, catching up "
                    + "from your snapshot, and commands that seat's team (seat %% 2), whose units the AI drives "
                    + "meanwhile. Spectators may join at any time either way.")
    public Integer lateJoin;

    /** A resumed match's players by seat in the lost match, or null. */
    @Option(names = "--seats", paramLabel = "NAME,NAME...", split = ",",
            description = "With --load, resuming a match whose host was lost: its players by seat, as the resume "
                    + "line printed them (every player gives the same list). Each player then commands the team its "
                    + "name had, whoever hosts now.")
    public java.util.List<String> seats;

    /** Where desync diagnosis writes its snapshots, or null for no diagnosis. */
    @Option(names = "--diagnose", paramLabel = "DIR", description = "On a desync, write snapshots of the last "
            + "agreed and the mismatched checkpoint to DIR and print the first differing entity, component and field "
            + "with every player's value (give it to every player).")
    public Path diagnose;

    /** The shared secret, or null (then the environment). */
    @Option(names = "--secret", paramLabel = "S", description = "The match's shared secret (never sent over the "
            + "network); without it, the " + SECRET_ENV + " environment variable.")
    public String secret;

    /** This player's name, or null. */
    @Option(names = "--name", paramLabel = "NAME", description = "Your player name (1 to 32 characters; default "
            + "'host' when hosting).")
    public String name;

    /** Seats in all when hosting, or null for 2. */
    @Option(names = "--players", paramLabel = "N", converter = Players.class,
            description = "Players in the match when hosting, yours included (2 to 8; default 2).")
    public Integer players;

    /** The address to listen on when hosting, or null for loopback. */
    @Option(names = "--bind", paramLabel = "ADDRESS", converter = Bind.class,
            description = "Address to listen on when hosting (default 127.0.0.1: this machine only; 0.0.0.0 for all).")
    public InetAddress bind;

    /** Input delay in turns (a fixed one, or the range the host adapts it in), or null for a fixed 3. */
    @Option(names = "--input-delay", paramLabel = "TURNS|MIN..MAX", converter = Delay.class,
            description = "Turns between an order and its effect (1 to 20; default 3), or a range MIN..MAX the host "
                    + "moves it in to fit how late the players' batches arrive (from 3, or the nearest end). Every "
                    + "player must agree.")
    public DelayRange inputDelay;

    /** Turn length in ms, or null for 50. */
    @Option(names = "--turn-ms", paramLabel = "MS", converter = TurnMs.class,
            description = "Simulated length of a turn (10 to 1000 ms; default 50). Every player must agree.")
    public Integer turnMs;

    /** Who may change the match's loop, or null for every player. */
    @Option(names = "--controls", paramLabel = "all|host", converter = Controls.class,
            description = "Who may change the match's loop (rate, phase, timescale, pause, resume): every player "
                    + "(all, the default) or the host alone (host). Every player must agree.")
    public ControlRule controls;

    /** Who may change a match's loop. */
    public enum ControlRule {
        /** Every player. */
        ALL,
        /** The host's player (seat 0) alone. */
        HOST
    }

    /** @return whether only the host may change the match's loop ({@code --controls host}) */
    public boolean hostOnlyControls() {
        return controls == ControlRule.HOST;
    }

    /** @return whether a network match was asked for */
    public boolean active() {
        return hostPort != null || join != null || spectate != null;
    }

    /**
     * What is wrong with this combination, or null.
     *
     * @return one line, or null
     */
    public String conflict() {
        if ((hostPort != null ? 1 : 0) + (join != null ? 1 : 0) + (spectate != null ? 1 : 0) > 1) {
            return "--host, --join and --spectate exclude each other: host a match, join one or watch one";
        }
        if (!active()) {
            String stray = secret != null ? "--secret" : name != null ? "--name" : players != null ? "--players"
                    : bind != null ? "--bind" : inputDelay != null ? "--input-delay" : turnMs != null ? "--turn-ms"
                    : waitSpectators != null ? "--wait-spectators" : diagnose != null ? "--diagnose"
                    : spectateDelay != null ? "--spectate-delay" : lateJoin != null ? "--late-join"
                    : seats != null ? "--seats" : controls != null ? "--controls" : null;
            return stray == null ? null : stray + " needs --host, --join or --spectate";
        }
        if (hostPort == null && (players != null || bind != null || waitSpectators != null || lateJoin != null)) {
            return (players != null ? "--players" : bind != null ? "--bind" : waitSpectators != null
                    ? "--wait-spectators" : "--late-join") + " is the host's: drop it when "
                    + (join != null ? "joining" : "watching");
        }
        if (lateJoin != null && lateJoin >= (players == null ? 2 : players)) {
            return "--late-join " + lateJoin + " leaves no seat for you: at most " + ((players == null ? 2 : players)
                    - 1) + " of " + (players == null ? 2 : players) + " --players seats";
        }
        if (seats != null && SeatTeams.check(seats) != null) {
            return SeatTeams.check(seats);
        }
        if (spectateDelay != null && spectate == null) {
            return "--spectate-delay is a spectator's: it needs --spectate";
        }
        if (diagnose != null && spectate != null) {
            return "--diagnose is a player's: a spectator's hashes are not compared";
        }
        if (hostPort == null && name == null) {
            return (join != null ? "--join" : "--spectate") + " needs --name (everyone needs a different one)";
        }
        return null;
    }

    /**
     * A host and port, as given to {@code --join}.
     *
     * @param host a name or address
     * @param port the TCP port
     */
    public record Address(String host, int port) {
    }

    static final class Port implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return port(value);
        }
    }

    static int port(String value) {
        int p;
        try {
            p = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a port number");
        }
        if (p < 1 || p > 65535) {
            throw new TypeConversionException("port " + value + " must be from 1 to 65535");
        }
        return p;
    }

    /** Parses HOST:PORT; an IPv6 host goes in brackets, [::1]:7000. */
    static final class AddressParser implements ITypeConverter<Address> {
        @Override
        public Address convert(String value) {
            int colon = value.lastIndexOf(':');
            if (colon <= 0 || colon == value.length() - 1) {
                throw new TypeConversionException("'" + value + "' is not HOST:PORT");
            }
            String host = value.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            if (host.isEmpty() || host.length() > 253) {
                throw new TypeConversionException("'" + value + "' is not HOST:PORT");
            }
            return new Address(host, port(value.substring(colon + 1)));
        }
    }

    static final class Players implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return whole(value, 2, 8);
        }
    }

    /**
     * An input delay: fixed ({@code floor == ceiling}) or the range the host adapts it in.
     *
     * @param floor   the least delay in turns
     * @param ceiling the most delay in turns
     */
    public record DelayRange(int floor, int ceiling) {

        /** @return whether the host adapts the delay */
        public boolean adaptive() {
            return floor < ceiling;
        }
    }

    /** Parses TURNS or MIN..MAX, each from 1 to 20. */
    static final class Delay implements ITypeConverter<DelayRange> {
        @Override
        public DelayRange convert(String value) {
            int dots = value.indexOf("..");
            if (dots < 0) {
                int d = whole(value, 1, 20);
                return new DelayRange(d, d);
            }
            int floor = whole(value.substring(0, dots), 1, 20);
            int ceiling = whole(value.substring(dots + 2), 1, 20);
            if (floor > ceiling) {
                throw new TypeConversionException("'" + value + "': the least delay is over the most");
            }
            return new DelayRange(floor, ceiling);
        }
    }

    static final class LateJoin implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return whole(value, 0, 7);
        }
    }

    static final class WaitSpectators implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return whole(value, 0, 16);
        }
    }

    /** Parses a decimal number of seconds from 0 to 600, exactly (no binary rounding). */
    static final class SpectateDelay implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            BigDecimal seconds;
            try {
                seconds = new BigDecimal(value);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a number of seconds");
            }
            if (seconds.signum() < 0 || seconds.compareTo(BigDecimal.valueOf(600)) > 0) {
                throw new TypeConversionException("'" + value + "' must be from 0 to 600 seconds");
            }
            return Duration.ofNanos(seconds.movePointRight(9).setScale(0, java.math.RoundingMode.CEILING)
                    .longValueExact());
        }
    }

    static final class TurnMs implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return whole(value, 10, 1000);
        }
    }

    /** {@code all} or {@code host}. */
    static final class Controls implements ITypeConverter<ControlRule> {
        @Override
        public ControlRule convert(String value) {
            return switch (value.toLowerCase(java.util.Locale.ROOT)) { // as --ai takes BOTH
                case "all" -> ControlRule.ALL;
                case "host" -> ControlRule.HOST;
                default -> throw new TypeConversionException("'" + value + "' is neither all (every player changes "
                        + "the loop) nor host (the host alone)");
            };
        }
    }

    static final class Bind implements ITypeConverter<InetAddress> {
        @Override
        public InetAddress convert(String value) {
            if (!value.matches("[0-9.]+|[0-9a-fA-F:]+")) {
                throw new TypeConversionException("'" + value + "' is not an IP address");
            }
            try {
                return InetAddress.getByName(value);
            } catch (UnknownHostException e) {
                throw new TypeConversionException("'" + value + "' is not an IP address");
            }
        }
    }

    static int whole(String value, int min, int max) {
        int v;
        try {
            v = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        }
        if (v < min || v > max) {
            throw new TypeConversionException("'" + value + "' must be from " + min + " to " + max);
        }
        return v;
    }
}
