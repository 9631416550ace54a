package dev.ecsloop.demo.path;

/**
 * A short private lead-in that joins a shared path: the lead-in's last cell is on the shared path and none of
 * its other cells are, so every cell has exactly one successor.
 */
final class SplicedRoute implements Route {
    private final Path leadIn;
    private final Path shared;

    SplicedRoute(Path leadIn, Path shared) {
        this.leadIn = leadIn;
        this.shared = shared;
    }

    Path leadIn() {
        return leadIn;
    }

    Path shared() {
        return shared;
    }

    @Override
    public boolean reachable() {
        return true;
    }

    @Override
    public int goalCell() {
        return shared.goalCell();
    }

    @Override
    public int nextCell(int cell) {
        int i = leadIn.indexOf(cell);
        if (i >= 0 && i < leadIn.length() - 1) {
            return leadIn.cell(i + 1);
        }
        return shared.nextCell(cell);
    }

    /** Cells from start to goal: the lead-in, then the shared path after the joining cell. */
    int length() {
        return leadIn.length() - 1 + shared.length() - shared.indexOf(leadIn.goalCell());
    }

    @Override
    public String toString() {
        return "SplicedRoute[" + leadIn + " into " + shared + "]";
    }
}
