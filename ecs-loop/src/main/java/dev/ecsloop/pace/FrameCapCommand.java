package dev.ecsloop.pace;

import dev.ecsloop.console.Console;

import java.util.Objects;

/** The console command {@code fps <n>|off}, which sets a frame pacer's frame cap. */
public final class FrameCapCommand {

    private FrameCapCommand() {
    }

    /**
     * Adds {@code fps} to a console.
     *
     * @param console the game's console
     * @param pacer   the game's frame pacer
     * @throws IllegalArgumentException if the console already has an {@code fps} command
     */
    public static void register(Console console, FramePacer pacer) {
        Objects.requireNonNull(pacer, "pacer");
        console.register("fps", "fps <n>|off", "caps the frame rate at n frames per second (1 to "
                + FramePacer.MAX_FPS + "), or removes the cap", (args, out) -> {
                    args.expectAtMost(1);
                    String before = cap(pacer.fps());
                    int fps = args.word(0, "<n>|off").equalsIgnoreCase("off") ? 0
                            : args.integer(0, "<n>|off", 1, FramePacer.MAX_FPS);
                    pacer.setFps(fps);
                    out.accept("frame cap " + cap(pacer.fps()) + " (was " + before + ")");
                });
    }

    private static String cap(int fps) {
        return fps == 0 ? "off" : fps + " fps";
    }
}
