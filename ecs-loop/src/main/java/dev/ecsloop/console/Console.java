package dev.ecsloop.console;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.ToDoubleBiFunction;
import java.util.regex.Pattern;

/**
 * A debug console for a running game loop: a registry of named commands, a parser, and a queue that carries
 * typed lines from any thread to the loop thread.
 *
 * <p>Why a queue: a {@link GameLoop} is confined to its thread, and a rate change must land at a frame boundary,
 * where the simulation is between instants. So transports ({@link ConsoleReader} for standard input,
 * {@link ConsoleServer} for localhost TCP) only {@link #submit submit} lines; the loop thread calls
 * {@link #drain()} between frames and every pending command runs there, in submission order.
 *
 * <pre>{@code
 * Console console = Console.forLoop(loop);
 * try (ConsoleServer server = ConsoleServer.open(console, 7777)) {
 *     while (running) {
 *         console.drain();
 *         loop.frame();
 *     }
 * }
 * }</pre>
 *
 * <p>Invariants: a command's output is one or more lines; bad input yields exactly one line starting with
 * {@code "error: "} and changes nothing; nothing a command or a reply sink throws escapes {@link #drain()} or
 * {@link #execute}, except a {@link VirtualMachineError} (out of memory, stack overflow), after which the JVM
 * itself is in doubt. {@code drain()} with nothing pending allocates nothing, so it costs nothing per frame.
 *
 * <p>Threads: {@link #submit} and {@link #register} are safe from any thread; {@link #drain()} and
 * {@link #execute} belong to the loop thread. Commands that read or write files ({@code record}'s {@code stop},
 * {@code replay}) do their I/O on one worker thread, one job at a time, and report on the loop thread at a
 * later drain; their submitter waits for that report like for any other reply.
 */
public final class Console {

    /** The longest {@link #finish} waits for file work under way. */
    public static final int FINISH_WAIT_SECONDS = 30;

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]{0,31}");

    private final Map<String, CommandEntry> commands = new ConcurrentSkipListMap<>();
    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    /** Lines offered to {@link #queue} so far and not yet taken; never more than the queue holds. */
    private final AtomicInteger pending = new AtomicInteger();
    /** File work off the loop thread, and its reports waiting for the loop thread. */
    private final OffLoopJobs jobs = new OffLoopJobs();
    /** While a command runs: its reply sink, and where it is told that its reply comes later. */
    private Consumer<String> running;
    private CompletableFuture<Void> runningDone;
    private boolean deferred;
    private volatile ToDoubleBiFunction<Class<? extends BaseSystem>, String> rateRule;
    /** Where lines go once this console's game was replaced (see {@link #forwardTo}), or null. */
    private volatile Console forward;
    /** What features still owe at the end of the session (a named, unwritten recording), run by {@link #finish}. */
    private final List<Consumer<Consumer<String>>> finishers = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** A console with only {@code help}; register your commands on it. */
    public Console() {
        HelpCommand.register(this);
    }

    /**
     * A console with {@code help} and the loop built-ins: {@code systems}, {@code rate}, {@code pause},
     * {@code resume}, {@code step}, {@code timescale}, {@code catchup}, {@code debt}, {@code stats}. Features add
     * their own ({@code fps}, {@code interp}, {@code hash}, {@code record}, ...) through {@link #register}.
     *
     * @param loop the loop the built-ins drive
     * @return the console
     * @throws NullPointerException if {@code loop} is null
     */
    public static Console forLoop(GameLoop loop) {
        Objects.requireNonNull(loop, "loop");
        Console console = new Console();
        SystemsCommand.register(console, loop);
        RateCommand.register(console, loop);
        LoopCommands.register(console, loop);
        return console;
    }

    /**
     * Makes {@code rate} read its Hz argument with the game's own rule, so that the console refuses exactly what
     * the game's command line refuses (same bounds, same message) instead of everything the loop could run.
     *
     * @param rule given the system (already resolved by name) and the typed Hz text, returns the rate, or throws
     *             {@link IllegalArgumentException} with a one-line message; called on the loop thread
     * @return this console
     */
    public Console withRateRule(ToDoubleBiFunction<Class<? extends BaseSystem>, String> rule) {
        this.rateRule = Objects.requireNonNull(rule, "rule");
        return this;
    }

    /** The rule {@code rate} reads Hz with, or null for a plain number the loop then checks. */
    ToDoubleBiFunction<Class<? extends BaseSystem>, String> rateRule() {
        return rateRule;
    }

    /**
     * Ends the session for the console's features, on the loop thread, between frames: does now what they still
     * owe, and waits for file work still under way, so that leaving the game loses nothing the user asked for.
     * First it answers the lines still waiting for a {@link #drain()}, each with one {@code error:} line and
     * without running it: they were typed for a game that has ended, and running them now could change what the
     * game is about to save or print (a {@code load}, a {@code step}); a line answered is not left without a reply
     * and its transport does not wait forever. Then a replay file named by {@code record} and not yet written by
     * {@code stop} (written now), and a
     * {@code stop} or {@code replay} still at work on the I/O thread (waited for, at most
     * {@value #FINISH_WAIT_SECONDS} seconds, and its report given to its own reply sink). Call it once when the
     * game ends for any reason ({@code quit}, the end of input, a signal); the commands stay usable, and a second
     * call finds nothing owed. Never throws for a failed write: that is an {@code error:} line naming the file.
     *
     * @param reply receives each line the features report, e.g. {@code saved simulated time 12.345 s to x.replay}
     * @throws NullPointerException if {@code reply} is null
     */
    public void finish(Consumer<String> reply) {
        Objects.requireNonNull(reply, "reply");
        GuardedReply out = new GuardedReply(reply);
        refuseWaiting();
        for (Consumer<Consumer<String>> finisher : finishers) {
            finisher.accept(out);
        }
        jobs.finish(FINISH_WAIT_SECONDS);
        Console next = forward;
        if (next != null) {
            next.finish(reply);
        }
    }

    /** At {@link #finish}: answers every waiting line with an error instead of running it. */
    private void refuseWaiting() {
        for (int n = pending.get(); n > 0; n--) {
            Pending p = take();
            if (p == null) {
                return;
            }
            try {
                new GuardedReply(p.reply).accept("error: the game ended before '" + Echo.printable(p.line, 60)
                        + "' ran; nothing was done");
            } finally {
                p.done.complete(null);
            }
        }
    }

    /**
     * Adds what a feature must do at {@link #finish}: given a reply sink, on the loop thread; it must not throw.
     *
     * @param finisher what to do, with the reply sink
     */
    public void atFinish(Consumer<Consumer<String>> finisher) {
        finishers.add(Objects.requireNonNull(finisher, "finisher"));
    }

    /**
     * Adds a command. Built-ins are added this way too.
     *
     * @param name    what the user types first; 1 to 32 characters of {@code a-z 0-9 _ -}, starting with a letter;
     *                matched case-insensitively
     * @param usage   the synopsis starting with the name, e.g. {@code "rate <system> <hz>|frame"}; one line
     * @param help    what it does, in one line
     * @param command what runs, on the loop thread
     * @throws IllegalArgumentException if the name is malformed or taken, or usage or help is blank, has a line
     *                                  break, or the usage does not start with the name
     * @throws NullPointerException     if any argument is null
     */
    public void register(String name, String usage, String help, Command command) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(help, "help");
        Objects.requireNonNull(command, "command");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad command name " + Echo.quote(name)
                    + " (1 to 32 of a-z 0-9 _ -, starting with a letter)");
        }
        if (!(usage.equals(name) || usage.startsWith(name + " "))) {
            throw new IllegalArgumentException("usage of " + name + " must start with its name: " + usage);
        }
        if (help.isBlank() || (usage + help).chars().anyMatch(c -> c == '\n' || c == '\r')) {
            throw new IllegalArgumentException("usage and help of " + name + " must be single non-blank lines");
        }
        if (commands.putIfAbsent(name, new CommandEntry(name, usage, help, command)) != null) {
            throw new IllegalArgumentException("command " + name + " is already registered");
        }
    }

    /**
     * Replaces what a registered command does, keeping its usage: a game routes a built-in through something else
     * (a network match sends {@code rate} to every player instead of retuning this loop alone). Every surface that
     * runs console lines (typed, a window's sliders and buttons) follows, since they all run lines.
     *
     * @param name    the registered command's name
     * @param help    what it does now, in one line
     * @param command what runs now, on the loop thread
     * @throws IllegalArgumentException if no command has that name, or help is blank or has a line break
     * @throws NullPointerException     if any argument is null
     */
    public void replace(String name, String help, Command command) {
        Objects.requireNonNull(help, "help");
        Objects.requireNonNull(command, "command");
        CommandEntry old = entry(Objects.requireNonNull(name, "name"));
        if (old == null) {
            throw new IllegalArgumentException("no command " + Echo.quote(name) + " to replace");
        }
        if (help.isBlank() || help.chars().anyMatch(c -> c == '\n' || c == '\r')) {
            throw new IllegalArgumentException("help of " + name + " must be a single non-blank line");
        }
        commands.put(old.name(), new CommandEntry(old.name(), old.usage(), help, command));
    }

    /** Every registered command, ordered by name. */
    List<CommandEntry> entries() {
        return new ArrayList<>(commands.values());
    }

    /** The command called {@code name}, case-insensitively, or null. */
    CommandEntry entry(String name) {
        return commands.get(name.toLowerCase(Locale.ROOT));
    }

    /**
     * Queues a line to run at the next {@link #drain()}. Safe from any thread.
     *
     * @param line  what the user typed, without its line break
     * @param reply receives each output line, on the loop thread; if it throws, later lines are dropped
     * @return completes on the loop thread after the command has run and all its lines were given to
     *         {@code reply}; a transport waits on it to keep one client's commands and replies in order. Actions
     *         chained on it with the non-async {@code then...} methods run on the loop thread: keep them short
     *         or use the async variants
     * @throws NullPointerException if an argument is null
     */
    public CompletableFuture<Void> submit(String line, Consumer<String> reply) {
        Pending p = new Pending(Objects.requireNonNull(line, "line"), Objects.requireNonNull(reply, "reply"),
                new CompletableFuture<>());
        Console target = forward;
        if (target != null) {
            return target.enqueue(p);
        }
        enqueue(p);
        if (forward != null) {
            handOver(); // forwardTo ran meanwhile: this line must not stay behind in a queue no one drains
        }
        return p.done;
    }

    /**
     * Sends every line submitted to this console from now on, and every line still waiting in it, to {@code next}:
     * for a game that replaces itself (a restart builds a fresh loop with a fresh console), so that transports
     * started on this console (a {@link ConsoleReader} on standard input, a {@link ConsoleServer}, a shutdown hook)
     * keep driving the game that runs. Lines are moved in the order they were submitted; {@link #finish} on this
     * console also finishes {@code next}. Forwarding follows chains: a console forwarded to one that is later
     * forwarded reaches the last. Safe from any thread; call it when this console will not be drained again.
     *
     * @param next the console that takes over
     * @throws NullPointerException     if {@code next} is null
     * @throws IllegalArgumentException if {@code next} is this console or forwards (eventually) to it
     * @throws IllegalStateException    if this console already forwards
     */
    public void forwardTo(Console next) {
        Objects.requireNonNull(next, "next");
        for (Console c = next; c != null; c = c.forward) {
            if (c == this) {
                throw new IllegalArgumentException("a console cannot forward to itself");
            }
        }
        synchronized (this) {
            if (forward != null) {
                throw new IllegalStateException("this console already forwards");
            }
            forward = next;
        }
        handOver();
    }

    /** The console lines end up in: the last of the forwarding chain. */
    private Console last() {
        Console c = this;
        for (Console f = c.forward; f != null; f = c.forward) {
            c = f;
        }
        return c;
    }

    private CompletableFuture<Void> enqueue(Pending p) {
        Console target = forward == null ? this : last();
        if (target != this) {
            return target.enqueue(p);
        }
        queue.offer(p);
        pending.incrementAndGet();
        return p.done;
    }

    /** Moves the lines waiting here to the console this one forwards to. */
    private void handOver() {
        for (Pending p; (p = take()) != null; ) {
            last().enqueue(p);
        }
    }

    /** The oldest waiting line, taken off the queue and the count, or null if none waits. */
    private Pending take() {
        Pending p = queue.poll();
        if (p != null) {
            pending.decrementAndGet();
        }
        return p;
    }

    /**
     * Runs every line submitted before this call, in submission order, on the calling (loop) thread. Lines
     * submitted meanwhile (even by a command) wait for the next call, so one drain always ends. Call it between
     * frames, never from inside a system.
     *
     * <p>Allocates nothing when nothing is pending. Never throws (see the class invariants).
     */
    public void drain() {
        jobs.report();
        for (int n = pending.get(); n > 0; n--) {
            Pending p = take();
            if (p == null) {
                return;
            }
            boolean later = false;
            try {
                later = run(p.line, p.reply, p.done);
            } finally {
                if (!later) {
                    p.done.complete(null);
                }
            }
        }
    }

    /**
     * Runs one line now, on the calling thread: for an in-game overlay on the loop thread, and for tests. A
     * blank line does nothing. A file command's report reaches {@code reply} at a later {@link #drain()}.
     *
     * @param line  what the user typed
     * @param reply receives each output line; if it throws, later lines are dropped
     */
    public void execute(String line, Consumer<String> reply) {
        run(line, reply, null);
    }

    /** Runs one line; returns whether its command deferred its reply to off-loop work. */
    private boolean run(String line, Consumer<String> reply, CompletableFuture<Void> done) {
        GuardedReply out = new GuardedReply(reply);
        running = out;
        runningDone = done;
        deferred = false;
        try {
            dispatch(line, out);
        } finally {
            running = null;
            runningDone = null;
        }
        return deferred;
    }

    private void dispatch(String line, GuardedReply out) {
        CommandLine parsed = CommandLine.parse(line);
        if (parsed == null) {
            return;
        }
        CommandEntry entry = entry(parsed.name());
        if (entry == null) {
            String near = NearestName.of(parsed.name(), commands.keySet());
            out.accept("error: unknown command " + Echo.quote(parsed.name())
                    + (near == null ? " (try 'help')" : " (did you mean '" + near + "'? try 'help')"));
            return;
        }
        deferred = false;
        try {
            entry.command().run(new Args(entry.name(), entry.usage(), parsed.words()), out);
        } catch (IllegalArgumentException e) {
            deferred = false;
            out.accept("error: " + oneLine(e.getMessage()));
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            deferred = false;
            out.accept("error: " + entry.name() + " failed: " + e.getClass().getSimpleName() + ": "
                    + oneLine(e.getMessage()));
        }
    }

    /**
     * For a running command whose work is I/O (writing or reading a file) that must never block a frame: does
     * {@code work} on the console's I/O thread, then {@code report} on the loop thread at a later drain, with the
     * command's reply sink. The submitter's reply completes after the report.
     * A failure of the work (its message) becomes one error line. One job at a time. Call it last in a command:
     * a command that throws after it would reply twice.
     *
     * @throws IllegalArgumentException if another file command is still at work (the command then fails with
     *                                  that line and changes nothing)
     * @throws IllegalStateException    if no command is running
     * @param <T>    what the work produces
     * @param what   names the work in error lines
     * @param work   runs on the I/O thread; it must not touch the world or the loop
     * @param report runs on the loop thread with the work's result and the command's reply sink
     */
    public <T> void offLoop(String what, Callable<T> work, BiConsumer<T, Consumer<String>> report) {
        if (running == null) {
            throw new IllegalStateException("offLoop is for a running command");
        }
        jobs.start(what, work, report, running, runningDone);
        deferred = true;
    }

    /** @return {@code message} on one line, or a placeholder for none */
    static String oneLine(String message) {
        return message == null ? "(no message)" : message.replace('\n', ' ').replace('\r', ' ');
    }

    /** A submitted line waiting for the loop thread. */
    private record Pending(String line, Consumer<String> reply, CompletableFuture<Void> done) {
    }
}
