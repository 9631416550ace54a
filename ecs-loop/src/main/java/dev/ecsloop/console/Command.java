package dev.ecsloop.console;

import java.util.function.Consumer;

/**
 * What a console command does. Built-in and user commands are registered the same way, through
 * {@link Console#register(String, String, String, Command)}.
 *
 * <p>A command runs on the loop thread, between frames, so it may call any {@link dev.ecsloop.GameLoop} method.
 * It reports by passing lines to {@code out}: normally one result line. On bad input it throws
 * {@link IllegalArgumentException} <em>before</em> changing anything; the console turns the message into one
 * {@code error: ...} line. {@link Args} validates arguments this way, so a command that reads all its arguments
 * first and acts afterwards never half-applies.
 *
 * <pre>{@code
 * console.register("fps", "fps <cap>|off", "caps the frame rate", (args, out) -> {
 *     args.expectAtMost(1);
 *     int cap = args.integer(0, "<cap>", 1, 1000);
 *     pacer.setFps(cap);
 *     out.accept("frame rate capped at " + cap + " fps");
 * });
 * }</pre>
 */
@FunctionalInterface
public interface Command {

    /**
     * Runs the command once.
     *
     * @param args the words after the command name, with parsers that produce clear error messages
     * @param out  where result lines go; each call is one line, without a line break
     * @throws IllegalArgumentException on bad input; its message becomes the error line
     */
    void run(Args args, Consumer<String> out);
}
