package dev.ecsloop.demo.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import dev.ecsloop.time.Clock;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Every garbage collection of this JVM as the collectors report it (com.sun.management GC notifications): its
 * collector, cause, start and duration, placed on {@link Clock#system()}'s time line so that a benchmark can ask
 * whether a pause fell inside a stretch of real time (a frame the catch-up bound cut).
 *
 * <p>Why a calibration: a notification gives its start in whole milliseconds since the JVM started, on a time base
 * of the JVM's own, not {@code System.nanoTime()}. {@link #start} brackets one {@code System.gc()} between two
 * system-clock readings; that collection's reported start and end must lie inside the bracket, which pins the
 * offset between the two time lines to an interval. {@link #slackNanos} is that interval's width plus the
 * millisecond rounding, and every overlap test widens a pause by it, so a pause is never missed for rounding
 * (it may be counted as overlapping a frame it missed by at most the slack).
 *
 * <p>On G1 (JDK 17) the notifications are its young/mixed pauses and its full collections; the short remark and
 * cleanup pauses of a concurrent cycle are not notified (a {@code -Xlog:gc} log shows them).
 * Notifications arrive on a JMX thread; the arrays are guarded by this object and allocated up front, so that
 * an hour of collections does not show up in the live heap the benchmark reads.
 */
final class GcPauses implements NotificationListener, AutoCloseable {

    /** Room for this many collections, allocated up front so that recording them does not grow the heap it watches. */
    static final int CAPACITY = 20_000;
    /** The bytes those arrays take on the heap: the soak subtracts them from what it reads. */
    static final long FOOTPRINT = 3 * (16 + 8L * CAPACITY) + (16 + 4L * CAPACITY) + (16 + CAPACITY);

    private final Clock wall;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    /** Raw notifications: start and end in JVM milliseconds, kept until the offset is known. */
    private final List<Object[]> raw = new ArrayList<>();
    /** Distinct "collector / action / cause" labels; a handful per JVM. */
    private final List<String> labels = new ArrayList<>();
    private final long[] starts = new long[CAPACITY];
    private final long[] durations = new long[CAPACITY];
    private final long[] heapAfter = new long[CAPACITY];
    private final int[] label = new int[CAPACITY];
    private final boolean[] requested = new boolean[CAPACITY];
    private int count;
    private int dropped;
    private long offsetNanos;
    private long slackNanos = -1;

    private GcPauses(Clock wall) {
        this.wall = wall;
    }

    /**
     * Starts listening and calibrates the time line with one full collection.
     *
     * @param wall the system clock the caller reads real time from
     * @return the listener, already calibrated
     * @throws IllegalStateException if no collector reports notifications or the calibration collection is not
     *                               reported within 5 s
     */
    static GcPauses start(Clock wall) {
        GcPauses p = new GcPauses(wall);
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (b instanceof NotificationEmitter e) {
                e.addNotificationListener(p, null, null);
                p.emitters.add(e);
            }
        }
        if (p.emitters.isEmpty()) {
            throw new IllegalStateException("no garbage collector of this JVM sends notifications");
        }
        p.calibrate();
        return p;
    }

    private void calibrate() {
        int before;
        synchronized (this) {
            before = raw.size();
        }
        long b = wall.nanoTime();
        System.gc();
        long a = wall.nanoTime();
        long deadline = a + 5_000_000_000L;
        while (true) {
            synchronized (this) {
                for (int i = before; i < raw.size(); i++) {
                    Object[] r = raw.get(i);
                    if (r[2].equals("System.gc()")) {
                        long startMs = (Long) r[3];
                        long endMs = startMs + (Long) r[4];
                        // start >= b and end + 1 ms <= a (rounded down to whole ms) bound the offset.
                        long lo = b - startMs * 1_000_000L;
                        long hi = a - endMs * 1_000_000L;
                        if (hi < lo) {
                            hi = lo;   // a rounding larger than the bracket: take the lower bound, slack covers it
                        }
                        offsetNanos = lo + (hi - lo) / 2;
                        slackNanos = (hi - lo) / 2 + 2_000_000L;
                        List<Object[]> all = new ArrayList<>(raw);
                        raw.clear();
                        all.forEach(this::place);
                        return;
                    }
                }
            }
            if (wall.nanoTime() > deadline) {
                throw new IllegalStateException("the calibrating System.gc() was not reported within 5 s");
            }
            wall.sleepNanos(10_000_000L);
        }
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        GcInfo gc = info.getGcInfo();
        long after = 0;
        for (MemoryUsage u : gc.getMemoryUsageAfterGc().values()) {
            after += u.getUsed();
        }
        Object[] r = {info.getGcName(), info.getGcAction(), info.getGcCause(), gc.getStartTime(), gc.getDuration(),
                after};
        synchronized (this) {
            if (slackNanos < 0) {
                raw.add(r);
            } else {
                place(r);
            }
        }
    }

    private void place(Object[] r) {
        if (count == CAPACITY) {
            dropped++;
            return;
        }
        String cause = (String) r[2];
        String text = r[0] + " / " + r[1] + " / " + cause;
        int l = labels.indexOf(text);
        if (l < 0) {
            labels.add(text);
            l = labels.size() - 1;
        }
        label[count] = l;
        // The benchmark's own heap readings: not load the game put on the heap.
        requested[count] = cause.equals("System.gc()") || cause.equals("Heap Inspection Initiated GC")
                || cause.equals("Diagnostic Command");
        starts[count] = offsetNanos + (Long) r[3] * 1_000_000L;
        durations[count] = (Long) r[4] * 1_000_000L;
        heapAfter[count] = (Long) r[5];
        count++;
    }

    /** @return collections reported so far (all of them, requested or not) */
    synchronized int count() {
        return count;
    }

    /** @return collections not recorded because {@link #CAPACITY} was reached */
    synchronized int dropped() {
        return dropped;
    }

    /** @return the start of collection {@code i} on the system clock */
    synchronized long start(int i) {
        return starts[i];
    }

    /** @return the duration of collection {@code i} in nanoseconds (whole milliseconds, as reported) */
    synchronized long duration(int i) {
        return durations[i];
    }

    /** @return whether the benchmark itself asked for collection {@code i} (its heap readings) */
    synchronized boolean requested(int i) {
        return requested[i];
    }

    /** @return heap bytes used after collection {@code i} */
    synchronized long heapAfter(int i) {
        return heapAfter[i];
    }

    /** @return collection {@code i}'s "collector / action / cause" */
    synchronized String label(int i) {
        return labels.get(label[i]);
    }

    /** @return how far a pause's placement on the system clock may be off, in nanoseconds */
    long slackNanos() {
        return slackNanos;
    }

    /**
     * The collections not requested by the benchmark that overlap a stretch of real time, widened by the slack.
     *
     * @param fromNanos start of the stretch on the system clock
     * @param toNanos   its end
     * @return the total length of those pauses in nanoseconds (0 when none overlaps)
     */
    synchronized long pausedWithin(long fromNanos, long toNanos) {
        long total = 0;
        for (int i = 0; i < count; i++) {
            if (!requested[i] && starts[i] < toNanos + slackNanos && starts[i] + durations[i] > fromNanos - slackNanos) {
                total += durations[i];
            }
        }
        return total;
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (ListenerNotFoundException ignored) {
                // already gone
            }
        }
    }
}
