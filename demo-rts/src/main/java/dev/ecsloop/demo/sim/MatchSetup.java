package dev.ecsloop.demo.sim;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything a match is built from, as one immutable value: built once from the command line (or a recording's
 * setup line) and handed down to whatever builds a game. The {@link #identity()} string names exactly what a
 * replay must rebuild (units, seed, map size, path budget, and which teams the AI commands when that is not
 * both); rates are not part of it because the recorder journals every rate change, those applied at simulated
 * time zero included.
 *
 * <p>How the match is run (frame cap, frame-time profile, stop time, window or not) is not part of it: those
 * change when things are drawn, never what is simulated.
 *
 * @param units      total units, split evenly between the two teams (team 0 gets the odd one)
 * @param seed       map and spawn seed
 * @param mapSize    side of the square map in cells
 * @param pathBudget work units per pathfinding tick for each of the two path services
 * @param rates      rates to apply from simulated time zero, in order
 * @param ai         which teams the AI commands
 * @param endless    whether bases cannot fall ({@link Spawner#ENDLESS_BASE_HP}), so both sides produce and fight
 *                   for as long as the match runs: hour-long matches for seeking, rejoin and soak tests
 */
public record MatchSetup(int units, long seed, int mapSize, int pathBudget, List<RateSetting> rates, AiSides ai,
                         boolean endless) {
    public static final int DEFAULT_UNITS = 2_000;
    public static final int MAX_UNITS = 100_000;
    public static final int DEFAULT_PATH_BUDGET = 20_000;

    /**
     * The simulation's version, the first word of {@link #identity()}: raised whenever the same setup and orders
     * simulate differently, so that recordings, saves and net peers of another version are refused in one line
     * instead of diverging. Version 2: paths are answered one pathfinding tick after they are asked (async jobs);
     * version 1, written as plain {@code demo-rts}, answered them in the same tick.
     */
    public static final int SIMULATION = 2;
    private static final String PREFIX = "demo-rts/" + SIMULATION + " ";
    private static final Pattern OLDER = Pattern.compile("demo-rts(?:/(\\d{1,9}))? units=.*");
    private static final Pattern IDENTITY = Pattern.compile("demo-rts/" + SIMULATION
            + " units=(\\d+) seed=(-?\\d+) map=(\\d+) budget=(\\d+)(?: ai=(\\w+))?( endless)?");

    /**
     * @throws IllegalArgumentException if units is outside [2, MAX_UNITS], the map outside [16, 4096] or the
     *                                  budget below 1
     */
    public MatchSetup {
        if (units < 2 || units > MAX_UNITS) {
            throw new IllegalArgumentException("units must be from 2 to " + MAX_UNITS + ", was " + units);
        }
        if (mapSize < 16 || mapSize > 4096) {
            throw new IllegalArgumentException("map size must be from 16 to 4096, was " + mapSize);
        }
        if (pathBudget < 1) {
            throw new IllegalArgumentException("path budget must be positive, was " + pathBudget);
        }
        rates = List.copyOf(Objects.requireNonNull(rates, "rates"));
        Objects.requireNonNull(ai, "ai");
    }

    /**
     * A setup whose bases can fall.
     *
     * @throws IllegalArgumentException as the canonical constructor
     */
    public MatchSetup(int units, long seed, int mapSize, int pathBudget, List<RateSetting> rates, AiSides ai) {
        this(units, seed, mapSize, pathBudget, rates, ai, false);
    }

    /**
     * A setup with the AI on both sides.
     *
     * @throws IllegalArgumentException as the canonical constructor
     */
    public MatchSetup(int units, long seed, int mapSize, int pathBudget, List<RateSetting> rates) {
        this(units, seed, mapSize, pathBudget, rates, AiSides.BOTH);
    }

    /** The demo's defaults: 2,000 units on a 256 x 256 map, the AI on both sides. */
    public static MatchSetup defaults(long seed) {
        return new MatchSetup(DEFAULT_UNITS, seed, 256, DEFAULT_PATH_BUDGET, List.of());
    }

    /** Map side in the window unless asked otherwise: the armies meet within seconds of the start. */
    public static final int WINDOW_MAP_SIZE = 64;

    /**
     * The window's defaults: the player commands team 0 against the AI's team 1, 2,000 units on a 64 x 64 map,
     * so that the first engagement comes within the first ten seconds (on the full map it takes half a minute).
     */
    public static MatchSetup windowDefaults(long seed) {
        return defaults(seed).withMapSize(WINDOW_MAP_SIZE).withAi(AiSides.TEAM1);
    }

    public MatchSetup withUnits(int n) {
        return new MatchSetup(n, seed, mapSize, pathBudget, rates, ai, endless);
    }

    public MatchSetup withSeed(long s) {
        return new MatchSetup(units, s, mapSize, pathBudget, rates, ai, endless);
    }

    public MatchSetup withMapSize(int size) {
        return new MatchSetup(units, seed, size, pathBudget, rates, ai, endless);
    }

    public MatchSetup withRates(List<RateSetting> r) {
        return new MatchSetup(units, seed, mapSize, pathBudget, r, ai, endless);
    }

    public MatchSetup withAi(AiSides sides) {
        return new MatchSetup(units, seed, mapSize, pathBudget, rates, sides, endless);
    }

    /** @param on whether bases cannot fall (see {@link #endless()}) */
    public MatchSetup withEndless(boolean on) {
        return new MatchSetup(units, seed, mapSize, pathBudget, rates, ai, on);
    }

    /**
     * The identity a recording carries, e.g. {@code demo-rts/2 units=2000 seed=7 map=256 budget=20000}; with
     * {@code ai=team1} appended when the AI commands team 1 only (so recordings made before that choice existed
     * read as what they were: the AI on both sides), and {@code endless} when bases cannot fall.
     */
    public String identity() {
        return PREFIX + "units=" + units + " seed=" + seed + " map=" + mapSize + " budget=" + pathBudget
                + (ai == AiSides.BOTH ? "" : " ai=" + ai.word()) + (endless ? " endless" : "");
    }

    /**
     * Whether an identity is a demo-rts setup of another simulation version than this build's.
     *
     * @param identity a recording's, save's or peer's setup string
     * @return the one-line reason it cannot be simulated here, if it is of another version
     */
    public static Optional<String> otherVersion(String identity) {
        Matcher older = OLDER.matcher(identity);
        if (!older.matches()) {
            return Optional.empty();
        }
        String version = older.group(1) == null ? "1" : older.group(1);
        if (version.equals(Integer.toString(SIMULATION))) {
            return Optional.empty();
        }
        return Optional.of("setup '" + abbreviate(identity) + "' is of demo-rts simulation version " + version
                + "; this build simulates version " + SIMULATION + " and would diverge from it");
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }

    /**
     * The setup an {@link #identity()} string describes, with no rates.
     *
     * @throws IllegalArgumentException if the string is not a demo-rts setup, or one of another simulation version
     *                                  (the message says which)
     */
    public static MatchSetup fromIdentity(String identity) {
        Matcher m = IDENTITY.matcher(identity);
        if (!m.matches()) {
            Optional<String> other = otherVersion(identity);
            if (other.isPresent()) {
                throw new IllegalArgumentException(other.get());
            }
            throw new IllegalArgumentException("'" + identity + "' is not a demo-rts setup");
        }
        try {
            return new MatchSetup(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
                    Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), List.of(),
                    m.group(5) == null ? AiSides.BOTH : AiSides.parse(m.group(5)), m.group(6) != null);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + identity + "' has a number out of range");
        }
    }
}
