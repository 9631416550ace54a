package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.ReferenceScheduler.Script;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The real loop against {@link ReferenceScheduler}, tick by tick: random systems (rates from 0.5 Hz to 2 kHz with
 * odd millihertz, random phases, some every-frame, some throttled), random frame lengths and stalls, random controls
 * between frames and from a frame listener (rate, phase, every-frame, enabling, bound, debt policy, time scale, the
 * horizon ahead of the current time and behind it, steps), and random scripts that systems run at their n-th tick
 * (retune, re-phase or make every-frame any system, themselves included; disable or enable one; pause; resume;
 * switch the debt policy; change the bound or the horizon; fail).
 */
class SchedulerModelProperties {

    static final class Harness {
        final GameLoop loop;
        final ManualClock clock = new ManualClock();
        final List<String> log = new ArrayList<>();
        final List<Script> scripts;
        final BaseSystem[] systems;
        final Class<? extends BaseSystem>[] types;
        /** The system whose fixed tick is about to run: its script acts only then, never in an every-frame run. */
        BaseSystem ticking;
        /** A control for the next frame's frame listener to make, or null. */
        Op onNextFrame;

        @SuppressWarnings({"unchecked", "rawtypes"})   // an array of Class<? extends BaseSystem>
        Harness(List<Start> starts, long boundNanos, boolean keepDebt, List<Script> scripts) {
            this.scripts = scripts;
            int n = starts.size();
            systems = new BaseSystem[n];
            types = new Class[n];
            WorldConfigurationBuilder config = new WorldConfigurationBuilder();
            for (int i = 0; i < n; i++) {
                systems[i] = distinctCopy(starts.get(i).throttled() ? ThrottledModelSystem.class : ModelSystem.class,
                        this, i);
                types[i] = systems[i].getClass();
                config.with(systems[i]);
            }
            loop = GameLoop.builder().clock(clock).profiler(() -> 0L).catchUpBound(Duration.ofNanos(boundNanos))
                    .debtPolicy(keepDebt ? DebtPolicy.KEEP : DebtPolicy.DISCARD).world(config).build();
            loop.addTickListener((system, at) -> {
                log.add(indexOf(system) + "@" + at);
                ticking = system;
            });
            loop.addFrameListener((rs, re, ws, we, end) -> {
                if (onNextFrame != null) {
                    control(onNextFrame);
                    onNextFrame = null;
                }
            });
        }

        /** A horizon up to 500 ms around the current time (behind it too), or none for odd values. */
        private void horizon(Op op) {
            if (op.value() % 5 == 0) {
                loop.clearHorizon();
            } else {
                loop.setHorizon(Math.max(0, loop.simulatedNanos() + (op.value() - 300_000L) * 1_000L));
            }
        }

        int indexOf(BaseSystem system) {
            for (int i = 0; i < systems.length; i++) {
                if (systems[i] == system) {
                    return i;
                }
            }
            throw new IllegalStateException("not a model system: " + system);
        }

        /** Called by a model system on each run. */
        void ran(BaseSystem system, int run) {
            if (ticking == system) {
                ticking = null;
                act(indexOf(system), run);
            }
        }

        /** A control between frames (or from the frame listener, which must have the same effect). */
        void control(Op op) {
            int t = op.target() % systems.length;
            switch (op.kind()) {
                case 1 -> loop.setRate(types[t], (500 + op.value() * 2) / 1000.0);
                case 2 -> loop.setPhase(types[t], op.value() / 1e6);
                case 3 -> loop.setEveryFrame(types[t]);
                case 4 -> systems[t].setEnabled(!systems[t].isEnabled());
                case 5 -> loop.setCatchUpBound(Duration.ofNanos(1 + op.value() * 1000));
                case 6 -> loop.setDebtPolicy(op.value() % 2 == 0 ? DebtPolicy.KEEP : DebtPolicy.DISCARD);
                case 8 -> loop.setTimeScale(op.value() / 1000.0);
                case 11 -> horizon(op);
                default -> throw new IllegalArgumentException("not a control: " + op);
            }
        }

        void act(int index, int run) {
            for (Script c : scripts) {
                if (c.system() == index && c.onRun() == run) {
                    switch (c.kind()) {
                        case Script.RATE -> loop.setRate(types[c.target()], c.value() / 1000.0);
                        case Script.PHASE -> loop.setPhase(types[c.target()], c.value() / 1e6);
                        case Script.EVERY_FRAME -> loop.setEveryFrame(types[c.target()]);
                        case Script.TOGGLE -> systems[c.target()].setEnabled(!systems[c.target()].isEnabled());
                        case Script.PAUSE -> loop.pause();
                        case Script.RESUME -> loop.resume();
                        case Script.DEBT_POLICY -> loop.setDebtPolicy(
                                c.value() % 2 == 0 ? DebtPolicy.KEEP : DebtPolicy.DISCARD);
                        case Script.BOUND -> loop.setCatchUpBound(Duration.ofNanos(1 + c.value() * 1000));
                        case Script.HORIZON -> {
                            if (c.value() % 5 == 0) {
                                loop.clearHorizon();
                            } else {
                                loop.setHorizon(Math.max(0, loop.tickNanos() + (c.value() - 300_000L) * 1_000L));
                            }
                        }
                        default -> {
                        }
                    }
                }
            }
            for (Script c : scripts) {
                if (c.system() == index && c.onRun() == run && c.kind() == Script.FAIL) {
                    throw new IllegalStateException("scripted failure of S" + index + " on its tick " + run);
                }
            }
        }
    }

    /** A system at start: its rate in millihertz (0: every-frame) and phase in millionths. */
    record Start(long mhz, long phasePpm, boolean throttled) {
    }

    /** A driver operation between frames. */
    record Op(int kind, int target, long value) {
    }

    static Arbitrary<Long> millihertz() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(60_000L, 15_000L, 29_970L, 7_000L, 144_000L, 1_000L, 30_000L)),
                Tuple.of(3, Arbitraries.longs().between(500L, 2_000_000L)),
                Tuple.of(1, Arbitraries.longs().between(100_000L, 200_000L)));
    }

    static Arbitrary<Long> phase() {
        return Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(0L)),
                Tuple.of(1, Arbitraries.of(500_000L, 250_000L, 999_999L, 1L)),
                Tuple.of(2, Arbitraries.longs().between(0, 999_999L)));
    }

    @Provide
    Arbitrary<List<Start>> starts() {
        Arbitrary<Long> mhz = Arbitraries.frequencyOf(Tuple.of(6, millihertz()), Tuple.of(1, Arbitraries.just(0L)));
        return Combinators.combine(mhz, phase(), Arbitraries.of(false, false, false, true)).as(Start::new)
                .list().ofMinSize(1).ofMaxSize(6);
    }

    @Provide
    Arbitrary<List<Script>> scripts() {
        Arbitrary<Integer> kind = Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.just(Script.RATE)),
                Tuple.of(3, Arbitraries.just(Script.PHASE)), Tuple.of(1, Arbitraries.just(Script.EVERY_FRAME)),
                Tuple.of(2, Arbitraries.just(Script.TOGGLE)), Tuple.of(2, Arbitraries.just(Script.FAIL)),
                Tuple.of(1, Arbitraries.just(Script.PAUSE)), Tuple.of(1, Arbitraries.just(Script.RESUME)),
                Tuple.of(1, Arbitraries.just(Script.DEBT_POLICY)), Tuple.of(1, Arbitraries.just(Script.BOUND)),
                Tuple.of(1, Arbitraries.just(Script.HORIZON)));
        return Combinators.combine(Arbitraries.integers().between(0, 199), Arbitraries.integers().between(1, 40),
                        kind, Arbitraries.integers().between(0, 199), Arbitraries.longs().between(0, 999_999L))
                .as((system, onRun, k, target, value) -> new Script(system, onRun, k, target,
                        k == Script.RATE ? 500 + value * 2 : value))
                .list().ofMaxSize(12);
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Op> frame = Arbitraries.frequencyOf(
                Tuple.of(12, Arbitraries.longs().between(0, 40_000_000L)),
                Tuple.of(2, Arbitraries.longs().between(0, 3_000L)),
                Tuple.of(1, Arbitraries.longs().between(40_000_000L, 1_500_000_000L))).map(l -> new Op(0, 0, l));
        Arbitrary<Op> control = Combinators.combine(Arbitraries.integers().between(1, 11),
                Arbitraries.integers().between(0, 199), Arbitraries.longs().between(0, 999_999L)).as(Op::new);
        return Arbitraries.frequencyOf(Tuple.of(6, frame), Tuple.of(1, control)).list().ofMinSize(1).ofMaxSize(80);
    }

    @Property(tries = 300)
    void theLoopTicksExactlyWhereTheReferenceDoes(@ForAll("starts") List<Start> starts,
                                                  @ForAll("scripts") List<Script> scripts,
                                                  @ForAll("ops") List<Op> ops,
                                                  @ForAll @IntRange(min = 1, max = 400) int boundMs,
                                                  @ForAll boolean keepDebt) {
        check(starts, scripts, ops, boundMs * 1_000_000L, keepDebt);
    }

    @Provide
    Arbitrary<List<Start>> manyStarts() {
        Arbitrary<Long> mhz = Arbitraries.frequencyOf(Tuple.of(6, Arbitraries.of(60_000L, 30_000L, 20_000L, 15_000L,
                29_970L)), Tuple.of(1, millihertz()), Tuple.of(1, Arbitraries.just(0L)));
        Arbitrary<Long> phase = Arbitraries.frequencyOf(Tuple.of(5, Arbitraries.just(0L)), Tuple.of(1, phase()));
        return Combinators.combine(mhz, phase, Arbitraries.of(false, false, false, false, false, true))
                .as(Start::new).list().ofMinSize(60).ofMaxSize(140);
    }

    /** More systems than a word of the due bit set, most sharing grids, so groups split and merge as they change. */
    @Property(tries = 20)
    void manySystemsTickExactlyWhereTheReferenceDoes(@ForAll("manyStarts") List<Start> starts,
                                                     @ForAll("scripts") List<Script> scripts,
                                                     @ForAll("ops") List<Op> ops) {
        check(starts, scripts, ops, 250_000_000L, true);
    }

    static void check(List<Start> starts, List<Script> rawScripts, List<Op> ops, long bound, boolean keepDebt) {
        int n = starts.size();
        List<Script> scripts = rawScripts.stream()
                .map(c -> new Script(c.system() % n, c.onRun(), c.kind(), c.target() % n, c.value())).toList();
        Harness real = new Harness(starts, bound, keepDebt, scripts);
        ReferenceScheduler model = new ReferenceScheduler(n, bound, keepDebt, scripts);
        for (int i = 0; i < n; i++) {
            Start s = starts.get(i);
            ReferenceScheduler.Sys sys = model.systems[i];
            if (s.throttled()) {
                // Declared @TickRate(value = 1, catchUp = false): fixed from the start, at phase 0.
                sys.throttled = true;
                model.setRate(i, 1_000L, 0);
            }
            real.loop.setPhase(real.types[i], s.phasePpm() / 1e6);
            model.setPhase(i, s.phasePpm(), 0);
            if (s.mhz() > 0) {
                real.loop.setRate(real.types[i], s.mhz() / 1000.0);
                model.setRate(i, s.mhz(), 0);
            } else if (s.throttled()) {
                real.loop.setEveryFrame(real.types[i]);
                model.setEveryFrame(i);
            }
        }
        int step = 0;
        for (Op op : ops) {
            step++;
            int t = op.target() % n;
            switch (op.kind()) {
                case 0 -> frame(real, model, op.value(), step);
                case 7 -> {
                    boolean failed;
                    try {
                        real.loop.step();
                        failed = false;
                    } catch (TickFailedException e) {
                        failed = true;
                    }
                    assertEquals(model.step(), failed, "step failure at op " + step);
                }
                case 9, 10 -> {
                    // The same control, made by a frame listener at the start of a 10 ms frame.
                    Op control = new Op(op.kind() == 9 ? 1 : 2, op.target(), op.value());
                    real.onNextFrame = control;
                    modelControl(model, control, t);
                    frame(real, model, 10_000_000L, step);
                }
                default -> {
                    real.control(op);
                    modelControl(model, op, t);
                }
            }
            if (real.loop.isPaused()) {
                real.loop.resume();
            }
            model.paused = false;
            assertSameLog(model.log, real.log, "tick log after op " + step + " " + op);
            assertEquals(model.now, real.loop.simulatedNanos(), "simulated time after op " + step + " " + op);
            assertEquals(model.debt, real.loop.debtNanos(), "debt after op " + step + " " + op);
        }
    }

    /** Compares the logs by their first difference, so that a failure reads in one line, not a whole log. */
    private static void assertSameLog(List<String> expected, List<String> actual, String what) {
        int i = 0;
        while (i < expected.size() && i < actual.size() && expected.get(i).equals(actual.get(i))) {
            i++;
        }
        if (i < expected.size() || i < actual.size()) {
            assertEquals(expected.subList(i, Math.min(expected.size(), i + 5)),
                    actual.subList(i, Math.min(actual.size(), i + 5)),
                    what + ": first difference at tick " + i + " of " + expected.size() + " expected");
        }
    }

    private static void frame(Harness real, ReferenceScheduler model, long nanos, int step) {
        real.clock.advance(nanos);
        boolean failed;
        try {
            real.loop.frame();
            failed = false;
        } catch (TickFailedException e) {
            failed = true;
        }
        assertEquals(model.frame(nanos), failed, "failure at op " + step);
    }

    private static void modelControl(ReferenceScheduler model, Op op, int t) {
        switch (op.kind()) {
            case 1 -> model.setRate(t, 500 + op.value() * 2, model.now);
            case 2 -> model.setPhase(t, op.value(), model.now);
            case 3 -> model.setEveryFrame(t);
            case 4 -> model.systems[t].enabled = !model.systems[t].enabled;
            case 5 -> model.bound = 1 + op.value() * 1000;
            case 6 -> model.setDebtPolicy(op.value() % 2 == 0);
            case 8 -> model.setTimeScale(Math.round(op.value() / 1000.0 * 1_000_000));
            case 11 -> model.horizon = op.value() % 5 == 0 ? Long.MAX_VALUE
                    : Math.max(0, model.now + (op.value() - 300_000L) * 1_000L);
            default -> throw new IllegalArgumentException("not a control: " + op);
        }
    }

    /** Artemis keys systems by class: each system is a new hidden class defined from a template's bytes. */
    static BaseSystem distinctCopy(Class<?> template, Harness harness, int index) {
        try (InputStream in = template.getResourceAsStream(template.getSimpleName() + ".class")) {
            if (in == null) {
                throw new IOException("no class file for " + template);
            }
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(in.readAllBytes(), true);
            return (BaseSystem) hidden.findConstructor(hidden.lookupClass(),
                    MethodType.methodType(void.class, Harness.class, int.class)).invoke(harness, index);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot copy " + template, e);
        }
    }
}

/** A model system, every-frame until the property gives it a rate; copied per system as a hidden class. */
class ModelSystem extends BaseSystem {
    private final SchedulerModelProperties.Harness harness;
    private int runs;

    ModelSystem(SchedulerModelProperties.Harness harness, int index) {
        this.harness = harness;
    }

    @Override
    protected void processSystem() {
        if (harness.ticking == this) {
            harness.ran(this, ++runs);
        }
    }
}

/** A throttled model system; copied per system as a hidden class. */
@TickRate(value = 1, catchUp = false)
class ThrottledModelSystem extends BaseSystem {
    private final SchedulerModelProperties.Harness harness;
    private int runs;

    ThrottledModelSystem(SchedulerModelProperties.Harness harness, int index) {
        this.harness = harness;
    }

    @Override
    protected void processSystem() {
        if (harness.ticking == this) {
            harness.ran(this, ++runs);
        }
    }
}
