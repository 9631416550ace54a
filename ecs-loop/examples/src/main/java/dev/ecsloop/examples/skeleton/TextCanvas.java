package dev.ecsloop.examples.skeleton;

import java.util.Arrays;

/** A grid of characters the renderer draws into each frame; what a window's framebuffer is to a real game. */
public final class TextCanvas {

    private final char[][] cells = new char[Field.HEIGHT][Field.WIDTH];

    TextCanvas() {
        clear();
    }

    void clear() {
        for (char[] row : cells) {
            Arrays.fill(row, '.');
        }
    }

    /** Puts {@code c} in the cell nearest to (x, y); positions outside the field are ignored. */
    void put(float x, float y, char c) {
        int col = Math.round(x);
        int row = Math.round(y);
        if (row >= 0 && row < Field.HEIGHT && col >= 0 && col < Field.WIDTH) {
            cells[row][col] = c;
        }
    }

    /**
     * The canvas as text.
     *
     * @return one line per row, each ending with a line break
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder((Field.WIDTH + 1) * Field.HEIGHT);
        for (char[] row : cells) {
            sb.append(row).append('\n');
        }
        return sb.toString();
    }
}
