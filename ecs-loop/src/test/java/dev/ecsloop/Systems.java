package dev.ecsloop;

import com.artemis.BaseSystem;

/** Trivial systems at mixed rates for allocation tests. */
final class Systems {

    private Systems() {
    }

    @TickRate(15)
    static final class A extends BaseSystem {
        long runs;
        @Override protected void processSystem() { runs++; }
    }

    @TickRate(60)
    static final class B extends BaseSystem {
        long runs;
        @Override protected void processSystem() { runs++; }
    }

    @TickRate(20)
    static final class C extends BaseSystem {
        long runs;
        @Override protected void processSystem() { runs++; }
    }

    @TickRate(value = 4, catchUp = false)
    static final class D extends BaseSystem {
        long runs;
        @Override protected void processSystem() { runs++; }
    }

    @TickRate(7)
    static final class Seven extends BaseSystem {
        long runs;
        @Override protected void processSystem() { runs++; }
    }

    @TickRate(29.97)
    static final class Ntsc extends BaseSystem {
        long runs;
        @Override protected void processSystem() { runs++; }
    }

    @EveryFrame
    static final class F extends BaseSystem {
        long runs;
        @Override protected void processSystem() { runs++; }
    }
}
