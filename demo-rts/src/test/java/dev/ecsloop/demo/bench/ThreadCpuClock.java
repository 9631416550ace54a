package dev.ecsloop.demo.bench;

import dev.ecsloop.time.Clock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of the calling thread as a clock: what the loop's own thread spent, whatever else the machine
 * runs. On an idle machine a busy loop thread's CPU time and real time agree; on a shared one (other builds
 * taking turns on the same cores) real time would count the time the thread waited for a core, and the figures
 * would measure the neighbours. Only for a loop driven on one thread, read from that thread.
 */
final class ThreadCpuClock implements Clock {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    ThreadCpuClock() {
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot read a thread's CPU time");
        }
        threads.setThreadCpuTimeEnabled(true);
    }

    @Override
    public long nanoTime() {
        return threads.getCurrentThreadCpuTime();
    }
}
