package dev.ecsloop.console;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A typed line split into a command name and its argument words at runs of whitespace. There is no quoting:
 * no command takes an argument with spaces in it.
 */
record CommandLine(String name, List<String> words) {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    /** The parsed line, or null if it is blank. */
    static CommandLine parse(String line) {
        String trimmed = line.strip();
        if (trimmed.isEmpty()) {
            return null;
        }
        String[] parts = WHITESPACE.split(trimmed);
        return new CommandLine(parts[0], Arrays.asList(parts).subList(1, parts.length));
    }
}
