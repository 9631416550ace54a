package dev.ecsloop.lockstep.turn;

import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Durations;

import java.util.List;

/**
 * Two peers' worlds differed at a checkpoint: the first evidence that the simulations diverged somewhere before
 * it (after the previous checkpoint, which agreed). Each peer's recording then holds what it needs to bisect.
 *
 * @param turn       the checkpoint turn
 * @param simNanos   the simulated time of the checkpoint
 * @param firstSeat  one seat
 * @param firstHash  its hash
 * @param secondSeat the other seat
 * @param secondHash its hash
 */
public record Desync(long turn, long simNanos, int firstSeat, long firstHash, int secondSeat, long secondHash) {

    /**
     * One line for people: the turn, the simulated time and both hashes, with names.
     *
     * @param names player names by seat
     * @return the line
     */
    public String describe(List<String> names) {
        return "desync at turn " + turn + " (simulated " + Durations.exactSeconds(simNanos) + "): " + names.get(firstSeat) + " has "
                + StateHash.hex(firstHash) + ", " + names.get(secondSeat) + " has " + StateHash.hex(secondHash);
    }
}
