package dev.polycube.cli;

import dev.polycube.catalog.LineStore;
import dev.polycube.error.Plural;

import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.files.Progress;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.run.RunListener;
import dev.polycube.run.RunOutcome;
import dev.polycube.run.RunRequest;
import dev.polycube.solve.Solver;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.LongSupplier;
import picocli.CommandLine.Option;

/**
 * The options of every command that runs a search to its end ({@code solve}, {@code resume}), declared once,
 * and the one place that turns a run's events and outcome into lines on the terminal and an exit code.
 */
final class RunOptions {

    @Option(names = {"-t", "--threads"}, paramLabel = "N", description = "worker threads (default: ${sys:polycube.threads.default:-all cores})")
    int threads = Solver.Options.defaultThreads();

    @Option(names = "--checkpoint-every", paramLabel = "TIME", defaultValue = "30s",
            description = "how often the checkpoint snapshot is rewritten, e.g. 30s, 5m (default: ${DEFAULT-VALUE}); "
                    + "every finished unit is journaled at once in between, and the journal forced to disk at this interval; "
                    + "a large snapshot (millions of classes) waits until the run has gone on ten times as long as it took")
    private String checkpointEvery;

    @Option(names = "--stats", description = "print search statistics at the end: nodes, rate, work units, CPU time, and Kurowski's figures (packings "
            + "in the fixed frame, counted per class; orientation combinations; the odds that a random line-up of the pieces "
            + "can be completed)")
    private boolean stats;

    @picocli.CommandLine.Mixin
    private QuietOption quiet;

    boolean quiet() {
        return quiet.on();
    }

    Duration checkpointEvery() {
        return Durations.parsePositive("--checkpoint-every", checkpointEvery);
    }

    /** The run's body, given the control that Ctrl-C and SIGTERM stop. */
    @FunctionalInterface
    interface Body {
        RunOutcome run(RunListener listener, SearchControl control) throws IOException;
    }

    /**
     * Runs {@code body} with Ctrl-C and SIGTERM turned into an orderly stop, reports how it ended on {@code out},
     * and returns the exit code. The report is printed before the signal handler lets the JVM exit.
     */
    @SuppressWarnings("try") // the hook is held for the block's lifetime, not used in it
    int execute(PrintWriter out, Body body) throws IOException {
        SearchControl control = new SearchControl();
        try (Interrupts interrupts = Interrupts.install(control)) {
            return report(out, body.run(listener(), control));
        }
    }

    /** True with --stats: the run's figures are wanted (a count then keeps its classes' lines to derive them). */
    boolean stats() {
        return stats;
    }

    /** How the run counted, when it said (shown with --stats). */
    private final java.util.List<String> notes = new java.util.concurrent.CopyOnWriteArrayList<>();

    private RunListener listener() {
        return new RunListener() {
            @Override
            public Progress reading(Path checkpoint) {
                return new PassStatus("resuming", "reading " + checkpoint.getFileName(), Format::bytes, "", quiet());
            }

            @Override
            public Progress checking(Path checkpoint) {
                return new PassStatus("resuming", "checking the saved solutions", Format::count, "", quiet());
            }

            @Override
            public Progress saving(Path checkpoint) {
                return new PassStatus("resuming", "saving them in " + checkpoint.getFileName(), Format::count, "", quiet());
            }

            @Override
            public Progress writing(Path catalog) {
                return new PassStatus("writing " + catalog.getFileName(), null, Format::count, "solutions", quiet());
            }

            @Override
            public void resuming(Path checkpoint, int done, int inPart, long carried) {
                if (!quiet()) {
                    System.err.printf("resuming %s: %,d of %,d units done, %s carried over%n", checkpoint, done, inPart,
                            Plural.count(carried, "solution"));
                }
            }

            @Override
            public SearchMonitor progress(LongSupplier solutions, LongSupplier packings, int alreadyDone, long limit) {
                return quiet() ? SearchMonitor.NONE : new ProgressMonitor(System.err, solutions, packings, alreadyDone, limit);
            }

            @Override
            public dev.polycube.solve.MemoCount.Progress countProgress() {
                return quiet() ? dev.polycube.solve.MemoCount.Progress.NONE : new SweepProgress();
            }

            @Override
            public void note(String message) {
                if (stats) {
                    notes.add(message); // printed with the statistics, on stdout
                } else if (!quiet()) {
                    System.err.println("polycube: " + message);
                }
            }

            @Override
            public void warning(String message) {
                System.err.println("polycube: warning: " + message);
            }
        };
    }

    private int report(PrintWriter out, RunOutcome outcome) {
        try {
            return outcome instanceof RunOutcome.Stopped s ? stopped(out, s) : finished(out, (RunOutcome.Finished) outcome);
        } finally {
            out.flush();
        }
    }

    private static int stopped(PrintWriter out, RunOutcome.Stopped s) {
        if (s.unsaved() == RunOutcome.Unsaved.MEMO_COUNT) {
            out.println("stopped; a count without listing keeps no checkpoint, nothing written (run the same command "
                    + "to start it again)");
        } else if (s.unsaved() == RunOutcome.Unsaved.NO_CHECKPOINT) {
            out.println("stopped; no checkpoint was kept (--no-checkpoint), nothing written");
        } else if (s.beforeStart()) {
            out.printf("stopped before the run started: %s is as it was%n", s.checkpoint());
            out.printf("continue with:  polycube resume %s%n", s.checkpoint());
        } else {
            // "in them": the progress line also counts what the units under way had found, which a resume finds again
            out.printf("stopped: %,d of %,d units done, %s in them, saved in %s%n", s.unitsDone(), s.unitsInPart(),
                    Plural.count(s.solutionsSoFar(), "solution"), s.checkpoint());
            out.printf("continue with:  polycube resume %s%n", s.checkpoint());
        }
        return ExitCodes.INTERRUPTED;
    }

    /** Figures for a whole, finished run: fixed-frame packings (counted per class), combinations, odds, piece sets. */
    private static void figures(PrintWriter out, RunOutcome.Finished f) {
        Solver.Outcome search = f.search();
        if (!search.complete() || !f.request().part().isAll() || f.limitReached()) {
            return;
        }
        if (f.solutions() > 0 && LineStore.count(search.store()) == 0) {
            // counted without lines (the memo, or a count resumed from a checkpoint that kept numbers only)
            out.println("packings in the fixed frame: not counted (this count kept no solution lines to derive them from)");
            return;
        }
        dev.polycube.solve.SolutionFigures k = dev.polycube.solve.SolutionFigures.of(f.request().puzzle(), search.group(), search.store());
        if (k.classes() != f.solutions()) {
            out.println("fixed-frame packings: not counted (this run's search holds " + k.classes() + " of its classes: the rest "
                    + "were found before it was resumed)");
            return;
        }
        out.printf("packings in the fixed frame %,d (each class once per distinct image)%s%n", k.fixedPackings(),
                k.lineUps() == null ? "" : String.format("  orientation combinations %,d", k.orientationCombinations()));
        if (f.request().puzzle().hasChoices()) {
            StringBuilder spread = new StringBuilder();
            k.setsByClasses().forEach((classes, sets) -> spread.append(spread.length() == 0 ? "" : ", ")
                    .append(Plural.count(sets, "set")).append(" with ").append(classes));
            out.printf("distinct piece sets: %,d (classes per set: %s)%n", k.pieceSets(), spread);
        }
        if (k.lineUps() != null && k.lineUps().compareTo(java.math.BigInteger.valueOf(k.fixedPackings())) < 0) {
            out.printf("line-up odds: not meaningful here (more packings than the %,d line-ups of the pieces)%n", k.lineUps());
        } else if (k.oddsAgainst() != null) {
            out.printf("a random line-up of the pieces can be completed: 1 chance in %,d (%,d line-ups / %,d)%n",
                    k.oddsAgainst(), k.lineUps(), k.fixedPackings());
        }
    }

    private int finished(PrintWriter out, RunOutcome.Finished f) {
        RunRequest request = f.request();
        Solver.Outcome search = f.search();
        out.printf("%s: %s (%s, group of %d)%s in %s%s%n", request.puzzle().name(), Plural.count(f.count(), "solution"),
                request.symmetry().id(), search.group().size(), request.part().isAll() ? "" : " in " + request.part().spec(),
                Format.seconds(search.seconds()), f.catalog() == null ? "" : " -> " + f.catalog());
        if (f.limitReached()) {
            out.printf("stopped early: limit of %s reached%n", Plural.count(request.options().limit(), "solution"));
        }
        if (stats) {
            out.printf("nodes %,d  (%s/s)  packings found %,d%s  work units %d  threads %d  CPU %s%n", search.nodes(),
                    Format.count((long) (search.nodes() / Math.max(search.seconds(), 1e-9))),
                    f.bigCount() != null ? f.bigCount() : java.math.BigInteger.valueOf(search.foundPackings()),
                    !search.widened() ? "" : String.format(" (searched under the %d %s, each for its "
                            + "images)", search.searchGroup().size(), search.searchGroup().mode().id()),
                    search.plan().size(), request.options().threads(), f.cpuNanos() < 0 ? "?" : Format.seconds(f.cpuNanos() / 1e9));
            notes.forEach(out::println);
            figures(out, f);
        }
        if (request.symmetry() == SymmetryMode.BURRTOOLS) {
            out.printf("rule: %s%n", search.group().describe());
        }
        if (request.puzzle().stored() != null && search.complete() && request.part().isAll()) {
            out.printf("the BurrTools file stores %,d for this problem (shown, not checked: BurrTools' GUI may have counted "
                    + "by another rule than burrTxt's)%n", request.puzzle().stored().value());
        }
        return Format.verdict(out, f.verdict());
    }
}
