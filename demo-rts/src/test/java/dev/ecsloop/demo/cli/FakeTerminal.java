package dev.ecsloop.demo.cli;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small terminal emulator for tests: a screen of {@code rows} x {@code columns} cells that a program's output and
 * the user's keystrokes (echoed as a line-buffered tty echoes them) are drawn on, so a test asserts what a person
 * would see. It understands what {@link StatusOutput} writes: printable ASCII, {@code \r}, {@code \n} (as the tty's
 * output processing sends it: to the start of the next row, scrolling at the bottom), {@code ESC [ K} (erase to
 * the end of the row), {@code ESC [ A} / {@code ESC [ B} (up / down one row, stopping at the edges), and
 * {@code ESC 7} / {@code ESC 8} (save / restore the cursor). Anything else fails the test: an unknown sequence
 * would be shown wrongly by this emulator, so it must not pass unnoticed.
 */
final class FakeTerminal extends OutputStream {
    private final int columns;
    private final char[][] screen;
    private int row;
    private int col;
    private int savedRow;
    private int savedCol;
    /** Part of an escape sequence seen so far. */
    private final StringBuilder escape = new StringBuilder();

    FakeTerminal(int rows, int columns) {
        this.columns = columns;
        this.screen = new char[rows][columns];
        for (char[] r : screen) {
            Arrays.fill(r, ' ');
        }
    }

    /** The user types {@code keys}; the tty echoes them (Enter as a new row). */
    synchronized void type(String keys) {
        for (char c : keys.toCharArray()) {
            if (c == '\n') {
                newline();
            } else {
                put(c);
            }
        }
    }

    @Override
    public synchronized void write(int b) {
        char c = (char) (b & 0xFF);
        if (escape.length() > 0) {
            escape.append(c);
            sequence();
            return;
        }
        switch (c) {
            case '\033' -> escape.append(c);
            case '\r' -> col = 0;
            case '\n' -> newline();
            default -> {
                if (c < ' ' || c > '~') {
                    throw new AssertionError("unexpected byte " + (int) c);
                }
                put(c);
            }
        }
    }

    private void sequence() {
        String s = escape.toString();
        switch (s) {
            case "\033[" -> {
                return; // more to come
            }
            case "\0337" -> {
                savedRow = row;
                savedCol = col;
            }
            case "\0338" -> {
                row = savedRow;
                col = savedCol;
            }
            case "\033[K" -> Arrays.fill(screen[row], Math.min(col, columns), columns, ' ');
            case "\033[A" -> row = Math.max(0, row - 1);
            case "\033[B" -> row = Math.min(screen.length - 1, row + 1);
            default -> throw new AssertionError("unknown escape sequence " + s.replace("\033", "ESC"));
        }
        escape.setLength(0);
    }

    private void put(char c) {
        if (col >= columns) {
            newline();
        }
        screen[row][col++] = c;
    }

    private void newline() {
        col = 0;
        if (row == screen.length - 1) {
            System.arraycopy(screen, 1, screen, 0, screen.length - 1);
            screen[screen.length - 1] = new char[columns];
            Arrays.fill(screen[screen.length - 1], ' ');
        } else {
            row++;
        }
    }

    /** Every row, trailing blanks cut. */
    synchronized List<String> rows() {
        List<String> rows = new ArrayList<>();
        for (char[] r : screen) {
            rows.add(new String(r).stripTrailing());
        }
        return rows;
    }

    synchronized int cursorRow() {
        return row;
    }

    synchronized int cursorColumn() {
        return col;
    }

    /** The row the cursor is on. */
    synchronized String cursorLine() {
        return new String(screen[row]).stripTrailing();
    }

    /** The row below the cursor's, or "" at the bottom. */
    synchronized String belowCursor() {
        return row + 1 < screen.length ? new String(screen[row + 1]).stripTrailing() : "";
    }
}
