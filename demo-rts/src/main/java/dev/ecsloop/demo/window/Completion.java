package dev.ecsloop.demo.window;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Tab completion for console lines: the first word completes against command names; the word after
 * {@code rate} (a system) against system names; the word after {@code help} against command names. Matching is
 * case-insensitive by prefix, as the console resolves names.
 *
 * <p>One match completes the word and adds a space; several complete to their longest common prefix and are
 * listed in {@link Result#candidates()}; none leaves the line alone.
 */
final class Completion {

    /** The completed line, and the candidates when more than one matched (empty otherwise). */
    record Result(String line, List<String> candidates) {
    }

    private Completion() {
    }

    static Result complete(String line, List<String> commands, List<String> systems) {
        int wordStart = line.lastIndexOf(' ') + 1;
        String word = line.substring(wordStart);
        String[] before = line.substring(0, wordStart).strip().split("\\s+");
        List<String> pool;
        if (wordStart == 0 || line.substring(0, wordStart).isBlank()) {
            pool = commands;
        } else if (before.length == 1 && before[0].equalsIgnoreCase("rate")) {
            pool = systems;
        } else if (before.length == 1 && before[0].equalsIgnoreCase("help")) {
            pool = commands;
        } else {
            return new Result(line, List.of());
        }
        String lower = word.toLowerCase(Locale.ROOT);
        List<String> matches = new ArrayList<>();
        for (String candidate : pool) {
            if (candidate.toLowerCase(Locale.ROOT).startsWith(lower)) {
                matches.add(candidate);
            }
        }
        String head = line.substring(0, wordStart);
        if (matches.isEmpty()) {
            return new Result(line, List.of());
        }
        if (matches.size() == 1) {
            return new Result(head + matches.get(0) + " ", List.of());
        }
        String common = commonPrefix(matches);
        // The common prefix is never shorter than the typed word; it gives the names' own case.
        String completed = common.length() >= word.length() ? common : word;
        return new Result(head + completed, List.copyOf(matches));
    }

    private static String commonPrefix(List<String> words) {
        String first = words.get(0);
        int n = first.length();
        for (String w : words) {
            int i = 0;
            while (i < n && i < w.length()
                    && Character.toLowerCase(w.charAt(i)) == Character.toLowerCase(first.charAt(i))) {
                i++;
            }
            n = i;
        }
        return first.substring(0, n);
    }
}
