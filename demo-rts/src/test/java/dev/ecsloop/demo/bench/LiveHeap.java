package dev.ecsloop.demo.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The live heap, read three ways so that a reading that stands out can be told from a reading method that
 * wobbles: (1) what the heap pools held right after the last full collection ({@link MemoryPoolMXBean#getCollectionUsage},
 * summed over the heap pools, after two {@code System.gc()} in a row), (2) the heap's {@code used} read right after
 * the second collection and after the first (the soak's former method), and (3) the bytes of all live objects in a
 * class histogram ({@code GC.class_histogram}, which runs its own full collection and counts what it marked), with
 * its largest classes kept for a diff by class.
 *
 * <p><b>Why (3) is the figure.</b> G1's full collection (JDK 17) does not compact a region that is at least
 * {@code 100 - MarkSweepDeadRatio} (95%) live, so the dead objects in it stay and count as used: up to 5% of the
 * old generation, about 0.85 MB of a 17 MB heap, more or less from one reading to the next as dead objects happen
 * to lie, and a second collection leaves the same regions alone. Measured on this JDK: when 0.59 MB of 20 MB of
 * small arrays spread over every region die, {@code used} after a full collection drops by 0.01 to 0.32 MB (all
 * 0.59 with {@code -XX:MarkSweepDeadRatio=0}), the histogram's total by 0.59 MB. Readings (1) and (2) also carry a
 * constant 3 MB more than (3) once the histogram has run (the platform MBean machinery). Only between frames,
 * with no snapshot being written: each reading stops the world three times.
 */
final class LiveHeap {

    /** How many of the largest classes a reading keeps for a diff: enough to name what moved, small enough
     *  (a few kilobytes) that the readings a soak keeps do not move what they read. */
    static final int TOP = 60;
    private static final String[] NONE = {};
    private static final long[] NO_BYTES = {};

    /**
     * One reading, in bytes, with the {@link #TOP} largest classes by live bytes (names and bytes, largest first).
     */
    record Reading(long afterGc, long usedAfter, long usedAfterOne, long objects, String[] topNames, long[] topBytes) {
        /** @return the figures alone, without the classes: what a soak keeps of every minute */
        Reading figures() {
            return new Reading(afterGc, usedAfter, usedAfterOne, objects, NONE, NO_BYTES);
        }

        long bytesOf(String name) {
            for (int i = 0; i < topNames.length; i++) {
                if (topNames[i].equals(name)) {
                    return topBytes[i];
                }
            }
            return -1;
        }
    }

    private LiveHeap() {
    }

    /**
     * @param own bytes the reader itself holds on the heap for the whole run (arrays allocated up front), taken
     *            off every figure so that they show the rest of the heap
     * @return a reading of the live heap now
     */
    static Reading read(long own) {
        System.gc();
        long usedAfterOne = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.gc();
        long after = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.getCollectionUsage() != null) {
                after += p.getCollectionUsage().getUsed();
            }
        }
        long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        Map<String, Long> byClass = new HashMap<>();
        long objects = histogram(byClass);
        List<Map.Entry<String, Long>> top = new ArrayList<>(byClass.entrySet());
        top.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        int n = Math.min(TOP, top.size());
        String[] names = new String[n];
        long[] bytes = new long[n];
        for (int i = 0; i < n; i++) {
            names[i] = top.get(i).getKey();
            bytes[i] = top.get(i).getValue();
        }
        return new Reading(after - own, used - own, usedAfterOne - own, objects - own, names, bytes);
    }

    /** Fills {@code byClass} from a live class histogram; returns its total bytes. */
    private static long histogram(Map<String, Long> byClass) {
        String text;
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            text = (String) server.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram", new Object[] {new String[0]}, new String[] {String[].class.getName()});
        } catch (javax.management.JMException e) {
            throw new IllegalStateException("no class histogram: " + e.getMessage(), e);
        }
        long total = -1;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].equals("Total")) {
                total = Long.parseLong(f[2]);
            } else if (f.length >= 4 && f[0].endsWith(":")) {
                byClass.merge(f[3], Long.parseLong(f[2]), Long::sum);
            }
        }
        if (total < 0) {
            throw new IllegalStateException("a class histogram without a Total line");
        }
        return total;
    }

    /**
     * The classes whose live bytes changed most between two readings, largest change first, among the
     * {@link #TOP} largest of either (a class that is in only one top list counts as 0 in the other only when it
     * is the smaller: below the other's smallest kept class).
     *
     * @param from  the earlier reading
     * @param to    the later one
     * @param count how many classes to name
     * @return e.g. {@code [I +812.3 KB, dev...Path +96.0 KB}
     */
    static String diff(Reading from, Reading to, int count) {
        Map<String, Long> d = new HashMap<>();
        for (String name : to.topNames()) {
            d.put(name, to.bytesOf(name) - Math.max(0, from.bytesOf(name)));
        }
        for (String name : from.topNames()) {
            if (to.bytesOf(name) < 0) {
                d.put(name, -from.bytesOf(name));
            }
        }
        StringBuilder out = new StringBuilder();
        d.entrySet().stream().filter(e -> e.getValue() != 0)
                .sorted((a, b) -> Long.compare(Math.abs(b.getValue()), Math.abs(a.getValue()))).limit(count)
                .forEach(e -> out.append(out.length() == 0 ? "" : ", ").append(e.getKey())
                        .append(String.format(java.util.Locale.ROOT, " %+.1f KB", e.getValue() / 1024.0)));
        return out.toString();
    }
}
