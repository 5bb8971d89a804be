package dev.polycube.solve;

import dev.polycube.catalog.LineStore;
import dev.polycube.engine.Enumerator;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.StopReason;
import dev.polycube.error.OptionException;
import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleChecks;
import dev.polycube.puzzle.PuzzleException;
import dev.polycube.solve.ClassCollector;
import dev.polycube.symmetry.SymmetryGroup;
import dev.polycube.puzzle.SymmetryMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
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
     * @param countOnly         the number of classes is wanted, not their lines: where each class has one owning
     *                          unit, none is canonicalized or kept ({@link Outcome#classesKept()} is the count)
     */
    public record Options(SymmetryMode symmetry, int threads, long limit, boolean breakRootSymmetry, boolean checkCover,
                          boolean countOnly) {

        public Options {
            OptionException.requireRange("--threads", threads, 1, Enumerator.MAX_THREADS);
            OptionException.requireRange("--limit", limit, 1, Long.MAX_VALUE);
        }

        public static Options defaults() {
            return new Options(SymmetryMode.ROTATIONS, defaultThreads(), Long.MAX_VALUE, true, true, false);
        }

        /** All cores, up to the most a run takes. */
        public static int defaultThreads() {
            return Math.min(Runtime.getRuntime().availableProcessors(), Enumerator.MAX_THREADS);
        }

        public Options withSymmetry(SymmetryMode s) {
            return new Options(s, threads, limit, breakRootSymmetry, checkCover, countOnly);
        }

        public Options withThreads(int n) {
            return new Options(symmetry, n, limit, breakRootSymmetry, checkCover, countOnly);
        }

        public Options withLimit(long n) {
            return new Options(symmetry, threads, n, breakRootSymmetry, checkCover, countOnly);
        }

        public Options withPruning(boolean rootBreaking, boolean cover) {
            return new Options(symmetry, threads, limit, rootBreaking, cover, countOnly);
        }

        public Options withCountOnly(boolean count) {
            return new Options(symmetry, threads, limit, breakRootSymmetry, checkCover, count);
        }

        public boolean limited() {
            return limit < Long.MAX_VALUE;
        }
    }

    /**
     * What a solve produced.
     *
     * @param searchGroup the group the search pinned pieces under ({@link Setup#searchGroup}): {@code group}, or a larger
     *                    one whose every class found stands for its images
     * @param store      the catalog lines (sorted and unique when read; may be partly on disk): every class of a
     *                   complete run, the first N of a limited one, carried-over lines included
     * @param complete   false when the run was stopped (limit reached, interrupted)
     * @param stopReason why it stopped early, or null
     * @param classesKept classes the units kept (carried-over ones included), counted as they were kept: the
     *                   catalog's line count when each class has one owner, an upper bound otherwise
     * @param countedOnly classes a count kept as a number only, not in {@code store} (0 unless
     *                    {@link Options#countOnly()}): the classes are the store's lines and these
     */
    public record Outcome(Puzzle puzzle, SymmetryGroup group, SymmetryGroup searchGroup, WorkPlan plan, LineStore store,
                          long nodes, long foundPackings, double seconds, boolean complete, StopReason stopReason,
                          long classesKept, long countedOnly) {

        /** True when the search ran under a larger group than the catalog's ({@link Setup#widened}). */
        public boolean widened() {
            return searchGroup != group;
        }

        /** The lines as a sorted list (for callers that know the catalog fits in memory). */
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            store.forEach(out::add);
            return out;
        }
    }

    /**
     * Everything a run needs, built before it starts (so {@code info} can show it without running).
     *
     * @param group       the catalog's group: which packings a line stands for
     * @param searchGroup the group the search pins pieces under: {@code group}, or a larger one the packings are
     *                    also closed under ({@link SymmetryGroup#forSearch}), each of whose classes the collector
     *                    turns into the catalog's
     */
    public record Setup(Puzzle puzzle, SymmetryGroup group, SymmetryGroup searchGroup, Enumerator enumerator) {

        /** True when the search runs under a larger group than the catalog's. */
        public boolean widened() {
            return searchGroup != group;
        }
    }

    private Solver() {
    }

    public static Setup prepare(Puzzle puzzle, Options options) {
        PuzzleChecks.checkCounts(puzzle);
        long heap = Runtime.getRuntime().maxMemory();
        long tables = Enumerator.estimateTableBytes(puzzle, heap);
        if (tables > heap / 10 * 7) {
            throw new PuzzleException(puzzle.origin() + ": its search tables would need at least " + (tables >> 20) + " MiB ("
                    + puzzle.target().describe() + ", " + puzzle.pieces().size() + " piece types), more than this run's memory ("
                    + (heap >> 20) + " MiB) holds; make the box smaller, or give Java more memory "
                    + "(POLYCUBE_JAVA_OPTS=-Xmx8g, say)");
        }
        SymmetryGroup group = SymmetryGroup.of(puzzle, options.symmetry());
        SymmetryGroup search = options.breakRootSymmetry() ? SymmetryGroup.forSearch(puzzle, group) : group;
        Enumerator enumerator = new Enumerator(puzzle, search, options.breakRootSymmetry(), options.checkCover());
        if (search != group && !enumerator.plan().pin().pinned()) {
            // nothing could be pinned (every piece optional, say): the larger group would buy nothing
            search = group;
            enumerator = new Enumerator(puzzle, group, options.breakRootSymmetry(), options.checkCover());
        }
        int[] perPiece = IntStream.range(0, puzzle.pieces().size()).map(enumerator.placements()::placements).toArray();
        PuzzleChecks.check(puzzle, perPiece);
        return new Setup(puzzle, group, search, enumerator);
    }

    /** Builds the caller's monitor once the run exists; {@code solutions} counts the classes found so far. */
    @FunctionalInterface
    public interface MonitorFactory {
        SearchMonitor create(LongSupplier solutions, LongSupplier packings);
    }

    /**
     * What a run starts from and reports to.
     *
     * @param carried      the classes of units finished earlier, as lines
     * @param carriedCount the classes of units finished earlier that a count kept as a number only
     * @param carriedLines how many distinct lines {@code carried} holds, or -1 when not known: a resumed run's store
     *                     of millions of checked lines, with its number, becomes the run's store as it is
     */
    public record Run(IntPredicate include, Iterable<String> carried, long carriedCount, UnitSink sink,
                      MonitorFactory monitors, SearchControl control, long carriedLines) {

        public Run(IntPredicate include, Iterable<String> carried, long carriedCount, UnitSink sink, MonitorFactory monitors,
                   SearchControl control) {
            this(include, carried, carriedCount, sink, monitors, control, -1);
        }

        /** A fresh run of every unit with no observers. */
        public static Run all() {
            return new Run(u -> true, java.util.List.of(), 0, UnitSink.NONE, (solutions, packings) -> SearchMonitor.NONE,
                    new SearchControl());
        }
    }

    public static Outcome solve(Puzzle puzzle, Options options) {
        return solve(prepare(puzzle, options), options, Run.all());
    }

    /**
     * Runs the units {@code run.include()} accepts (a shard, or those a checkpoint has not finished), on top
     * of the classes {@code run.carried()} from units finished earlier.
     */
    public static Outcome solve(Setup setup, Options options, Run run) {
        long start = System.nanoTime();
        WorkPlan plan = setup.enumerator().plan();
        int lineLength = setup.puzzle().target().boxVolume();
        ClassCollector collector = new ClassCollector(setup.puzzle(), setup.group(), setup.searchGroup(), plan, !options.limited(),
                options.countOnly());
        SearchMonitor committer;
        LimitMonitor limit = null;
        LongSupplier solutions;
        if (options.limited()) {
            limit = new LimitMonitor(collector, plan.size(), options.limit(), run.control(), run.include(), run.carried(),
                    run.sink(), lineLength);
            committer = limit;
            LimitMonitor l = limit;
            solutions = () -> l.kept().approximateSize();
        } else {
            collector.carry(run.carried(), run.carriedLines());
            collector.carryCount(run.carriedCount());
            committer = new SearchMonitor() {
                @Override
                public void onUnitDone(int unit, long nodes) {
                    collector.handOver(unit, run.sink());
                }
            };
            solutions = collector::size;
        }
        run.sink().storesIn(limit != null ? limit.kept() : collector.store());
        SearchMonitor monitor = run.monitors().create(solutions, collector::packings);
        // a limited run keeps the first N by unit, so it runs the units in plan order; the others take a sample first,
        // then chunks
        Enumerator.RunResult r = setup.enumerator().run(options.threads(), run.include(), collector,
                SearchMonitor.all(committer, monitor), run.control(), limit == null);
        LineStore store = limit != null ? limit.kept() : collector.store();
        double seconds = (System.nanoTime() - start) / 1e9;
        // every unit done is not a whole catalog when the limit cut it; a limit reached on the very last class is
        boolean cut = limit != null && limit.cut();
        boolean complete = r.complete() && !cut;
        StopReason reason = complete && r.stopReason() == StopReason.LIMIT_REACHED ? null : r.stopReason();
        return new Outcome(setup.puzzle(), setup.group(), setup.searchGroup(), plan, store, r.nodes(), collector.packings(), seconds,
                complete, reason, solutions.getAsLong(), collector.countedOnly());
    }
}
