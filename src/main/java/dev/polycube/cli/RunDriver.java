package dev.polycube.cli;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.LineCheck;
import dev.polycube.catalog.LineStore;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointException;
import dev.polycube.checkpoint.CheckpointStore;
import dev.polycube.checkpoint.Fingerprint;
import dev.polycube.checkpoint.RunSpec;
import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.UnitRanges;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.StopReason;
import dev.polycube.engine.WorkPlan;
import dev.polycube.error.OptionException;
import dev.polycube.files.AtomicFiles;
import dev.polycube.files.RunLock;
import dev.polycube.files.SpillDirectory;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleException;
import dev.polycube.puzzle.PuzzleParser;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.solve.Solver;
import dev.polycube.symmetry.SymmetryMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * Runs an enumeration for {@code solve} and {@code resume}: the run lock, the checkpoint (journal of
 * finished units, periodic snapshots, a final snapshot on Ctrl-C / SIGTERM), progress, the part filter (shard or unit ranges),
 * and the catalog at the end. The search itself knows none of this; it is all monitors and this driver.
 *
 * <p>A run goes: lock the checkpoint ({@link RunLock}) → check the files → {@link Start} (what is done
 * already, validated) → search under a {@link Journal} and an {@link Interrupts} hook → one of two endings,
 * {@link #stopped} (interrupted: snapshot, say how to resume) or {@link #finished} (catalog written, then
 * the checkpoint removed). Every way out of the search releases the hook and the lock.
 */
final class RunDriver {

    /** What to run and where to put it. */
    record Job(Puzzle puzzle, SymmetryMode symmetry, Solver.Options options, Part part, Path output,
               Path checkpoint, Duration checkpointEvery, boolean countOnly, boolean quiet, boolean stats) {

        RunSpec spec() {
            return new RunSpec(PuzzleWriter.lines(puzzle), symmetry.id(), output, part, options.limit());
        }
    }

    private RunDriver() {
    }

    /** {@code solve}: a fresh run; refuses to start over an existing checkpoint. */
    @SuppressWarnings("try") // the lock and the hook are held for the block's lifetime, not used in it
    static int solve(PrintWriter out, Job job) throws IOException {
        checkFiles(job);
        SearchControl control = new SearchControl();
        // closed in reverse order: the lock goes before a waiting shutdown hook lets the JVM exit
        try (Interrupts interrupts = Interrupts.install(control);
             RunLock lock = job.checkpoint() == null ? null
                : RunLock.acquire(job.checkpoint(), "polycube solve " + job.puzzle().name())) {
            Path ckpt = job.checkpoint();
            if (ckpt != null && (Files.exists(ckpt, LinkOption.NOFOLLOW_LINKS)
                    || Files.exists(CheckpointStore.journalOf(ckpt), LinkOption.NOFOLLOW_LINKS))) {
                throw new OptionException("a checkpoint of an earlier run exists: " + ckpt + ". Continue it with "
                        + "`polycube resume " + ckpt + "`, or delete it (and " + CheckpointStore.journalOf(ckpt).getFileName()
                        + ") to start over.");
            }
            return run(out, job, null, control);
        }
    }

    /** {@code resume}: continues the run a checkpoint describes, with the options it recorded. */
    @SuppressWarnings("try") // the lock and the hook are held for the block's lifetime, not used in it
    static int resume(PrintWriter out, Path file, int threads, Duration every, boolean quiet, boolean stats) throws IOException {
        if (!Files.isRegularFile(file)) {
            CheckpointStore.load(file); // says why (missing, not a file) without creating a lock beside it
        }
        SearchControl control = new SearchControl();
        try (Interrupts interrupts = Interrupts.install(control);
             RunLock lock = RunLock.acquire(file, "polycube resume " + file)) {
            Checkpoint c = CheckpointStore.load(file);
            RunSpec spec = c.spec();
            Puzzle puzzle;
            SymmetryMode mode;
            try {
                puzzle = PuzzleParser.parse(String.join("\n", spec.definition()), file + " (puzzle definition)", "puzzle");
                mode = SymmetryMode.parse(spec.symmetry());
            } catch (PuzzleException | OptionException e) {
                throw new CheckpointException(file + ": the checkpoint's run description is damaged: " + e.getMessage());
            }
            Solver.Options options = Solver.Options.defaults().withSymmetry(mode).withThreads(threads).withLimit(spec.limit());
            Job job = new Job(puzzle, mode, options, spec.part(), spec.output(), file, every, false, quiet, stats);
            checkFiles(job);
            return run(out, job, c, control);
        }
    }

    /**
     * Refuses, before any work, outputs that cannot end well: a catalog path that is a device, a directory or
     * one of the run's own files (which the finished run would delete).
     */
    private static void checkFiles(Job job) {
        if (!job.countOnly()) {
            AtomicFiles.destination(job.output());
        }
        Path ckpt = job.checkpoint();
        if (ckpt == null) {
            return;
        }
        AtomicFiles.requireRegularOrAbsent(ckpt, ckpt);
        if (job.countOnly()) {
            return;
        }
        Path out = canonical(job.output());
        for (Path own : List.of(ckpt, CheckpointStore.journalOf(ckpt), RunLock.fileFor(ckpt))) {
            if (out.equals(canonical(own))) {
                throw new OptionException("the catalog " + job.output() + " would be the run's own file " + own
                        + " (checkpoint, journal or lock), which a finished run deletes; give -o a catalog name such as "
                        + "NAME.txt, or --checkpoint another path");
            }
        }
    }

    private static Path canonical(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        try {
            Path dir = abs.getParent();
            return dir != null && Files.isDirectory(dir) ? dir.toRealPath().resolve(abs.getFileName()) : abs;
        } catch (IOException e) {
            return abs;
        }
    }

    private static int run(PrintWriter out, Job job, Checkpoint resumed, SearchControl control) throws IOException {
        SpillDirectory.sweepLeftovers();
        Solver.Setup setup = Solver.prepare(job.puzzle(), job.options());
        WorkPlan plan = setup.enumerator().plan();
        Supplier<String> fingerprint = Fingerprint.onDemand(job.puzzle(), job.symmetry().id(), job.options().limit(), plan);
        Start start = Start.of(job, setup, fingerprint, resumed);
        if (resumed != null && !job.quiet()) {
            System.err.printf("resuming %s: %,d of %,d units already done, %s carried over%n", job.checkpoint(),
                    start.inPart() - start.todo(), start.inPart(), Format.count(start.carried().countUnique(), "solution"));
        }
        try (Journal journal = Journal.open(job, start, fingerprint, plan.size())) {
            long cpu0 = cpuNanos();
            Solver.Run run = new Solver.Run(start.include(), start.carried(), journal,
                    solutions -> job.quiet() ? SearchMonitor.NONE
                            : new ProgressMonitor(System.err, solutions, start.inPart() - start.todo()), control);
            Solver.Outcome outcome = Solver.solve(setup, job.options(), run);
            journal.stopSnapshots();
            long cpu = cpuNanos() - cpu0;
            if (outcome.stopReason() == StopReason.INTERRUPTED) {
                return stopped(out, job, journal, start.inPart());
            }
            return finished(out, job, outcome, journal, fingerprint, cpu);
        }
    }

    /** Ctrl-C or SIGTERM: a last snapshot, and how to go on. */
    private static int stopped(PrintWriter out, Job job, Journal journal, int inPart) throws IOException {
        if (journal.keepsCheckpoint()) {
            journal.snapshot();
            out.printf("stopped: %,d of %,d units done, %s so far, saved in %s%n", journal.doneCount(job.part()),
                    inPart, Format.count(LineStore.count(journal.linesSoFar()), "solution"), job.checkpoint());
            out.printf("continue with:  polycube resume %s%n", job.checkpoint());
        } else {
            out.println("stopped; no checkpoint was kept (--no-checkpoint or --count-only), nothing written");
        }
        out.flush();
        return ExitCodes.INTERRUPTED;
    }

    /** All units done, or the limit reached: the catalog, then the checkpoint goes. */
    private static int finished(PrintWriter out, Job job, Solver.Outcome outcome, Journal journal, Supplier<String> fingerprint,
                                long cpu) throws IOException {
        Iterable<String> all = outcome.store();
        long total = LineStore.count(all);
        boolean limitReached = outcome.stopReason() == StopReason.LIMIT_REACHED;
        Path target = null;
        if (!job.countOnly()) {
            target = job.output();
            Catalog header = NativeCatalog.of(job.puzzle(), job.symmetry().id(), List.of());
            if (!job.part().isAll()) {
                header = header.withPart(new Catalog.PartInfo(job.part().spec(), fingerprint.get(), outcome.plan().size()));
            }
            if (limitReached) {
                header = header.withLimit(job.options().limit());
            }
            NativeCatalog.write(target, header, job.puzzle(), total, all);
        }
        journal.delete();
        out.printf("%s: %s (%s, group of %d)%s in %s%s%n", job.puzzle().name(), Format.count(total, "solution"),
                job.symmetry().id(),
                outcome.group().size(), job.part().isAll() ? "" : " in " + job.part().spec(),
                Format.seconds(outcome.seconds()), target == null ? "" : " -> " + target);
        if (limitReached) {
            out.printf("stopped early: limit of %s reached%n", Format.count(job.options().limit(), "solution"));
        }
        if (job.stats()) {
            out.printf("nodes %,d  (%s/s)  packings found %,d  work units %d  threads %d  CPU %s%n", outcome.nodes(),
                    Format.count((long) (outcome.nodes() / Math.max(outcome.seconds(), 1e-9))), outcome.foundPackings(),
                    outcome.plan().size(), job.options().threads(), cpu < 0 ? "?" : Format.seconds(cpu / 1e9));
        }
        if (job.symmetry() == dev.polycube.symmetry.SymmetryMode.BURRTOOLS) {
            out.printf("rule: %s%n", outcome.group().describe());
        }
        Puzzle.Expectation stored = job.puzzle().expected().get(dev.polycube.puzzle.PuzzleParser.STORED_BY_BURRTOOLS);
        if (stored != null && outcome.complete() && job.part().isAll()) {
            out.printf("the BurrTools file stores %,d for this problem (shown, not checked: BurrTools' GUI may have counted "
                    + "by another rule than burrTxt's)%n", stored.count());
        }
        Puzzle.Expectation published = job.puzzle().expected().get(job.symmetry().id());
        if (published == null || !outcome.complete() || !job.part().isAll()) {
            return ExitCodes.OK;
        }
        if (published.count() != total) {
            out.printf("DIFFERS from the published count (%s %,d; %s)%n", job.symmetry().id(), published.count(),
                    published.source());
            return ExitCodes.NEGATIVE;
        }
        out.printf("matches the published count (%s %,d)%n", job.symmetry().id(), published.count());
        return ExitCodes.OK;
    }

    private static long cpuNanos() {
        var bean = ManagementFactory.getOperatingSystemMXBean();
        if (bean instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /**
     * Where a run starts: the units already done and their classes (from a checkpoint, each line validated
     * against the puzzle), and the units this run executes.
     */
    record Start(String runId, String started, BitSet done, LineStore carried, IntPredicate include, int inPart, int todo) {

        static Start of(Job job, Solver.Setup setup, Supplier<String> fingerprint, Checkpoint resumed) {
            WorkPlan plan = setup.enumerator().plan();
            BitSet done = new BitSet(plan.size());
            LineStore carried = new LineStore(job.puzzle().target().boxVolume());
            String runId = Checkpoint.newRunId();
            String started = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
            if (resumed != null) {
                validate(job, setup, fingerprint.get(), resumed, plan);
                runId = resumed.runId();
                started = resumed.started();
                done.or(resumed.done());
                carried.addAll(resumed.lines());
            }
            BitSet before = (BitSet) done.clone(); // `done` grows during the run; the run's own units stay fixed
            Part part = job.part();
            if (part instanceof UnitRanges r && r.last() >= plan.size()) {
                throw new OptionException("--units " + r.ranges() + " reaches past the plan: " + job.puzzle().name()
                        + " has " + plan.size() + " work units, 0-" + (plan.size() - 1) + " (`polycube plan` shows them)");
            }
            IntPredicate include = u -> part.contains(u) && !before.get(u);
            int inPart = 0;
            int todo = 0;
            for (int u = 0; u < plan.size(); u++) {
                inPart += part.contains(u) ? 1 : 0;
                todo += include.test(u) ? 1 : 0;
            }
            return new Start(runId, started, done, carried, include, inPart, todo);
        }

        /** A checkpoint is trusted only for this exact run, and only with lines that are valid classes. */
        private static void validate(Job job, Solver.Setup setup, String fingerprint, Checkpoint c, WorkPlan plan) {
            Path file = job.checkpoint();
            if (!c.fingerprint().equals(fingerprint) || c.units() != plan.size()) {
                throw new CheckpointException(file + " was made by another version of polycube or for another "
                        + "puzzle definition (fingerprint " + c.fingerprint() + ", this run " + fingerprint
                        + "); it cannot be continued here. Nothing was changed.");
            }
            LineCheck check = new LineCheck(job.puzzle(), setup.group());
            long n = 0;
            for (String line : c.lines()) {
                String problem = check.problem(line);
                if (problem != null) {
                    throw new CheckpointException(file + ": a saved solution is not a valid class of "
                            + job.puzzle().name() + " (" + problem + "); the checkpoint is damaged. Nothing was changed.");
                }
                n++;
            }
            if (c.spec().limited()) {
                if (n > c.spec().limit()) {
                    throw new CheckpointException(file + ": holds " + n + " solutions but the run's limit is "
                            + c.spec().limit() + "; the checkpoint is damaged");
                }
                int firstOpen = nextOpen(c.done(), job.part(), 0, plan.size());
                int doneAfter = nextDone(c.done(), firstOpen, plan.size());
                if (doneAfter >= 0) {
                    throw new CheckpointException(file + ": a limited run finishes its units in order, but unit "
                            + doneAfter + " is done while unit " + firstOpen + " is not; the checkpoint is damaged");
                }
            }
        }

        private static int nextOpen(BitSet done, Part part, int from, int units) {
            for (int u = from; u < units; u++) {
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
}
