package dev.ecsloop.demo.window;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.interpolate.InterpolationMode;

/**
 * What the window needs from a game: a loop to run, a console to type into, a way to draw the present and a place
 * to send the player's orders. The game implements it; the window never sees the simulation's own classes.
 *
 * <p>Every method is called on the window's (loop) thread, between or after frames, never from inside a system.
 */
public interface WindowGame {

    /**
     * The loop the window runs, one {@link GameLoop#frame()} per drawn frame; the overlay reads its stats.
     *
     * @return the game's loop
     */
    GameLoop loop();

    /**
     * The console the overlay's console window, rate sliders and pause/step buttons run commands through, so that
     * every change is the same command the terminal and TCP consoles would run (and is recorded alike). The window
     * drains it once per frame, before the frame, and registers {@code quit} on it unless the game already did.
     *
     * @return the game's console
     */
    Console console();

    /**
     * Fills the snapshot for the frame just run: called after {@link GameLoop#frame()}, with units already
     * interpolated (or not) by the current {@link #setInterpolation mode}. The snapshot arrives {@linkplain
     * RenderSnapshot#clear() cleared} of units and paths; the map set earlier stays.
     *
     * @param snapshot what the window draws this frame
     */
    void fill(RenderSnapshot snapshot);

    /**
     * The player dragged a rectangle (or clicked: then {@code x0 == x1 && y0 == y1}) with the left button. World
     * units, normalised so that {@code x0 <= x1} and {@code y0 <= y1}.
     *
     * @param x0 left edge
     * @param y0 top edge
     * @param x1 right edge
     * @param y1 bottom edge
     */
    void onSelect(float x0, float y0, float x1, float y1);

    /**
     * The player right-clicked at a world point: order the selected units there.
     *
     * @param x world x
     * @param y world y
     */
    void onOrder(float x, float y);

    /**
     * Called before each frame, after the console has been drained: a network game takes in the other players'
     * inputs here. The default does nothing.
     */
    default void beforeFrame() {
    }

    /**
     * An extra counters line for the overlay (a network game shows its turn, input delay and round trip), or the
     * empty string for none. Called once per drawn frame: return a kept string, do not build one each call.
     *
     * @return the line
     */
    default String statusLine() {
        return "";
    }

    /**
     * Why the panel's loop controls (pause, the time scale and the rate sliders) are off for this player, shown
     * when one is hovered, or null while they act. A network match whose host alone changes the loop says so here;
     * typed commands are refused with the same reason. Called once per drawn frame: return kept strings. The default:
     * null.
     *
     * @return the one-line reason, or null
     */
    default String loopControlsRefusal() {
        return null;
    }

    /**
     * Why the panel's Step is off for this player (a network match refuses single-steps to everyone), or null while
     * it acts. Called once per drawn frame: return kept strings. The default: null.
     *
     * @return the one-line reason, or null
     */
    default String stepRefusal() {
        return null;
    }

    /**
     * F2 cycles the mode: interpolate, extrapolate, off. The game applies it to what {@link #fill} draws, so the
     * difference is visible at low rates. The default ignores it.
     *
     * @param mode the mode to draw with from now on
     */
    default void setInterpolation(InterpolationMode mode) {
    }

    /**
     * The mode {@link #fill} draws with now: the window shows it and F2 moves on from it. The game is the one
     * place it lives, so a change made another way (the console's {@code interp}) shows too. The default: always
     * interpolate.
     *
     * @return the current mode
     */
    default InterpolationMode interpolation() {
        return InterpolationMode.INTERPOLATE;
    }

    /**
     * How the game stands: once it is not {@link Standing#PLAYING} the window shows a banner with a restart button.
     * Called once per frame, after {@link #fill}. The default: never decided.
     *
     * @return the outcome as of the last {@link #fill}
     */
    default Standing standing() {
        return Standing.PLAYING;
    }

    /**
     * Whether the camera directs itself (frames the player's units, then follows the first engagement) rather than
     * showing the whole map and leaving the camera to the player. The default: yes; a game showing a small arena
     * whole (a capture, a test) says no.
     *
     * @return whether to frame the player's units first
     */
    default boolean framesUnitsFirst() {
        return true;
    }

    /**
     * F3: switches the fog of war on or off, for games that have one.
     *
     * @return whether the fog is now on; the default (no fog) always answers false
     */
    default boolean toggleFog() {
        return false;
    }

    /**
     * A fresh game to replace this one (the banner's restart button, F5), or null when the game cannot restart.
     * The window then runs the returned game's loop in place of this one's; this game is not used again.
     *
     * @return the fresh game, or null (the default) when restarting is not possible
     */
    default WindowGame restart() {
        return null;
    }

    /**
     * The scrubber's view of a replay, when this game plays a recording: the window then draws a scrubber over the
     * bottom of the map. The default: null, a live game.
     *
     * @return the replay's controls, or null
     */
    default ReplayControls replayControls() {
        return null;
    }
}
