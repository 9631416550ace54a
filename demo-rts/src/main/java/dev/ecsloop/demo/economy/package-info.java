/**
 * The economy's geography: resource fields and base cells. The rules (harvest, credits, production) run in
 * the simulation's economy system.
 */
package dev.ecsloop.demo.economy;
