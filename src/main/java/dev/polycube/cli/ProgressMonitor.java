package dev.polycube.cli;

import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.WorkPlan;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Progress on stderr for runs that take more than a few seconds: units done / total, solutions so far,
 * the packings met when there are more of them (each class met several times), node rate, elapsed time and an estimate of the time left (by units, rough because subtrees differ).
 * On a terminal it redraws one line; otherwise it prints a plain line every ten seconds.
 */
final class ProgressMonitor implements SearchMonitor {

    private static final long FIRST_NANOS = 2_000_000_000L;

    private final PrintStream err;
    private final LongSupplier solutions;
    private final LongSupplier packings;
    private final boolean terminal = Terminal.stderr();
    private final long everyNanos = terminal ? 500_000_000L : 10_000_000_000L;
    private final AtomicLong nodes = new AtomicLong();
    private final AtomicInteger unitsDone = new AtomicInteger();
    private final long start = System.nanoTime();
    private final int alreadyDone;
    private volatile long nextReport = start + FIRST_NANOS;
    private volatile boolean drew;
    private int total;

    ProgressMonitor(PrintStream err, LongSupplier solutions, LongSupplier packings, int alreadyDone) {
        this.err = err;
        this.solutions = solutions;
        this.packings = packings;
        this.alreadyDone = alreadyDone;
    }

    @Override
    public void onStart(WorkPlan plan, int unitsToRun) {
        total = unitsToRun + alreadyDone;
    }

    @Override
    public void onUnitDone(int unit, long n) {
        unitsDone.incrementAndGet();
        maybeReport();
    }

    @Override
    public void onNodes(long n) {
        nodes.addAndGet(n);
        maybeReport();
    }

    @Override
    public void onFinish(boolean complete) {
        if (drew && terminal) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    private void maybeReport() {
        long now = System.nanoTime();
        if (now < nextReport) {
            return;
        }
        synchronized (this) {
            if (now < nextReport) {
                return;
            }
            nextReport = now + everyNanos;
        }
        double elapsed = (now - start) / 1e9;
        int ran = unitsDone.get();
        int done = ran + alreadyDone;
        String eta = ran == 0 ? "?" : Format.seconds(elapsed * (total - done) / ran);
        long found = solutions.getAsLong();
        long met = packings.getAsLong();
        // packings only where they tell more than the classes: a dense puzzle meets each class several times
        String metText = met > found ? String.format("packings %,d", met) : "";
        String rate = Format.count((long) (nodes.get() / Math.max(elapsed, 1e-9))) + " nodes/s";
        if (terminal) {
            int width = 24;
            int filled = (int) Math.round(width * (double) done / Math.max(1, total));
            java.util.List<Terminal.Field> fields = new java.util.ArrayList<>(java.util.List.of(
                    new Terminal.Field("[" + "#".repeat(filled) + ".".repeat(width - filled) + "]", 0),
                    new Terminal.Field(String.format("units %,d/%,d (%.0f%%)", done, total, 100.0 * done / Math.max(1, total)), 5),
                    new Terminal.Field(String.format("solutions %,d", found), 3)));
            if (!metText.isEmpty()) {
                fields.add(new Terminal.Field(metText, 0));
            }
            fields.add(new Terminal.Field(rate, 1));
            fields.add(new Terminal.Field("elapsed " + Format.seconds(elapsed), 2));
            fields.add(new Terminal.Field("ETA " + eta, 4));
            // one line that never wraps (a wrapped line is not redrawn by \r: every update would add a line);
            // the least useful fields go first when the terminal is narrow
            err.print("\r\033[K" + Terminal.fit(Terminal.columns() - 1, fields.toArray(new Terminal.Field[0])));
        } else {
            err.println(String.format("units %,d/%,d (%.0f%%)  solutions %,d  %s%s  elapsed %s  ETA %s", done, total,
                    100.0 * done / Math.max(1, total), found, metText.isEmpty() ? "" : metText + "  ", rate,
                    Format.seconds(elapsed), eta));
        }
        err.flush();
        drew = true;
    }
}
