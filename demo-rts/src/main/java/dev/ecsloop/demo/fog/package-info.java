/**
 * Fog of war: which cells each team sees now and has ever seen, rebuilt from its units' sight at a low rate.
 */
package dev.ecsloop.demo.fog;
