package dev.ecsloop.demo.minimap;

import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.map.GridMap;
import java.util.Arrays;

/**
 * The minimap picture: a square of {@link #side()} x {@link #side()} ARGB pixels (row 0 at map row 0), each
 * covering a block of map cells, as one team sees the game: terrain, fog (never seen: terrain at a third of its
 * brightness; seen before but not now: dimmed), resource fields, its own units and the enemy units it sees,
 * and both bases once seen.
 *
 * <p>Painting is {@link #begin(FogOfWar, int)}, then {@link #field}, {@link #unit} and {@link #base} marks, then
 * {@link #end()}. The picture is only ever the newest: a painter that falls behind skips to the present
 * instead of painting every missed refresh (see {@code MinimapSystem}). Reads between paints see the last
 * finished picture, since marks go to a back buffer and {@link #end()} swaps it in.
 */
public final class Minimap {
    public static final int ROCK = 0xFF3A3A3A;
    public static final int GROUND = 0xFF4E6B3A;
    /**
     * Never seen, on ground: the terrain at a third of its brightness rather than black, so the picture reads as
     * the whole map (its shape, but nothing on it) and not as a small picture in a black box.
     */
    public static final int UNEXPLORED = third(GROUND);
    /** Never seen, on rock. */
    public static final int UNEXPLORED_ROCK = third(ROCK);
    public static final int FIELD = 0xFFE0C040;
    public static final int[] TEAM = {0xFF4080FF, 0xFFFF5040};

    private final GridMap map;
    private final int side;
    private final int scale;
    private final int[] terrain;
    private int[] front;
    private int[] back;
    private FogOfWar fog;
    private int viewer;
    private long renders;

    /**
     * @param map  the terrain
     * @param side pixels along each edge
     * @throws IllegalArgumentException if {@code side} is not in [1, 1024]
     */
    public Minimap(GridMap map, int side) {
        if (side < 1 || side > 1024) {
            throw new IllegalArgumentException("minimap side must be in [1, 1024], was " + side);
        }
        this.map = map;
        this.side = side;
        this.scale = Math.max(1, (Math.max(map.width(), map.height()) + side - 1) / side);
        this.terrain = new int[side * side];
        for (int py = 0; py < side; py++) {
            for (int px = 0; px < side; px++) {
                terrain[py * side + px] = map.isWalkable(px * scale, py * scale) ? GROUND : ROCK;
            }
        }
        this.front = terrain.clone();
        this.back = new int[side * side];
    }

    /** Starts a picture as {@code team} sees it, with terrain and fog. */
    public void begin(FogOfWar fogOfWar, int team) {
        this.fog = fogOfWar;
        this.viewer = team;
        for (int py = 0; py < side; py++) {
            for (int px = 0; px < side; px++) {
                int cx = px * scale;
                int cy = py * scale;
                int colour = terrain[py * side + px];
                if (!fogOfWar.explored(team, cx, cy)) {
                    colour = colour == ROCK ? UNEXPLORED_ROCK : UNEXPLORED;
                } else if (!fogOfWar.visible(team, cx, cy)) {
                    colour = dim(colour);
                }
                back[py * side + px] = colour;
            }
        }
    }

    /** Marks a resource field cell. */
    public void field(int cell) {
        int cx = map.xOf(cell);
        int cy = map.yOf(cell);
        if (fog.explored(viewer, cx, cy)) {
            back[(cy / scale) * side + cx / scale] = FIELD;
        }
    }

    /** Marks a unit of {@code team} at a world point, if the viewer sees it (its own always). */
    public void unit(int team, float x, float y) {
        int cx = (int) Math.floor(x);
        int cy = (int) Math.floor(y);
        if (team == viewer || fog.visible(viewer, cx, cy)) {
            put(cx / scale, cy / scale, TEAM[team]);
        }
    }

    /** Marks a base as a 3 x 3 pixel block, if the viewer has explored its cell. */
    public void base(int team, float x, float y) {
        int cx = (int) Math.floor(x);
        int cy = (int) Math.floor(y);
        if (team == viewer || fog.explored(viewer, cx, cy)) {
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    put(cx / scale + dx, cy / scale + dy, 0xFFFFFFFF & (TEAM[team] | 0xFF202020));
                }
            }
        }
    }

    /** Finishes the picture and makes it the one shown. */
    public void end() {
        int[] t = front;
        front = back;
        back = t;
        renders++;
    }

    private void put(int px, int py, int colour) {
        if (px >= 0 && py >= 0 && px < side && py < side) {
            back[py * side + px] = colour;
        }
    }

    private static int third(int argb) {
        return 0xFF000000 | (((argb >> 16) & 0xFF) / 3) << 16 | (((argb >> 8) & 0xFF) / 3) << 8 | (argb & 0xFF) / 3;
    }

    private static int dim(int argb) {
        return 0xFF000000 | ((argb >>> 1) & 0x7F7F7F);
    }

    /** Pixels along each edge. */
    public int side() {
        return side;
    }

    /** Map cells per pixel along each axis. */
    public int scale() {
        return scale;
    }

    /** The last finished picture, row-major ARGB; do not modify. */
    public int[] pixels() {
        return front;
    }

    /** A copy of the last finished picture. */
    public int[] copyPixels() {
        return Arrays.copyOf(front, front.length);
    }

    /** Pictures finished so far. */
    public long renders() {
        return renders;
    }
}
