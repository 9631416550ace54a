package dev.ecsloop.examples.skeleton;

/**
 * The skeleton's command line: {@code --units N} (1 to 26), {@code --seed S}, {@code --seconds T} (stop after T
 * simulated seconds; 0, the default, runs until {@code quit}), {@code --plain} (no ANSI redraw: one field per
 * simulated second, for pipes and logs).
 */
record Options(int units, long seed, double seconds, boolean plain) {

    static final String USAGE = "flags: --units N (1-26), --seed S, --seconds T, --plain";

    /**
     * Parses the arguments.
     *
     * @throws IllegalArgumentException naming the bad flag or value, in one line
     */
    static Options parse(String... args) {
        int units = 8;
        long seed = 7;
        double seconds = 0;
        boolean plain = false;
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            switch (flag) {
                case "--plain" -> plain = true;
                case "--units", "--seed", "--seconds" -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException(flag + " needs a value (" + USAGE + ")");
                    }
                    String value = args[++i];
                    try {
                        switch (flag) {
                            case "--units" -> units = Integer.parseInt(value);
                            case "--seed" -> seed = Long.parseLong(value);
                            default -> seconds = Double.parseDouble(value);
                        }
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(flag + ": not a number: " + value);
                    }
                }
                default -> throw new IllegalArgumentException("unknown flag " + flag + " (" + USAGE + ")");
            }
        }
        if (units < 1 || units > 26) {
            throw new IllegalArgumentException("--units must be from 1 to 26, was " + units);
        }
        if (!(seconds >= 0 && seconds <= 86_400)) {
            throw new IllegalArgumentException("--seconds must be from 0 to 86400, was " + seconds);
        }
        return new Options(units, seed, seconds, plain);
    }
}
