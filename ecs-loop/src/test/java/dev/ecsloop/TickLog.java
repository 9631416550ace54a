package dev.ecsloop;

import com.artemis.BaseSystem;

import java.util.ArrayList;
import java.util.List;

/** Records which system ran, at what simulated time and with what delta; shared by the test systems. */
final class TickLog {

    record Entry(String system, long tickNanos, float delta) {
        @Override
        public String toString() {
            return system + "@" + tickNanos;
        }
    }

    final List<Entry> entries = new ArrayList<>();
    GameLoop loop;

    void record(BaseSystem system, float delta) {
        entries.add(new Entry(system.getClass().getSimpleName(), loop.tickNanos(), delta));
    }

    long count(String system) {
        return entries.stream().filter(e -> e.system().equals(system)).count();
    }

    List<Entry> of(String system) {
        return entries.stream().filter(e -> e.system().equals(system)).toList();
    }

    /** A system that logs each run. */
    abstract static class Logging extends BaseSystem {
        private final TickLog log;

        Logging(TickLog log) {
            this.log = log;
        }

        @Override
        protected void processSystem() {
            log.record(this, world.getDelta());
        }
    }

    @TickRate(15)
    static final class Ai extends Logging {
        Ai(TickLog log) {
            super(log);
        }
    }

    @TickRate(60)
    static final class Physics extends Logging {
        Physics(TickLog log) {
            super(log);
        }
    }

    @TickRate(20)
    static final class Combat extends Logging {
        Combat(TickLog log) {
            super(log);
        }
    }

    @TickRate(value = 4, catchUp = false)
    static final class Counter extends Logging {
        Counter(TickLog log) {
            super(log);
        }
    }

    @EveryFrame
    static final class Render extends Logging {
        Render(TickLog log) {
            super(log);
        }
    }

    /** Registers with a builder in the given order and binds the log to the built loop. */
    static GameLoop build(LoopBuilder builder, TickLog log) {
        GameLoop loop = builder.build();
        log.loop = loop;
        return loop;
    }
}
