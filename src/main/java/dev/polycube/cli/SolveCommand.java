package dev.polycube.cli;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.solve.Solver;
import dev.polycube.symmetry.SymmetryMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "solve", mixinStandardHelpOptions = true,
        description = {"Finds every packing of a puzzle, keeps one per symmetry class, and writes them as a sorted",
            "catalog (docs/catalog-format.md). The catalog is byte-identical whatever --threads is; it is written",
            "atomically, so an interrupted run never leaves half a catalog.",
            "",
            "Examples:",
            "  polycube solve bedlam                       all 19,186 -> catalogs/bedlam.txt",
            "  polycube solve soma --symmetry rotations+reflections    Soma's 240",
            "  polycube solve tetris-cube --count-only     just the count (9,839)",
            "  polycube solve bedlam --limit 10 -o ten.txt the first 10 (the same 10 on every run)",
            "  polycube solve my-puzzle.txt                a puzzle file (docs/puzzle-format.md)"})
final class SolveCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private PuzzleOptions puzzleOptions;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "where to write the catalog (default: catalogs/NAME.txt)")
    private Path output;

    @Option(names = {"-t", "--threads"}, paramLabel = "N", description = "worker threads (default: all cores, ${DEFAULT-VALUE})")
    private int threads = Runtime.getRuntime().availableProcessors();


    @Option(names = "--limit", paramLabel = "N", description = "stop after N solutions (deterministic: the same N each run)")
    private long limit = Long.MAX_VALUE;

    @Option(names = "--count-only", description = "print the count, write no catalog")
    private boolean countOnly;

    @Option(names = "--stats", description = "print search statistics: nodes, rate, work units, CPU time")
    private boolean stats;

    @Option(names = {"-q", "--quiet"}, description = "no progress lines on stderr")
    private boolean quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
        }
        if (limit < 1) {
            throw new IllegalArgumentException("--limit must be at least 1, got " + limit);
        }
        Puzzle puzzle = puzzleOptions.puzzle();
        SymmetryMode mode = puzzleOptions.symmetry();
        Solver.Options options = Solver.Options.defaults().withSymmetry(mode).withThreads(threads).withLimit(limit);
        Solver.Setup setup = Solver.prepare(puzzle, options);
        long cpu0 = cpuNanos();
        Solver.Outcome outcome = Solver.solve(setup, options,
                classes -> quiet ? SearchMonitor.NONE : new ProgressMonitor(System.err, classes), new SearchControl());
        long cpu = cpuNanos() - cpu0;
        int n = outcome.lines().size();
        Path target = null;
        if (!countOnly) {
            target = output != null ? output : Path.of("catalogs", puzzle.name() + ".txt");
            Catalog catalog = NativeCatalog.of(puzzle, mode.id(), outcome.lines());
            NativeCatalog.write(target, catalog, puzzle);
        }
        out.printf("%s: %,d solutions (%s, group of %d) in %s%s%n", puzzle.name(), n, mode.id(), setup.group().size(),
                Format.seconds(outcome.seconds()), target == null ? "" : " -> " + target);
        if (!outcome.complete()) {
            out.printf("stopped early: %s%n", outcome.stopReason());
        }
        if (stats) {
            out.printf("nodes %,d  (%s/s)  packings found %,d  work units %d  threads %d  CPU %s%n", outcome.nodes(),
                    Format.count((long) (outcome.nodes() / Math.max(outcome.seconds(), 1e-9))), outcome.foundPackings(),
                    outcome.plan().size(), threads, cpu < 0 ? "?" : Format.seconds(cpu / 1e9));
        }
        Puzzle.Expectation published = puzzle.expected().get(mode.id());
        if (published != null && outcome.complete()) {
            if (published.count() == n) {
                out.printf("matches the published count (%s %,d)%n", mode.id(), published.count());
            } else {
                out.printf("DIFFERS from the published count (%s %,d; %s)%n", mode.id(), published.count(), published.source());
                return ExitCodes.NEGATIVE;
            }
        }
        return ExitCodes.OK;
    }

    private static long cpuNanos() {
        var bean = ManagementFactory.getOperatingSystemMXBean();
        if (bean instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
