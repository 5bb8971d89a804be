package dev.polycube.run;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.LineStore;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointException;
import dev.polycube.checkpoint.CheckpointStore;
import dev.polycube.checkpoint.Fingerprint;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.RunSpec;
import dev.polycube.engine.Enumerator;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.StopReason;
import dev.polycube.engine.WorkPlan;
import dev.polycube.error.FileAccessException;
import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.files.AtomicFiles;
import dev.polycube.files.ExitCleanup;
import dev.polycube.files.PathInfo;
import dev.polycube.files.Progress;
import dev.polycube.files.RunLock;
import dev.polycube.files.SpillDirectory;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleException;
import dev.polycube.puzzle.PuzzleParser;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.puzzle.Verdict;
import dev.polycube.solve.MemoCount;
import dev.polycube.solve.Solver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A run's life, for {@code solve}, {@code resume} and whatever embeds the engine: the run lock, the
 * checkpoint (journal of finished units, periodic snapshots, a final snapshot when stopped), the part filter
 * (shard or unit ranges) and the catalog at the end. The search knows none of this; it is monitors and this
 * class. Nothing here prints: progress and warnings go to a {@link RunListener}, the end is a
 * {@link RunOutcome}.
 *
 * <p>A run goes: lock the checkpoint ({@link RunLock}) → check the files → {@link Start} (what is done
 * already, validated) → search under a {@link Journal} → stopped (the caller's {@link SearchControl} was
 * stopped: a last snapshot) or finished (catalog written, then the checkpoint removed). Every way out
 * releases the lock.
 */
public final class Runs {

    private Runs() {
    }

    /** A fresh run; refuses to start over an existing checkpoint. */
    @SuppressWarnings("try") // the lock and the spill directory are held for the run, not used in it
    public static RunOutcome solve(RunRequest request, RunListener listener, SearchControl control) throws IOException {
        checkFiles(request);
        Path ckpt = request.checkpoint();
        try (RunLock lock = ckpt == null ? null : RunLock.acquire(ckpt, "polycube solve " + request.puzzle().name());
             ExitCleanup.Hold spill = SpillDirectory.hold()) { // a stopped run reads its spilled lines to save
            if (ckpt != null && (PathInfo.existsNoFollow(ckpt) || PathInfo.existsNoFollow(CheckpointStore.journalOf(ckpt)))) {
                throw new OptionException("a checkpoint of an earlier run exists: " + ckpt + ". Continue it with "
                        + "`polycube resume " + ckpt + "`, or delete it (and " + CheckpointStore.journalOf(ckpt).getFileName()
                        + ") to start over.");
            }
            return run(request, null, listener, control);
        }
    }

    /** Continues the run a checkpoint describes, with the options it recorded. */
    public static RunOutcome resume(Path checkpoint, int threads, Duration checkpointEvery, RunListener listener,
                                    SearchControl control) throws IOException {
        return resume(checkpoint, threads, checkpointEvery, null, listener, control);
    }

    /**
     * As {@link #resume(Path, int, Duration, RunListener, SearchControl)}, writing {@code output} (when not null) instead
     * of the file the run was started to write (its disk full, say); the checkpoint then names the new file. A whole
     * count writes no file, and is refused one.
     */
    @SuppressWarnings("try") // the lock and the spill directory are held for the run, not used in it
    public static RunOutcome resume(Path checkpoint, int threads, Duration checkpointEvery, Path output, RunListener listener,
                                    SearchControl control) throws IOException {
        if (!PathInfo.isRegularFile(checkpoint)) {
            CheckpointStore.load(checkpoint); // says why (missing, not a file) without creating a lock beside it
        }
        try (RunLock lock = RunLock.acquire(checkpoint, "polycube resume " + checkpoint);
             ExitCleanup.Hold spill = SpillDirectory.hold()) {
            Checkpoint c;
            try (Progress reading = listener.reading(checkpoint)) {
                c = CheckpointStore.load(checkpoint, stoppable(reading, control));
            } catch (StoppedBeforeStart e) {
                return RunOutcome.Stopped.untouched(checkpoint);
            }
            RunSpec spec = c.spec();
            Puzzle puzzle;
            try {
                puzzle = PuzzleParser.parse(String.join("\n", spec.definition()), checkpoint + " (puzzle definition)", "puzzle");
            } catch (PuzzleException e) {
                throw new CheckpointException(checkpoint + ": the checkpoint's run description is damaged: " + e.getMessage());
            }
            Solver.Options options = Solver.Options.defaults().withSymmetry(spec.symmetry()).withThreads(threads)
                    .withLimit(spec.limit()).withCountOnly(spec.countOnly());
            if (output != null && spec.output() == null) {
                throw new OptionException(checkpoint + " is a whole count, which prints its number and writes no file: "
                        + "resume it without -o");
            }
            RunRequest request = new RunRequest(puzzle, options, spec.part(), output != null ? output : spec.output(), checkpoint,
                    checkpointEvery, spec.countOnly());
            checkFiles(request);
            return run(request, c, listener, control);
        }
    }

    /**
     * Refuses, before any work, outputs that cannot end well: a catalog path that is a device, a directory or
     * one of the run's own files (which the finished run would delete).
     */
    private static void checkFiles(RunRequest request) {
        Path output = request.writes();
        if (output != null) {
            AtomicFiles.destination(output);
        }
        Path ckpt = request.checkpoint();
        if (ckpt == null) {
            return;
        }
        AtomicFiles.requireRegularOrAbsent(ckpt, ckpt);
        if (output == null) {
            return;
        }
        for (Path own : List.of(ckpt, CheckpointStore.journalOf(ckpt), RunLock.fileFor(ckpt))) {
            if (PathInfo.sameFile(output, own)) {
                throw new OptionException("the catalog " + output + " would be the run's own file " + own
                        + " (checkpoint, journal or lock), which a finished run deletes; give -o a catalog name such as "
                        + "NAME.txt, or --checkpoint another path");
            }
        }
    }

    private static RunOutcome run(RunRequest request, Checkpoint resumed, RunListener listener, SearchControl control)
            throws IOException {
        SpillDirectory.sweepLeftovers();
        Solver.Setup setup = Solver.prepare(request.puzzle(), request.options());
        if (resumed == null && memoMayCount(request, setup)) {
            if (!request.part().isAll()) {
                if (memoDoesNotServe(request.puzzle(), request.symmetry(), setup) == null) {
                    listener.note("a part (--shard, --units) of a count is counted by search, unit by unit; run whole, this "
                            + "puzzle's count is first tried without listing, a sweep over its states that can be far faster "
                            + "(`polycube info` on the puzzle tries it)");
                }
            } else {
                RunOutcome counted = memoCount(request, setup, listener, control);
                if (counted != null) {
                    return counted;
                }
            }
        }
        WorkPlan plan = setup.enumerator().plan();
        Supplier<String> fingerprint = Fingerprint.onDemand(request.puzzle(), request.symmetry(), setup.searchGroup().mode(),
                request.options().limit(), plan);
        Start start;
        try (Progress checking = resumed == null ? Progress.NONE : listener.checking(request.checkpoint())) {
            start = Start.of(request, setup, fingerprint, resumed, stoppable(checking, control));
        } catch (StoppedBeforeStart e) {
            return RunOutcome.Stopped.untouched(request.checkpoint());
        }
        if (resumed != null && control.isStopped()) {
            return RunOutcome.Stopped.untouched(request.checkpoint()); // stopped as the check ended: nothing written yet
        }
        if (resumed != null) {
            // said once the saved lines are checked (the check, seconds for millions of them, has its own progress):
            // counting them before meant reading a spilled store once more
            Part part = request.part();
            listener.resuming(request.checkpoint(), Start.units(plan.size(), u -> part.contains(u) && resumed.done().get(u)),
                    Start.units(plan.size(), part::contains), start.carriedLines() + start.carriedCount());
        }
        Journal opened;
        try {
            opened = Journal.open(request, start, fingerprint, plan.size(), listener, resumed);
        } catch (FileAccessException e) {
            if (resumed == null) {
                throw e;
            }
            // a resume first rewrites the checkpoint whole (atomically: the old one stays until the new one is complete),
            // so a full disk there leaves the work where it was, and a checkpoint resumes from any directory
            throw new FileAccessException(e.getMessage() + "; " + request.checkpoint() + " and its journal are as they "
                    + "were: free some space there, or move both (" + request.checkpoint().getFileName() + ", "
                    + CheckpointStore.journalOf(request.checkpoint()).getFileName() + ") to a disk with room and resume "
                    + "from there", e);
        }
        try (Journal journal = opened) {
            try {
                return runJournaled(request, setup, listener, control, start, journal, fingerprint);
            } catch (FileAccessException e) {
                if (!journal.keepsCheckpoint()) {
                    // said, so that nobody frees the space and looks for a checkpoint to resume
                    throw new FileAccessException(e.getMessage() + "; this run kept no checkpoint (--no-checkpoint), so "
                            + "once that is fixed it starts over", e);
                }
                // the journal holds every unit finished before the failure (a disk full, a spill directory that
                // cannot be made, a catalog that cannot be written): say where the work is kept
                throw new FileAccessException(e.getMessage() + "; the units finished so far are kept in "
                        + request.checkpoint() + ": once that is fixed, `polycube resume " + request.checkpoint()
                        + "` goes on from them" + (request.writes() == null ? "" : " (add -o FILE to write "
                        + request.writes().getFileName() + " elsewhere)"), e);
            }
        }
    }

    /** Thrown out of a resume's reading or checking pass once the run is asked to stop: the checkpoint is left as it was. */
    private static final class StoppedBeforeStart extends RuntimeException {
        StoppedBeforeStart() {
            super("stopped before the run started", null, false, false);
        }
    }

    /**
     * {@code progress}, which also ends the pass it hears from once {@code control} is stopped (Ctrl-C while a checkpoint
     * of millions of classes is read: the pass went on to its end, then the next one failed as the JVM exited).
     */
    private static Progress stoppable(Progress progress, SearchControl control) {
        return new Progress() {
            @Override
            public void at(long done, long total) {
                if (control.isStopped()) {
                    throw new StoppedBeforeStart();
                }
                progress.at(done, total);
            }

            @Override
            public void close() {
                progress.close();
            }
        };
    }

    private static RunOutcome runJournaled(RunRequest request, Solver.Setup setup, RunListener listener,
                                           SearchControl control, Start start, Journal journal,
                                           Supplier<String> fingerprint) throws IOException {
        long cpu0 = cpuNanos();
        Solver.Run run = new Solver.Run(start.include(), start.carried(), start.carriedCount(), journal,
                (solutions, packings) -> listener.progress(solutions, packings, start.inPart() - start.todo(),
                        request.options().limit()), control, start.carriedLines());
        Solver.Outcome outcome = Solver.solve(setup, request.options(), run);
        journal.stopSnapshots();
        long cpu = cpu0 < 0 ? -1 : cpuNanos() - cpu0;
        if (outcome.stopReason() == StopReason.INTERRUPTED) {
            return stopped(request, journal, start.inPart());
        }
        return finished(request, outcome, journal, fingerprint, cpu, listener);
    }

    /**
     * Whether a whole run of this request may count without listing ({@link #countingWay} then decides): a count
     * without a limit; a count that keeps its lines for --stats' figures lists them, unless they are too many to list
     * (dense).
     */
    private static boolean memoMayCount(RunRequest request, Solver.Setup setup) {
        return request.countOnly() && request.options().limit() == Long.MAX_VALUE
                && (request.options().countOnly() || MemoCount.dense(request.puzzle()));
    }

    /**
     * How a whole count of {@code puzzle} under {@code mode} goes (the one decision, which {@code solve --count-only}
     * follows and {@code info} reports): by search where the memo does not serve (BurrTools' rule, whose classes
     * Burnside's lemma does not count; groups of pieces; many kinds of piece on a wide frontier); else the memo's
     * first sweep, a trial on a wide frontier, which counts the classes or gives up; a trial that gives up leaves the
     * count to the search when the search is short ({@link #HOPELESS_SEARCH}), else the memo gets all its memory.
     *
     * @throws MemoCount.Interrupted when {@code stop} goes up during the sweep or the search's estimate
     */
    public static CountingWay countingWay(Puzzle puzzle, SymmetryMode mode, Solver.Setup setup, BooleanSupplier stop,
                                          MemoCount.Progress progress, int threads) {
        String notServed = memoDoesNotServe(puzzle, mode, setup);
        if (notServed != null) {
            return new CountingWay.BySearch(notServed, false);
        }
        try {
            return new CountingWay.Counted(MemoCount.classes(puzzle, setup.group(), stop, progress, threads));
        } catch (MemoCount.TooBig e) {
            double search = e.trial() ? searchNodes(setup, stop) : 0; // all its memory ran out: nothing left to try
            return search >= HOPELESS_SEARCH ? new CountingWay.AllMemory(e.getMessage(), search)
                    : new CountingWay.BySearch(e.getMessage(), true);
        }
    }

    /** Why the memo does not count this puzzle under {@code mode} at all (then the count goes by search), or null when it may. */
    private static String memoDoesNotServe(Puzzle puzzle, SymmetryMode mode, Solver.Setup setup) {
        if (mode == SymmetryMode.BURRTOOLS) {
            return "the burrtools rule's classes are not counted by Burnside's lemma";
        }
        if (!puzzle.groups().isEmpty()) {
            return "the memo does not count groups of pieces";
        }
        if (!MemoCount.suits(puzzle, setup.enumerator().placements())) {
            return String.format("the memo pays for few kinds of piece, at most 3 or 4 copies a kind, or a frontier of at "
                    + "most %d cells; here %s, %s, a frontier of %d", MemoCount.MAX_FRONTIER,
                    Plural.count(puzzle.pieces().size(), "kind"), Plural.count(puzzle.copyCount(), "copy", "copies"),
                    MemoCount.frontier(puzzle, setup.enumerator().placements()));
        }
        return null;
    }

    /**
     * A count without listing ({@link MemoCount}: fixed-frame packings, classes by Burnside's lemma), as {@link
     * #countingWay} decides, or null when the count goes by search (the caller's way, as before).
     */
    private static RunOutcome memoCount(RunRequest request, Solver.Setup setup, RunListener listener, SearchControl control) {
        long cpu0 = cpuNanos();
        long t0 = System.nanoTime();
        MemoCount.Result r;
        MemoCount.Progress progress = listener.countProgress();
        try {
            CountingWay way = countingWay(request.puzzle(), request.symmetry(), setup, control::isStopped, progress,
                    request.options().threads());
            progress.finish();
            if (way instanceof CountingWay.BySearch bySearch) {
                if (bySearch.memoTried()) {
                    listener.note(bySearch.why() + "; counting by search");
                }
                return null;
            }
            if (way instanceof CountingWay.AllMemory allMemory) {
                listener.note(allMemory.trialEnded() + "; but the search would take " + searchSize(allMemory.searchNodes())
                        + ", so the memo gets all the memory it may use");
                progress = listener.countProgress();
                try {
                    r = MemoCount.classesWithAllMemory(request.puzzle(), setup.group(), control::isStopped, progress,
                            request.options().threads());
                } catch (MemoCount.TooBig e) {
                    progress.finish();
                    // said as a warning, not a note: a search this long does not end, and -q must not hide why
                    double nodes = allMemory.searchNodes();
                    listener.warning(e.getMessage() + "; counting by search, which would take " + searchSize(nodes)
                            + (nodes >= YEARS_OF_SEARCH ? " (years at any pace): out of reach here unless the memo's states fit in"
                                    + " more memory" : "") + " (Ctrl-C stops the search)");
                    return null;
                }
                progress.finish();
            } else {
                r = ((CountingWay.Counted) way).result();
            }
        } catch (MemoCount.Interrupted e) {
            progress.finish();
            return RunOutcome.Stopped.unsaved(RunOutcome.Unsaved.MEMO_COUNT, 0, setup.enumerator().plan().size());
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        listener.note(String.format(java.util.Locale.ROOT, "counted without listing: a sweep over the cells whose states are "
                + "(board, copies left), %,d states, at most %,d at once%s", r.states(), r.peak(), setup.group().size() == 1 ? ""
                : ", classes by Burnside's lemma over the " + setup.group().size() + " symmetries"));
        boolean fits = r.packings().bitLength() < 64;
        long count = fits ? r.packings().longValue() : Long.MAX_VALUE;
        Solver.Outcome outcome = new Solver.Outcome(request.puzzle(), setup.group(), setup.group(), setup.enumerator().plan(),
                new LineStore(request.puzzle().target().boxVolume()), r.states(), count, seconds, true, null, count, 0);
        long cpu = cpu0 < 0 ? -1 : cpuNanos() - cpu0;
        Verdict verdict = request.puzzle().verdict(request.symmetry(), r.packings());
        return new RunOutcome.Finished(request, outcome, count, null, cpu, verdict, fits ? null : r.packings());
    }

    /**
     * Nodes past which a count by search is worth a memo with all its memory first, when the memo's trial gave up:
     * minutes of search and more (2 - 10 M nodes a second a thread here), against at most the time the memo takes to
     * fill its memory before it gives up in turn (seconds to a minute). 18 L-tetracubes in 3x4x6, mirrored: a search of
     * some 2e10 nodes (40 - 80 minutes), the memo 5 - 16 s; the 25 Y-pentacubes' 1.4e7 nodes stay with the search.
     */
    public static final double HOPELESS_SEARCH = 1e9;

    /** Nodes a search does not get through in years (about 3 at this engine's 10 - 20 M nodes a second). */
    private static final double YEARS_OF_SEARCH = 1e15;
    /** How long the search's estimate may take (one random dive a unit, as {@code info} makes it). */
    private static final int ESTIMATE_SECONDS = 10;

    /**
     * The search's nodes, roughly ({@code plan}'s random dives in {@link Enumerator#ESTIMATE_UNITS} units spread over the plan):
     * infinite when they do not finish in {@link #ESTIMATE_SECONDS} (a search that deep does not finish either).
     *
     * @throws MemoCount.Interrupted when {@code stopped} goes up meanwhile
     */
    private static double searchNodes(Solver.Setup setup, BooleanSupplier stopped) {
        long deadline = System.nanoTime() + ESTIMATE_SECONDS * 1_000_000_000L;
        Double nodes = setup.enumerator().estimateNodes(Enumerator.ESTIMATE_UNITS, 1,
                () -> stopped.getAsBoolean() || System.nanoTime() > deadline);
        if (nodes == null && stopped.getAsBoolean()) {
            throw new MemoCount.Interrupted();
        }
        return nodes == null ? Double.POSITIVE_INFINITY : nodes;
    }

    /** {@link #searchNodes}' figure in words: "about 2.9e+10 nodes", or what an unfinished estimate tells. */
    public static String searchSize(double nodes) {
        return Double.isInfinite(nodes)
                ? "longer than its estimate could tell (its random dives did not finish in " + ESTIMATE_SECONDS + " s)"
                : String.format(java.util.Locale.ROOT, "about %.2g nodes", nodes);
    }

    /** Stopped: a last snapshot. */
    private static RunOutcome stopped(RunRequest request, Journal journal, int inPart) throws IOException {
        if (!journal.keepsCheckpoint()) {
            return RunOutcome.Stopped.unsaved(RunOutcome.Unsaved.NO_CHECKPOINT, journal.doneCount(request.part()), inPart);
        }
        long classes = journal.snapshot(); // counted as written: a spilled store is not read once more to say it
        return RunOutcome.Stopped.saved(request.checkpoint(), journal.doneCount(request.part()), inPart, classes);
    }

    /** All units done, or the limit reached: the catalog, then the checkpoint goes. */
    private static RunOutcome finished(RunRequest request, Solver.Outcome outcome, Journal journal,
                                       Supplier<String> fingerprint, long cpu, RunListener listener) throws IOException {
        LineStore all = outcome.store();
        Path target = request.writes();
        long total;
        if (target == null) {
            total = all.countUnique() + outcome.countedOnly();
        } else {
            Catalog header = NativeCatalog.of(request.puzzle(), request.symmetry(), List.of());
            if (!request.part().isAll()) {
                header = header.withPart(new Catalog.PartInfo(request.part().spec(), fingerprint.get(), outcome.plan().size()));
            }
            if (outcome.stopReason() == StopReason.LIMIT_REACHED) {
                header = header.withLimit(request.options().limit());
            }
            if (request.countOnly()) {
                header = header.asCount(); // a part of a count: its number, for merge to add
            }
            try (Progress writing = listener.writing(target)) {
                total = NativeCatalog.writeStore(target, header, request.puzzle(), all, outcome.countedOnly(), writing)
                        + outcome.countedOnly();
            }
        }
        journal.delete();
        Verdict verdict = outcome.complete() && request.part().isAll()
                ? request.puzzle().verdict(request.symmetry(), total) : null;
        return new RunOutcome.Finished(request, outcome, total, target, cpu, verdict);
    }

    /**
     * The process's CPU time so far, or -1 where the platform does not say. From the process handle (the kernel's
     * clock ticks, 10 ms on Linux: enough for a figure printed to a tenth of a second), not the management bean,
     * whose classes took 25 ms of every run's start to load (docs/PERFORMANCE.md, "picocli in the archive").
     */
    private static long cpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }
}
