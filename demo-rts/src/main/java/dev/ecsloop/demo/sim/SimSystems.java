package dev.ecsloop.demo.sim;

import com.artemis.BaseSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The game's systems in registration order (which is also the tie order of ticks due at the same instant:
 * orders, economy, influence, AI, pathfinding, movement, projectiles, fog, combat, minimap, animation), and
 * name lookup for {@code --rate} by case-insensitive
 * unique prefix, the same rule as the console's {@code rate} command.
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
    /** Registration order. */
    public static final List<Class<? extends BaseSystem>> ALL = List.of(OrdersSystem.class, EconomySystem.class,
            InfluenceSystem.class, AiSystem.class, PathfindingSystem.class, MovementSystem.class,
            ProjectileSystem.class, FogSystem.class, CombatSystem.class, MinimapSystem.class, AnimationSystem.class);

    private SimSystems() {
    }

    /**
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
