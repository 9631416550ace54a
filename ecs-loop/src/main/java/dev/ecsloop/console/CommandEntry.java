package dev.ecsloop.console;

/**
 * One registered command: its name (lower case), its usage line, its one-line help, and what it does.
 * Invariant: usage starts with the name, and neither usage nor help contains a line break, so {@code help}
 * shows each command on exactly one line.
 */
record CommandEntry(String name, String usage, String help, Command command) {
}
