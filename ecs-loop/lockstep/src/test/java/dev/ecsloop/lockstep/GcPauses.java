package dev.ecsloop.lockstep;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.ecsloop.time.Clock;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Benchmark probe: the collector's pauses while a run lasts, on the real clock's time line, so that a stall can be
 * told apart from a pause of the one JVM the benchmark's peers and proxy share (a pause stops the sender, the proxy
 * and the receiver at once, which no real match does: there each peer has its own JVM). A collection is placed on
 * the real clock by when its report arrives (after it ended) and its duration, so it lies at most the report's delay
 * later than it was: a stall near it is counted, not missed.
 */
final class GcPauses implements AutoCloseable {

    private final Clock clock;
    /** Each pause as {start, end} in the real clock's nanoseconds. */
    private final List<long[]> pauses = new ArrayList<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::collected;

    /** @param clock the real clock the stalls are read on */
    GcPauses(Clock clock) {
        this.clock = clock;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(listener, null, null);
                emitters.add(e);
            }
        }
    }

    private void collected(Notification n, Object handback) {
        if (n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
            // Every collection counts (a concurrent collector's cycles overstate its pauses: the safe side for a
            // claim that a stall was not a pause). It ended by the time it is reported, so the report's own time
            // bounds its end from above, and its duration places its start.
            long reported = clock.nanoTime();
            long took = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()).getGcInfo()
                    .getDuration() * 1_000_000L;
            synchronized (this) {
                pauses.add(new long[] {reported - took, reported});
            }
        }
    }

    /** @return the pauses that ended from {@code fromNanos} to {@code toNanos}: how many, and the longest in ms */
    synchronized String summary(long fromNanos, long toNanos) {
        int n = 0;
        long longest = 0;
        for (long[] p : pauses) {
            if (p[1] >= fromNanos && p[0] <= toNanos) {
                n++;
                longest = Math.max(longest, p[1] - p[0]);
            }
        }
        return n + " (" + Math.round(longest / 1e6) + ")";
    }

    /**
     * @param stallNanos when a stall started, on the real clock
     * @param afterNanos how long after a pause's end a stall still counts as its (the latest a batch the pause held
     *                   can arrive)
     * @return whether a pause was under way at the stall or ended at most {@code afterNanos} before it
     */
    synchronized boolean near(long stallNanos, long afterNanos) {
        for (long[] p : pauses) {
            if (stallNanos >= p[0] && stallNanos <= p[1] + afterNanos) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws Exception {
        for (NotificationEmitter e : emitters) {
            e.removeNotificationListener(listener);
        }
    }
}
