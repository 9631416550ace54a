package dev.ecsloop.demo.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/** Runs the real command line in-process, with no window (as a build without one), and captures what it prints. */
record Runs(int status, List<String> out, List<String> err) {

    static Runs withInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Cli.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Optional.empty());
        return new Runs(status, lines(out), lines(err));
    }

    static Runs of(String... args) {
        return withInput("", args);
    }

    private static List<String> lines(ByteArrayOutputStream bytes) {
        String text = bytes.toString(StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }

    String lastOut() {
        return out.isEmpty() ? "" : out.get(out.size() - 1);
    }
}
