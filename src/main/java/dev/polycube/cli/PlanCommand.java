package dev.polycube.cli;

import dev.polycube.engine.Enumerator;
import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.solve.Solver;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "plan", mixinStandardHelpOptions = true, header = "Cut a run into pieces of similar expected work.",
        description = {"Prints a puzzle's work units and cuts them into N pieces of similar expected work, for a",
            "scheduler (a Slurm job array, a Kubernetes indexed Job) to run with `polycube solve PUZZLE --units RANGE`.",
            "The work of each unit is estimated by random dives into its subtree (Knuth's estimator), which is cheap",
            "but rough: ask for more pieces than workers (e.g. 4x) and let the scheduler balance them. `merge` then",
            "joins the pieces into exactly the single-run catalog, whatever the cut. --shard K/N needs no plan but",
            "deals units round-robin, whatever their size.",
            "",
            "Examples:  polycube plan tetris-cube --pieces 8",
            "           polycube plan y-pentacubes --pieces 64 --ranges-only > pieces.txt   (one range per line)"})
final class PlanCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private PuzzleOptions puzzleOptions;

    @Option(names = "--pieces", paramLabel = "N", defaultValue = "8", description = "how many pieces (default: ${DEFAULT-VALUE})")
    private int pieces;

    @Option(names = "--probes", paramLabel = "K", defaultValue = "4",
            description = "random dives per unit for the estimate (default: ${DEFAULT-VALUE}; more is steadier and slower)")
    private int probes;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "seed of the dives (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--ranges-only", description = "print only the pieces' unit ranges, one per line (a unit-list file)")
    private boolean rangesOnly;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() {
        OptionException.requireRange("--pieces", pieces, 1, 1_000_000);
        OptionException.requireRange("--probes", probes, 1, 10_000);
        Puzzle puzzle = puzzleOptions.puzzle();
        Solver.Setup setup = Solver.prepare(puzzle, Solver.Options.defaults().withSymmetry(puzzleOptions.symmetry(puzzle)));
        Enumerator enumerator = setup.enumerator();
        int units = enumerator.plan().size();
        if (units == 0) {
            // nothing to cut: `--units 0-0` would be refused, and a ranges file with no line is what covers it
            if (!rangesOnly) {
                Format.println(spec.commandLine().getOut(), String.format("%s: 0 work units (%s): every first step is "
                        + "pruned, so the puzzle has no packing and there is no work to split (`polycube solve %s` says so "
                        + "at once)", puzzle.name(), puzzleOptions.symmetry(puzzle).id(), puzzle.name()), 4);
            }
            return ExitCodes.OK;
        }
        double[] work;
        try (StatusLine status = new StatusLine("plan", quiet.on() || rangesOnly)) {
            work = enumerator.estimateWork(probes, seed, u -> status.update(() -> String.format("estimated %,d of %,d units", u, units)));
        }
        double total = 0;
        for (double w : work) {
            total += w;
        }
        boolean beyond = Double.isInfinite(total);
        if (beyond) {
            // past what a double holds (10^308 nodes: thousands of dominoes): no share can be told apart, so the
            // pieces get as many units each
            java.util.Arrays.fill(work, 1);
            total = units;
        }
        List<int[]> cut = cut(work, Math.min(pieces, units));
        PrintWriter out = spec.commandLine().getOut();
        if (rangesOnly) {
            cut.forEach(r -> out.println(r[0] + "-" + r[1]));
            return ExitCodes.OK;
        }
        if (beyond) {
            Format.println(out, String.format("%s: %s (%s); estimated more than 1e308 search nodes (%d random dives per "
                    + "unit, seed %d): no search of it will finish; the pieces below only share its units out evenly",
                    puzzle.name(), Plural.count(units, "work unit"), puzzleOptions.symmetry(puzzle).id(), probes, seed), 4);
        } else {
            Format.println(out, String.format("%s: %s (%s); estimated %.3g search nodes in all (%d random dives per unit, "
                    + "seed %d)", puzzle.name(), Plural.count(units, "work unit"), puzzleOptions.symmetry(puzzle).id(), total,
                    probes, seed), 4);
        }
        Format.println(out, String.format("%s of similar estimated work; run each with  polycube solve %s --units RANGE",
                Plural.count(cut.size(), "piece"), puzzle.name()), 4);
        out.printf("%-6s %-14s %s%n", "piece", "units", "estimated share");
        for (int i = 0; i < cut.size(); i++) {
            double w = 0;
            for (int u = cut.get(i)[0]; u <= cut.get(i)[1]; u++) {
                w += work[u];
            }
            out.printf("%-6d %-14s %5.1f%%%n", i + 1, cut.get(i)[0] + "-" + cut.get(i)[1], 100 * w / total);
        }
        return ExitCodes.OK;
    }

    /**
     * Contiguous ranges of similar total work: the k-th cut falls between the two units where the running sum
     * crosses k/N of the whole, on the side nearer to it (a range that always ran past its share made Bedlam's
     * three pieces 39, 28 and 33 %, one big unit deciding). Every range gets at least one unit, and together they
     * cover 0..n-1 exactly once.
     */
    static List<int[]> cut(double[] work, int pieces) {
        int n = work.length;
        double[] before = new double[n + 1]; // before[c]: the work of units 0..c-1
        for (int u = 0; u < n; u++) {
            before[u + 1] = before[u] + work[u];
        }
        List<int[]> out = new ArrayList<>();
        int start = 0;
        for (int k = 1; k < pieces; k++) {
            double target = before[n] * k / pieces;
            int lo = start + 1;          // each range keeps a unit...
            int hi = n - (pieces - k);   // ...and leaves one for each range after it
            int c = lo;
            while (c < hi && before[c] < target) {
                c++;
            }
            if (c > lo && target - before[c - 1] < before[c] - target) {
                c--; // the boundary before the unit that crosses is nearer
            }
            out.add(new int[] {start, c - 1});
            start = c;
        }
        out.add(new int[] {start, n - 1});
        return out;
    }
}
