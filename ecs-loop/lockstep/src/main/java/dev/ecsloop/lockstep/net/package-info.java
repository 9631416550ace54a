/**
 * Host and clients over Netty: the host takes the seats, checks each joiner's secret, build and setup, relays
 * every peer's turns and hashes to the others in one order, and reports a peer that disconnects or stalls.
 */
package dev.ecsloop.lockstep.net;
