package dev.polycube.run;

import dev.polycube.catalog.LineCheck;
import dev.polycube.catalog.LineStore;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointException;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.UnitRanges;
import dev.polycube.engine.WorkPlan;
import dev.polycube.error.OptionException;
import dev.polycube.solve.Solver;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * Where a run starts: the units already done and their classes (from a checkpoint, each line validated
 * against the puzzle; a count's classes may be a number only, {@code carriedCount}), and the units this run
 * executes.
 */
record Start(String runId, String started, BitSet done, LineStore carried, long carriedCount, IntPredicate include, int inPart,
             int todo) {

    static Start of(RunRequest request, Solver.Setup setup, Supplier<String> fingerprint, Checkpoint resumed) {
        WorkPlan plan = setup.enumerator().plan();
        BitSet done = new BitSet(plan.size());
        LineStore carried = new LineStore(request.puzzle().target().boxVolume());
        String runId = Checkpoint.newRunId();
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        long carriedCount = 0;
        if (resumed != null) {
            validate(request, setup, fingerprint.get(), resumed, plan);
            runId = resumed.runId();
            started = resumed.started();
            done.or(resumed.done());
            carried.addAll(resumed.lines());
            carriedCount = resumed.counted();
        }
        BitSet before = (BitSet) done.clone(); // `done` grows during the run; the run's own units stay fixed
        Part part = request.part();
        if (part instanceof UnitRanges r && r.last() >= plan.size()) {
            throw new OptionException("--units " + r.ranges() + " reaches past the plan: " + request.puzzle().name()
                    + " has " + plan.size() + " work units, 0-" + (plan.size() - 1) + " (`polycube plan` shows them)");
        }
        IntPredicate include = u -> part.contains(u) && !before.get(u);
        int inPart = 0;
        int todo = 0;
        for (int u = 0; u < plan.size(); u++) {
            inPart += part.contains(u) ? 1 : 0;
            todo += include.test(u) ? 1 : 0;
        }
        return new Start(runId, started, done, carried, carriedCount, include, inPart, todo);
    }

    /** A checkpoint is trusted only for this exact run, and only with lines that are valid classes. */
    private static void validate(RunRequest request, Solver.Setup setup, String fingerprint, Checkpoint c, WorkPlan plan) {
        Path file = request.checkpoint();
        if (!c.fingerprint().equals(fingerprint) || c.units() != plan.size()) {
            throw new CheckpointException(file + " was made by another version of polycube or for another "
                    + "puzzle definition (fingerprint " + c.fingerprint() + ", this run " + fingerprint
                    + "); it cannot be continued here. Nothing was changed.");
        }
        LineCheck check = new LineCheck(request.puzzle(), setup.group());
        long n = 0;
        for (String line : c.lines()) {
            String problem = check.problem(line);
            if (problem != null) {
                throw new CheckpointException(file + ": a saved solution is not a valid class of "
                        + request.puzzle().name() + " (" + problem + "); the checkpoint is damaged. Nothing was changed.");
            }
            n++;
        }
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
