package dev.ecsloop.bench;

import dev.ecsloop.TickRate;

/** Fifty distinct trivial system classes for {@link FrameBenchmark} (rates 60, 30, 20, 15 Hz in turn). */
final class SystemClasses {

    private SystemClasses() {
    }

    @TickRate(60) public static final class T00 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T01 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T02 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T03 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T04 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T05 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T06 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T07 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T08 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T09 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T10 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T11 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T12 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T13 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T14 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T15 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T16 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T17 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T18 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T19 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T20 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T21 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T22 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T23 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T24 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T25 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T26 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T27 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T28 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T29 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T30 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T31 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T32 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T33 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T34 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T35 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T36 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T37 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T38 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T39 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T40 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T41 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T42 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T43 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T44 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T45 extends FrameBenchmark.Trivial { }
    @TickRate(20) public static final class T46 extends FrameBenchmark.Trivial { }
    @TickRate(15) public static final class T47 extends FrameBenchmark.Trivial { }
    @TickRate(60) public static final class T48 extends FrameBenchmark.Trivial { }
    @TickRate(30) public static final class T49 extends FrameBenchmark.Trivial { }

    private static final Class<?>[] ALL = {
        T00.class, T01.class, T02.class, T03.class, T04.class, T05.class, T06.class, T07.class, T08.class, T09.class, T10.class, T11.class, T12.class, T13.class, T14.class, T15.class, T16.class, T17.class, T18.class, T19.class, T20.class, T21.class, T22.class, T23.class, T24.class, T25.class, T26.class, T27.class, T28.class, T29.class, T30.class, T31.class, T32.class, T33.class, T34.class, T35.class, T36.class, T37.class, T38.class, T39.class, T40.class, T41.class, T42.class, T43.class, T44.class, T45.class, T46.class, T47.class, T48.class, T49.class
    };

    @SuppressWarnings("unchecked")
    static Class<? extends FrameBenchmark.Trivial> of(int i) {
        return (Class<? extends FrameBenchmark.Trivial>) ALL[i];
    }
}
