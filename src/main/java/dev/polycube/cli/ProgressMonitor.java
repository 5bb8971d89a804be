package dev.polycube.cli;

import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.WorkPlan;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Progress on stderr for runs that take more than a few seconds: units done / total, solutions so far,
 * the packings met when there are more of them (each class met several times), node rate, elapsed time and an
 * estimate of the time left ({@link #etaSeconds}: from the spread sample of units a long run takes first, else by
 * units, else, while no unit has ended, from the run's random dives).
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
    private final long limit;
    private volatile boolean drew;
    private int total;
    /** The run's spread sample of units ({@link SearchMonitor#onSample}), or null and 0: their number, done, and nodes. */
    private volatile java.util.function.IntPredicate inSample;
    private volatile int sampleSize;
    private final AtomicInteger sampleDone = new AtomicInteger();
    private final AtomicLong sampleNodes = new AtomicLong();
    /** The run's nodes by its random dives ({@link SearchMonitor#onEstimate}), or NaN before it comes. */
    private volatile double estimate = Double.NaN;

    /**
     * @param limit the classes after which the run stops ({@code --limit}), or {@link Long#MAX_VALUE}: a limited run
     *              shows how many of them it has and expects to end when it has them all, not when its units do
     */
    ProgressMonitor(PrintStream err, LongSupplier solutions, LongSupplier packings, int alreadyDone, long limit) {
        this.err = err;
        this.solutions = solutions;
        this.packings = packings;
        this.alreadyDone = alreadyDone;
        this.limit = limit;
    }

    @Override
    public void onStart(WorkPlan plan, int unitsToRun) {
        total = unitsToRun + alreadyDone;
    }

    @Override
    public void onSample(java.util.function.IntPredicate inSample, int sampleSize) {
        this.sampleSize = sampleSize;
        this.inSample = inSample;
    }

    @Override
    public boolean wantsEstimate() {
        return true;
    }

    @Override
    public void onEstimate(double nodes) {
        estimate = nodes;
    }

    @Override
    public void onUnitDone(int unit, long n) {
        java.util.function.IntPredicate sample = inSample;
        if (sample != null && sample.test(unit)) {
            sampleNodes.addAndGet(n);
            sampleDone.incrementAndGet();
        }
        unitsDone.incrementAndGet();
        maybeReport();
    }

    /** Sample units done before their mean is trusted for the estimate (all of them when the sample is smaller). */
    static final int SAMPLE_TRUSTED = 16;

    /**
     * Seconds left, or NaN when nothing is known yet. With a spread sample of units run first: their mean nodes
     * times the units to run estimate this run's nodes, and what is left of them goes at the node rate so far; else
     * (no sample, too little of it done, or the run already past the estimate) the units left at the time a unit
     * has taken so far, which is rough because subtrees differ and the big ones come first. While no unit has ended,
     * the run's random dives ({@code estimate}, NaN until they come) are all there is: a first unit of hours (a dense
     * puzzle counted by search) otherwise showed "ETA ?" for as long.
     *
     * @param ran      units this run has finished, of {@code toRun}
     * @param nodes    nodes this run has expanded so far, finished units or not
     * @param estimate the nodes of this run's units by its random dives, or NaN
     */
    static double etaSeconds(double elapsed, int ran, int toRun, long nodes, int sampleDone, long sampleNodes,
                             int sampleSize, double estimate) {
        double rate = nodes / elapsed;
        if (sampleSize > 0 && sampleDone >= Math.min(sampleSize, SAMPLE_TRUSTED) && nodes > 0 && elapsed > 0) {
            double left = (double) sampleNodes / sampleDone * toRun - nodes;
            if (left > 0) {
                return left / rate;
            }
        }
        if (ran > 0) {
            return elapsed * (toRun - ran) / ran;
        }
        // NaN (no estimate yet) compares false: NaN out
        return estimate > nodes && nodes > 0 && elapsed > 0 ? (estimate - nodes) / rate : Double.NaN;
    }

    /**
     * {@code left} (seconds, by the units) for a run that stops at {@code limit} classes: no later than the classes
     * still wanted take at the rate they have come so far. NaN stays NaN until a class is found.
     */
    static double withLimit(double left, double elapsed, long found, long limit) {
        if (limit == Long.MAX_VALUE || found <= 0 || elapsed <= 0) {
            return left;
        }
        double byLimit = elapsed * Math.max(0, limit - found) / found;
        return Double.isNaN(left) ? byLimit : Math.min(left, byLimit);
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
        double left = etaSeconds(elapsed, ran, total - alreadyDone, nodes.get(), sampleDone.get(), sampleNodes.get(),
                sampleSize, estimate);
        long found = solutions.getAsLong();
        left = withLimit(left, elapsed, found, limit);
        String eta = Double.isNaN(left) ? "?" : Format.seconds(left);
        String foundText = limit == Long.MAX_VALUE ? String.format("solutions %,d", found)
                : String.format("solutions %,d of %,d", found, limit);
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
                    new Terminal.Field(foundText, 3)));
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
            err.println(String.format("units %,d/%,d (%.0f%%)  %s  %s%s  elapsed %s  ETA %s", done, total,
                    100.0 * done / Math.max(1, total), foundText, metText.isEmpty() ? "" : metText + "  ", rate,
                    Format.seconds(elapsed), eta));
        }
        err.flush();
        drew = true;
    }
}
