package dev.ecsloop;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A naive reference for the scheduler's contract, written from the contract rather than from the scheduler: tick
 * times are exact rationals (BigInteger numerator and denominator), every instant is found by scanning every
 * system, and nothing is grouped, cached or carried. Slow, and obviously right; {@link SchedulerModelProperties}
 * compares the real loop with it tick by tick.
 *
 * <p>What it models: fixed-step systems at any rate and phase, every-frame systems, rate, phase and every-frame
 * changes between frames and inside ticks (at that tick's instant; restating the current rate or phase is no
 * change), disabled systems (their ticks consumed),
 * failures (the frame ends at the failed tick's instant, the rest of the advance handled like time past the
 * bound), a pause from inside a tick, single steps, the catch-up bound, the horizon and both debt policies.
 */
final class ReferenceScheduler {

    static final BigInteger STEP_UNITS = BigInteger.valueOf(1_000_000_000_000L);
    static final BigInteger MILLION = BigInteger.valueOf(1_000_000L);

    /** An exact rational number of nanoseconds. */
    record Q(BigInteger num, BigInteger den) {
        static Q of(long n) {
            return new Q(BigInteger.valueOf(n), BigInteger.ONE);
        }

        static Q of(BigInteger num, BigInteger den) {
            BigInteger g = num.gcd(den);
            return g.signum() == 0 ? new Q(num, den) : new Q(num.divide(g), den.divide(g));
        }

        Q plus(Q o) {
            return of(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
        }

        Q minus(Q o) {
            return plus(new Q(o.num.negate(), o.den));
        }

        Q times(BigInteger k) {
            return of(num.multiply(k), den);
        }

        int compareTo(Q o) {
            return num.multiply(o.den).compareTo(o.num.multiply(den));
        }

        BigInteger floor() {
            BigInteger[] qr = num.divideAndRemainder(den);
            return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
        }

        BigInteger ceil() {
            return floor().add(num.mod(den).signum() == 0 ? BigInteger.ZERO : BigInteger.ONE);
        }

        /** floor(this / o) for positive o. */
        BigInteger floorDiv(Q o) {
            return of(num.multiply(o.den), den.multiply(o.num)).floor();
        }
    }

    /** What a system does on its n-th fixed tick (counting only ticks that ran). */
    record Script(int system, int onRun, int kind, int target, long value) {
        static final int RATE = 0;
        static final int PHASE = 1;
        static final int EVERY_FRAME = 2;
        static final int TOGGLE = 3;
        static final int FAIL = 4;
        static final int PAUSE = 5;
        static final int RESUME = 6;
        static final int DEBT_POLICY = 7;
        static final int BOUND = 8;
        static final int HORIZON = 9;
    }

    static final class Sys {
        boolean fixed;
        long mhz;
        long phasePpm;
        Q last;
        Q due;
        boolean enabled = true;
        /** Declared {@code catchUp = false}: at a fixed rate, it runs at most once per frame. */
        boolean throttled;
        int runs;

        Q step() {
            return Q.of(STEP_UNITS, BigInteger.valueOf(mhz));
        }
    }

    final Sys[] systems;
    final List<Script> scripts;
    final List<String> log = new ArrayList<>();
    long now;
    long debt;
    long bound;
    boolean keepDebt;
    boolean paused;
    /** Simulated time never advances past it. */
    long horizon = Long.MAX_VALUE;
    /** The time scale in millionths, and the real time scaled at it since it was set (exact, no carry). */
    long scalePpm = 1_000_000L;
    BigInteger scaledReal = BigInteger.ZERO;

    ReferenceScheduler(int n, long boundNanos, boolean keepDebt, List<Script> scripts) {
        systems = new Sys[n];
        for (int i = 0; i < n; i++) {
            systems[i] = new Sys();
        }
        this.bound = boundNanos;
        this.keepDebt = keepDebt;
        this.scripts = scripts;
    }

    /**
     * The grid through {@code base} (rounded up to the rate's resolution of 1/mhz ns), moved by {@code shiftPpm}
     * millionths of a step; the next tick is its first point strictly after {@code after}.
     */
    private static void regrid(Sys s, long mhz, Q base, long shiftPpm, long after) {
        BigInteger m = BigInteger.valueOf(mhz);
        Q rounded = Q.of(base.times(m).ceil(), m);
        Q step = Q.of(STEP_UNITS, m);
        Q origin = rounded.plus(Q.of(BigInteger.valueOf(shiftPpm).multiply(STEP_UNITS), MILLION.multiply(m)));
        BigInteger k = Q.of(after).minus(origin).floorDiv(step);
        s.mhz = mhz;
        s.due = origin.plus(step.times(k.add(BigInteger.ONE)));
        s.last = s.due.minus(step);
    }

    void setRate(int i, long mhz, long at) {
        Sys s = systems[i];
        if (s.fixed && s.mhz == mhz) {
            return;     // no change: a tick due now and not yet run stays due
        }
        if (s.fixed) {
            regrid(s, mhz, s.last, 0, at);
        } else {
            s.fixed = true;
            regrid(s, mhz, Q.of(at), s.phasePpm, at);
        }
    }

    void setPhase(int i, long ppm, long at) {
        Sys s = systems[i];
        if (ppm == s.phasePpm) {
            return;
        }
        long shift = Math.floorMod(ppm - s.phasePpm, 1_000_000L);
        s.phasePpm = ppm;
        if (s.fixed) {
            regrid(s, s.mhz, s.last, shift, at);
        }
    }

    void setEveryFrame(int i) {
        systems[i].fixed = false;
    }

    /** The earliest instant at which a fixed tick is due, or -1. */
    long nextInstant() {
        BigInteger best = null;
        for (Sys s : systems) {
            if (s.fixed && (best == null || s.due.ceil().compareTo(best) < 0)) {
                best = s.due.ceil();
            }
        }
        return best == null ? -1 : best.longValueExact();
    }

    /** Runs one instant; returns false if a tick failed there. */
    private boolean runInstant(long at) {
        BigInteger instant = BigInteger.valueOf(at);
        for (int i = 0; i < systems.length; i++) {
            Sys s = systems[i];
            if (!s.fixed || !s.due.ceil().equals(instant)) {
                continue;
            }
            s.last = s.due;
            s.due = s.due.plus(s.step());
            if (!s.enabled) {
                continue;
            }
            s.runs++;
            log.add(i + "@" + at);
            boolean failed = false;
            for (Script c : scripts) {
                if (c.system() == i && c.onRun() == s.runs) {
                    switch (c.kind()) {
                        case Script.RATE -> setRate(c.target(), c.value(), at);
                        case Script.PHASE -> setPhase(c.target(), c.value(), at);
                        case Script.EVERY_FRAME -> setEveryFrame(c.target());
                        case Script.TOGGLE -> systems[c.target()].enabled = !systems[c.target()].enabled;
                        case Script.PAUSE -> paused = true;
                        case Script.RESUME -> paused = false;
                        case Script.DEBT_POLICY -> setDebtPolicy(c.value() % 2 == 0);
                        case Script.BOUND -> bound = 1 + c.value() * 1000;
                        case Script.HORIZON -> horizon = c.value() % 5 == 0 ? Long.MAX_VALUE
                                : Math.max(0, at + (c.value() - 300_000L) * 1_000L);
                        default -> failed = true;
                    }
                }
            }
            if (failed) {
                return false;
            }
        }
        return true;
    }

    private void owe(long excess) {
        if (keepDebt) {
            debt += excess;
        }
    }

    /** One frame of {@code real} nanoseconds; returns whether a tick failed. */
    boolean frame(long real) {
        if (paused) {
            return false;
        }
        long wanted = debt + scale(real);
        long advance = Math.min(wanted, Math.min(bound, Math.max(0, horizon - now)));
        debt = 0;
        owe(wanted - advance);
        long target = now + advance;
        for (Sys s : systems) {
            if (s.fixed && s.throttled) {
                skipToLatestDueBy(s, target);
            }
        }
        while (true) {
            long at = nextInstant();
            if (at < 0 || at > target) {
                break;
            }
            if (!runInstant(at)) {
                now = at;
                owe(target - at);
                return true;
            }
            if (paused) {
                now = at;
                return false;
            }
        }
        now = target;
        return false;
    }

    /** Simulated time for {@code real} more real time: exactly floor(real time since the scale was set * scale). */
    private long scale(long real) {
        BigInteger million = MILLION;
        BigInteger before = scaledReal.multiply(BigInteger.valueOf(scalePpm)).divide(million);
        scaledReal = scaledReal.add(BigInteger.valueOf(real));
        return scaledReal.multiply(BigInteger.valueOf(scalePpm)).divide(million).subtract(before).longValueExact();
    }

    void setTimeScale(long ppm) {
        if (ppm != scalePpm) {
            scalePpm = ppm;
            scaledReal = BigInteger.ZERO;
        }
    }

    /** A throttled system's next run moves to its latest occurrence due by {@code target}, if one is. */
    private static void skipToLatestDueBy(Sys s, long target) {
        Q t = Q.of(target);
        if (s.due.compareTo(t) > 0) {
            return;
        }
        BigInteger k = t.minus(s.due).floorDiv(s.step());
        s.due = s.due.plus(s.step().times(k));
        s.last = s.due.minus(s.step());
    }

    /** A single step; returns whether its tick failed. */
    boolean step() {
        paused = true;
        long at = nextInstant();
        if (at < 0 || at > horizon) {
            return false;
        }
        now = Math.max(now, at);
        return !runInstant(at);
    }

    void setDebtPolicy(boolean keep) {
        if (!keep) {
            debt = 0;
        }
        keepDebt = keep;
    }
}
