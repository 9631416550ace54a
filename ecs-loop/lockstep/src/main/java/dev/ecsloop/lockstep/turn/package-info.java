/**
 * Turn bookkeeping, free of any network code: which peer has sent its inputs for which turn, which turn is the
 * last one every peer's inputs are in for, and whether the peers' state hashes agree.
 */
package dev.ecsloop.lockstep.turn;
