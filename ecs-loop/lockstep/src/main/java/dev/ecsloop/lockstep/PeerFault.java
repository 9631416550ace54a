package dev.ecsloop.lockstep;

/**
 * A peer left the game: it disconnected, stalled past the timeout, or broke the protocol. From {@code fromTurn} on
 * its inputs are empty on every peer, and the others play on.
 *
 * @param seat     its seat
 * @param name     its name
 * @param fromTurn the first turn without its inputs
 * @param reason   why, as the host saw it
 */
public record PeerFault(int seat, String name, long fromTurn, String reason) {

    /** The reason the host gives a seat it leaves open for a late joiner: no one left it. */
    public static final String OPEN_SEAT = "open for a late joiner";

    /** @return one line for people */
    public String describe() {
        return reason.equals(OPEN_SEAT)
                ? name + " waits for a late joiner from turn " + fromTurn + "; its seat gets no orders until one takes it"
                : name + " left at turn " + fromTurn + " (" + reason + "); the others play on, its seat gets no orders";
    }
}
