package dev.ecsloop;

import com.artemis.SystemInvocationStrategy;
import com.artemis.World;
import com.artemis.WorldConfiguration;
import dev.ecsloop.parallel.Parallel;

import java.lang.reflect.Field;

/**
 * Builds the Artemis world a loop runs: the loop's invocation strategy set on the game's configuration. The one
 * place that knows Artemis-odb's internals beyond its public API.
 */
final class WorldFactory {

    private WorldFactory() {
    }

    /**
     * Registers {@code parallel} for injection ({@code @Wire Parallel parallel;}).
     *
     * @throws IllegalArgumentException if the configuration carries an invocation strategy of its own
     */
    static World create(WorldConfiguration config, MultiRateStrategy strategy, Parallel parallel) {
        SystemInvocationStrategy theirs = ownStrategyOf(config);
        if (theirs != null) {
            throw new IllegalArgumentException("the world configuration registers its own invocation strategy, "
                    + theirs.getClass().getName() + "; a GameLoop runs the world through its own");
        }
        config.setInvocationStrategy(strategy);
        config.register(parallel);
        return new LoopWorld(config, parallel);
    }

    /** The strategy a configuration carries; Artemis keeps it in a field with no getter. */
    private static SystemInvocationStrategy ownStrategyOf(WorldConfiguration config) {
        try {
            Field field = WorldConfiguration.class.getDeclaredField("invocationStrategy");
            field.setAccessible(true);
            return (SystemInvocationStrategy) field.get(config);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot read the world configuration's invocation strategy"
                    + " (Artemis-odb version other than 2.3?): " + e, e);
        }
    }
}
