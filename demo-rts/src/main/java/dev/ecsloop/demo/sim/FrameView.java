package dev.ecsloop.demo.sim;

import java.util.Arrays;

/**
 * The game as a view shows it in one frame, filled by {@link RtsGame#snapshot(FrameView)}: per unit, in entity
 * id order, its interpolated position and angle, team, health fraction, selection flag and animation state;
 * and the cells of the selected units' routes. Arrays are reused and grow as needed; entries at and beyond
 * {@link #count} (or {@link #pathCellCount}) are stale. Reuse one instance per frame to allocate nothing.
 *
 * <p>It speaks the game's terms (entity ids, route cells); the window's own {@code RenderSnapshot} speaks the
 * renderer's, and {@code RtsWindowGame} translates, so that neither layer knows the other.
 */
public final class FrameView {
    public static final int SOLDIER = Unit.SOLDIER;
    public static final int ARCHER = Unit.ARCHER;
    public static final int HARVESTER = Unit.HARVESTER;
    public static final int BASE = Unit.BASE;

    /** Units filled in. */
    public int count;
    /** Entity ids, for picking. */
    public int[] entity = new int[0];
    /** Interpolated position in world units (1 per cell; cell (x, y) spans [x, x+1) x [y, y+1)). */
    public float[] x = new float[0];
    public float[] y = new float[0];
    /** Interpolated facing in radians, [-pi, pi), counter-clockwise from +x. */
    public float[] angle = new float[0];
    /** 0 or 1. */
    public int[] team = new int[0];
    /** What the unit is: {@link #SOLDIER}, {@link #ARCHER}, {@link #HARVESTER} or {@link #BASE}. */
    public int[] kind = new int[0];
    /** Hit points over maximum, in (0, 1]. */
    public float[] health = new float[0];
    public boolean[] selected = new boolean[0];
    /** Walk cycle phase in [0, 2 pi). */
    public float[] walkPhase = new float[0];
    /** 1 just after a hit, fading to 0. */
    public float[] hitFlash = new float[0];
    /** Per unit, where its route ahead starts in {@link #pathCells} and how many cells it has (0 if unselected). */
    public int[] routeStart = new int[0];
    public int[] routeLength = new int[0];
    /** Cells (flat map indices, {@code y * width + x}) on the selected units' routes ahead of them. */
    public int pathCellCount;
    public int[] pathCells = new int[0];
    /** Projectiles in flight: interpolated position and the firing team. */
    public int projectileCount;
    public float[] projectileX = new float[0];
    public float[] projectileY = new float[0];
    public int[] projectileTeam = new int[0];
    /** {@link RtsGame#winner()} at the snapshot. */
    public int winner = RtsGame.NO_WINNER;

    void ensureUnits(int n) {
        if (x.length < n) {
            int cap = Math.max(n, x.length * 2);
            entity = Arrays.copyOf(entity, cap);
            x = Arrays.copyOf(x, cap);
            y = Arrays.copyOf(y, cap);
            angle = Arrays.copyOf(angle, cap);
            team = Arrays.copyOf(team, cap);
            kind = Arrays.copyOf(kind, cap);
            health = Arrays.copyOf(health, cap);
            selected = Arrays.copyOf(selected, cap);
            walkPhase = Arrays.copyOf(walkPhase, cap);
            hitFlash = Arrays.copyOf(hitFlash, cap);
            routeStart = Arrays.copyOf(routeStart, cap);
            routeLength = Arrays.copyOf(routeLength, cap);
        }
    }

    void ensureProjectiles(int n) {
        if (projectileX.length < n) {
            int cap = Math.max(n, projectileX.length * 2);
            projectileX = Arrays.copyOf(projectileX, cap);
            projectileY = Arrays.copyOf(projectileY, cap);
            projectileTeam = Arrays.copyOf(projectileTeam, cap);
        }
    }

    void addPathCell(int cell) {
        if (pathCellCount == pathCells.length) {
            pathCells = Arrays.copyOf(pathCells, Math.max(256, pathCells.length * 2));
        }
        pathCells[pathCellCount++] = cell;
    }
}
