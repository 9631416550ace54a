package dev.ecsloop.demo.window;

import java.util.Arrays;

/**
 * What the window draws in one frame, as plain arrays: the game fills it in {@link WindowGame#fill}, the
 * renderer reads it. It knows nothing of the simulation's classes, so the window layer and the game stay apart.
 *
 * <p><b>Reuse.</b> One instance lives as long as the window. {@link #clear()} empties the per-frame parts (units,
 * paths) without freeing anything; arrays grow (doubling) only when a frame holds more than ever before, so a
 * game whose unit count is steady allocates nothing per frame. The map is set once ({@link #setMap}) and stays
 * until set again.
 *
 * <p><b>Coordinates.</b> World units are grid cells: cell {@code (cx, cy)} covers {@code [cx, cx+1) x [cy, cy+1)},
 * y grows downwards on screen (row 0 at the top). Unit positions are already interpolated by the caller; angles
 * are radians, 0 pointing to +x, growing towards +y.
 *
 * <p>Invariants: {@code 0 <= unitCount() <= capacity}; every path is at least 2 points; path points occupy
 * {@code pathXy[0 .. 2*pathPointCount())}.
 */
public final class RenderSnapshot {

    /** A unit kind drawn as an arrow pointing where it faces. */
    public static final int SOLDIER = 0;
    /** A unit kind drawn as a slim arrow. */
    public static final int ARCHER = 1;
    /** A unit kind drawn as a small square tinted with its cargo's gold. */
    public static final int HARVESTER = 2;
    /** A unit kind drawn as a three-cell square that never turns. */
    public static final int BASE = 3;

    /** Fog for {@link #setFog}: a cell never seen (drawn dark). */
    public static final byte UNEXPLORED = 0;
    /** Fog for {@link #setFog}: a cell seen before but not now (drawn dimmed). */
    public static final byte EXPLORED = 1;
    /** Fog for {@link #setFog}: a cell in sight now (drawn in full). */
    public static final byte VISIBLE = 2;

    private static final int INITIAL_UNITS = 256;
    private static final int INITIAL_PATH_POINTS = 256;

    // Units, structure of arrays, valid in [0, unitCount).
    float[] x = new float[INITIAL_UNITS];
    float[] y = new float[INITIAL_UNITS];
    float[] angle = new float[INITIAL_UNITS];
    byte[] team = new byte[INITIAL_UNITS];
    float[] health = new float[INITIAL_UNITS];
    boolean[] selected = new boolean[INITIAL_UNITS];
    byte[] kind = new byte[INITIAL_UNITS];
    int unitCount;
    /** The team the player commands and sees for: the camera director frames its army and finds its base. */
    int viewer;

    // Projectiles, valid in [0, projectileCount).
    float[] projectileX = new float[INITIAL_UNITS];
    float[] projectileY = new float[INITIAL_UNITS];
    byte[] projectileTeam = new byte[INITIAL_UNITS];
    int projectileCount;

    // Fog of war, one byte per cell (UNEXPLORED, EXPLORED, VISIBLE); empty when the game has none.
    byte[] fog = new byte[0];
    /** Bumped by every {@link #setFog}, so the renderer uploads the fog texture only when it changed. */
    int fogVersion;

    // The game's own minimap picture (ARGB, side x side), if it draws one; version bumps on each new picture.
    int[] minimapPixels = new int[0];
    int minimapSide;
    long minimapVersion;

    // Paths: flat x,y pairs; path p spans points [pathStart[p], pathStart[p+1]) (pathStart[pathCount] = points).
    float[] pathXy = new float[2 * INITIAL_PATH_POINTS];
    int[] pathStart = new int[17];
    int pathCount;
    int pathPoints;
    private boolean pathOpen;

    // Map, set once.
    int mapWidth;
    int mapHeight;
    boolean[] blocked = new boolean[0];
    boolean[] resource = new boolean[0];
    /** Bumped by every {@link #setMap}, so the renderer re-uploads the map texture only when it changed. */
    int mapVersion;

    // Selection rectangle being dragged, world units; set by the window, not by the game.
    boolean dragging;
    float dragX0;
    float dragY0;
    float dragX1;
    float dragY1;

    /** An empty snapshot: no map, no units. */
    public RenderSnapshot() {
    }

    /**
     * Sets the map. Call once (or whenever the map changes, which re-uploads its texture).
     *
     * @param width   cells across, at least 1
     * @param height  cells down, at least 1
     * @param blocked {@code width*height} flags, row-major ({@code blocked[cy*width + cx]}); copied
     * @throws IllegalArgumentException if the sizes do not match
     */
    public void setMap(int width, int height, boolean[] blocked) {
        if (width < 1 || height < 1 || blocked == null || blocked.length != width * height) {
            throw new IllegalArgumentException("map must be at least 1x1 with width*height flags, was " + width
                    + "x" + height + " with " + (blocked == null ? "null" : blocked.length + " flags"));
        }
        this.mapWidth = width;
        this.mapHeight = height;
        this.blocked = blocked.clone();
        this.resource = new boolean[blocked.length];
        this.fog = new byte[0];
        this.mapVersion++;
    }

    /**
     * Marks resource cells (drawn in gold) on the map set last.
     *
     * @param resource {@code width*height} flags, row-major; copied
     * @throws IllegalArgumentException if the size does not match the map
     */
    public void setResources(boolean[] resource) {
        if (resource == null || resource.length != mapWidth * mapHeight) {
            throw new IllegalArgumentException("resource flags must match the " + mapWidth + "x" + mapHeight
                    + " map, were " + (resource == null ? "null" : resource.length));
        }
        this.resource = resource.clone();
        this.mapVersion++;
    }

    /**
     * Sets the fog of war from the player's point of view; the map then shows unexplored cells dark and explored
     * ones dimmed. A game without fog never calls it. Allocates only the first time (or after a new map).
     *
     * @param cells {@code width*height} values, {@link #UNEXPLORED}, {@link #EXPLORED} or {@link #VISIBLE}
     * @throws IllegalArgumentException if the size does not match the map
     */
    public void setFog(byte[] cells) {
        if (cells == null || cells.length != mapWidth * mapHeight) {
            throw new IllegalArgumentException("fog must match the " + mapWidth + "x" + mapHeight + " map, was "
                    + (cells == null ? "null" : cells.length));
        }
        if (fog.length != cells.length) {
            fog = new byte[cells.length];
        }
        System.arraycopy(cells, 0, fog, 0, cells.length);
        fogVersion++;
    }

    /**
     * Whether the game drew fog since the map was set.
     *
     * @return true once {@link #setFog} was called for the current map
     */
    public boolean hasFog() {
        return fog.length > 0;
    }

    /**
     * Sets the game's own minimap picture, shown in place of the window's simple one.
     *
     * @param argb    {@code side*side} pixels, row-major, 0xAARRGGBB; copied
     * @param side    pixels per side, at least 1
     * @param version changes whenever the picture does, so the window uploads it only then
     * @throws IllegalArgumentException if the sizes do not match
     */
    public void setMinimap(int[] argb, int side, long version) {
        if (side < 1 || argb == null || argb.length < side * side) {
            throw new IllegalArgumentException("minimap must be side x side pixels, side " + side);
        }
        if (version == minimapVersion && side == minimapSide) {
            return;
        }
        if (minimapPixels.length != side * side) {
            minimapPixels = new int[side * side];
        }
        System.arraycopy(argb, 0, minimapPixels, 0, side * side);
        minimapSide = side;
        minimapVersion = version;
    }

    /**
     * Names the team the player commands (0 unless set); the window frames its army first and finds its base.
     *
     * @param team 0 or 1
     */
    public void setViewer(int team) {
        viewer = team;
    }

    /** Empties the units and paths of the previous frame; the map and capacities stay. */
    public void clear() {
        unitCount = 0;
        projectileCount = 0;
        pathCount = 0;
        pathPoints = 0;
        pathOpen = false;
    }

    /**
     * Adds one unit.
     *
     * @param x        world x, interpolated
     * @param y        world y, interpolated
     * @param angle    heading in radians
     * @param team     0 or 1 (other values draw as team 1)
     * @param health   health fraction, clamped to [0, 1]
     * @param selected whether to draw a selection ring and the unit's path
     * @return the unit's index in this frame
     */
    public int addUnit(float x, float y, float angle, int team, float health, boolean selected) {
        return addUnit(x, y, angle, team, health, selected, SOLDIER);
    }

    /**
     * Adds one unit of a given kind.
     *
     * @param x        world x, interpolated
     * @param y        world y, interpolated
     * @param angle    heading in radians (bases ignore it)
     * @param team     0 or 1 (other values draw as team 1)
     * @param health   health fraction, clamped to [0, 1]
     * @param selected whether to draw it outlined as selected and its path
     * @param kind     {@link #SOLDIER}, {@link #ARCHER}, {@link #HARVESTER} or {@link #BASE} (others draw as soldiers)
     * @return the unit's index in this frame
     */
    public int addUnit(float x, float y, float angle, int team, float health, boolean selected, int kind) {
        if (unitCount == this.x.length) {
            growUnits(unitCount * 2);
        }
        int i = unitCount++;
        this.x[i] = x;
        this.y[i] = y;
        this.angle[i] = angle;
        this.team[i] = (byte) (team == 0 ? 0 : 1);
        this.health[i] = health < 0f ? 0f : Math.min(health, 1f);
        this.selected[i] = selected;
        this.kind[i] = (byte) (kind >= SOLDIER && kind <= BASE ? kind : SOLDIER);
        return i;
    }

    /**
     * Adds a projectile in flight.
     *
     * @param x    world x
     * @param y    world y
     * @param team 0 or 1 (other values count as 1)
     */
    public void addProjectile(float x, float y, int team) {
        if (projectileCount == projectileX.length) {
            int capacity = projectileCount * 2;
            projectileX = Arrays.copyOf(projectileX, capacity);
            projectileY = Arrays.copyOf(projectileY, capacity);
            projectileTeam = Arrays.copyOf(projectileTeam, capacity);
        }
        projectileX[projectileCount] = x;
        projectileY[projectileCount] = y;
        projectileTeam[projectileCount] = (byte) (team == 0 ? 0 : 1);
        projectileCount++;
    }

    /**
     * Starts a path polyline (usually a selected unit's route); follow with {@link #pathPoint} calls. A path
     * with fewer than 2 points when the next one starts (or the frame is drawn) is dropped.
     */
    public void beginPath() {
        endPath();
        pathOpen = true;
        if (pathCount + 1 == pathStart.length) {
            pathStart = Arrays.copyOf(pathStart, pathStart.length * 2);
        }
        pathStart[pathCount] = pathPoints;
    }

    /**
     * Appends a point to the path begun by {@link #beginPath()}.
     *
     * @param x world x
     * @param y world y
     * @throws IllegalStateException if no path is open
     */
    public void pathPoint(float x, float y) {
        if (!pathOpen) {
            throw new IllegalStateException("pathPoint without beginPath");
        }
        if (2 * pathPoints + 2 > pathXy.length) {
            pathXy = Arrays.copyOf(pathXy, pathXy.length * 2);
        }
        pathXy[2 * pathPoints] = x;
        pathXy[2 * pathPoints + 1] = y;
        pathPoints++;
    }

    /**
     * Adds a whole path from a flat {@code x0, y0, x1, y1, ...} array.
     *
     * @param xy     flat coordinates
     * @param offset index of the first x
     * @param points number of points
     */
    public void addPath(float[] xy, int offset, int points) {
        beginPath();
        for (int i = 0; i < points; i++) {
            pathPoint(xy[offset + 2 * i], xy[offset + 2 * i + 1]);
        }
        endPath();
    }

    /** Closes the open path, if any; a path of fewer than 2 points is dropped. Idempotent. */
    void endPath() {
        if (!pathOpen) {
            return;
        }
        pathOpen = false;
        if (pathPoints - pathStart[pathCount] >= 2) {
            pathCount++;
            pathStart[pathCount] = pathPoints;
        } else {
            pathPoints = pathStart[pathCount];
        }
    }

    /** Line segments the paths need: one per consecutive pair of points. */
    int pathSegments() {
        endPath();
        return pathPoints - pathCount;
    }

    /** Shows a selection rectangle between two world corners (any order); the window sets it while dragging. */
    void setDrag(float x0, float y0, float x1, float y1) {
        dragging = true;
        dragX0 = x0;
        dragY0 = y0;
        dragX1 = x1;
        dragY1 = y1;
    }

    void clearDrag() {
        dragging = false;
    }

    private void growUnits(int capacity) {
        x = Arrays.copyOf(x, capacity);
        y = Arrays.copyOf(y, capacity);
        angle = Arrays.copyOf(angle, capacity);
        team = Arrays.copyOf(team, capacity);
        health = Arrays.copyOf(health, capacity);
        selected = Arrays.copyOf(selected, capacity);
        kind = Arrays.copyOf(kind, capacity);
    }

    /**
     * Units added since the last {@link #clear()}.
     *
     * @return how many
     */
    public int unitCount() {
        return unitCount;
    }

    /**
     * Paths added since the last {@link #clear()}.
     *
     * @return how many
     */
    public int pathCount() {
        endPath();
        return pathCount;
    }

    /**
     * How many units fit before the arrays grow.
     *
     * @return the capacity
     */
    public int unitCapacity() {
        return x.length;
    }

    /**
     * The map's width.
     *
     * @return cells across, 0 before {@link #setMap}
     */
    public int mapWidth() {
        return mapWidth;
    }

    /**
     * The map's height.
     *
     * @return cells down, 0 before {@link #setMap}
     */
    public int mapHeight() {
        return mapHeight;
    }

    /**
     * Whether a cell is blocked; out-of-map cells count as blocked.
     *
     * @param cx cell column
     * @param cy cell row
     * @return whether units cannot stand there
     */
    public boolean isBlocked(int cx, int cy) {
        return cx < 0 || cy < 0 || cx >= mapWidth || cy >= mapHeight || blocked[cy * mapWidth + cx];
    }
}
