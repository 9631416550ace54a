package dev.ecsloop.snapshot;

import com.artemis.Aspect;
import com.artemis.BaseComponentMapper;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentType;
import com.artemis.World;
import com.artemis.utils.BitVector;
import com.artemis.utils.ImmutableBag;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickFailedException;
import dev.ecsloop.TickListener;
import dev.ecsloop.state.Presentation;
import dev.ecsloop.state.StateHash;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The check mode: proves that a snapshot holds everything the simulation's future depends on, and when it does
 * not, says what was forgotten. It captures the live loop, restores the capture into a fresh loop of the same
 * setup, and runs both in step, instant by instant, for a span of simulated time, comparing the world's hash
 * before every tick, the ticks themselves, and the declared states after every instant.
 *
 * <p>On the first difference it names the culprit: if the worlds differ before the first tick, the restore
 * missed something (the entity, component and field that differ are named); if a tick turned two identical
 * worlds into different ones, that tick's system depends on state it did not declare (named, with the entities
 * and fields it changed differently, and its own fields that differ between the two copies).
 *
 * <p>Both loops are single-stepped ({@link GameLoop#step()}): every-frame systems do not run and listeners of
 * the live loop see the steps. Afterwards the live loop is restored to the capture, so its declared state is as
 * before; undeclared state the span changed stays changed (that is the bug being reported).
 */
final class SnapshotCheck {

    /** Most differences named in one report. */
    private static final int MAX_NAMED = 5;

    private record Tick(String system, long at, long hashBefore) {
    }

    private SnapshotCheck() {
    }

    static Optional<String> run(Snapshots live, Snapshots copy, long spanNanos) {
        if (copy.loop() == live.loop()) {
            throw new IllegalArgumentException("the check needs a fresh loop of the same setup, not the live one");
        }
        byte[] snapshot = live.capture();
        copy.restore(snapshot);
        GameLoop a = live.loop();
        GameLoop b = copy.loop();
        StateHash hashA = new StateHash(a.world());
        StateHash hashB = new StateHash(b.world());
        List<Tick> ticksA = new ArrayList<>();
        List<Tick> ticksB = new ArrayList<>();
        TickListener la = (system, at) -> ticksA.add(new Tick(system.getClass().getName(), at, hashA.hash()));
        TickListener lb = (system, at) -> ticksB.add(new Tick(system.getClass().getName(), at, hashB.hash()));
        a.addTickListener(la);
        b.addTickListener(lb);
        long end = a.simulatedNanos() + spanNanos;
        try {
            if (hashA.hash() != hashB.hash()) {
                return Optional.of("the restore is incomplete: before any tick, " + worldDiff(a.world(), b.world()));
            }
            int compared = 0;
            String lastSystem = null;
            while (a.simulatedNanos() < end) {
                long before = a.simulatedNanos();
                step(a);
                step(b);
                int n = Math.min(ticksA.size(), ticksB.size());
                for (int i = compared; i < n; i++) {
                    Tick x = ticksA.get(i);
                    Tick y = ticksB.get(i);
                    if (!x.system.equals(y.system) || x.at != y.at) {
                        return Optional.of("the schedules differ at tick " + i + ": " + simple(x.system) + "@" + x.at
                                + " here, " + simple(y.system) + "@" + y.at + " in the restored copy"
                                + (lastSystem == null ? "" : "; " + culprit(lastSystem, a, b)));
                    }
                    if (x.hashBefore != y.hashBefore) {
                        return Optional.of(culprit(lastSystem, a, b)
                                + (i == 0 ? "" : "; after its tick at " + ticksA.get(i - 1).at + " ns")
                                + ": " + worldDiff(a.world(), b.world()));
                    }
                    lastSystem = x.system;
                }
                compared = n;
                if (ticksA.size() != ticksB.size()) {
                    return Optional.of("the schedules differ after tick " + n + ": " + ticksA.size() + " ticks here, "
                            + ticksB.size() + " in the restored copy");
                }
                if (hashA.hash() != hashB.hash()) {
                    return Optional.of(culprit(lastSystem, a, b) + ": " + worldDiff(a.world(), b.world()));
                }
                String states = stateDiff(live, copy);
                if (states != null) {
                    return Optional.of(states + (lastSystem == null ? "" : " (after " + simple(lastSystem)
                            + "'s tick)"));
                }
                if (a.simulatedNanos() == before) {
                    break;   // nothing ticks any more (no fixed-step system, or the horizon)
                }
            }
            return Optional.empty();
        } finally {
            a.removeTickListener(la);
            b.removeTickListener(lb);
            live.restore(snapshot);
        }
    }

    private static void step(GameLoop loop) {
        try {
            loop.step();
        } catch (TickFailedException failedTickIsPartOfTheGame) {
            // both copies fail alike when their states agree; a difference shows in the comparison
        }
    }

    private static String simple(String className) {
        return className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
    }

    private static String culprit(String system, GameLoop a, GameLoop b) {
        if (system == null) {
            return "the restore is incomplete";
        }
        String fields = systemFieldDiff(system, a, b);
        return "system " + simple(system) + " has state it does not declare (implement SnapshotState)"
                + (fields.isEmpty() ? "" : ", fields that differ: " + fields);
    }

    /** The fields of one system that differ between the live loop's instance and the copy's. */
    @SuppressWarnings("unchecked")
    private static String systemFieldDiff(String system, GameLoop a, GameLoop b) {
        for (Class<? extends BaseSystem> type : a.systems()) {
            if (!type.getName().equals(system)) {
                continue;
            }
            BaseSystem x = a.world().getSystem(type);
            BaseSystem y = b.world().getSystem(type);
            List<String> out = new ArrayList<>();
            for (Class<?> c = type; c != null && c != BaseSystem.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || !simpleValue(f.getType())) {
                        continue;
                    }
                    try {
                        f.setAccessible(true);
                        Object u = f.get(x);
                        Object v = f.get(y);
                        if (!Objects.equals(u, v) && out.size() < MAX_NAMED) {
                            out.add(f.getName() + " = " + u + " here, " + v + " in the copy");
                        }
                    } catch (ReflectiveOperationException | RuntimeException e) {
                        // an inaccessible field is simply not named
                    }
                }
            }
            return String.join("; ", out);
        }
        return "";
    }

    private static boolean simpleValue(Class<?> t) {
        return t.isPrimitive() || t == String.class || Number.class.isAssignableFrom(t) || t == Boolean.class
                || t.isEnum();
    }

    private static String stateDiff(Snapshots live, Snapshots copy) {
        List<String> names = live.declaredStates();
        for (int i = 0; i < names.size(); i++) {
            SnapshotOut x = new SnapshotOut();
            SnapshotOut y = new SnapshotOut();
            live.declared(i).save(x);
            copy.declared(i).save(y);
            if (!java.util.Arrays.equals(x.toByteArray(), y.toByteArray())) {
                return "declared state " + simple(names.get(i)) + " differs between the loop and its restored copy"
                        + " (its save and load disagree, or it depends on undeclared state)";
            }
        }
        return null;
    }

    /** Names the first entities, components and fields that differ between two worlds. */
    static String worldDiff(World a, World b) {
        List<String> out = new ArrayList<>();
        BitVector idsA = a.getAspectSubscriptionManager().get(Aspect.all()).getActiveEntityIds();
        BitVector idsB = b.getAspectSubscriptionManager().get(Aspect.all()).getActiveEntityIds();
        BitVector all = new BitVector();
        all.or(idsA);
        all.or(idsB);
        ImmutableBag<ComponentType> typesA = a.getComponentManager().getComponentTypes();
        for (int e = all.nextSetBit(0); e >= 0 && out.size() < MAX_NAMED; e = all.nextSetBit(e + 1)) {
            if (!idsA.get(e) || !idsB.get(e)) {
                out.add("entity " + e + " exists only " + (idsA.get(e) ? "here" : "in the restored copy"));
                continue;
            }
            for (int t = 0; t < typesA.size() && out.size() < MAX_NAMED; t++) {
                Class<? extends Component> type = typesA.get(t).getType();
                if (type.isAnnotationPresent(Presentation.class)) {
                    continue;
                }
                BaseComponentMapper<?> ma = a.getMapper(type);
                BaseComponentMapper<?> mb = b.getMapper(type);
                boolean ha = ma.has(e);
                boolean hb = mb.has(e);
                if (ha != hb) {
                    out.add("entity " + e + " has " + type.getSimpleName() + " only " + (ha ? "here" : "in the copy"));
                } else if (ha) {
                    String field = fieldDiff(ma.get(e), mb.get(e));
                    if (field != null) {
                        out.add("entity " + e + " " + type.getSimpleName() + "." + field);
                    }
                }
            }
        }
        return out.isEmpty() ? "the worlds' hashes differ in state the check cannot name" : String.join("; ", out);
    }

    /** The first field (hashed state: not static, transient nor presentation) that differs, with both values. */
    private static String fieldDiff(Object x, Object y) {
        for (Class<?> c = x.getClass(); c != null && c != Component.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.isAnnotationPresent(Presentation.class)) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    Object u = f.get(x);
                    Object v = f.get(y);
                    if (!deepEquals(u, v)) {
                        return f.getName() + " = " + show(u) + " here, " + show(v) + " in the copy";
                    }
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return f.getName() + " (unreadable: " + e + ")";
                }
            }
        }
        return null;
    }

    private static boolean deepEquals(Object u, Object v) {
        if (u != null && v != null && u.getClass().isArray() && v.getClass().isArray()) {
            return java.util.Objects.deepEquals(u, v);
        }
        if (u instanceof Float f && v instanceof Float g) {
            return Float.floatToRawIntBits(f) == Float.floatToRawIntBits(g);
        }
        if (u instanceof Double f && v instanceof Double g) {
            return Double.doubleToRawLongBits(f) == Double.doubleToRawLongBits(g);
        }
        return Objects.equals(u, v);
    }

    private static String show(Object v) {
        if (v != null && v.getClass().isArray()) {
            int n = Array.getLength(v);
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < Math.min(n, 8); i++) {
                s.append(i == 0 ? "" : ", ").append(Array.get(v, i));
            }
            return s.append(n > 8 ? ", ...]" : "]").toString();
        }
        return String.valueOf(v);
    }
}
