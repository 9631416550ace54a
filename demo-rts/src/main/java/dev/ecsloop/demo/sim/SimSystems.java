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
