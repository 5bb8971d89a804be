package dev.polycube.run;

import dev.polycube.catalog.LineCheck;
import dev.polycube.catalog.LineStore;
import dev.polycube.catalog.OrderedChunks;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointException;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.UnitRanges;
import dev.polycube.engine.WorkPlan;
import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.files.Progress;
import dev.polycube.solve.Solver;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * Where a run starts: the units already done and their classes (from a checkpoint, each line validated
 * against the puzzle; a count's classes may be a number only, {@code carriedCount}), how long it ran before
 * ({@code ranBefore}, milliseconds; -1 when its checkpoint does not say), and the units this run executes.
 */
record Start(String runId, String started, long ranBefore, BitSet done, LineStore carried, long carriedLines,
             long carriedCount, IntPredicate include, int inPart, int todo) {

    static Start of(RunRequest request, Solver.Setup setup, Supplier<String> fingerprint, Checkpoint resumed,
                    Progress progress) {
        WorkPlan plan = setup.enumerator().plan();
        BitSet done = new BitSet(plan.size());
        LineStore carried = new LineStore(request.puzzle().target().boxVolume());
        String runId = Checkpoint.newRunId();
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        long carriedLines = 0;
        long carriedCount = 0;
        long ranBefore = 0;
        if (resumed != null) {
            carriedLines = validate(request, setup, fingerprint.get(), resumed, plan, progress);
            if (resumed.lines() instanceof LineStore loaded && carriedLines > 0) {
                // every line checked: the run goes on with the store the checkpoint was read into (sized by its lines;
                // a checkpoint without lines has a store of no particular size, so a new one is made for this box)
                carried = loaded;
            } else {
                carried.addAll(resumed.lines());
            }
            runId = resumed.runId();
            started = resumed.started();
            done.or(resumed.done());
            carriedCount = resumed.counted();
            ranBefore = resumed.ranMillis();
        }
        BitSet before = (BitSet) done.clone(); // `done` grows during the run; the run's own units stay fixed
        Part part = request.part();
        if (part instanceof UnitRanges r && r.last() >= plan.size()) {
            throw new OptionException("--units " + r.ranges() + " reaches past the plan: " + request.puzzle().name()
                    + " has " + Plural.count(plan.size(), "work unit")
                    + (plan.size() == 0 ? " (no packing can start)" : plan.size() == 1 ? ", 0 (`polycube plan` shows it)"
                    : ", 0-" + (plan.size() - 1) + " (`polycube plan` shows them)"));
        }
        IntPredicate include = u -> part.contains(u) && !before.get(u);
        return new Start(runId, started, ranBefore, done, carried, carriedLines, carriedCount, include,
                units(plan.size(), part::contains),
                units(plan.size(), include));
    }

    /**
     * A checkpoint is trusted only for this exact run, and only with lines that are valid classes. Returns how many
     * there are (distinct: a store reads them so).
     */
    private static long validate(RunRequest request, Solver.Setup setup, String fingerprint, Checkpoint c, WorkPlan plan,
                                 Progress progress) {
        Path file = request.checkpoint();
        requireSamePlan(request, fingerprint, c, plan);
        long n = check(request, setup, c, progress);
        if (c.spec().limited()) {
            if (n > c.spec().limit()) {
                throw new CheckpointException(file + ": holds " + n + " solutions but the run's limit is "
                        + c.spec().limit() + "; the checkpoint is damaged");
            }
            int firstOpen = nextOpen(c.done(), request.part(), plan.size());
            int doneAfter = nextDone(c.done(), firstOpen, plan.size());
            if (doneAfter >= 0) {
                throw new CheckpointException(file + ": a limited run finishes its units in order, but unit "
                        + doneAfter + " is done while unit " + firstOpen + " is not; the checkpoint is damaged");
            }
        }
        return n;
    }

    /** A checkpoint continues only the run it was made for: the same puzzle, rule and work units. */
    private static void requireSamePlan(RunRequest request, String fingerprint, Checkpoint c, WorkPlan plan) {
        if (!c.fingerprint().equals(fingerprint) || c.units() != plan.size()) {
            throw new CheckpointException(request.checkpoint() + " was made by another version of polycube or for another "
                    + "puzzle definition (fingerprint " + c.fingerprint() + ", this run " + fingerprint
                    + "); it cannot be continued here. Nothing was changed.");
        }
    }

    /** Lines checked per task: enough to pay for handing them over, few enough to keep every thread busy. */
    private static final int CHECK_CHUNK = 8192;

    /**
     * Checks every saved line ({@link LineCheck}: about 2 µs a line, seconds for a checkpoint of a million classes)
     * on the run's threads, a chunk at a time while this thread reads the next lines. The first bad line in the
     * checkpoint's order is the one reported, whichever thread found it. Returns the lines. (They once went into a
     * second store as they were checked: for 13 M lines, another sort and spill of 805 MiB.)
     */
    private static long check(RunRequest request, Solver.Setup setup, Checkpoint c, Progress progress) {
        ThreadLocal<LineCheck> check = ThreadLocal.withInitial(() -> new LineCheck(request.puzzle(), setup.group()));
        long total = LineStore.countAtMost(c.lines());
        java.util.concurrent.atomic.AtomicLong checked = new java.util.concurrent.atomic.AtomicLong();
        long n = 0;
        try (OrderedChunks<String, String> chunks = new OrderedChunks<>("polycube-check", request.options().threads(),
                CHECK_CHUNK, chunk -> {
                    String problem = firstProblem(check.get(), chunk);
                    progress.at(checked.addAndGet(chunk.size()), total);
                    return problem;
                }, problem -> report(request, problem))) {
            for (String line : c.lines()) {
                chunks.add(line);
                n++;
            }
            chunks.finish();
        }
        return n;
    }

    /** The problem of the first bad line in {@code chunk}, or null. */
    private static String firstProblem(LineCheck check, List<String> chunk) {
        for (String line : chunk) {
            String problem = check.problem(line);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** Throws if a chunk's check found a bad line. */
    private static void report(RunRequest request, String problem) {
        if (problem != null) {
            throw new CheckpointException(request.checkpoint() + ": a saved solution is not a valid class of "
                    + request.puzzle().name() + " (" + problem + "); the checkpoint is damaged. Nothing was changed.");
        }
    }

    /** How many of the units {@code 0 .. units-1} are {@code which}. */
    static int units(int units, IntPredicate which) {
        int n = 0;
        for (int u = 0; u < units; u++) {
            n += which.test(u) ? 1 : 0;
        }
        return n;
    }

    private static int nextOpen(BitSet done, Part part, int units) {
        for (int u = 0; u < units; u++) {
            if (part.contains(u) && !done.get(u)) {
                return u;
            }
        }
        return units;
    }

    private static int nextDone(BitSet done, int from, int units) {
        int u = done.nextSetBit(from);
        return u >= 0 && u < units ? u : -1;
    }
}
