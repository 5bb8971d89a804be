package dev.polycube.cli;

import dev.polycube.solve.MemoCount;
import java.io.PrintStream;

/**
 * Progress on stderr for a count without listing that takes more than a few seconds: which of Burnside's
 * symmetries is being swept, how far through the cells, the states met and held (the memory), elapsed time.
 * No estimate of the time left: the states per cell rise and fall across the box. On a terminal it redraws one
 * line, as {@link ProgressMonitor} does; otherwise a plain line every ten seconds.
 */
final class SweepProgress implements MemoCount.Progress {

    private static final long FIRST_NANOS = 2_000_000_000L;

    private final PrintStream err;
    private final boolean terminal = Terminal.stderr();
    private final long everyNanos = terminal ? 500_000_000L : 10_000_000_000L;
    private final long start = System.nanoTime();
    private long nextReport = start + FIRST_NANOS;
    private boolean drew;

    SweepProgress(PrintStream err) {
        this.err = err;
    }

    @Override
    public synchronized void at(int symmetry, int symmetries, int cell, int cells, long states, long held) {
        long now = System.nanoTime();
        if (now < nextReport) {
            return;
        }
        nextReport = now + everyNanos;
        double elapsed = (now - start) / 1e9;
        String sweep = symmetries > 1 ? String.format("symmetry %d/%d", symmetry + 1, symmetries) : "";
        String where = String.format("cell %,d/%,d (%.0f%%)", cell, cells, 100.0 * cell / Math.max(1, cells));
        String met = "states " + Format.count(states);
        String holding = "held " + Format.count(held);
        if (terminal) {
            int width = 20;
            // the bar runs over the whole count: the symmetries one after another, each through the cells
            double done = (symmetry + (double) cell / Math.max(1, cells)) / symmetries;
            int filled = (int) Math.round(width * done);
            java.util.List<Terminal.Field> fields = new java.util.ArrayList<>();
            fields.add(new Terminal.Field("[" + "#".repeat(filled) + ".".repeat(width - filled) + "]", 0));
            fields.add(new Terminal.Field("counting", 5));
            if (!sweep.isEmpty()) {
                fields.add(new Terminal.Field(sweep, 4));
            }
            fields.add(new Terminal.Field(where, 5));
            fields.add(new Terminal.Field(met, 2));
            fields.add(new Terminal.Field(holding, 1));
            fields.add(new Terminal.Field("elapsed " + Format.seconds(elapsed), 3));
            err.print("\r\033[K" + Terminal.fit(Terminal.columns() - 1, fields.toArray(new Terminal.Field[0])));
        } else {
            err.println(String.format("counting  %s%s  %s  %s  elapsed %s", sweep.isEmpty() ? "" : sweep + "  ", where, met,
                    holding, Format.seconds(elapsed)));
        }
        err.flush();
        drew = true;
    }

    @Override
    public synchronized void finish() {
        if (drew && terminal) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
