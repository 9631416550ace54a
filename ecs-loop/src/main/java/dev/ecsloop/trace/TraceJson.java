package dev.ecsloop.trace;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes a {@link TraceBuffer} as Chrome trace-event JSON (the "JSON Object Format" that Perfetto UI,
 * {@code chrome://tracing} and Tracy's importer read), on the writer thread.
 *
 * <p>Tracks: one process ({@code pid} {@value #PID}, the game loop); thread lane {@value #FRAMES_TID} holds the
 * frames and the loop-wide instants (catch-up bound hits, horizon waits); each system has lane
 * {@code SYSTEM_TID_BASE + its registration order}. Lanes {@code 2} to {@code SYSTEM_TID_BASE - 1} are the
 * threads of the parallel-for and async jobs when the loop has more than one worker: {@code WORKER_TID_BASE} the
 * loop thread's chunks and jobs, {@code WORKER_TID_BASE + i} worker i's, a slice per chunk or job.
 *
 * <p>Slices are complete events ({@code "ph":"X"} with a duration), so there is no begin without its end; one
 * lane never holds overlapping slices, because a lane's runs happen one after another on the loop thread.
 * Times are microseconds with three decimals (whole nanoseconds) from the trace's origin; simulated instants are
 * seconds with nine decimals, exact.
 */
final class TraceJson {

    static final int PID = 1;
    static final int FRAMES_TID = 1;
    static final int SYSTEM_TID_BASE = 1000;
    static final int WORKER_TID_BASE = 2;

    private final Writer out;

    private TraceJson(Writer out) {
        this.out = out;
    }

    /**
     * Writes the whole document.
     *
     * @param out     where it goes; not closed here
     * @param buffer  the window's events, no longer written to
     * @param systems system names by registration order
     * @param origin  profiler reading that becomes time 0
     * @param window  the window's requested length in real nanoseconds
     * @param stopped why the window ended ({@code "window elapsed"}, {@code "stopped"})
     * @param work    the threads' lanes, or null when the loop has one worker
     * @throws IOException if writing fails
     */
    static void write(Writer out, TraceBuffer buffer, List<String> systems, long origin, long window,
                      String stopped, WorkLabels work) throws IOException {
        new TraceJson(out).document(buffer, systems, origin, window, stopped, work);
    }

    /**
     * The worker lanes' names.
     *
     * @param threads      threads with a lane, the loop thread counted
     * @param owners       owner names by label number
     * @param droppedSlices slices lost to full rings
     */
    record WorkLabels(int threads, List<String> owners, long droppedSlices) {
    }

    private void document(TraceBuffer buffer, List<String> systems, long origin, long window, String stopped,
                          WorkLabels work) throws IOException {
        long dropped = buffer.dropped();
        out.write("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"ecs-loop\",\"window_s\":");
        out.write(seconds(window));
        out.write(",\"ended\":");
        string(stopped);
        out.write(",\"events\":" + buffer.size() + ",\"capacity\":" + buffer.capacity()
                + ",\"dropped_events\":" + dropped + ",\"complete\":" + (dropped == 0));
        if (dropped > 0) {
            out.write(",\"warning\":");
            string("the trace buffer was full: " + dropped + " later events were dropped; trace a shorter"
                    + " window or give a larger capacity");
        }
        if (work != null) {
            out.write(",\"worker_lanes\":" + work.threads() + ",\"dropped_work_slices\":" + work.droppedSlices());
        }
        out.write("},\n\"traceEvents\":[\n");
        meta(0, "process_name", "name", "\"ecs-loop\"");
        out.write(",\n");
        meta(FRAMES_TID, "thread_name", "name", "\"frames\"");
        out.write(",\n");
        meta(FRAMES_TID, "thread_sort_index", "sort_index", "0");
        for (int s = 0; s < systems.size(); s++) {
            out.write(",\n");
            meta(SYSTEM_TID_BASE + s, "thread_name", "name", quoted(systems.get(s)));
            out.write(",\n");
            meta(SYSTEM_TID_BASE + s, "thread_sort_index", "sort_index", Integer.toString(SYSTEM_TID_BASE + s));
        }
        for (int t = 0; work != null && t < work.threads(); t++) {
            out.write(",\n");
            meta(WORKER_TID_BASE + t, "thread_name", "name", quoted(t == 0 ? "loop thread: chunks, jobs"
                    : "worker " + t));
            out.write(",\n");
            meta(WORKER_TID_BASE + t, "thread_sort_index", "sort_index", Integer.toString(WORKER_TID_BASE + t));
        }
        for (int i = 0; i < buffer.size(); i++) {
            out.write(",\n");
            event(buffer, i, systems, origin, work);
        }
        out.write("\n]}\n");
    }

    private void meta(int tid, String name, String key, String value) throws IOException {
        out.write("{\"ph\":\"M\",\"pid\":" + PID + ",\"tid\":" + tid + ",\"name\":\"" + name + "\",\"args\":{\""
                + key + "\":" + value + "}}");
    }

    private void event(TraceBuffer buffer, int i, List<String> systems, long origin, WorkLabels work)
            throws IOException {
        long ts = buffer.start(i) - origin;
        switch (buffer.kind(i)) {
            case TraceBuffer.RUN -> {
                int s = buffer.lane(i);
                slice(quoted(systems.get(s)), "system", SYSTEM_TID_BASE + s, ts, buffer.duration(i),
                        "\"sim_s\":" + seconds(buffer.a(i)));
            }
            case TraceBuffer.FRAME -> slice("\"frame\"", "frame", FRAMES_TID, ts, buffer.duration(i),
                    "\"frame\":" + buffer.a(i) + ",\"sim_start_s\":" + seconds(buffer.b(i)) + ",\"sim_end_s\":"
                            + seconds(buffer.c(i)));
            case TraceBuffer.SKIPPED -> instant("dropped runs", "throttle", SYSTEM_TID_BASE + buffer.lane(i), ts,
                    "\"runs\":" + buffer.a(i) + ",\"first_skipped_s\":" + seconds(buffer.b(i)) + ",\"runs_at_s\":"
                            + seconds(buffer.c(i)));
            case TraceBuffer.BOUND_HIT -> instant("catch-up bound hit", "loop", FRAMES_TID, ts,
                    "\"frame\":" + buffer.a(i) + ",\"sim_s\":" + seconds(buffer.b(i)));
            case TraceBuffer.HORIZON_WAIT -> instant("horizon wait", "lockstep", FRAMES_TID, ts,
                    "\"frame\":" + buffer.a(i) + ",\"sim_s\":" + seconds(buffer.b(i)));
            case TraceBuffer.WORK -> {
                boolean job = buffer.c(i) == 1;
                String owner = work.owners().get((int) buffer.b(i));
                slice(quoted(owner + (job ? " job #" : " chunk ") + buffer.a(i)), job ? "job" : "chunk",
                        WORKER_TID_BASE + buffer.lane(i), ts, buffer.duration(i),
                        (job ? "\"job\":" : "\"chunk\":") + buffer.a(i));
            }
            default -> throw new IllegalStateException("unknown trace event kind " + buffer.kind(i));
        }
    }

    private void slice(String name, String cat, int tid, long ts, long dur, String args) throws IOException {
        out.write("{\"ph\":\"X\",\"name\":" + name + ",\"cat\":\"" + cat + "\",\"pid\":" + PID + ",\"tid\":" + tid
                + ",\"ts\":" + micros(ts) + ",\"dur\":" + micros(Math.max(0, dur)) + ",\"args\":{" + args + "}}");
    }

    private void instant(String name, String cat, int tid, long ts, String args) throws IOException {
        out.write("{\"ph\":\"i\",\"s\":\"t\",\"name\":\"" + name + "\",\"cat\":\"" + cat + "\",\"pid\":" + PID
                + ",\"tid\":" + tid + ",\"ts\":" + micros(ts) + ",\"args\":{" + args + "}}");
    }

    /** Nanoseconds as microseconds with exactly three decimals. */
    static String micros(long nanos) {
        return fixed(nanos, 1_000L, 3);
    }

    /** Nanoseconds as seconds with exactly nine decimals. */
    static String seconds(long nanos) {
        return fixed(nanos, 1_000_000_000L, 9);
    }

    private static String fixed(long value, long unit, int digits) {
        String sign = value < 0 ? "-" : "";
        long whole = Math.abs(value / unit);
        long fraction = Math.abs(value % unit);
        String f = Long.toString(fraction);
        return sign + whole + "." + "0".repeat(digits - f.length()) + f;
    }

    private void string(String s) throws IOException {
        out.write(quoted(s));
    }

    /** A JSON string literal: quotes, backslashes and control characters escaped. */
    static String quoted(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
