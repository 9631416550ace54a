package dev.ecsloop.demo.sim;

import dev.ecsloop.time.Durations;
import com.artemis.BaseSystem;
import dev.ecsloop.FrameListener;
import dev.ecsloop.TickListener;
import dev.ecsloop.console.Args;
import dev.ecsloop.console.Console;
import java.util.Locale;

/**
 * The game's own console commands, next to the loop built-ins: player orders typed as text (they go through the
 * same timestamped input as mouse orders, so they are recorded and replayed), and a unit count.
 *
 * <p>Every order answers with what it did, in numbers: {@code selected 212 units}, {@code moving 212 units to
 * (120, 120)}. Orders are applied by {@link OrdersSystem} at its next tick, so the answer is worked out when the
 * command runs: the units inside the box now, and for a move the selection as it will be when the move is applied
 * (a {@code select} typed just before counts even though its tick has not run yet). Coordinates off the map are
 * refused with the map's size, and nothing is posted.
 */
final class GameCommands {
    private GameCommands() {
    }

    static void register(Console console, RtsGame game) {
        SelectionTracker tracker = new SelectionTracker(game);
        game.loop().addTickListener(tracker);
        game.loop().addFrameListener(tracker);
        // A replay's console answers 'seek' (ReplayPlayback); a live game has no recording to move through.
        console.register("seek", "seek <seconds>", "jumps a replay to a simulated instant (replays only)",
                (args, out) -> {
                    throw args.error("not a replay: seek moves through a recording (open one with --replay FILE)");
                });
        console.register("select", "select <x0> <y0> <x1> <y1>",
                "selects the player's units inside a box of world coordinates", (args, out) -> {
                    args.expectAtMost(4);
                    float x0 = coordinate(args, 0, "<x0>", game);
                    float y0 = coordinate(args, 1, "<y0>", game);
                    float x1 = coordinate(args, 2, "<x1>", game);
                    float y1 = coordinate(args, 3, "<y1>", game);
                    int count = tracker.select(x0, y0, x1, y1, game.select(x0, y0, x1, y1));
                    out.accept("selected " + units(count) + " in (" + plain(Math.min(x0, x1)) + ", "
                            + plain(Math.min(y0, y1)) + ")-(" + plain(Math.max(x0, x1)) + ", "
                            + plain(Math.max(y0, y1)) + ")");
                });
        console.register("move", "move <x> <y>", "orders the selection to move to a point, ignoring enemies",
                (args, out) -> {
                    args.expectAtMost(2);
                    float x = coordinate(args, 0, "<x>", game);
                    float y = coordinate(args, 1, "<y>", game);
                    game.orderMove(x, y);
                    out.accept(order("moving", tracker.selectedCount(), x, y));
                });
        console.register("attack", "attack <x> <y>",
                "orders the selection to attack-move to a point, fighting on the way", (args, out) -> {
                    args.expectAtMost(2);
                    float x = coordinate(args, 0, "<x>", game);
                    float y = coordinate(args, 1, "<y>", game);
                    game.orderAttack(x, y);
                    out.accept(order("attack-moving", tracker.selectedCount(), x, y));
                });
        console.register("economy", "economy", "credits, deliveries, units built and base health per team",
                (args, out) -> {
                    args.expectAtMost(0);
                    StringBuilder line = new StringBuilder("economy:");
                    for (int t = 0; t < 2; t++) {
                        line.append(String.format(Locale.ROOT, " team %d credits %d delivered %d built %d base %.0f%%;",
                                t, game.credits(t), game.delivered(t), game.produced(t), 100 * game.baseHealth(t)));
                    }
                    int w = game.winner();
                    line.append(w == RtsGame.NO_WINNER ? " no winner yet" : w == RtsGame.DRAW ? " a draw"
                            : " team " + w + " won");
                    out.accept(line.toString());
                });
        console.register("phase", "phase <system> <fraction>",
                "moves a system's ticks within its step, to (k + fraction) / rate s; recorded and replayed",
                (args, out) -> {
                    args.expectAtMost(2);
                    Class<? extends BaseSystem> type = SimSystems.resolve(args.word(0, "<system>"));
                    double phase = args.number(1, "<fraction>");
                    double was = game.loop().system(type).phase();
                    game.loop().setPhase(type, phase);
                    out.accept(type.getSimpleName() + ": phase " + fraction(game.loop().system(type).phase()) + " (was "
                            + fraction(was) + ")");
                });
        console.register("units", "units", "counts living units per team", (args, out) -> {
            args.expectAtMost(0);
            out.accept("units: team 0 " + game.unitCount(0) + ", team 1 " + game.unitCount(1) + ", simulated time "
                    + Durations.seconds(game.loop().simulatedNanos()));
        });
        console.register("workers", "workers", "threads running the parallel systems (--workers), loop thread counted",
                (args, out) -> {
                    args.expectAtMost(0);
                    out.accept("workers: " + game.loop().parallel().workers() + " (movement, combat's target searches"
                            + ", fog and pathfinding run in parallel; the result is the same at any count)");
                });
    }

    /**
     * A coordinate argument inside the map: from 0 to the map's side (cells), both included.
     *
     * @throws IllegalArgumentException naming the argument and the map's size if it is off the map or no number
     */
    private static float coordinate(Args args, int index, String what, RtsGame game) {
        double v = args.number(index, what);
        boolean isX = what.contains("x");
        int side = isX ? game.map().width() : game.map().height();
        if (v < 0 || v > side) {
            throw new IllegalArgumentException(what + " " + plain(v) + " is off the map, which is "
                    + game.map().width() + " x " + game.map().height() + " cells: " + (isX ? "x" : "y")
                    + " from 0 to " + side);
        }
        return (float) v;
    }

    private static String order(String verb, int count, float x, float y) {
        if (count == 0) {
            return "no units selected: nothing to order (select some first)";
        }
        return verb + " " + units(count) + " to (" + plain(x) + ", " + plain(y) + ")";
    }

    static String units(int count) {
        return count == 1 ? "1 unit" : count + " units";
    }

    /** A coordinate as typed back: whole numbers bare, others to at most two decimals without trailing zeros. */
    /** A phase as typed: up to six decimals (its resolution), no trailing zeros. */
    private static String fraction(double v) {
        return new java.math.BigDecimal(v).setScale(6, java.math.RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }

    private static String plain(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new java.math.BigDecimal(v).setScale(2, java.math.RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }

    /**
     * Knows how many units the selection holds, also while a typed {@code select} waits for its tick: the count
     * predicted when it was typed stands until an {@link OrdersSystem} tick at or after the end of the frame that
     * followed it (the first tick sure to have received the event) has run, or in a match the tick at or after its
     * turn's instant, an input delay later.
     */
    private static final class SelectionTracker implements TickListener, FrameListener {
        private final RtsGame game;
        private final FrameView view = new FrameView();
        private int pending = -1;
        /** The simulated time from which an orders tick has surely applied the pending selection; -1: not known. */
        private long appliedFrom = -1;

        SelectionTracker(RtsGame game) {
            this.game = game;
        }

        /** @param appliedAt where the select is applied ({@link OrderSink#give}): a match's turn, an input delay on */
        int select(float x0, float y0, float x1, float y1, long appliedAt) {
            float lx = Math.min(x0, x1);
            float hx = Math.max(x0, x1);
            float ly = Math.min(y0, y1);
            float hy = Math.max(y0, y1);
            game.snapshot(view);
            int n = 0;
            for (int i = 0; i < view.count; i++) {
                if (view.team[i] == game.playerTeam() && view.kind[i] != FrameView.BASE && view.x[i] >= lx && view.x[i] <= hx && view.y[i] >= ly
                        && view.y[i] <= hy) {
                    n++;
                }
            }
            pending = n;
            appliedFrom = appliedAt == OrderSink.NEXT_TICK ? -1 : appliedAt;
            return n;
        }

        int selectedCount() {
            if (pending >= 0) {
                return pending;
            }
            game.snapshot(view);
            int n = 0;
            for (int i = 0; i < view.count; i++) {
                if (view.selected[i] && view.kind[i] != FrameView.BASE) {
                    n++;
                }
            }
            return n;
        }

        @Override
        public void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
            if (pending >= 0 && appliedFrom < 0) {
                appliedFrom = simEnd;
            }
        }

        @Override
        public void beforeTick(BaseSystem system, long tickNanos) {
            if (pending >= 0 && appliedFrom >= 0 && tickNanos >= appliedFrom && system instanceof OrdersSystem) {
                pending = -1; // this tick applies the selection; commands run only after it, between frames
            }
        }
    }
}
