package dev.ecsloop.demo.map;

/**
 * 4-connected component labelling by iterative flood fill (an explicit int stack, no recursion, so a
 * 4096 x 4096 open map cannot overflow the call stack). Labels follow the row-major order of each
 * component's first cell, so they are deterministic.
 */
final class Components {
    private Components() {
    }

    /**
     * Writes labels into {@code out}: 0 for blocked cells, 1..n for components.
     *
     * @return n, the number of components
     */
    static int label(int width, int height, boolean[] blocked, int[] out) {
        int[] stack = new int[blocked.length];
        int next = 0;
        for (int start = 0; start < blocked.length; start++) {
            if (blocked[start] || out[start] != 0) {
                continue;
            }
            next++;
            int top = 0;
            stack[top++] = start;
            out[start] = next;
            while (top > 0) {
                int c = stack[--top];
                int x = c % width;
                int y = c / width;
                if (x > 0) {
                    top = visit(c - 1, blocked, out, stack, top, next);
                }
                if (x < width - 1) {
                    top = visit(c + 1, blocked, out, stack, top, next);
                }
                if (y > 0) {
                    top = visit(c - width, blocked, out, stack, top, next);
                }
                if (y < height - 1) {
                    top = visit(c + width, blocked, out, stack, top, next);
                }
            }
        }
        return next;
    }

    private static int visit(int n, boolean[] blocked, int[] out, int[] stack, int top, int label) {
        if (!blocked[n] && out[n] == 0) {
            out[n] = label;
            stack[top++] = n;
        }
        return top;
    }
}
