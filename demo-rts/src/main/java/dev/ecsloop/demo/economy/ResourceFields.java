package dev.ecsloop.demo.economy;

import dev.ecsloop.demo.map.CellRect;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import java.util.Arrays;

/**
 * Where harvesters mine: per team a few fields (discs of walkable cells) spread over the team's half of the map,
 * and each team's base cell at the centre of its spawn area.
 *
 * <p>Each harvester is given its own field cell in turn ({@link #cell(int, int)} with a running slot), so their
 * trips end at distinct cells: the path requests they make are many and distinct, as in a real RTS. Team 1's
 * fields mirror team 0's through the map's centre, so neither side has the shorter haul. A pure function of the
 * map; every cell it lists is walkable, and the map is one connected component, so every cell is reachable.
 */
public final class ResourceFields {
    /** Field centres for team 0 as fractions of the map size; team 1 mirrors them. */
    private static final float[][] CENTRES = {{0.34f, 0.08f}, {0.08f, 0.34f}, {0.26f, 0.26f}, {0.45f, 0.18f},
        {0.18f, 0.45f}};

    private final int[][] cells = new int[2][];
    private final int[][] fieldOf = new int[2][];
    private final int[][] centre = new int[2][];
    private final int[] base = new int[2];

    /** The fields and bases of {@code map}. */
    public ResourceFields(GridMap map) {
        int w = map.width();
        int h = map.height();
        int radius = Math.max(1, Math.min(w, h) / 40);
        for (int team = 0; team < 2; team++) {
            CellRect spawn = MapGenerator.spawnArea(team, w, h);
            base[team] = map.nearestWalkable(spawn.centerX(), spawn.centerY());
            int[] list = new int[CENTRES.length * (2 * radius + 1) * (2 * radius + 1)];
            int[] owner = new int[list.length];
            int[] centres = new int[CENTRES.length];
            int n = 0;
            for (int f = 0; f < CENTRES.length; f++) {
                int fx = Math.round(CENTRES[f][0] * (w - 1));
                int fy = Math.round(CENTRES[f][1] * (h - 1));
                if (team == 1) {
                    fx = w - 1 - fx;
                    fy = h - 1 - fy;
                }
                int c = map.nearestWalkable(fx, fy);
                centres[f] = c;
                int cx = map.xOf(c);
                int cy = map.yOf(c);
                for (int dy = -radius; dy <= radius; dy++) {
                    for (int dx = -radius; dx <= radius; dx++) {
                        if (dx * dx + dy * dy <= radius * radius && map.isWalkable(cx + dx, cy + dy)) {
                            owner[n] = f;
                            list[n++] = map.index(cx + dx, cy + dy);
                        }
                    }
                }
            }
            cells[team] = Arrays.copyOf(list, n);
            fieldOf[team] = Arrays.copyOf(owner, n);
            centre[team] = centres;
        }
    }

    /** The {@code slot}-th field cell of {@code team}, wrapping round when there are more slots than cells. */
    public int cell(int team, int slot) {
        int[] list = cells[team];
        return list[Math.floorMod(slot, list.length)];
    }

    /** Which of the team's fields the {@code slot}-th cell belongs to, in [0, {@link #fieldCount()}). */
    public int fieldOfSlot(int team, int slot) {
        return fieldOf[team][Math.floorMod(slot, cells[team].length)];
    }

    /** Field cells of a team (flat map indices); at least one per field. */
    public int cellCount(int team) {
        return cells[team].length;
    }

    /** Fields per team. */
    public int fieldCount() {
        return CENTRES.length;
    }

    /** The centre cell of field {@code f} of {@code team} (a flat map index). */
    public int fieldCentre(int team, int f) {
        return centre[team][f];
    }

    /** The cell a team's base stands on, at the centre of its spawn area (a flat map index). */
    public int baseCell(int team) {
        return base[team];
    }
}
