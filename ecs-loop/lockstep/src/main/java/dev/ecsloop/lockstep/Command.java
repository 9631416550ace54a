package dev.ecsloop.lockstep;

/**
 * One player input as it crosses the network: the payload of an {@link dev.ecsloop.input.InputEvent}, delivered to
 * every peer's input queue at the simulated instant of the turn it was scheduled for. What the fields mean is the
 * game's, as for input events; a game that needs to know which player gave an order puts the player in one of
 * them (the demo puts the team in {@code code}). Types under {@link #GAME_TYPES} are the session's own (the host's
 * input delay changes ride on them in its turns); a game cannot submit them.
 *
 * @param type game-defined event type
 * @param code game-defined code
 * @param x    first coordinate
 * @param y    second coordinate
 * @param z    third coordinate
 * @param w    fourth coordinate
 */
public record Command(int type, int code, float x, float y, float z, float w) {

    /** Bytes one command takes on the wire. */
    public static final int WIRE_BYTES = 24;

    /** The least type a game may use: the 256 types under it are reserved for the session. */
    public static final int GAME_TYPES = Integer.MIN_VALUE + 256;
}
