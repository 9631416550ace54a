/**
 * A browser explorer for a running ecs-loop game: JSON-RPC 2.0 over HTTP on Netty, a watch stream and an offline
 * page. Start with {@link dev.ecsloop.explorer.Explorer}; the protocol is documented in docs/EXPLORER.md.
 */
package dev.ecsloop.explorer;
