package dev.ecsloop.lockstep;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;

import java.util.Random;

/**
 * Deliberately nondeterministic once armed: from its first tick at or after {@code fromNanos} it nudges the first
 * body by an unseeded random amount, which no other peer can reproduce. Unarmed ({@code fromNanos < 0}) it does
 * nothing, so every peer can carry it.
 */
@TickRate(20)
public final class ChaosSystem extends IteratingSystem {

    long fromNanos = -1;
    long firstChaosNanos = -1;
    GameLoop loop;
    private final Random random = new Random();
    private ComponentMapper<Body> bodies;
    private boolean done;

    public ChaosSystem() {
        super(Aspect.all(Body.class));
    }

    @Override
    protected void begin() {
        done = fromNanos < 0 || loop.tickNanos() < fromNanos;
        if (!done && firstChaosNanos < 0) {
            firstChaosNanos = loop.tickNanos();
        }
    }

    @Override
    protected void process(int entity) {
        if (!done) {
            bodies.get(entity).x += 1e-3f + random.nextFloat() * 1e-3f;
            done = true;
        }
    }
}
