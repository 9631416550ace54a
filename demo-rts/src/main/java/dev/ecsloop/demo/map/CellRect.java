package dev.ecsloop.demo.map;

/**
 * An axis-aligned rectangle of cells, {@code [x, x + width) x [y, y + height)}; used for spawn areas.
 *
 * @param x      lowest column
 * @param y      lowest row
 * @param width  columns, at least 1
 * @param height rows, at least 1
 */
public record CellRect(int x, int y, int width, int height) {

    /** @throws IllegalArgumentException if width or height is not positive */
    public CellRect {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("rect size must be positive, was " + width + " x " + height);
        }
    }

    public boolean contains(int cx, int cy) {
        return cx >= x && cy >= y && cx < x + width && cy < y + height;
    }

    /** Column of the centre cell (rounded down). */
    public int centerX() {
        return x + width / 2;
    }

    /** Row of the centre cell (rounded down). */
    public int centerY() {
        return y + height / 2;
    }
}
