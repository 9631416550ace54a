/**
 * The lockstep wire protocol: length-prefixed binary frames, one message each, decoded with every length and
 * count checked against a limit before anything is allocated; and the shared-secret handshake.
 */
package dev.ecsloop.lockstep.wire;
