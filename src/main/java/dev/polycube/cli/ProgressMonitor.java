package dev.polycube.cli;

import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.WorkPlan;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Plain progress lines on stderr for runs that take more than a few seconds: units done / total,
 * solutions so far, node rate, elapsed time and an estimate of the time left (by units, which is rough
 * because subtrees differ in size).
 */
final class ProgressMonitor implements SearchMonitor {

    private static final long FIRST_NANOS = 3_000_000_000L;
    private static final long EVERY_NANOS = 5_000_000_000L;

    private final PrintStream err;
    private final LongSupplier solutions;
    private final AtomicLong nodes = new AtomicLong();
    private final AtomicInteger unitsDone = new AtomicInteger();
    private final long start = System.nanoTime();
    private volatile long nextReport = start + FIRST_NANOS;
    private int total;

    ProgressMonitor(PrintStream err, LongSupplier solutions) {
        this.err = err;
        this.solutions = solutions;
    }

    @Override
    public void onStart(WorkPlan plan, int unitsToRun) {
        total = unitsToRun;
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

    private void maybeReport() {
        long now = System.nanoTime();
        if (now < nextReport) {
            return;
        }
        synchronized (this) {
            if (now < nextReport) {
                return;
            }
            nextReport = now + EVERY_NANOS;
        }
        double elapsed = (now - start) / 1e9;
        int done = unitsDone.get();
        String eta = done == 0 ? "?" : Format.seconds(elapsed * (total - done) / done);
        err.printf("[%s] units %d/%d (%.0f%%)  solutions %,d  nodes %s (%s/s)  ETA %s%n", Format.seconds(elapsed),
                done, total, 100.0 * done / Math.max(1, total), solutions.getAsLong(), Format.count(nodes.get()),
                Format.count((long) (nodes.get() / Math.max(elapsed, 1e-9))), eta);
    }
}
