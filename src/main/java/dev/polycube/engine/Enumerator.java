package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.SymmetryGroup;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * Enumerates every packing of a puzzle that the symmetry reduction needs, in parallel.
 *
 * <p>Root symmetry breaking ({@link RootPins}): a piece, the piece on one cell or the pieces on an orbit of cells
 * are pinned to one representative per orbit, whichever meets a class of packings the fewest times; this is what
 * keeps the search from finding all 24 rotated copies of each Bedlam solution.
 *
 * <p>The search below the roots is split breadth-first into about {@value #TARGET_UNITS} work units
 * (subtree prefixes) that the workers take in shrinking contiguous chunks ({@link UnitClaims}).
 */
public final class Enumerator {

    static final int TARGET_UNITS = 4096;
    /** With a sample first, every this-many-th unit to run is in it ({@link #run(int, IntPredicate, SolutionSink, SearchMonitor, SearchControl, boolean)}). */
    public static final int SAMPLE_STRIDE = 32;
    /** The seed of the sample's shuffle ({@code sampleFirst}): any fixed number; fixed, so a run's order is repeatable. */
    private static final long SAMPLE_SEED = 0x5EED_0F_5A3B1EL;
    /** Runs of fewer units take no sample (they are short, or their units too few for a mean to say much). */
    static final int SAMPLE_MIN = 1024;
    /** How long a run goes before it estimates its nodes for a monitor that wants it ({@link SearchMonitor#onEstimate}). */
    public static final int ESTIMATE_AFTER_SECONDS = 5;
    /** Units a run's estimate of its nodes dives into, one dive each: milliseconds, and enough for its order of magnitude. */
    public static final int ESTIMATE_UNITS = 512;
    /** The most worker threads a run takes (far beyond any useful count; the CLI checks it first). */
    public static final int MAX_THREADS = 1024;
    /**
     * How deep the split may go to reach {@link #TARGET_UNITS}. Deep enough for narrow puzzles: 45 I-trominoes in
     * 3x3x15 have 264 units at depth 8 (their 29.7 M classes, held by a unit until it ends, ran out of the 1 GiB
     * heap) and 5,988 at 16; every built-in and example reaches its units above depth 8.
     */
    private static final int MAX_SPLIT_DEPTH = 32;
    /** How long a run that ends waits for its stopped workers (they poll every few thousand nodes: milliseconds). */
    private static final int WORKER_STOP_SECONDS = 30;

    private final Puzzle puzzle;
    private final SymmetryGroup group;
    private final PlacementSet placements;
    private final Engine engine;
    private final WorkPlan plan;

    public Enumerator(Puzzle puzzle, SymmetryGroup group) {
        this(puzzle, group, true, true);
    }

    /** With switches for the benchmark's "what does each idea buy" rows. */
    public Enumerator(Puzzle puzzle, SymmetryGroup group, boolean breakRootSymmetry, boolean checkCover) {
        this(puzzle, group, breakRootSymmetry, checkCover, null);
    }

    /** {@code branching} null: the puzzle's own ({@link Branching#of}); else that search (tests compare the two). */
    Enumerator(Puzzle puzzle, SymmetryGroup group, boolean breakRootSymmetry, boolean checkCover, Branching branching) {
        this.puzzle = puzzle;
        this.group = group.unconditional(); // root symmetry breaking may use only these
        this.placements = PlacementSet.of(puzzle);
        this.engine = Engine.of(puzzle, placements, checkCover, branching);
        int[] fixed = fixedPrefix();
        this.plan = split(fixed.length > 0 ? RootPins.Roots.unpinned(fixed)
                : breakRootSymmetry ? new RootPins(puzzle, this.group, placements).choose() : RootPins.Roots.unpinned(new int[0]));
    }

    public PlacementSet placements() {
        return placements;
    }

    /** How big the search's tables are: words per board, list entries, words per entry, bytes in all. */
    public record TableSize(int words, long entries, int span, long bytes) {
    }

    /**
     * A lower bound of the search tables' size from the puzzle alone, before a placement is built, so that a
     * puzzle whose tables cannot fit is refused with the figure instead of running out of memory while they
     * are built: the list starts, about 1.8 KB per box cell, and one list entry of {@code 8K + 24} bytes per
     * placement (each orientation at each position where all its cells are target cells: counted, not
     * built), K the widest placement's span in words (docs/design.md, "Limits and what they cost"). The
     * real tables hold each placement in several lists, so they are larger. Stops counting once the bound
     * passes {@code enough}; a piece so large that checking its cells at every position would take long is
     * counted by its extent alone.
     */
    public static long estimateTableBytes(dev.polycube.puzzle.Puzzle puzzle, long enough) {
        var t = puzzle.target();
        int x = t.sizeX();
        int y = t.sizeY();
        int z = t.sizeZ();
        long starts = (long) x * y * z * 1_800;
        if (starts > enough) {
            return starts;
        }
        long placements = 0;
        long widest = 1;
        for (var p : puzzle.pieces()) {
            for (var o : p.shape().orientations(puzzle.turns())) {
                var e = o.extent();
                int[] offsets = new int[o.size()];
                int k = 0;
                for (var c : o.cells()) {
                    offsets[k++] = c.x() + x * (c.y() + y * c.z());
                }
                long fits = 0; // positions whose cells are all target cells
                long positions = (long) Math.max(0, x - e.x() + 1) * Math.max(0, y - e.y() + 1) * Math.max(0, z - e.z() + 1);
                boolean check = positions * o.size() <= 200_000_000L; // else count by extent alone (huge pieces)
                for (int oz = 0; oz + e.z() <= z; oz++) {
                    for (int oy = 0; oy + e.y() <= y; oy++) {
                        for (int ox = 0; ox + e.x() <= x; ox++) {
                            int base = ox + x * (oy + y * oz);
                            boolean in = true;
                            for (int j = 0; check && j < offsets.length; j++) {
                                int off = offsets[j];
                                if (!t.containsIndex(base + off)) {
                                    in = false;
                                    break;
                                }
                            }
                            fits += in ? 1 : 0;
                        }
                    }
                }
                if (fits > 0) {
                    placements += fits;
                    if (starts + placements * 32 > enough) {
                        return starts + placements * 32;
                    }
                    widest = Math.max(widest, ((e.z() - 1L) * x * y + (e.y() - 1L) * x + e.x()) / 64 + 2);
                }
            }
        }
        return (long) x * y * z * 1_800 + placements * (8 * widest + 24);
    }

    public TableSize tableSize() {
        return engine.tableSize();
    }

    /** Which search runs below the work units (the units are the same either way). */
    public Branching branching() {
        return engine.branching();
    }

    public WorkPlan plan() {
        return plan;
    }

    /** Engine placement id → index in {@link #placements()}. */
    public int placementIndex(int enginePlacement) {
        return engine.toSetIndex(enginePlacement);
    }

    /** The engine ids of the puzzle's pre-placed pieces (the prefix every unit starts with). */
    private int[] fixedPrefix() {
        List<Puzzle.FixedPiece> fixed = puzzle.fixed();
        int[] out = new int[fixed.size()];
        for (int i = 0; i < out.length; i++) {
            Puzzle.FixedPiece f = fixed.get(i);
            int[] cells = f.cells().stream().mapToInt(puzzle.target()::index).toArray();
            int k = placements.find(f.piece(), cells);
            if (k < 0) {
                throw new dev.polycube.puzzle.PuzzleException(puzzle.origin() + ": fixed piece "
                        + puzzle.pieces().get(f.piece()).name() + " " + f.cells() + " is not a placement in the target");
            }
            out[i] = k;
        }
        return out;
    }

    /**
     * Expands the roots level by level until there are enough units. The rule uses the puzzle alone, so
     * that no change to the engine's pruning or placement numbering changes the units (and invalidates
     * checkpoints and shards): a prefix grows at its first target cell (box order) that must be covered and
     * is not, by every placement covering it; when every such cell is covered, at its first optional cell
     * that is neither covered nor left empty, by leaving it empty, then by every placement whose lowest cell
     * it is. Only placements whose cells are free and whose piece (and group) has a copy left, ordered by
     * piece type and then by cells. No dead-end test: a unit that cannot be completed is found empty when
     * it runs.
     */
    private WorkPlan split(RootPins.Roots roots) {
        List<PlacementSet.Placement> all = placements.all();
        dev.polycube.puzzle.Target t = puzzle.target();
        List<List<Integer>> byLowest = new ArrayList<>();
        List<List<Integer>> covering = new ArrayList<>();
        for (int c = 0; c < t.boxVolume(); c++) {
            byLowest.add(new ArrayList<>());
            covering.add(new ArrayList<>());
        }
        for (int i = 0; i < all.size(); i++) {
            byLowest.get(all.get(i).cells()[0]).add(i);
            for (int c : all.get(i).cells()) {
                covering.get(c).add(i);
            }
        }
        List<List<Integer>> lists = new ArrayList<>(byLowest);
        lists.addAll(covering);
        for (List<Integer> list : lists) {
            list.sort((a, b) -> all.get(a).piece() != all.get(b).piece()
                    ? Integer.compare(all.get(a).piece(), all.get(b).piece())
                    : java.util.Arrays.compare(all.get(a).cells(), all.get(b).cells()));
        }
        long looked = 0;
        List<int[]> level = roots.prefixes();
        int[] levelRoots = IntStream.range(0, level.size()).toArray(); // which root each prefix grew from
        for (int depth = 0; depth < MAX_SPLIT_DEPTH && level.size() < TARGET_UNITS; depth++) {
            List<int[]> next = new ArrayList<>();
            IntArrayList nextRoots = new IntArrayList();
            boolean grew = false;
            for (int u = 0; u < level.size(); u++) {
                int[] prefix = level.get(u);
                PrefixState state = new PrefixState(prefix);
                int c = state.firstOpenCell();
                if (c < 0) {
                    next.add(prefix);
                    nextRoots.add(levelRoots[u]);
                    continue;
                }
                boolean optional = t.isOptional(c);
                if (optional) {
                    next.add(extend(prefix, -1 - c));
                    nextRoots.add(levelRoots[u]);
                }
                for (int i : optional ? byLowest.get(c) : covering.get(c)) {
                    looked++;
                    if (state.fits(all.get(i))) {
                        next.add(extend(prefix, i));
                        nextRoots.add(levelRoots[u]);
                    }
                }
                grew = true;
            }
            level = next;
            levelRoots = nextRoots.toIntArray();
            if (!grew) {
                break;
            }
        }
        return new WorkPlan(level, levelRoots, placements, roots.piece(), roots.orbits(), roots.placements(), looked,
                roots.pin());
    }

    private static int[] extend(int[] prefix, int step) {
        int[] longer = java.util.Arrays.copyOf(prefix, prefix.length + 1);
        longer[prefix.length] = step;
        return longer;
    }

    /** The cells a prefix settles and the copies it uses: what {@link #split} asks of it. */
    private final class PrefixState {
        private final BitSet settled = new BitSet();
        private final int[] used = new int[puzzle.pieces().size()];
        private final int[] groupUsed = new int[puzzle.groups().size()];

        PrefixState(int[] prefix) {
            for (int s : prefix) {
                if (s < 0) {
                    settled.set(-1 - s);
                    continue;
                }
                PlacementSet.Placement p = placements.all().get(s);
                for (int c : p.cells()) {
                    settled.set(c);
                }
                used[p.piece()]++;
                for (int g = 0; g < groupUsed.length; g++) {
                    groupUsed[g] += puzzle.groups().get(g).pieces().contains(p.piece()) ? 1 : 0;
                }
            }
        }

        /** The lowest target cell that must be covered and is not, else the lowest open optional cell, or -1. */
        int firstOpenCell() {
            dev.polycube.puzzle.Target t = puzzle.target();
            int optional = -1;
            for (int c = settled.nextClearBit(0); c < t.boxVolume(); c = settled.nextClearBit(c + 1)) {
                if (t.containsIndex(c)) {
                    if (!t.isOptional(c)) {
                        return c;
                    }
                    optional = optional < 0 ? c : optional;
                }
            }
            return optional < 0 || allPlaced() ? -1 : optional;
        }

        /** True when every copy of every piece is placed (the optional cells still open stay empty). */
        private boolean allPlaced() {
            for (int p = 0; p < used.length; p++) {
                if (used[p] < puzzle.pieces().get(p).count()) {
                    return false;
                }
            }
            return true;
        }

        boolean fits(PlacementSet.Placement p) {
            if (used[p.piece()] >= puzzle.pieces().get(p.piece()).count()) {
                return false;
            }
            for (int g = 0; g < groupUsed.length; g++) {
                Puzzle.Group group = puzzle.groups().get(g);
                if (group.pieces().contains(p.piece()) && groupUsed[g] >= group.max()) {
                    return false;
                }
            }
            for (int c : p.cells()) {
                if (settled.get(c)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Unit {@code u}'s prefix in the engine's placement ids. */
    private int[] enginePrefix(int u) {
        int[] unit = plan.units().get(u).clone();
        for (int k = 0; k < unit.length; k++) {
            if (unit[k] >= 0) {
                unit[k] = engine.fromSetIndex(unit[k]);
            }
        }
        return unit;
    }

    /**
     * A cheap estimate of each unit's work, for cutting a run into pieces a scheduler can balance: Knuth's
     * estimator (1975). A random dive from the unit's prefix picks one child at each level; the running
     * product of the branching factors, summed over the levels, is an unbiased estimate of the subtree's
     * node count. The mean over {@code probes} dives, seeded per unit, so the same plan comes out every time.
     * Cost: about {@code probes} times the depth in node expansions per unit, far below the search itself.
     *
     * @param progress told the number of units estimated so far, now and then
     */
    public double[] estimateWork(int probes, long seed, java.util.function.IntConsumer progress) {
        return estimateWork(probes, seed, progress, () -> false);
    }

    /** {@link #estimateWork(int, long, java.util.function.IntConsumer)}, or null once {@code stop} says so (asked at every step). */
    public double[] estimateWork(int probes, long seed, java.util.function.IntConsumer progress,
                                 java.util.function.BooleanSupplier stop) {
        return estimateUnits(IntStream.range(0, plan.size()).toArray(), probes, seed, progress, stop);
    }

    /**
     * The whole search's nodes, roughly, from one random dive in each of at most {@code sample} units spread evenly over
     * the plan (each standing for the units up to the next): enough to tell a search of seconds from one of years
     * cheaply, not to plan by. Deterministic for a seed; null once {@code stop} says so.
     */
    public Double estimateNodes(int sample, long seed, java.util.function.BooleanSupplier stop) {
        return estimateNodes(IntStream.range(0, plan.size()).toArray(), sample, seed, stop);
    }

    /** {@link #estimateNodes(int, long, java.util.function.BooleanSupplier)} of the units {@code ids} only. */
    private Double estimateNodes(int[] ids, int sample, long seed, java.util.function.BooleanSupplier stop) {
        double step = Math.max(1.0, (double) ids.length / sample);
        IntArrayList picked = new IntArrayList();
        for (double at = 0; at < ids.length; at += step) {
            picked.add(ids[(int) at]);
        }
        double[] dives = estimateUnits(picked.toIntArray(), 1, seed, u -> { }, stop);
        if (dives == null) {
            return null;
        }
        double nodes = 0;
        for (double d : dives) {
            nodes += d * step;
        }
        return nodes;
    }

    /** Knuth's estimate of each of {@code units}' subtrees ({@link #estimateWork}), in their order; null once {@code stop} says so. */
    private double[] estimateUnits(int[] units, int probes, long seed, java.util.function.IntConsumer progress,
                                   java.util.function.BooleanSupplier stop) {
        Engine.Search search = engine.newSearch((u, c, p) -> { }, new SearchControl(), SearchMonitor.NONE);
        double[] estimate = new double[units.length];
        for (int i = 0; i < units.length; i++) {
            int u = units[i];
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed * 0x9E3779B97F4A7C15L + u);
            double sum = 0;
            for (int k = 0; k < probes; k++) {
                double nodes = search.dive(enginePrefix(u), random, stop);
                if (nodes < 0) {
                    return null;
                }
                sum += nodes;
            }
            estimate[i] = sum / probes;
            if ((i & 255) == 0) {
                progress.accept(i);
            }
        }
        return estimate;
    }

    /** What a run did; {@code nodes} includes the split phase's. */
    public record RunResult(long nodes, BitSet unitsDone, boolean complete, StopReason stopReason) {
    }

    /**
     * Runs the units accepted by {@code include} on {@code threads} threads.
     *
     * @return nodes expanded and which units finished (all of the included ones unless stopped)
     */
    public RunResult run(int threads, IntPredicate include, SolutionSink sink, SearchMonitor monitor, SearchControl control) {
        return run(threads, include, sink, monitor, control, false);
    }

    /**
     * {@link #run}, and with {@code anyOrder} the units may run in any order, which buys two things. Every {@value
     * #SAMPLE_STRIDE}th of the units to run goes first (when there are at least {@value #SAMPLE_MIN} of them), then
     * the rest in plan order: the units done early are then a spread sample, whose mean size estimates the run's work
     * ({@link SearchMonitor#onSample}), where plan order alone puts the big subtrees first (the one-sided 9x10
     * pentominoes' first units said 20 hours for a run of less than two); the rest keep plan order, biggest first, so
     * the run still ends on small units. And the workers take the units in contiguous chunks ({@link UnitClaims}).
     * The order changes nothing in what is found. Without {@code anyOrder} the workers take one unit at a time in
     * plan order: a limited run keeps the first N packings by unit.
     */
    public RunResult run(int threads, IntPredicate include, SolutionSink sink, SearchMonitor monitor, SearchControl control,
                         boolean anyOrder) {
        int[] inPlan = java.util.stream.IntStream.range(0, plan.size()).filter(include).toArray();
        BitSet done = new BitSet(plan.size());
        AtomicLong nodes = new AtomicLong();
        monitor.onStart(plan, inPlan.length);
        int[] ids = anyOrder ? sampleFirst(inPlan, monitor) : inPlan;
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1.." + MAX_THREADS + ", got " + threads);
        }
        int workers = threads;
        ForkJoinPool pool = new ForkJoinPool(workers);
        UnitClaims claims = new UnitClaims(ids, workers, anyOrder);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean over = new AtomicBoolean();
        Thread estimator = monitor.wantsEstimate() ? estimator(inPlan, monitor, control, over) : null;
        try {
            List<ForkJoinTask<?>> tasks = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                tasks.add(pool.submit(() -> work(claims.worker(), sink, monitor, control, done, nodes, failure)));
            }
            for (ForkJoinTask<?> task : tasks) {
                task.join();
            }
            rethrow(failure.get());
        } catch (RuntimeException | Error e) {
            control.stop(StopReason.FAILED);
            throw e;
        } finally {
            over.set(true);
            if (estimator != null) {
                estimator.interrupt();
            }
            pool.shutdownNow();
            awaitWorkers(pool);
        }
        boolean complete = !control.isStopped() || done.cardinality() == ids.length;
        monitor.onFinish(complete);
        return new RunResult(nodes.get() + plan.splitNodes(), done, complete, control.stopReason());
    }

    /**
     * A daemon thread that, once the run has gone on for {@link #ESTIMATE_AFTER_SECONDS}, estimates the nodes of the
     * units {@code ids} by random dives and tells {@code monitor}; it gives up as soon as the run is {@code over} or
     * stopped. Off the workers' path: the search itself neither waits for it nor knows of it.
     */
    private Thread estimator(int[] ids, SearchMonitor monitor, SearchControl control,
                             AtomicBoolean over) {
        java.util.function.BooleanSupplier stop = () -> over.get() || control.isStopped();
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(ESTIMATE_AFTER_SECONDS * 1000L);
            } catch (InterruptedException e) {
                return; // the run ended first
            }
            try {
                Double nodes = stop.getAsBoolean() ? null : estimateNodes(ids, ESTIMATE_UNITS, 1, stop);
                if (nodes != null && !stop.getAsBoolean()) {
                    monitor.onEstimate(nodes);
                }
            } catch (RuntimeException | OutOfMemoryError e) {
                // a courtesy to the progress line, not part of the run: without it the line says "ETA ?" as before
            }
        }, "polycube-estimate");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Waits (a bounded while) for the workers to return, when the caller's wait ended by a throw of its own (an
     * interrupt). A worker that fails keeps its error for the caller, stops the others and returns; the others return
     * at their next poll and tell the sink their units are unfinished, so an {@link OutOfMemoryError} reaches the
     * caller with the heap freed of what those units held (its report once ran out of memory too: TrustIT).
     */
    private static void awaitWorkers(ForkJoinPool pool) {
        try {
            pool.awaitTermination(WORKER_STOP_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The units to run with every {@value #SAMPLE_STRIDE}th first (when there are enough), told to the monitor. The
     * sample itself goes in a shuffled order (seeded: the same every run), so that its first units done are a fair
     * draw of it: in plan order they were its biggest, and the one-sided 9x10's estimate grew from 49 minutes to 2 h 48
     * in the first minute of a count that takes under an hour.
     */
    private int[] sampleFirst(int[] ids, SearchMonitor monitor) {
        if (ids.length < SAMPLE_MIN) {
            return ids;
        }
        BitSet sample = new BitSet(plan.size());
        int[] ordered = new int[ids.length];
        int k = 0;
        for (int i = 0; i < ids.length; i += SAMPLE_STRIDE) {
            ordered[k++] = ids[i];
            sample.set(ids[i]);
        }
        int sampleSize = k;
        java.util.SplittableRandom shuffle = new java.util.SplittableRandom(SAMPLE_SEED);
        for (int i = sampleSize - 1; i > 0; i--) {
            int j = shuffle.nextInt(i + 1);
            int t = ordered[i];
            ordered[i] = ordered[j];
            ordered[j] = t;
        }
        for (int i = 0; i < ids.length; i++) {
            if (i % SAMPLE_STRIDE != 0) {
                ordered[k++] = ids[i];
            }
        }
        monitor.onSample(sample::get, sampleSize);
        return ordered;
    }

    /**
     * One worker: takes the next units not yet taken ({@link UnitClaims}) until none is left (the units are small
     * and many, so this balances the load to the end as well as work stealing would), with one search object for
     * all its units. Long-lived workers also keep the JIT from compiling the search into every task frame.
     */
    private void work(UnitClaims.Worker claims, SolutionSink sink, SearchMonitor monitor, SearchControl control,
                      BitSet done, AtomicLong nodes, AtomicReference<Throwable> failure) {
        Engine.Search search = engine.newSearch(sink, control, monitor);
        for (int unit = claims.next(); unit >= 0 && !control.isStopped(); unit = claims.next()) {
            try {
                long n = search.run(unit, enginePrefix(unit));
                nodes.addAndGet(n);
                synchronized (done) {
                    done.set(unit);
                }
                monitor.onUnitDone(unit, n);
            } catch (SearchCore.Stop stopped) {
                sink.unfinished(unit);
                return; // the unit stays unfinished; a resumed run redoes it
            } catch (RuntimeException | Error e) {
                sink.unfinished(unit);
                // kept, not thrown: a task that ends by throwing makes the pool record the exception, which allocates,
                // and after an OutOfMemoryError that record failed too, the task never completed and join() waited
                // for ever (G1, a worker's unit holding the heap); the caller rethrows it once every worker is back
                failure.compareAndSet(null, e);
                control.stop(StopReason.FAILED); // the other workers stop too, at their next poll
                return;
            }
        }
    }

    /** Throws {@code failure} (a worker's), when there is one, as it was thrown. */
    private static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }
}
