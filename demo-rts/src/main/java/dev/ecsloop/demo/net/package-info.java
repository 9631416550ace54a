/**
 * Network play for the demo: {@code --host PORT} and {@code --join HOST:PORT} run one match on several machines in
 * lockstep (ecs-loop-lockstep), each player commanding its own team.
 */
package dev.ecsloop.demo.net;
