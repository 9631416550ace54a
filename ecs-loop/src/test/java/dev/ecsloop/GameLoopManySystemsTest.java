package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * More systems than one 64-bit word of the due bit set holds, at rates shared in turn (so groups are large and tie
 * with each other at most instants): every tick must run in exact time order, ties in registration order.
 */
class GameLoopManySystemsTest {

    private static final int SYSTEMS = 130;
    private static final int[] HZ = {60, 30, 20, 15};
    private static final Class<?>[] TEMPLATES = {Sixty.class, Thirty.class, Twenty.class, Fifteen.class};

    @Test
    void ticksOfManyGroupedSystemsRunInTimeThenRegistrationOrder() throws Throwable {
        List<Integer> ran = new ArrayList<>();
        BaseSystem[] systems = new BaseSystem[SYSTEMS];
        for (int i = 0; i < SYSTEMS; i++) {
            systems[i] = distinctCopy(TEMPLATES[i % HZ.length], ran, i);
        }
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(2))
                .world(new WorldConfigurationBuilder().with(systems)).build();
        clock.advance(700_000_000L);
        loop.frame();
        clock.advance(300_000_000L);
        loop.frame();
        assertEquals(expected(1), ran);
    }

    /** Registration indices in exact (tick time, registration) order for {@code seconds} of ticks. */
    private static List<Integer> expected(int seconds) {
        List<long[]> ticks = new ArrayList<>();   // {k, hz, index}: the k-th tick at exactly k / hz s
        for (int i = 0; i < SYSTEMS; i++) {
            int hz = HZ[i % HZ.length];
            for (long k = 1; k <= (long) hz * seconds; k++) {
                ticks.add(new long[] {k, hz, i});
            }
        }
        ticks.sort(((Comparator<long[]>) (a, b) -> Long.compare(a[0] * b[1], b[0] * a[1]))
                .thenComparingLong(t -> t[2]));
        return ticks.stream().map(t -> (int) t[2]).toList();
    }

    /** Artemis keys systems by class: define the template's bytes again as a new hidden class for each system. */
    private static BaseSystem distinctCopy(Class<?> template, List<Integer> ran, int index) throws Throwable {
        byte[] bytes;
        try (InputStream in = template.getResourceAsStream(template.getSimpleName() + ".class")) {
            if (in == null) {
                throw new IOException("no class file for " + template);
            }
            bytes = in.readAllBytes();
        }
        MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(bytes, true);
        return (BaseSystem) hidden.findConstructor(hidden.lookupClass(),
                MethodType.methodType(void.class, List.class, int.class)).invoke(ran, index);
    }
}

/** Logs its registration index on each run; copied per system by {@link GameLoopManySystemsTest}. */
@TickRate(60)
class Sixty extends BaseSystem {
    private final List<Integer> ran;
    private final int index;

    Sixty(List<Integer> ran, int index) {
        this.ran = ran;
        this.index = index;
    }

    @Override
    protected void processSystem() {
        ran.add(index);
    }
}

@TickRate(30)
class Thirty extends BaseSystem {
    private final List<Integer> ran;
    private final int index;

    Thirty(List<Integer> ran, int index) {
        this.ran = ran;
        this.index = index;
    }

    @Override
    protected void processSystem() {
        ran.add(index);
    }
}

@TickRate(20)
class Twenty extends BaseSystem {
    private final List<Integer> ran;
    private final int index;

    Twenty(List<Integer> ran, int index) {
        this.ran = ran;
        this.index = index;
    }

    @Override
    protected void processSystem() {
        ran.add(index);
    }
}

@TickRate(15)
class Fifteen extends BaseSystem {
    private final List<Integer> ran;
    private final int index;

    Fifteen(List<Integer> ran, int index) {
        this.ran = ran;
        this.index = index;
    }

    @Override
    protected void processSystem() {
        ran.add(index);
    }
}
