package dev.ecsloop.demo.sim;

import com.artemis.BaseSystem;
import dev.ecsloop.TickRate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The game's systems, listed once: each with how it is built and what it does. Everything else comes from this
 * list: the registration order (which is also the tie order of ticks due at the same instant: orders, economy,
 * influence, AI, pathfinding, movement, projectiles, fog, combat, minimap, animation), the name lookup for
 * {@code --rate} and {@code phase} by case-insensitive unique prefix (the same rule as the console's {@code rate}
 * command), and the README's systems table ({@link #markdownTable()}, checked by a test).
 *
 * <p>Rates are what a shipped RTS would use: physics (orders, movement, projectiles) at 60 Hz, animation every
 * frame, combat 20 Hz, pathfinding 15 Hz, economy and fog of war 10 Hz, influence maps and the AI 5 Hz, the
 * minimap 4 Hz (throttled). At phase 0 every low-rate system would tick at simulated time 0, 0.2 s, 0.4 s, ...
 * and all their work would land in the same frame. Their phases stagger them so that, at 60 frames per second,
 * the expensive ones fall in different frames (each tick half a frame inside its frame, so that frame timing
 * jitter does not move it across a boundary). Frame numbers within the first 12 frames of a 200 ms cycle:
 *
 * <pre>
 * frame              1  2  3  4  5  6  7  8  9 10 11 12
 * combat     20 Hz   x        x        x        x        phase 0.2    (10 ms, then every 50 ms)
 * pathfinding 15 Hz  x           x           x           phase 0.125  (8.3 ms, every 66.7 ms)
 * influence   5 Hz      x                                phase 0.125  (25 ms, every 200 ms)
 * minimap     4 Hz      x  (every 15 frames)             phase 0.1    (25 ms, every 250 ms)
 * economy    10 Hz         x                 x           phase 0.4    (40 ms, every 100 ms)
 * fog        10 Hz                  x                 x  phase 0.9    (90 ms, every 100 ms)
 * AI          5 Hz                        x              phase 0.625  (125 ms, every 200 ms)
 * </pre>
 *
 * Fog, the heaviest, never shares a frame with combat or pathfinding; the AI ticks six frames after the
 * influence map it reads. Like rates, phases are part of the schedule: the same ticks at the same simulated
 * instants under any frame timing, and retunable live.
 */
public final class SimSystems {
    /** One system: its class, what it does (the README's words) and how a match builds it. */
    private record Entry(Class<? extends BaseSystem> type, String role, Function<MatchWorld, BaseSystem> create) {
    }

    private static final List<Entry> ENTRIES = List.of(
            new Entry(OrdersSystem.class, "applies your orders at their simulated instant",
                    w -> new OrdersSystem(w.map, w.outcome)),
            new Entry(EconomySystem.class, "harvesting, deliveries, credits, production",
                    w -> new EconomySystem(w.map, w.fields, new int[] {w.perTeam, w.setup.units() - w.perTeam},
                            w.squadsPerTeam, w.setup.endless(), w.outcome)),
            new Entry(InfluenceSystem.class, "influence map per team: own strength and the enemy's as seen",
                    w -> new InfluenceSystem(w.influence, w.fog, w.outcome)),
            new Entry(AiSystem.class, "commands the AI's teams: attack, defend, guard, reinforce, retreat",
                    w -> new AiSystem(w.map, w.influence, w.fields, w.squadsPerTeam, w.setup.ai(), w.outcome)),
            new Entry(PathfindingSystem.class, "budgeted A* and flow fields as an async job, answered next tick",
                    w -> new PathfindingSystem(w.map, w.setup.pathBudget(), w.outcome)),
            new Entry(MovementSystem.class, "physics: movement, separation, obstacles",
                    w -> new MovementSystem(w.map, w.capacity, w.outcome)),
            new Entry(ProjectileSystem.class, "projectiles in flight and their hits",
                    w -> new ProjectileSystem(w.outcome)),
            new Entry(FogSystem.class, "fog of war per team", w -> new FogSystem(w.fog, w.outcome)),
            new Entry(CombatSystem.class, "targets what the team sees, fires projectiles",
                    w -> new CombatSystem(w.map, w.capacity, w.fog, w.outcome)),
            new Entry(MinimapSystem.class, "the newest minimap picture only",
                    w -> new MinimapSystem(w.minimap, w.fog, w.fields, PlayerOrders.DEFAULT_TEAM)),
            new Entry(AnimationSystem.class, "drawing state: walk cycles, hit flashes", w -> new AnimationSystem()));

    /** Registration order. */
    public static final List<Class<? extends BaseSystem>> ALL = ENTRIES.stream()
            .<Class<? extends BaseSystem>>map(Entry::type).toList();

    private SimSystems() {
    }

    /** A fresh instance of every system for {@code world}, in registration order. */
    static BaseSystem[] create(MatchWorld world) {
        BaseSystem[] systems = new BaseSystem[ENTRIES.size()];
        for (int i = 0; i < systems.length; i++) {
            systems[i] = ENTRIES.get(i).create().apply(world);
        }
        return systems;
    }

    /**
     * The README's systems table, one row per system in registration order: its rate and phase as its
     * {@link TickRate} annotation declares them (none: every frame; throttled: newest only) and what it does.
     *
     * @return the Markdown table, header included, one line per row
     */
    public static String markdownTable() {
        StringBuilder table = new StringBuilder("| system | rate | phase | what it does |\n| --- | --: | --: | --- |\n");
        for (Entry e : ENTRIES) {
            TickRate rate = e.type().getAnnotation(TickRate.class);
            String hz = rate == null ? "every frame" : plain(rate.value()) + " Hz" + (rate.catchUp() ? "" : ", throttled");
            String phase = rate == null ? "" : plain(rate.phase());
            table.append("| ").append(e.type().getSimpleName()).append(" | ").append(hz).append(" | ").append(phase)
                    .append(" | ").append(e.role()).append(" |\n");
        }
        return table.toString();
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * The system a typed name means: the whole simple class name or a unique prefix of it, in any case.
     *
     * @throws IllegalArgumentException naming the typed text if no system or several match
     */
    public static Class<? extends BaseSystem> resolve(String typed) {
        String wanted = typed.toLowerCase(Locale.ROOT);
        List<Class<? extends BaseSystem>> matches = new ArrayList<>();
        for (Class<? extends BaseSystem> type : ALL) {
            String name = type.getSimpleName().toLowerCase(Locale.ROOT);
            if (name.equals(wanted)) {
                return type;
            }
            if (!wanted.isEmpty() && name.startsWith(wanted)) {
                matches.add(type);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        throw new IllegalArgumentException((matches.isEmpty() ? "unknown system '" : "ambiguous system '") + typed
                + "' (" + (matches.isEmpty() ? "systems: " + names(ALL) : "matches: " + names(matches)) + ")");
    }

    private static String names(List<Class<? extends BaseSystem>> types) {
        List<String> out = new ArrayList<>();
        for (Class<? extends BaseSystem> t : types) {
            out.add(t.getSimpleName());
        }
        return String.join(", ", out);
    }
}
