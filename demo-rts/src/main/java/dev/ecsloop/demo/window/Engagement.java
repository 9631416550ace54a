package dev.ecsloop.demo.window;

/**
 * Finds where the armies meet in what is drawn: the map is cut into square sectors of {@link #SECTOR} cells,
 * each sector scores the smaller of the two teams' unit counts in its 3 x 3 neighbourhood (bases left out), and
 * the best sector, if it scores at least {@link #MIN_CONTACT}, is the engagement. Its bounds are the bounding box
 * of the units of both teams in that neighbourhood. Plain arithmetic over the snapshot; allocates only when the
 * map's size changes.
 */
final class Engagement {
    /** Sector side in cells. */
    static final int SECTOR = 8;
    /** Units of each side that must be near one another before it counts as a fight. */
    static final int MIN_CONTACT = 3;

    private int columns;
    private int rows;
    private int[] team0 = new int[0];
    private int[] team1 = new int[0];
    private boolean found;
    private float x0;
    private float y0;
    private float x1;
    private float y1;

    /**
     * Looks for the engagement in {@code s}.
     *
     * @return whether there is one; then {@link #x0()} to {@link #y1()} bound it
     */
    boolean find(RenderSnapshot s) {
        found = false;
        if (s.mapWidth <= 0 || s.unitCount == 0) {
            return false;
        }
        resize(s.mapWidth, s.mapHeight);
        java.util.Arrays.fill(team0, 0);
        java.util.Arrays.fill(team1, 0);
        for (int i = 0; i < s.unitCount; i++) {
            if (s.kind[i] == RenderSnapshot.BASE) {
                continue;
            }
            int k = sectorOf(s.x[i], s.y[i]);
            if (s.team[i] == 0) {
                team0[k]++;
            } else {
                team1[k]++;
            }
        }
        int best = -1;
        int bestScore = MIN_CONTACT - 1;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                int score = Math.min(around(team0, c, r), around(team1, c, r));
                if (score > bestScore) {
                    bestScore = score;
                    best = r * columns + c;
                }
            }
        }
        if (best < 0) {
            return false;
        }
        int bc = best % columns;
        int br = best / columns;
        x0 = Float.MAX_VALUE;
        y0 = Float.MAX_VALUE;
        x1 = -Float.MAX_VALUE;
        y1 = -Float.MAX_VALUE;
        for (int i = 0; i < s.unitCount; i++) {
            int k = sectorOf(s.x[i], s.y[i]);
            if (s.kind[i] != RenderSnapshot.BASE && Math.abs(k % columns - bc) <= 1 && Math.abs(k / columns - br) <= 1) {
                x0 = Math.min(x0, s.x[i]);
                y0 = Math.min(y0, s.y[i]);
                x1 = Math.max(x1, s.x[i]);
                y1 = Math.max(y1, s.y[i]);
            }
        }
        found = true;
        return true;
    }

    private void resize(int width, int height) {
        int c = (width + SECTOR - 1) / SECTOR;
        int r = (height + SECTOR - 1) / SECTOR;
        if (c != columns || r != rows) {
            columns = c;
            rows = r;
            team0 = new int[c * r];
            team1 = new int[c * r];
        }
    }

    private int sectorOf(float x, float y) {
        int c = Math.min(columns - 1, Math.max(0, (int) (x / SECTOR)));
        int r = Math.min(rows - 1, Math.max(0, (int) (y / SECTOR)));
        return r * columns + c;
    }

    private int around(int[] counts, int c, int r) {
        int n = 0;
        for (int rr = Math.max(0, r - 1); rr <= Math.min(rows - 1, r + 1); rr++) {
            for (int cc = Math.max(0, c - 1); cc <= Math.min(columns - 1, c + 1); cc++) {
                n += counts[rr * columns + cc];
            }
        }
        return n;
    }

    boolean found() {
        return found;
    }

    float x0() {
        return x0;
    }

    float y0() {
        return y0;
    }

    float x1() {
        return x1;
    }

    float y1() {
        return y1;
    }
}
