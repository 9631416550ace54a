/**
 * Influence maps: strength per sector as each team sees it, blurred, for the AI to weigh attacks and threats.
 */
package dev.ecsloop.demo.influence;
