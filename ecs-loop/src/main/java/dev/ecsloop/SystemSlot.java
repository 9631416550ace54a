package dev.ecsloop;

import com.artemis.BaseSystem;

/**
 * One scheduled system: how it runs (fixed, throttled or every frame) and, for the first two, its tick grid.
 * Package-private machinery behind {@link GameLoop}. Only {@link Scheduler} creates slots and writes their
 * mutable fields; everything else reads them.
 */
final class SystemSlot {

    enum Kind { FIXED, THROTTLED, EVERY_FRAME }

    final BaseSystem system;
    final Class<? extends BaseSystem> type;
    /** Index in Artemis's systems bag: the key of the strategy's {@code disabled} bit vector. */
    final int bagIndex;
    /** Registration order among scheduled systems; breaks ties between ticks due at the same instant. */
    final int order;
    /**
     * False for {@code @TickRate(catchUp = false)}: whenever the system runs at a fixed rate, it is throttled.
     * Kept apart from {@link #kind} so a detour through every-frame ({@code setEveryFrame}, then {@code setRate})
     * brings back the declared behaviour.
     */
    final boolean catchUp;

    Kind kind;
    /** Null for every-frame systems; between instants the same object for every member of {@link #group}. */
    TickSchedule schedule;
    /** The tick group the slot belongs to while fixed-step (set by the group); stale while every-frame. */
    TickGroup group;
    /** Throttled systems: the simulated time of their previous run, for their delta. */
    long lastRunNanos;
    /** Offset of the tick grid within the step, in millionths of a step; kept while every-frame. */
    long phasePpm;
    /** Every-frame systems: the first frame (by {@link GameLoop}'s frame count) in which they run. */
    long everyFrameFrom;
    /**
     * Throttled runs skipped since the loop was built (saturated): occurrences of its grid passed over because it
     * runs at most once per frame. Kept here, not in {@link #schedule}, which a rate change replaces.
     */
    long skippedRuns;

    SystemSlot(BaseSystem system, int bagIndex, int order, Declaration declared) {
        this.system = system;
        this.type = system.getClass();
        this.bagIndex = bagIndex;
        this.order = order;
        this.catchUp = declared.catchUp;
        this.phasePpm = declared.phasePpm;
        if (declared.rate != null) {
            this.kind = fixedKind();
            this.schedule = new TickSchedule(declared.rate, phasePpm);
        } else {
            this.kind = Kind.EVERY_FRAME;
        }
    }

    /** How the system runs at a fixed rate: {@link Kind#FIXED}, or {@link Kind#THROTTLED} if declared so. */
    Kind fixedKind() {
        return catchUp ? Kind.FIXED : Kind.THROTTLED;
    }

    boolean isFixedStep() {
        return kind != Kind.EVERY_FRAME;
    }

    String name() {
        return type.getSimpleName();
    }
}
