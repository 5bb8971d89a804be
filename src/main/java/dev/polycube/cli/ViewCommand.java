package dev.polycube.cli;

import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.render.HtmlViewer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "view", mixinStandardHelpOptions = true, header = "Write an interactive 3-D viewer (one HTML file) for a catalog.",
        description = {"Writes one self-contained HTML file that shows a catalog's solutions in 3-D (three.js, WebGL): turn",
            "and zoom with the mouse, pull the pieces apart with the explode slider, step through the build or play",
            "it (each solution's disassembly backwards: pieces slide in along their real moves; a packing that",
            "cannot be taken apart says so), hide or show pieces, go to solution N. It works offline, opened",
            "straight from disk. A puzzle instead of a catalog shows its first --count solutions, found on the spot; a",
            "puzzle with hints ('fix' lines) opens in puzzle mode: the hints alone in the empty box, the answer on demand.",
            "",
            "Examples:  polycube view catalogs/bedlam.txt                 -> catalogs/bedlam.html",
            "           polycube view catalogs/soma.txt -o soma.html --index 17"})
final class ViewCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "CATALOG|PUZZLE", completionCandidates = Candidates.Puzzles.class, description = "a catalog file (any layout), a built-in name or a puzzle file")
    private String input;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "the HTML file (default: the catalog's name with .html)")
    private Path output;

    @CommandLine.Mixin
    private TurnOptions mirror = new TurnOptions();

    @Option(names = "--index", paramLabel = "N", defaultValue = "1", description = "the solution to open at (default: 1)")
    private int index;

    @Option(names = "--count", paramLabel = "N",
            description = "at most this many solutions in the page, up to 200,000 (default: all of a catalog's, and a "
                    + "puzzle's first 1,000)") // MAX_SOLUTIONS and PUZZLE_COUNT: CliTest holds the help to them
    private Integer count;

    /**
     * Solutions a puzzle's page holds unless --count says: a catalog's are on disk already, a puzzle's are found and
     * taken apart on the spot, and a dense puzzle's 200,000 took 44 s and made a 55 MB page (one-sided 9x10).
     */
    static final int PUZZLE_COUNT = 1_000;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        return write(spec.commandLine().getOut(), input, output, index, count != null ? count : defaultCount(input, index),
                mirror, quiet.on());
    }

    /**
     * How many solutions a page of {@code input} holds when nobody says ({@link #PUZZLE_COUNT} for a puzzle), so that
     * it opens at solution {@code index}.
     */
    static int defaultCount(String input, int index) {
        return SolutionSource.isCatalogFile(input) ? HtmlViewer.MAX_SOLUTIONS
                : Math.min(HtmlViewer.MAX_SOLUTIONS, Math.max(PUZZLE_COUNT, index));
    }

    /** Writes the viewer of {@code input} (also for {@code render -o X.html}); null output: beside the catalog. */
    static int write(java.io.PrintWriter stdout, String input, Path output, int index, int count, TurnOptions mirror,
                     boolean quiet)
            throws java.io.IOException {
        OptionException.requireRange("--count", count, 1, HtmlViewer.MAX_SOLUTIONS);
        OptionException.requireRange("--index", index, 1, count);
        boolean catalog = SolutionSource.isCatalogFile(input);
        SolutionSource src = SolutionSource.open(input, count, mirror, quiet);
        List<String> lines = src.lines().subList(0, Math.min(count, src.lines().size()));
        if (lines.isEmpty()) {
            throw new OptionException(src.name() + " has no solution to show");
        }
        OptionException.requireRange("--index", index, 1, lines.size());
        Path out = output != null ? output
                : Path.of(catalog ? input.replaceFirst("(\\.[^./]*)?(\\.gz)?$", "") + ".html" : SolveCommand.fileStem(src.name()) + ".html");
        dev.polycube.files.PathInfo.requireOutput("-o", out,
                java.util.Collections.singletonList(dev.polycube.puzzle.BuiltInPuzzles.inputFile(input)));
        try (PassStatus status = new PassStatus("view", "build steps and colours", Format::count, "", quiet)) {
            HtmlViewer.write(out, src.puzzle(), src.rule(), lines, index, status);
        }
        stdout.printf("3-D viewer of %s: %s -> %s (open it in a browser)%n", src.name(),
                Plural.count(lines.size(), "solution"), out);
        if (!catalog && lines.size() == count) {
            stdout.printf("note: the page holds the first %,d solutions found; --count sets how many (at most %,d)%n",
                    count, HtmlViewer.MAX_SOLUTIONS);
        } else if (src.total() > lines.size()) {
            stdout.printf("note: the page holds the first %,d of %,d solutions%n", lines.size(), src.total());
        }
        return ExitCodes.OK;
    }
}
