package dev.ecsloop.console;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The arguments of one command invocation: the whitespace-separated words after the command name.
 *
 * <p>Every parser here either returns a valid value or throws {@link IllegalArgumentException} with a message
 * that names the argument and ends with the command's usage, so a {@link Command} that parses all its arguments
 * before acting rejects bad input with one clear line and changes nothing. Numbers are plain decimals: no
 * {@code NaN}, {@code Infinity}, hex or type suffixes, which {@link Double#parseDouble} would accept.
 *
 * <p>Instances are immutable and created by the {@link Console} only.
 */
public final class Args {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");

    private final String command;
    private final String usage;
    private final List<String> words;

    Args(String command, String usage, List<String> words) {
        this.command = command;
        this.usage = usage;
        this.words = List.copyOf(words);
    }

    /** @return the command's registered name, lower case */
    public String command() {
        return command;
    }

    /** @return how many words follow the command name */
    public int size() {
        return words.size();
    }

    /**
     * @param index a word's position, from 0
     * @return whether a word exists there
     */
    public boolean has(int index) {
        return index >= 0 && index < words.size();
    }

    /**
     * Rejects surplus words.
     *
     * @param max the most words the command takes
     * @throws IllegalArgumentException if more than {@code max} words were given; names the first extra one
     */
    public void expectAtMost(int max) {
        if (words.size() > max) {
            throw error("unexpected argument " + Echo.quote(words.get(max)));
        }
    }

    /**
     * The word at {@code index}, as typed.
     *
     * @param index which word, from 0
     * @param what  the argument's name as the usage shows it, e.g. {@code "<system>"}
     * @return the word
     * @throws IllegalArgumentException if it is missing
     */
    public String word(int index, String what) {
        if (!has(index)) {
            throw error("missing " + what);
        }
        return words.get(index);
    }

    /**
     * A finite decimal number.
     *
     * @param index which word, from 0
     * @param what  the argument's name as the usage shows it
     * @return the number
     * @throws IllegalArgumentException if it is missing or not a plain decimal number
     */
    public double number(int index, String what) {
        String text = word(index, what);
        if (!DECIMAL.matcher(text).matches()) {
            throw error(Echo.quote(text) + " is not a number for " + what);
        }
        double value = Double.parseDouble(text);
        if (!Double.isFinite(value)) {
            throw error(Echo.quote(text) + " is too large for " + what);
        }
        return value;
    }

    /**
     * A finite decimal number that a {@code float} holds without overflowing to infinity (coordinates, say).
     *
     * @param index which word, from 0
     * @param what  the argument's name as the usage shows it
     * @return the number as a float
     * @throws IllegalArgumentException if it is missing, not a plain decimal number, or beyond the float range
     */
    public float floatNumber(int index, String what) {
        double value = number(index, what);
        if (Math.abs(value) > Float.MAX_VALUE) {
            throw error(Echo.quote(words.get(index)) + " is too large for " + what);
        }
        return (float) value;
    }

    /**
     * A whole number in [{@code min}, {@code max}].
     *
     * @param index which word, from 0
     * @param what  the argument's name as the usage shows it
     * @param min   the smallest accepted
     * @param max   the largest accepted
     * @return the number
     * @throws IllegalArgumentException if it is missing, not a whole number, or out of range
     */
    public int integer(int index, String what, int min, int max) {
        String text = word(index, what);
        if (!WHOLE.matcher(text).matches()) {
            throw error(Echo.quote(text) + " is not a whole number for " + what);
        }
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException tooManyDigits) {
            value = text.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        if (value < min || value > max) {
            throw error(what + " must be from " + min + " to " + max + ", got " + Echo.quote(text));
        }
        return (int) value;
    }

    /**
     * An optional whole number in [{@code min}, {@code max}]; {@code absent} when no word is at {@code index}.
     *
     * @param index  which word, from 0
     * @param what   the argument's name as the usage shows it
     * @param min    the smallest accepted
     * @param max    the largest accepted
     * @param absent the value when the word is missing
     * @return the number, or {@code absent}
     * @throws IllegalArgumentException if it is present but not a whole number, or out of range
     */
    public int integer(int index, String what, int min, int max, int absent) {
        return has(index) ? integer(index, what, min, max) : absent;
    }

    /**
     * A file path: the word at {@code index}, as the platform reads it.
     *
     * @param index the word's position
     * @param what  names the argument in the error, e.g. {@code "<file>"}
     * @return the path, not checked against the file system
     * @throws IllegalArgumentException if the word is missing or not a path this platform can represent
     */
    public java.nio.file.Path path(int index, String what) {
        String text = word(index, what);
        try {
            return java.nio.file.Path.of(text);
        } catch (java.nio.file.InvalidPathException e) {
            throw error(Echo.quote(text) + " is not a valid path for " + what);
        }
    }

    /**
     * One of fixed words, case-insensitively.
     *
     * @param index   which word, from 0
     * @param what    the argument's name as the usage shows it
     * @param options the accepted words, lower case
     * @return the matching option, lower case
     * @throws IllegalArgumentException if it is missing or matches no option
     */
    public String choice(int index, String what, String... options) {
        String text = word(index, what);
        for (String option : options) {
            if (option.equalsIgnoreCase(text)) {
                return option;
            }
        }
        throw error(Echo.quote(text) + " is not " + String.join(" or ", options) + " for " + what);
    }

    /**
     * An exception for a command's own checks, with the usage appended like the parsers' messages:
     * {@code throw args.error("nothing to step")}.
     *
     * @param message what is wrong, one line
     * @return the exception, for the command to throw
     */
    public IllegalArgumentException error(String message) {
        return new IllegalArgumentException(message + " (usage: " + usage + ")");
    }

    @Override
    public String toString() {
        return words.isEmpty() ? command : command + " " + String.join(" ", words);
    }
}
