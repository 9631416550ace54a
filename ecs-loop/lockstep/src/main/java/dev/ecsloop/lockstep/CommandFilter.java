package dev.ecsloop.lockstep;

/**
 * The game's rule for whose commands are whose, applied by {@link LockstepSession} to every command of a turn, on
 * every peer, at the turn's simulated instant between two frames, in seat order. The network only knows which
 * seat sent a command; what its fields mean (which team it orders) is the game's, so the game binds the two
 * here: a command that claims another seat's team is refused (return null) or rewritten. A game can also take
 * commands that are not inputs here, such as match-wide controls (a rate change applied to the loop at this
 * instant on every peer), and return null so they never reach the input queue.
 *
 * <p>It must be deterministic: the same seat and command give the same answer on every peer.
 */
@FunctionalInterface
public interface CommandFilter {

    /** Posts every command as it came. */
    CommandFilter ALL = (seat, command) -> command;

    /**
     * @param seat    the seat that sent the command (the host relays a seat's turns only from that seat's
     *                connection, so this cannot be forged)
     * @param command the command as sent
     * @return the command to post to the input queue, or null to post nothing
     */
    Command admit(int seat, Command command);
}
