package dev.ecsloop.demo.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table whose columns are padded to line up in a terminal too, so the same text is
 * printed and written to the results file. A column whose cells all start with a figure (a digit or a sign) is
 * right-aligned; text columns are left-aligned.
 */
final class MarkdownTable {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    MarkdownTable(String... header) {
        if (header.length == 0) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.header = List.of(header);
    }

    /**
     * @throws IllegalArgumentException if the row has not one cell per column
     */
    MarkdownTable row(String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + header.size()
                    + " columns: " + Arrays.toString(cells));
        }
        rows.add(List.of(cells));
        return this;
    }

    @Override
    public String toString() {
        int[] width = new int[header.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = Math.max(3, header.get(c).length());
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        boolean[] right = new boolean[header.size()];
        for (int c = 0; c < right.length; c++) {
            right[c] = !rows.isEmpty();
            for (List<String> row : rows) {
                right[c] &= startsWithFigure(row.get(c));
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, header, width, right);
        out.append('|');
        for (int c = 0; c < width.length; c++) {
            out.append(' ').append(right[c] ? "-".repeat(width[c] - 1) + ":" : "-".repeat(width[c])).append(" |");
        }
        out.append('\n');
        for (List<String> row : rows) {
            line(out, row, width, right);
        }
        return out.toString();
    }

    private static boolean startsWithFigure(String cell) {
        return !cell.isEmpty() && (Character.isDigit(cell.charAt(0)) || cell.charAt(0) == '+' || cell.charAt(0) == '-');
    }

    private static void line(StringBuilder out, List<String> cells, int[] width, boolean[] right) {
        out.append('|');
        for (int c = 0; c < width.length; c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            out.append(' ').append(right[c] ? pad + cell : cell + pad).append(" |");
        }
        out.append('\n');
    }
}
