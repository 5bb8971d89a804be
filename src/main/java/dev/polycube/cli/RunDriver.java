package dev.polycube.cli;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.LineStore;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.checkpoint.Checkpoint;
import dev.polycube.checkpoint.CheckpointException;
import dev.polycube.checkpoint.CheckpointStore;
import dev.polycube.checkpoint.Fingerprint;
import dev.polycube.checkpoint.Shard;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.solve.Solver;
import dev.polycube.solve.ClassCollector;
import dev.polycube.symmetry.SymmetryMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs an enumeration for {@code solve} and {@code resume}: the checkpoint (journal of finished units,
 * periodic snapshots, a final snapshot on Ctrl-C / SIGTERM), progress, the shard filter, and the catalog
 * at the end. The search itself knows none of this; it is all monitors and this driver.
 */
final class RunDriver {

    /** What to run and where to put it. */
    record Job(Puzzle puzzle, SymmetryMode symmetry, Solver.Options options, Shard shard, Path output,
               Path checkpoint, Duration checkpointEvery, boolean countOnly, boolean quiet, boolean stats) {
    }

    private RunDriver() {
    }

    /** Starts {@code job}; {@code resumed} is the loaded checkpoint when continuing, else null. */
    static int run(PrintWriter out, Job job, Checkpoint resumed) throws IOException {
        Solver.Setup setup = Solver.prepare(job.puzzle(), job.options());
        WorkPlan plan = setup.enumerator().plan();
        String fingerprint = Fingerprint.of(job.puzzle(), job.symmetry().id(), plan);
        BitSet done = new BitSet(plan.size());
        LineStore carried = new LineStore(job.puzzle().target().boxVolume());
        if (resumed != null) {
            if (!resumed.fingerprint().equals(fingerprint) || resumed.units() != plan.size()) {
                throw new CheckpointException(job.checkpoint() + " was made by another version of polycube or for another "
                        + "puzzle definition (fingerprint " + resumed.fingerprint() + ", this run " + fingerprint
                        + "); it cannot be continued here. Nothing was changed.");
            }
            done.or(resumed.done());
            carried.addAll(resumed.lines());
        }
        Shard shard = job.shard();
        BitSet doneBefore = (BitSet) done.clone(); // `done` grows during the run; the run's own units stay fixed
        java.util.function.IntPredicate include = u -> shard.contains(u) && !doneBefore.get(u);
        int todo = 0;
        int inShard = 0;
        for (int u = 0; u < plan.size(); u++) {
            inShard += shard.contains(u) ? 1 : 0;
            todo += include.test(u) ? 1 : 0;
        }

        CheckpointStore store = null;
        if (job.checkpoint() != null) {
            Checkpoint initial = new Checkpoint(fingerprint, PuzzleWriter.lines(job.puzzle()), job.symmetry().id(),
                    job.output(), shard, plan.size(), (BitSet) done.clone(), carried);
            store = CheckpointStore.open(job.checkpoint(), initial);
        }
        if (resumed != null && !job.quiet()) {
            System.err.printf("resuming %s: %d of %d units already done, %d solutions carried over%n", job.checkpoint(),
                    inShard - todo, inShard, carried.countUnique());
        }

        SearchControl control = new SearchControl();
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            control.stop("interrupted");
            try {
                finished.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "polycube-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);

        Progress progress = new Progress(done, store, carried, job.puzzle().target().boxVolume());
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "polycube-checkpoint");
            t.setDaemon(true);
            return t;
        });
        final CheckpointStore finalStore = store;
        final int alreadyDone = inShard - todo;
        if (store != null) {
            long every = Math.max(1, job.checkpointEvery().toMillis());
            timer.scheduleAtFixedRate(() -> progress.snapshot(finalStore, fingerprint, job, plan.size()), every, every,
                    TimeUnit.MILLISECONDS);
        }
        long cpu0 = cpuNanos();
        Solver.Outcome outcome;
        try {
            outcome = Solver.solve(setup, job.options(), include, collector -> {
                progress.collector = collector;
                SearchMonitor live = job.quiet() ? SearchMonitor.NONE
                        : new ProgressMonitor(System.err, () -> carried.approximateSize() + collector.size(), alreadyDone);
                return SearchMonitor.all(progress, live);
            }, control);
        } finally {
            timer.shutdownNow();
        }
        long cpu = cpuNanos() - cpu0;
        try {
            boolean interrupted = "interrupted".equals(outcome.stopReason());
            if (interrupted) {
                if (store != null) {
                    progress.snapshot(store, fingerprint, job, plan.size());
                    store.close();
                    out.printf("stopped: %d of %d units done, %d solutions so far, saved in %s%n",
                            progress.doneCount(shard, plan.size()), inShard, LineStore.count(progress.linesSoFar()), job.checkpoint());
                    out.printf("continue with:  scripts/polycube resume %s%n", job.checkpoint());
                } else {
                    out.println("stopped; no checkpoint was kept (--no-checkpoint), nothing written");
                }
                out.flush();
                return ExitCodes.INTERRUPTED;
            }
            // a limited run keeps exactly its first N; a whole run adds what a checkpoint carried over
            Iterable<String> all = outcome.stopReason() != null && job.options().limit() < Long.MAX_VALUE ? outcome.store()
                    : () -> LineStore.merge(java.util.List.of(carried.sortedUnique(), outcome.store().sortedUnique()));
            long total = LineStore.count(all);
            report(out, job, outcome, total, cpu, fingerprint, all);
            if (store != null) {
                store.delete();
            }
            Puzzle.Expectation published = job.puzzle().expected().get(job.symmetry().id());
            if (published != null && outcome.complete() && shard.isAll() && published.count() != total) {
                out.printf("DIFFERS from the published count (%s %,d; %s)%n", job.symmetry().id(), published.count(),
                        published.source());
                return ExitCodes.NEGATIVE;
            }
            return ExitCodes.OK;
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting because of a signal; the hook is waiting for us and that is fine
            }
        }
    }

    private static void report(PrintWriter out, Job job, Solver.Outcome outcome, long n, long cpu, String fingerprint,
                               Iterable<String> lines) throws IOException {
        Path target = null;
        if (!job.countOnly()) {
            target = job.output();
            Catalog header = NativeCatalog.of(job.puzzle(), job.symmetry().id(), java.util.List.of());
            if (!job.shard().isAll()) {
                header = header.withShard(new Catalog.ShardInfo(job.shard().toString(), fingerprint));
            }
            NativeCatalog.write(target, header, job.puzzle(), n, lines);
        }
        out.printf("%s: %,d solutions (%s, group of %d)%s in %s%s%n", job.puzzle().name(), n, job.symmetry().id(),
                outcome.group().size(), job.shard().isAll() ? "" : " in shard " + job.shard(),
                Format.seconds(outcome.seconds()), target == null ? "" : " -> " + target);
        if (outcome.stopReason() != null) {
            out.printf("stopped early: %s%n", outcome.stopReason());
        }
        if (job.stats()) {
            out.printf("nodes %,d  (%s/s)  packings found %,d  work units %d  threads %d  CPU %s%n", outcome.nodes(),
                    Format.count((long) (outcome.nodes() / Math.max(outcome.seconds(), 1e-9))), outcome.foundPackings(),
                    outcome.plan().size(), job.options().threads(), cpu < 0 ? "?" : Format.seconds(cpu / 1e9));
        }
        Puzzle.Expectation published = job.puzzle().expected().get(job.symmetry().id());
        if (published != null && outcome.complete() && job.shard().isAll() && published.count() == n) {
            out.printf("matches the published count (%s %,d)%n", job.symmetry().id(), published.count());
        }
    }

    private static long cpuNanos() {
        var bean = ManagementFactory.getOperatingSystemMXBean();
        if (bean instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** Journals each finished unit and builds snapshots: finished units and the classes they found. */
    private static final class Progress implements SearchMonitor {
        private final BitSet done;
        private final CheckpointStore store;
        private final LineStore carried;
        private final LineStore found;
        volatile ClassCollector collector;

        Progress(BitSet done, CheckpointStore store, LineStore carried, int lineLength) {
            this.done = done;
            this.store = store;
            this.carried = carried;
            this.found = new LineStore(lineLength);
        }

        @Override
        public void onUnitDone(int unit, long nodes) {
            var lines = collector.unitClasses(unit);
            synchronized (this) {
                if (store != null) {
                    try {
                        store.appendUnit(unit, lines);
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot append to the checkpoint journal " + store.file(), e);
                    }
                }
                done.set(unit);
                found.addAll(lines);
            }
        }

        /** Carried-over and newly finished classes, ascending and unique (read under this monitor's lock). */
        synchronized Iterable<String> linesSoFar() {
            return () -> LineStore.merge(java.util.List.of(carried.sortedUnique(), found.sortedUnique()));
        }

        synchronized int doneCount(Shard shard, int units) {
            int n = 0;
            for (int u = done.nextSetBit(0); u >= 0; u = done.nextSetBit(u + 1)) {
                n += shard.contains(u) ? 1 : 0;
            }
            return n;
        }

        void snapshot(CheckpointStore s, String fingerprint, Job job, int units) {
            Checkpoint state;
            synchronized (this) {
                state = new Checkpoint(fingerprint, PuzzleWriter.lines(job.puzzle()), job.symmetry().id(), job.output(),
                        job.shard(), units, (BitSet) done.clone(), linesSoFar());
                try {
                    s.snapshot(state);
                } catch (IOException e) {
                    System.err.println("polycube: warning: checkpoint snapshot failed: " + e.getMessage()
                            + " (the journal still holds every finished unit)");
                }
            }
        }
    }
}
