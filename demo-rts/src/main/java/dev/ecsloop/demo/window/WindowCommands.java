package dev.ecsloop.demo.window;

import dev.ecsloop.console.Console;

/**
 * The window's own console commands: {@code look} aims the camera (through the {@link CameraDirector}),
 * {@code quit} closes the window. Registered on each game's console, unless the name is taken (an earlier run of
 * the window on the same console, or a game with its own {@code quit}, which closes the window itself).
 */
final class WindowCommands {
    static final String LOOK_USAGE = "look <x> <y> [zoom]";
    static final String LOOK_HELP = "moves the camera to a world point (cells); [zoom] is pixels per cell, from "
            + "0.5 (far) to 128 (close), 8 shows a cell as 8 x 8 pixels; without it the zoom stays";

    private WindowCommands() {
    }

    static void register(Console console, CameraDirector director, Runnable close) {
        try {
            console.register("look", LOOK_USAGE, LOOK_HELP, (args, out) -> {
                args.expectAtMost(3);
                double x = args.number(0, "<x>");
                double y = args.number(1, "<y>");
                double zoom = args.has(2) ? args.number(2, "[zoom]") : director.zoom();
                out.accept(director.look(x, y, zoom, args.word(0, "<x>"), args.word(1, "<y>"),
                        args.has(2) ? args.word(2, "[zoom]") : Float.toString(director.zoom())));
            });
        } catch (IllegalArgumentException alreadyThere) {
            // Registered by an earlier run of this window on the same console, or the game has its own.
        }
        try {
            console.register("quit", "quit", "closes the window and ends the game", (args, out) -> {
                args.expectAtMost(0);
                out.accept("quitting");
                close.run();
            });
        } catch (IllegalArgumentException alreadyThere) {
            // The game has its own 'quit'; it calls requestClose() itself.
        }
    }
}
