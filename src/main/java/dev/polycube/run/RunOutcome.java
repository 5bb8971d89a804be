package dev.polycube.run;

import dev.polycube.puzzle.Verdict;
import dev.polycube.solve.Solver;
import java.nio.file.Path;

/** How a run ended: stopped (by Ctrl-C, SIGTERM or its caller) or finished. */
public sealed interface RunOutcome permits RunOutcome.Stopped, RunOutcome.Finished {

    /**
     * The run was asked to stop; what it had done is saved.
     *
     * @param checkpoint     where it is saved (a resume continues from it), or null when the run kept none
     * @param unitsDone      units of this run's part finished, this run's and earlier ones
     * @param unitsInPart    units in this run's part
     * @param solutionsSoFar classes found in those units
     * @param unsaved        why nothing was saved, or null when {@code checkpoint} holds it
     */
    record Stopped(Path checkpoint, int unitsDone, int unitsInPart, long solutionsSoFar, Unsaved unsaved)
            implements RunOutcome {

        /** A stop whose work is in {@code checkpoint}. */
        static Stopped saved(Path checkpoint, int unitsDone, int unitsInPart, long solutionsSoFar) {
            return new Stopped(checkpoint, unitsDone, unitsInPart, solutionsSoFar, null);
        }

        /** A stop that saved nothing: a run of the same command starts over. */
        static Stopped unsaved(Unsaved why, int unitsDone, int unitsInPart) {
            return new Stopped(null, unitsDone, unitsInPart, -1, why);
        }

        /**
         * A resume stopped while it read or checked its checkpoint, before the run started: {@code checkpoint} is as it
         * was, and how much of it is done is not counted ({@link #beforeStart}).
         */
        static Stopped untouched(Path checkpoint) {
            return new Stopped(checkpoint, -1, -1, -1, null);
        }

        /** True for a resume stopped before its run started ({@link #untouched}): the unit and solution counts are not known. */
        public boolean beforeStart() {
            return unitsDone < 0;
        }
    }

    /** Why a stopped run saved nothing. */
    enum Unsaved {
        /** The caller asked for no checkpoint ({@code --no-checkpoint}). */
        NO_CHECKPOINT,
        /** A count without listing (the memo) keeps no checkpoint: its table is only worth anything whole. */
        MEMO_COUNT
    }

    /**
     * Every unit of the part ran, or the limit was reached: the catalog is written and the checkpoint gone.
     *
     * @param request   what was run
     * @param search    the solver's outcome (group, plan, nodes, seconds, stop reason)
     * @param solutions the number of classes in the catalog (a count without listing past 2^63: {@link Long#MAX_VALUE},
     *                  and {@link #count()} has it whole)
     * @param catalog   the catalog written, or null for a count-only run
     * @param cpuNanos  the process's CPU time during the search, or -1 where the platform does not say
     * @param verdict   the count held against the published one, or null (none published, a part or a limited run)
     * @param bigCount  a count without listing that passes 2^63, or null when {@code solutions} holds it
     */
    record Finished(RunRequest request, Solver.Outcome search, long solutions, Path catalog, long cpuNanos, Verdict verdict,
                    java.math.BigInteger bigCount) implements RunOutcome {

        public Finished(RunRequest request, Solver.Outcome search, long solutions, Path catalog, long cpuNanos, Verdict verdict) {
            this(request, search, solutions, catalog, cpuNanos, verdict, null);
        }

        /** The number of classes, whatever its size. */
        public java.math.BigInteger count() {
            return bigCount != null ? bigCount : java.math.BigInteger.valueOf(solutions);
        }

        public boolean limitReached() {
            return search.stopReason() == dev.polycube.engine.StopReason.LIMIT_REACHED;
        }
    }
}
