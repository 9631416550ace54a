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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The real loop against {@link ReferenceScheduler}, tick by tick: random systems (rates from 0.5 Hz to 2 kHz with
 * odd millihertz, random phases, some every-frame), random frame lengths and stalls, random controls between
 * frames, and random scripts that systems run at their n-th tick (retune, re-phase or make every-frame any system,
 * themselves included; disable or enable one; pause; fail).
 */
class SchedulerModelProperties {

    /** Logs every system's fixed ticks; acts on its script only in a fixed tick, never in an every-frame run. */
    abstract static class Scripted extends BaseSystem {
        Harness harness;
        int index;
        int runs;

        @Override
        protected void processSystem() {
            if (harness.ticking != this) {
                return;
            }
            harness.ticking = null;
            runs++;
            harness.act(index, runs);
        }
    }

    static final class S0 extends Scripted {
    }

    static final class S1 extends Scripted {
    }

    static final class S2 extends Scripted {
    }

    static final class S3 extends Scripted {
    }

    static final class S4 extends Scripted {
    }

    static final class S5 extends Scripted {
    }

    @SuppressWarnings("unchecked")
    static final Class<? extends Scripted>[] TYPES = new Class[] {S0.class, S1.class, S2.class, S3.class, S4.class,
            S5.class};

    static final class Harness {
        final GameLoop loop;
        final ManualClock clock = new ManualClock();
        final List<String> log = new ArrayList<>();
        final List<Script> scripts;
        final Scripted[] systems;
        Scripted ticking;

        Harness(int n, long boundNanos, boolean keepDebt, List<Script> scripts) {
            this.scripts = scripts;
            systems = new Scripted[n];
            WorldConfigurationBuilder config = new WorldConfigurationBuilder();
            for (int i = 0; i < n; i++) {
                try {
                    systems[i] = TYPES[i].getDeclaredConstructor().newInstance();
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
                systems[i].harness = this;
                systems[i].index = i;
                config.with(systems[i]);
            }
            loop = GameLoop.builder().clock(clock).profiler(() -> 0L).maxCatchUp(Duration.ofNanos(boundNanos))
                    .debtPolicy(keepDebt ? DebtPolicy.KEEP : DebtPolicy.DISCARD).world(config).build();
            loop.addTickListener((system, at) -> {
                Scripted s = (Scripted) system;
                log.add(s.index + "@" + at);
                ticking = s;
            });
        }

        void act(int index, int run) {
            for (Script c : scripts) {
                if (c.system() == index && c.onRun() == run) {
                    switch (c.kind()) {
                        case Script.RATE -> loop.setRate(TYPES[c.target()], c.value() / 1000.0);
                        case Script.PHASE -> loop.setPhase(TYPES[c.target()], c.value() / 1e6);
                        case Script.EVERY_FRAME -> loop.setEveryFrame(TYPES[c.target()]);
                        case Script.TOGGLE -> systems[c.target()].setEnabled(!systems[c.target()].isEnabled());
                        case Script.PAUSE -> loop.pause();
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
    record Start(long mhz, long phasePpm) {
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
        return Combinators.combine(mhz, phase()).as(Start::new).list().ofMinSize(1).ofMaxSize(6);
    }

    @Provide
    Arbitrary<List<Script>> scripts() {
        Arbitrary<Integer> kind = Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.just(Script.RATE)),
                Tuple.of(3, Arbitraries.just(Script.PHASE)), Tuple.of(1, Arbitraries.just(Script.EVERY_FRAME)),
                Tuple.of(2, Arbitraries.just(Script.TOGGLE)), Tuple.of(2, Arbitraries.just(Script.FAIL)),
                Tuple.of(1, Arbitraries.just(Script.PAUSE)));
        return Combinators.combine(Arbitraries.integers().between(0, 5), Arbitraries.integers().between(1, 40),
                        kind, Arbitraries.integers().between(0, 5), Arbitraries.longs().between(0, 999_999L))
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
        Arbitrary<Op> control = Combinators.combine(Arbitraries.integers().between(1, 7),
                Arbitraries.integers().between(0, 5), Arbitraries.longs().between(0, 999_999L)).as(Op::new);
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

    static void check(List<Start> starts, List<Script> rawScripts, List<Op> ops, long bound, boolean keepDebt) {
        int n = starts.size();
        List<Script> scripts = rawScripts.stream().filter(c -> c.system() < n && c.target() < n).toList();
        Harness real = new Harness(n, bound, keepDebt, scripts);
        ReferenceScheduler model = new ReferenceScheduler(n, bound, keepDebt, scripts);
        for (int i = 0; i < n; i++) {
            Start s = starts.get(i);
            real.loop.setPhase(TYPES[i], s.phasePpm() / 1e6);
            model.setPhase(i, s.phasePpm(), 0);
            if (s.mhz() > 0) {
                real.loop.setRate(TYPES[i], s.mhz() / 1000.0);
                model.setRate(i, s.mhz(), 0);
            }
        }
        int step = 0;
        for (Op op : ops) {
            step++;
            int t = op.target() % n;
            switch (op.kind()) {
                case 0 -> {
                    real.clock.advance(op.value());
                    boolean failed;
                    try {
                        real.loop.frame();
                        failed = false;
                    } catch (TickFailedException e) {
                        failed = true;
                    }
                    assertEquals(model.frame(op.value()), failed, "failure at op " + step);
                }
                case 1 -> {
                    long mhz = 500 + op.value() * 2;
                    real.loop.setRate(TYPES[t], mhz / 1000.0);
                    model.setRate(t, mhz, model.now);
                }
                case 2 -> {
                    real.loop.setPhase(TYPES[t], op.value() / 1e6);
                    model.setPhase(t, op.value(), model.now);
                }
                case 3 -> {
                    real.loop.setEveryFrame(TYPES[t]);
                    model.setEveryFrame(t);
                }
                case 4 -> {
                    real.systems[t].setEnabled(!real.systems[t].isEnabled());
                    model.systems[t].enabled = !model.systems[t].enabled;
                }
                case 5 -> {
                    long b = 1 + op.value() * 1000;
                    real.loop.setMaxCatchUp(Duration.ofNanos(b));
                    model.bound = b;
                }
                case 6 -> {
                    boolean keep = op.value() % 2 == 0;
                    real.loop.setDebtPolicy(keep ? DebtPolicy.KEEP : DebtPolicy.DISCARD);
                    model.setDebtPolicy(keep);
                }
                default -> {
                    boolean failed;
                    try {
                        real.loop.step();
                        failed = false;
                    } catch (TickFailedException e) {
                        failed = true;
                    }
                    assertEquals(model.step(), failed, "step failure at op " + step);
                }
            }
            if (real.loop.isPaused()) {
                real.loop.resume();
            }
            model.paused = false;
            assertEquals(model.log, real.log, "tick log after op " + step + " " + op);
            assertEquals(model.now, real.loop.simulatedNanos(), "simulated time after op " + step + " " + op);
            assertEquals(model.debt, real.loop.debtNanos(), "debt after op " + step + " " + op);
        }
    }
}
