package dev.ecsloop.demo.sim;

import java.util.Objects;

/**
 * The local player's side: which team they command and where their orders go (the local input queue, or a
 * lockstep session that shares them with every peer). Orders carry the team in their code, so the orders system
 * applies each to that team's units only.
 */
final class PlayerOrders {
    /** The team a player commands unless a network match seats them elsewhere. */
    static final int DEFAULT_TEAM = 0;

    private final MinimapSystem minimap;
    private int team = DEFAULT_TEAM;
    private OrderSink sink;

    PlayerOrders(OrderSink local, MinimapSystem minimap) {
        this.sink = local;
        this.minimap = minimap;
    }

    /**
     * @throws IllegalArgumentException if the team is not 0 or 1
     */
    void playAs(int team, OrderSink sink) {
        if (team < 0 || team > 1) {
            throw new IllegalArgumentException("team must be 0 or 1, was " + team);
        }
        this.team = team;
        this.sink = Objects.requireNonNull(sink, "sink");
        minimap.viewAs(team);
    }

    int team() {
        return team;
    }

    long select(float x0, float y0, float x1, float y1) {
        return sink.give(OrderEvents.SELECT, team, x0, y0, x1, y1);
    }

    void move(float x, float y) {
        sink.give(OrderEvents.MOVE, team, x, y, 0, 0);
    }

    void attack(float x, float y) {
        sink.give(OrderEvents.ATTACK, team, x, y, 0, 0);
    }
}
