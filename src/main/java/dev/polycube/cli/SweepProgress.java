package dev.polycube.cli;

import dev.polycube.solve.MemoCount;

/**
 * Progress of a count without listing, on the {@link StatusLine} every long task uses: which of Burnside's
 * symmetries is being swept, how far through the cells, the states met and held (the memory). No estimate of the
 * time left: the states per cell rise and fall across the box.
 */
final class SweepProgress implements MemoCount.Progress {

    private final StatusLine line = new StatusLine("counting", false);

    @Override
    public void at(int symmetry, int symmetries, int cell, int cells, long states, long held) {
        line.update(() -> String.format("%scell %,d/%,d (%.0f%%)  states %s  held %s",
                symmetries > 1 ? String.format("symmetry %d/%d  ", symmetry + 1, symmetries) : "", cell, cells,
                100.0 * cell / Math.max(1, cells), Format.count(states), Format.count(held)));
    }

    @Override
    public void finish() {
        line.close();
    }
}
