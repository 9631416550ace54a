/**
 * Lockstep multiplayer: every peer runs the same deterministic simulation and only inputs cross the network.
 */
package dev.ecsloop.lockstep;
