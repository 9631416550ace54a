package dev.ecsloop.demo.window;

/** How the game stands for the player: the window shows a banner, with a restart button, once it is decided. */
public enum Standing {
    /** Still being fought. */
    PLAYING,
    /** The player won. */
    WON,
    /** The player lost. */
    LOST,
    /** Both sides fell at once. */
    DRAW
}
