package dev.ecsloop.demo.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
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

    /** Input delay in turns, or null for 3. */
    @Option(names = "--input-delay", paramLabel = "TURNS", converter = Delay.class,
            description = "Turns between an order and its effect (1 to 20; default 3). Every player must agree.")
    public Integer inputDelay;

    /** Turn length in ms, or null for 50. */
    @Option(names = "--turn-ms", paramLabel = "MS", converter = TurnMs.class,
            description = "Simulated length of a turn (10 to 1000 ms; default 50). Every player must agree.")
    public Integer turnMs;

    /** @return whether a network match was asked for */
    public boolean active() {
        return hostPort != null || join != null;
    }

    /**
     * What is wrong with this combination, or null.
     *
     * @return one line, or null
     */
    public String conflict() {
        if (hostPort != null && join != null) {
            return "--host and --join exclude each other: host a match or join one";
        }
        if (!active()) {
            String stray = secret != null ? "--secret" : name != null ? "--name" : players != null ? "--players"
                    : bind != null ? "--bind" : inputDelay != null ? "--input-delay" : turnMs != null ? "--turn-ms"
                    : null;
            return stray == null ? null : stray + " needs --host or --join";
        }
        if (join != null && (players != null || bind != null)) {
            return (players != null ? "--players" : "--bind") + " is the host's: drop it when joining";
        }
        if (join != null && name == null) {
            return "--join needs --name (every player needs a different one)";
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

    static final class Delay implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return whole(value, 1, 20);
        }
    }

    static final class TurnMs implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return whole(value, 10, 1000);
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
