package dev.ecsloop.lockstep;

import com.sun.management.GarbageCollectionNotificationInfo;

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
 * and the receiver at once, which no real match does: there each peer has its own JVM). The collector reports a
 * pause's start and end in milliseconds of the JVM's uptime; they are moved to the real clock by the offset read
 * when the probe opens, to within a millisecond.
 */
final class GcPauses implements AutoCloseable {

    private final long offsetNanos;
    /** Each pause as {start, end} in the real clock's nanoseconds. */
    private final List<long[]> pauses = new ArrayList<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = (n, handback) -> {
        if (n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                    (CompositeData) n.getUserData());
            if (info.getGcAction().contains("end of")) { // a collection's pause; ZGC's concurrent cycles say "end of
                // GC cycle" too, which overstates them as pauses (a run under ZGC counts no stall against them)
                synchronized (this) {
                    pauses.add(new long[] {offset(info.getGcInfo().getStartTime()),
                            offset(info.getGcInfo().getEndTime())});
                }
            }
        }
    };

    /** @param realNanos the real clock's reading now */
    GcPauses(long realNanos) {
        this.offsetNanos = realNanos - ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(listener, null, null);
                emitters.add(e);
            }
        }
    }

    private long offset(long uptimeMillis) {
        return offsetNanos + uptimeMillis * 1_000_000L;
    }

    /** @return the pauses that ended at or after {@code fromNanos}: how many, and the longest in ms */
    synchronized String summary(long fromNanos) {
        int n = 0;
        long longest = 0;
        for (long[] p : pauses) {
            if (p[1] >= fromNanos) {
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
