package dev.ecsloop.console;

import java.util.List;
import java.util.Locale;

/**
 * {@code help [cmd]}: lists every command with its usage and one-line help, or shows one command. It reads the
 * registry when it runs, so commands registered later by other packages show up too.
 */
final class HelpCommand {

    private HelpCommand() {
    }

    static void register(Console console) {
        console.register("help", "help [cmd]", "lists the commands, or shows how to use one", (args, out) -> {
            args.expectAtMost(1);
            if (args.has(0)) {
                CommandEntry entry = console.entry(args.word(0, "[cmd]"));
                if (entry == null) {
                    throw new IllegalArgumentException("unknown command " + Echo.quote(args.word(0, "[cmd]"))
                            + " (try 'help')");
                }
                out.accept(entry.usage() + ": " + entry.help());
                return;
            }
            List<CommandEntry> entries = console.entries();
            int width = 0;
            for (CommandEntry e : entries) {
                width = Math.max(width, e.usage().length());
            }
            for (CommandEntry e : entries) {
                out.accept(String.format(Locale.ROOT, "%-" + width + "s  %s", e.usage(), e.help()));
            }
        });
    }
}
