package dev.polycube.solve;

import dev.polycube.catalog.LineStore;
import dev.polycube.engine.Enumerator;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleChecks;
import dev.polycube.solve.ClassCollector;
import dev.polycube.symmetry.SymmetryGroup;
import dev.polycube.symmetry.SymmetryMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * One enumeration from puzzle to sorted catalog lines: checks the puzzle, builds the symmetry group and
 * the engine, runs it with the caller's monitors plus a limit monitor, and collects the classes. No I/O.
 */
public final class Solver {

    /**
     * @param symmetry          which packings are identified
     * @param threads           worker threads (at least 1)
     * @param limit             stop after this many classes (Long.MAX_VALUE for all)
     * @param breakRootSymmetry pin one piece to one placement per orbit (off only to measure what it buys)
     * @param checkCover        the coverable-neighbour pruning (off only to measure what it buys)
     */
    public record Options(SymmetryMode symmetry, int threads, long limit, boolean breakRootSymmetry, boolean checkCover) {

        public static Options defaults() {
            return new Options(SymmetryMode.ROTATIONS, Runtime.getRuntime().availableProcessors(), Long.MAX_VALUE, true, true);
        }

        public Options withSymmetry(SymmetryMode s) {
            return new Options(s, threads, limit, breakRootSymmetry, checkCover);
        }

        public Options withThreads(int n) {
            return new Options(symmetry, n, limit, breakRootSymmetry, checkCover);
        }

        public Options withLimit(long n) {
            return new Options(symmetry, threads, n, breakRootSymmetry, checkCover);
        }

        public Options withPruning(boolean rootBreaking, boolean cover) {
            return new Options(symmetry, threads, limit, rootBreaking, cover);
        }
    }

    /**
     * What a solve produced.
     *
     * @param store      the canonical catalog lines (sorted and unique when read); may be partly on disk
     * @param complete   false when the run was stopped (limit reached, interrupted)
     * @param stopReason why it stopped early, or null
     */
    public record Outcome(Puzzle puzzle, SymmetryGroup group, WorkPlan plan, LineStore store,
                          long nodes, long foundPackings, double seconds, boolean complete, String stopReason) {

        /** The lines as a sorted list (for callers that know the catalog fits in memory). */
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            store.forEach(out::add);
            return out;
        }
    }

    /** Everything a run needs, built before it starts (so {@code info} can show it without running). */
    public record Setup(Puzzle puzzle, SymmetryGroup group, Enumerator enumerator) {
    }

    private Solver() {
    }

    public static Setup prepare(Puzzle puzzle, Options options) {
        SymmetryGroup group = SymmetryGroup.of(puzzle, options.symmetry());
        Enumerator enumerator = new Enumerator(puzzle, group, options.breakRootSymmetry(), options.checkCover());
        int[] perPiece = IntStream.range(0, puzzle.pieces().size()).map(enumerator.placements()::placements).toArray();
        PuzzleChecks.check(puzzle, perPiece);
        return new Setup(puzzle, group, enumerator);
    }

    /**
     * Builds the caller's monitor once the run's collector exists (progress shows its class count,
     * checkpoints read each finished unit's classes from it).
     */
    @FunctionalInterface
    public interface MonitorFactory {
        SearchMonitor create(ClassCollector collector);
    }

    public static Outcome solve(Puzzle puzzle, Options options) {
        return solve(prepare(puzzle, options), options, u -> true, collector -> SearchMonitor.NONE, new SearchControl());
    }

    /**
     * Runs the units accepted by {@code include} (a shard, or those a checkpoint has not finished).
     * {@link Outcome#lines()} holds the classes those units found.
     */
    public static Outcome solve(Setup setup, Options options, IntPredicate include, MonitorFactory monitors,
                                SearchControl control) {
        long start = System.nanoTime();
        WorkPlan plan = setup.enumerator().plan();
        ClassCollector collector = new ClassCollector(setup.puzzle(), setup.group(), plan.size());
        LimitMonitor limit = new LimitMonitor(collector, plan.size(), options.limit(), control, include);
        SearchMonitor monitor = monitors.create(collector);
        // without a limit, a finished unit's own list is dropped once every monitor has read it
        SearchMonitor release = options.limit() < Long.MAX_VALUE ? SearchMonitor.NONE : new SearchMonitor() {
            @Override
            public void onUnitDone(int unit, long nodes) {
                collector.release(unit);
            }
        };
        Enumerator.RunResult r = setup.enumerator().run(options.threads(), include, collector,
                SearchMonitor.all(limit, monitor, release), control);
        LineStore store;
        if (r.complete() && options.limit() == Long.MAX_VALUE) {
            store = collector.store();
        } else {
            List<Integer> units = r.complete() ? IntStream.range(0, plan.size()).filter(include).boxed().toList()
                    : limit.finishedPrefix();
            store = new LineStore(setup.puzzle().target().boxVolume());
            store.addAll(collector.classesOf(units, options.limit()));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Outcome(setup.puzzle(), setup.group(), plan, store, r.nodes(), collector.packings(), seconds,
                r.complete(), r.stopReason());
    }
}
