package dev.ecsloop.demo.net;

import com.artemis.BaseSystem;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.demo.sim.OrderEvents;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.SimSystems;
import dev.ecsloop.lockstep.Command;
import dev.ecsloop.lockstep.CommandFilter;
import dev.ecsloop.lockstep.LockstepSession;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The loop's controls in a network match, and whose orders are whose. {@code rate}, {@code phase},
 * {@code timescale} and {@code pause} typed on any player (or given by the window's sliders and buttons, which
 * run the same console lines) are sent as lockstep commands and applied to the loop on every player at the
 * instant of the same turn, so the simulations stay equal; {@code resume} ends a match-wide pause on every
 * player at once; {@code step} is refused (it would run one player's simulation alone), and so is a rate of
 * {@code frame} for a simulation system (it would tick with each player's own frames). A system declared
 * {@link EveryFrame} draws rather than simulates (the demo's write only {@link dev.ecsloop.state.Presentation}
 * state, outside the hash), so it may go back to every frame after a rate was set, match-wide like any control.
 *
 * <p>With {@code --controls host} only the host's player (seat 0) changes the loop: the others' controls are refused
 * where they are typed, a control or a resume from another seat (a hostile peer's) is refused on every player alike,
 * and the setup the handshake compares carries the rule, so every player holds the same.
 *
 * <p>As the match's {@link CommandFilter}, on every player, for every command in seat order: a control is applied
 * and goes no further; an order counts only for the team of the seat that sent it ({@link SeatTeams}), so a peer that
 * tags its orders with the other team moves nothing. A control whose value the loop refuses is refused on every
 * player alike, with one line.
 *
 * <p>Wire form: type {@link #TYPE}, code {@code kind << 8 | system index}, and the value's 64 bits as four
 * 16-bit whole numbers in x, y, z, w (floats hold those exactly, so no rounding and no NaN payload crosses).
 */
final class MatchControls implements CommandFilter {

    /** "CTRL": not an order type ({@link OrderEvents} uses 1 to 3). */
    static final int TYPE = 0x4354524c;
    static final int RATE = 1;
    static final int EVERY_FRAME = 2;
    static final int PHASE = 3;
    static final int TIMESCALE = 4;
    /** The host tells everyone how many spectators watch (only the host knows), for the counters. */
    static final int AUDIENCE = 6;
    static final int PAUSE = 5;
    /**
     * Why no simulation system may tick every frame in a match: it would tick with each player's own frames, which
     * differ, so the simulations would part at once. Only a system declared {@link EveryFrame} (drawing-only) may.
     *
     * @param system the system asked for
     * @return the one-line refusal, naming it
     */
    static String everyFrameRefused(Class<? extends BaseSystem> system) {
        return "'frame' is refused in a match for " + system.getSimpleName() + ", a simulation system: it would tick "
                + "with each player's own frames";
    }
    /** Why a player other than the host may not change the loop in this match. */
    static final String HOST_ONLY = "in this match the host alone changes the loop (--controls host)";
    /** Why step is refused in a match, typed or clicked, on every player and spectator. */
    static final String STEP_REFUSED = "step is refused in a network match: it would run your simulation alone "
            + "(pause and resume are match-wide)";
    /** Why a spectator changes nothing: its orders, controls and resumes are refused with it. */
    static final String SPECTATOR = "a spectator gives no orders";
    /** The slowest time scale a match accepts (the window's slider's least). */
    static final double MIN_SCALE = 0.05;

    private final GameLoop loop;
    private final long turnNanos;
    /** The players by seat, a live view: an open seat takes its late joiner's name when it is taken. */
    private final List<String> names;
    private final SeatTeams teams;
    private final Consumer<String> out;
    private final boolean[] warned;
    /** Whether the host's player (seat 0) alone changes the loop ({@code --controls host}), the same on every peer. */
    private final boolean hostOnly;
    private LockstepSession session;
    /** Spectators watching, as the host last said; -1 before it said. */
    private int spectators = -1;

    MatchControls(GameLoop loop, long turnNanos, List<String> names, SeatTeams teams, boolean hostOnly,
                  Consumer<String> out) {
        this.hostOnly = hostOnly;
        this.teams = teams;
        this.loop = loop;
        this.turnNanos = turnNanos;
        this.names = names;
        this.out = out;
        this.warned = new boolean[names.size()];
    }

    /** Routes the console's loop controls through {@code session}, and its resumes through {@link #mayControl}. */
    void install(Console console, LockstepSession match) {
        this.session = match;
        match.resumableBy(this::mayControl);
        console.replace("rate", "sets a system's rate on every player at the same turn (match-wide)",
                (args, reply) -> {
                    args.expectAtMost(2);
                    Class<? extends BaseSystem> type = SimSystems.resolve(args.word(0, "<system>"));
                    String typed = args.word(1, "<hz>");
                    if (typed.equalsIgnoreCase("frame")) {
                        if (!drawsOnly(type)) {
                            throw new IllegalArgumentException(everyFrameRefused(type)); // not a usage error
                        }
                        reply.accept(send(EVERY_FRAME, type, 0, type.getSimpleName() + " every frame"));
                        return;
                    }
                    double hz = RateSetting.parse(type.getSimpleName() + "=" + typed).hz();
                    reply.accept(send(RATE, type, hz, type.getSimpleName() + " at " + plain(hz) + " Hz"));
                });
        console.replace("phase", "moves a system's ticks within its step on every player at the same turn",
                (args, reply) -> {
                    args.expectAtMost(2);
                    Class<? extends BaseSystem> type = SimSystems.resolve(args.word(0, "<system>"));
                    double phase = args.number(1, "<fraction>");
                    if (!(phase >= 0 && phase < 1)) {
                        throw args.error("phase " + plain(phase) + " must be from 0 (included) to 1 (excluded)");
                    }
                    reply.accept(send(PHASE, type, phase, type.getSimpleName() + " phase " + plain(phase)));
                });
        console.replace("timescale", "sets simulated seconds per real second on every player at the same turn",
                (args, reply) -> {
                    args.expectAtMost(1);
                    double scale = args.number(0, "<x>");
                    checkScale(scale);
                    reply.accept(send(TIMESCALE, null, scale, "time scale " + plain(scale)));
                });
        console.replace("pause", "pauses the match on every player at the same turn", (args, reply) -> {
            args.expectAtMost(0);
            refuseUnlessThisSeatControls("pause"); // before "already paused": told so, paused or not
            reply.accept(loop.isPaused() ? "already paused at turn " + session.turn()
                    : send(PAUSE, null, 0, "pause"));
        });
        console.replace("resume", "resumes the match on every player", (args, reply) -> {
            args.expectAtMost(0);
            if (session.seat() < 0) {
                throw new IllegalArgumentException(SPECTATOR + ": " + resumer() + " the match");
            }
            refuseUnlessThisSeatControls("resume");
            if (session.catchingUp()) {
                throw new IllegalArgumentException("still catching up: " + resumer() + " the match");
            }
            reply.accept(session.resumeMatch() ? "resumed the match at turn " + session.turn()
                    : "the match is not paused");
        });
        console.replace("step", "refused in a network match: it would run this player's simulation alone",
                (args, reply) -> {
                    throw new IllegalArgumentException(STEP_REFUSED);
                });
    }

    /**
     * In a match the time scale stays from {@value #MIN_SCALE} to 1000: at 0 (or nearly) simulated time would stop
     * for good, since the command to restart it could only take effect at a turn that never comes.
     */
    private static void checkScale(double scale) {
        if (!(scale >= MIN_SCALE && scale <= 1000)) {
            throw new IllegalArgumentException("time scale " + plain(scale) + " in a match must be from " + MIN_SCALE
                    + " to 1000 (to stop time, pause: resume works from any player)");
        }
    }

    /** @return whether {@code system} is declared to run every frame: it draws, and frame timing cannot part peers */
    static boolean drawsOnly(Class<? extends BaseSystem> system) {
        return system.isAnnotationPresent(EveryFrame.class);
    }

    /** @throws IllegalArgumentException one line, if this peer may not change the loop ({@link #loopRefusal}) */
    private void refuseUnlessThisSeatControls(String what) {
        String refusal = loopRefusal(session.seat());
        if (refusal != null) {
            throw new IllegalArgumentException(refusal + ": " + what + " not sent");
        }
    }

    private String send(int kind, Class<? extends BaseSystem> system, double value, String what) {
        refuseUnlessThisSeatControls(what);
        int index = system == null ? 0 : loop.systems().indexOf(system);
        long turn = session.submit(encode(kind, index, value));
        if (turn < 0) {
            throw new IllegalArgumentException((session.catchingUp() ? "still catching up: "
                    : "the match has stopped: ") + what + " not sent");
        }
        return what + ": sent, applies on every player at turn " + turn;
    }

    static Command encode(int kind, int system, double value) {
        long bits = Double.doubleToRawLongBits(value);
        return new Command(TYPE, kind << 8 | system, (bits >>> 48) & 0xffff, (bits >>> 32) & 0xffff,
                (bits >>> 16) & 0xffff, bits & 0xffff);
    }

    /** The value of a control, or NaN if its fields are not four 16-bit whole numbers (a hostile peer's). */
    static double value(Command c) {
        long bits = 0;
        for (float f : new float[] {c.x(), c.y(), c.z(), c.w()}) {
            if (!(f >= 0 && f <= 0xffff) || f != (int) f) {
                return Double.NaN;
            }
            bits = bits << 16 | (int) f;
        }
        return Double.longBitsToDouble(bits);
    }

    @Override
    public Command admit(int seat, Command c) {
        if (c.type() != TYPE) {
            if (c.code() == teams.team(names, seat)) {
                return c;
            }
            if (!warned[seat]) { // once per seat: a rogue must not flood the terminal
                warned[seat] = true;
                out.accept("ignored " + names.get(seat) + "'s orders for team " + c.code() + ": seat " + seat
                        + " commands team " + teams.team(names, seat));
            }
            return null;
        }
        int kind = c.code() >>> 8;
        int index = c.code() & 0xff;
        double value = value(c);
        String who = names.get(seat);
        try {
            if (Double.isNaN(value) || index >= loop.systems().size()) {
                throw new IllegalArgumentException("malformed control");
            }
            if (kind == AUDIENCE) {
                if (seat != 0 || value != (int) value || value < 0 || value > 16) {
                    throw new IllegalArgumentException("only the host counts spectators, 0 to 16");
                }
                spectators = (int) value;
                return null;
            }
            if (!mayControl(seat)) {
                throw new IllegalArgumentException(HOST_ONLY);
            }
            Class<? extends BaseSystem> system = loop.systems().get(index);
            String did = switch (kind) {
                case RATE -> {
                    // The command line's own bounds: a peer cannot set what --rate refuses (a load for everyone).
                    loop.setRate(system, RateSetting.parse(system.getSimpleName() + "=" + plain(value)).hz());
                    yield "rate " + system.getSimpleName() + " " + plain(value) + " Hz";
                }
                case EVERY_FRAME -> {
                    if (value != 0) {
                        throw new IllegalArgumentException("malformed control");
                    }
                    if (!drawsOnly(system)) {
                        throw new IllegalArgumentException(everyFrameRefused(system));
                    }
                    loop.setEveryFrame(system);
                    yield "rate " + system.getSimpleName() + " every frame";
                }
                case PHASE -> {
                    loop.setPhase(system, value);
                    yield "phase " + system.getSimpleName() + " " + plain(value);
                }
                case TIMESCALE -> {
                    checkScale(value);
                    loop.setTimeScale(value);
                    yield "time scale " + plain(value);
                }
                case PAUSE -> {
                    loop.pause();
                    yield "pause (resume: 'resume' on " + (hostOnly ? "the host)" : "any player)");
                }
                default -> throw new IllegalArgumentException("unknown control " + kind);
            };
            out.accept(who + ": " + did + " at turn " + loop.simulatedNanos() / turnNanos);
        } catch (IllegalArgumentException e) {
            out.accept("ignored " + who + "'s control: " + dev.ecsloop.console.Echo.printable(
                    String.valueOf(e.getMessage()), 120));
        }
        return null;
    }

    /**
     * The one rule of who changes the loop, for what is typed here, what arrives from the others and their resumes.
     *
     * @param seat a player's seat
     * @return whether that seat's controls and resumes count: any seat's, or with {@code --controls host} the host's
     *         player's (seat 0) alone
     */
    boolean mayControl(int seat) {
        return !hostOnly || seat == 0;
    }

    /**
     * Why the window's loop controls are off for {@code seat}, the same reasons typed controls are refused with.
     *
     * @param seat this peer's seat; negative for a spectator
     * @return the one-line reason, or null while that seat changes the loop
     */
    String loopRefusal(int seat) {
        return seat < 0 ? SPECTATOR : mayControl(seat) ? null : HOST_ONLY;
    }

    /** @return who resumes a match-wide pause, as a sentence's subject: "the host resumes" or "the players resume" */
    String resumer() {
        return hostOnly ? "the host resumes" : "the players resume";
    }

    /** @return how many spectators watch, as the host last said; -1 before it said */
    int spectators() {
        return spectators;
    }

    /**
     * The host: tells every player, at a turn, how many spectators watch now.
     *
     * @param count the spectators
     */
    void announceSpectators(int count) {
        session.submit(encode(AUDIENCE, 0, count));
    }

    private static String plain(double x) {
        return Double.isFinite(x) ? BigDecimal.valueOf(x).stripTrailingZeros().toPlainString()
                : String.valueOf(x).toLowerCase(Locale.ROOT);
    }
}
