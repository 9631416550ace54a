package dev.ecsloop.demo.sim;

import dev.ecsloop.console.Console;
import java.util.Locale;

/**
 * The game's own console commands, next to the loop built-ins: player orders typed as text (they go through the
 * same timestamped input as mouse orders, so they are recorded and replayed), and a unit count.
 */
final class GameCommands {
    private GameCommands() {
    }

    static void register(Console console, RtsGame game) {
        console.register("select", "select <x0> <y0> <x1> <y1>",
                "selects the player's (team 0) units inside a box of world coordinates", (args, out) -> {
                    args.expectAtMost(4);
                    float x0 = (float) args.number(0, "<x0>");
                    float y0 = (float) args.number(1, "<y0>");
                    float x1 = (float) args.number(2, "<x1>");
                    float y1 = (float) args.number(3, "<y1>");
                    game.select(x0, y0, x1, y1);
                    out.accept("select posted");
                });
        console.register("move", "move <x> <y>", "orders the selection to move to a point, ignoring enemies",
                (args, out) -> {
                    args.expectAtMost(2);
                    float x = (float) args.number(0, "<x>");
                    float y = (float) args.number(1, "<y>");
                    game.orderMove(x, y);
                    out.accept("move posted");
                });
        console.register("attack", "attack <x> <y>",
                "orders the selection to attack-move to a point, fighting on the way", (args, out) -> {
                    args.expectAtMost(2);
                    float x = (float) args.number(0, "<x>");
                    float y = (float) args.number(1, "<y>");
                    game.orderAttack(x, y);
                    out.accept("attack posted");
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
        console.register("units", "units", "counts living units per team", (args, out) -> {
            args.expectAtMost(0);
            out.accept(String.format(Locale.ROOT, "units: team 0 %d, team 1 %d, simulated time %.3f s",
                    game.unitCount(0), game.unitCount(1), game.loop().simulatedNanos() / 1e9));
        });
    }
}
