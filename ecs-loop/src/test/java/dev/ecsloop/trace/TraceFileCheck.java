package dev.ecsloop.trace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A structural validator of Chrome trace-event JSON (the JSON Object Format), with a real parser, for the files
 * {@link Trace} writes: what Perfetto's importer needs (an object with a {@code traceEvents} array; each event a
 * phase, pid, tid, name, timestamps in microseconds), plus this package's own promises: complete slices only,
 * strictly nested per lane, a named lane per system, exact simulated instants. Shared with demo-rts's tests
 * through the test-jar. Throws {@link AssertionError} naming the first violation.
 */
public final class TraceFileCheck {

    /** One complete slice, times in nanoseconds from the trace's origin. */
    public record Slice(String name, int tid, long ts, long dur, JsonNode args) {
        long end() {
            return ts + dur;
        }
    }

    /** One instant event. */
    public record Instant(String name, int tid, long ts, JsonNode args) {
    }

    private static final Set<String> PHASES = Set.of("X", "i", "M");
    private static final Set<String> META = Set.of("process_name", "thread_name", "thread_sort_index");

    /** Lane names by tid. */
    public final Map<Integer, String> lanes = new TreeMap<>();
    /** Every slice, in file order. */
    public final List<Slice> slices = new ArrayList<>();
    /** Every instant, in file order. */
    public final List<Instant> instants = new ArrayList<>();
    public final JsonNode otherData;

    private TraceFileCheck(JsonNode root) {
        check(root.isObject(), "the document is not a JSON object");
        JsonNode events = root.get("traceEvents");
        check(events != null && events.isArray(), "no traceEvents array");
        otherData = root.get("otherData");
        check(otherData != null && otherData.isObject(), "no otherData object");
        boolean process = false;
        for (JsonNode e : events) {
            check(e.isObject(), "an event is not an object: " + e);
            String ph = text(e, "ph");
            check(PHASES.contains(ph), "unexpected phase " + ph + " in " + e);
            check(e.path("pid").isIntegralNumber() && e.path("tid").isIntegralNumber(), "pid/tid not integers: " + e);
            int tid = e.get("tid").asInt();
            String name = text(e, "name");
            JsonNode args = e.get("args");
            check(args != null && args.isObject(), "no args object: " + e);
            switch (ph) {
                case "M" -> {
                    check(META.contains(name), "unknown metadata " + name);
                    if (name.equals("thread_name")) {
                        check(lanes.put(tid, text(args, "name")) == null, "lane " + tid + " named twice");
                    }
                    process |= name.equals("process_name");
                }
                case "X" -> {
                    long dur = nanos(e, "dur");
                    check(dur >= 0, "negative duration: " + e);
                    slices.add(new Slice(name, tid, nanos(e, "ts"), dur, args));
                }
                default -> {
                    check("t".equals(text(e, "s")), "instant not thread-scoped: " + e);
                    instants.add(new Instant(name, tid, nanos(e, "ts"), args));
                }
            }
        }
        check(process, "no process_name metadata");
        for (Slice s : slices) {
            check(lanes.containsKey(s.tid()), "slice on unnamed lane " + s.tid());
        }
        for (Instant i : instants) {
            check(lanes.containsKey(i.tid()), "instant on unnamed lane " + i.tid());
        }
        checkNesting();
    }

    /**
     * Reads and checks a trace file.
     *
     * @throws AssertionError if it is not valid
     */
    public static TraceFileCheck read(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper()
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        return new TraceFileCheck(mapper.readTree(file.toFile()));
    }

    /** Per lane: sorted by start (longer first on ties), every slice lies wholly inside or wholly after the open ones. */
    private void checkNesting() {
        Map<Integer, List<Slice>> byLane = new HashMap<>();
        for (Slice s : slices) {
            byLane.computeIfAbsent(s.tid(), k -> new ArrayList<>()).add(s);
        }
        for (List<Slice> lane : byLane.values()) {
            lane.sort(Comparator.comparingLong(Slice::ts).thenComparing(Comparator.comparingLong(Slice::dur)
                    .reversed()));
            List<Slice> open = new ArrayList<>();
            for (Slice s : lane) {
                while (!open.isEmpty() && open.get(open.size() - 1).end() <= s.ts()) {
                    open.remove(open.size() - 1);
                }
                if (!open.isEmpty()) {
                    Slice parent = open.get(open.size() - 1);
                    check(s.end() <= parent.end(), "slices overlap without nesting on lane " + s.tid() + ": "
                            + parent + " and " + s);
                }
                open.add(s);
            }
        }
    }

    /** The slices of the lane named {@code name}, in time order. */
    public List<Slice> lane(String name) {
        List<Slice> out = new ArrayList<>();
        for (Slice s : slices) {
            if (name.equals(lanes.get(s.tid()))) {
                out.add(s);
            }
        }
        out.sort(Comparator.comparingLong(Slice::ts));
        return out;
    }

    /** For each system lane (all but "frames"): the simulated instants of its slices, in time order. */
    public Map<String, List<Long>> simulatedBySystem() {
        Map<String, List<Long>> out = new LinkedHashMap<>();
        for (Map.Entry<Integer, String> lane : lanes.entrySet()) {
            if (lane.getValue().equals("frames")) {
                continue;
            }
            List<Long> sims = new ArrayList<>();
            for (Slice s : lane(lane.getValue())) {
                sims.add(secondsToNanos(s.args().get("sim_s")));
            }
            out.put(lane.getValue(), sims);
        }
        return out;
    }

    /** An exact decimal number of seconds as whole nanoseconds. */
    public static long secondsToNanos(JsonNode seconds) {
        check(seconds != null && seconds.isNumber(), "not a number of seconds: " + seconds);
        return seconds.decimalValue().movePointRight(9).longValueExact();
    }

    private static long nanos(JsonNode e, String field) {
        JsonNode v = e.get(field);
        check(v != null && v.isNumber(), "no number " + field + " in " + e);
        BigDecimal micros = v.decimalValue();
        return micros.movePointRight(3).longValueExact();
    }

    private static String text(JsonNode e, String field) {
        JsonNode v = e.get(field);
        check(v != null && v.isTextual(), "no string " + field + " in " + e);
        return v.asText();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("invalid trace: " + what);
        }
    }
}
