package dev.ecsloop.demo.cli;

import java.io.PrintStream;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports a bad command line as exactly one line, {@code error: --units: 'abc' is not a whole number}, and
 * exit status 2, instead of picocli's message plus the whole usage: scripts read one line, humans run --help.
 */
final class OneLineErrors implements IParameterExceptionHandler {
    static final int EXIT = 2;
    private final PrintStream err;

    OneLineErrors(PrintStream err) {
        this.err = err;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        err.println("error: " + describe(ex));
        return EXIT;
    }

    static String describe(ParameterException ex) {
        String text;
        if (ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String arg = u.getUnmatched().get(0);
            text = (arg.startsWith("-") ? "unknown option '" : "unexpected argument '") + arg + "' (try --help)";
        } else if (ex.getCause() instanceof TypeConversionException t && ex.getArgSpec() instanceof OptionSpec o) {
            text = o.longestName() + ": " + t.getMessage();
        } else {
            text = ex.getMessage();
        }
        return text == null ? "bad command line" : text.replace('\n', ' ').replace('\r', ' ').strip();
    }
}
