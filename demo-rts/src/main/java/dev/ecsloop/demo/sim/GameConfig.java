package dev.ecsloop.demo.sim;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything a game is built from. The {@link #setup()} string names exactly what a replay must rebuild
 * (units, seed, map size, path budget); rates are not part of it because the recorder journals every rate
 * change, those applied at simulated time zero included.
 *
 * @param units      total units, split evenly between the two teams (team 0 gets the odd one)
 * @param seed       map and spawn seed
 * @param mapSize    side of the square map in cells
 * @param pathBudget work units per pathfinding tick for each of the two path services
 * @param rates      rates to apply from simulated time zero, in order
 */
public record GameConfig(int units, long seed, int mapSize, int pathBudget, List<RateSetting> rates) {
    public static final int DEFAULT_UNITS = 2_000;
    public static final int MAX_UNITS = 50_000;
    public static final int DEFAULT_PATH_BUDGET = 20_000;

    private static final Pattern SETUP = Pattern.compile(
            "demo-rts units=(\\d+) seed=(-?\\d+) map=(\\d+) budget=(\\d+)");

    /**
     * @throws IllegalArgumentException if units is outside [2, MAX_UNITS], the map outside [16, 4096] or the
     *                                  budget below 1
     */
    public GameConfig {
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
    }

    /** The demo's defaults: 2,000 units on a 256 x 256 map. */
    public static GameConfig defaults(long seed) {
        return new GameConfig(DEFAULT_UNITS, seed, 256, DEFAULT_PATH_BUDGET, List.of());
    }

    public GameConfig withUnits(int n) {
        return new GameConfig(n, seed, mapSize, pathBudget, rates);
    }

    public GameConfig withSeed(long s) {
        return new GameConfig(units, s, mapSize, pathBudget, rates);
    }

    public GameConfig withMapSize(int size) {
        return new GameConfig(units, seed, size, pathBudget, rates);
    }

    public GameConfig withRates(List<RateSetting> r) {
        return new GameConfig(units, seed, mapSize, pathBudget, r);
    }

    /** The identity a recording carries, e.g. {@code demo-rts units=2000 seed=7 map=256 budget=20000}. */
    public String setup() {
        return "demo-rts units=" + units + " seed=" + seed + " map=" + mapSize + " budget=" + pathBudget;
    }

    /**
     * The configuration a {@link #setup()} string describes, with no rates.
     *
     * @throws IllegalArgumentException if the string is not a demo-rts setup
     */
    public static GameConfig fromSetup(String setup) {
        Matcher m = SETUP.matcher(setup);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + setup + "' is not a demo-rts setup");
        }
        try {
            return new GameConfig(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
                    Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), List.of());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + setup + "' has a number out of range");
        }
    }
}
