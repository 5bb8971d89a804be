package dev.polycube.cli;

import dev.polycube.engine.PlacementSet;
import dev.polycube.engine.WorkPlan;
import dev.polycube.error.Plural;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.solve.Solver;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "info", mixinStandardHelpOptions = true, header = "Show pieces, orientations, placements and symmetry of a puzzle.",
        description = {"Shows what polycube understood of a puzzle before solving it: each piece with its",
            "cell count, distinct orientations and placements in the target, the symmetry group, how the",
            "search is split, how solve --count-only would count (without listing, by a memo, where",
            "few kinds of piece fill a narrow frontier; the count itself when that takes under 2 s; else by",
            "search, with its size by random dives and the time that takes), and the published counts.",
            "",
            "Example:  polycube info bedlam",
            "              Kurowski's figures: 7 pieces with 24 orientations,",
            "              5 with 12, 1 with 3; 4,188 placements"})
final class InfoCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private PuzzleOptions puzzleOptions;

    @CommandLine.Option(names = "--orientations", description = "list every orientation of each piece, numbered as JSON Lines "
            + "catalogs and `render --view orientations` number them (cells moved to the origin)")
    private boolean orientations;

    @CommandLine.Option(names = "--piece", paramLabel = "NAME", description = "with --orientations: only this piece (a name, an alias or its title)")
    private String pieceName;


    /** The pieces --piece selects: the one it names, else all. */
    static java.util.List<Integer> selected(Puzzle puzzle, String pieceName) {
        if (pieceName == null) {
            return java.util.stream.IntStream.range(0, puzzle.pieces().size()).boxed().toList();
        }
        int i = puzzle.pieceIndex(pieceName);
        if (i < 0) {
            throw new dev.polycube.error.OptionException("--piece: " + puzzle.name() + " has no piece '" + pieceName + "'; its pieces: "
                    + String.join(", ", puzzle.pieces().stream().map(p -> p.title() == null || p.title().equals(p.name()) ? p.name()
                    : p.name() + " (" + p.title() + ")").toList()));
        }
        return java.util.List.of(i);
    }

    private void printOrientations(PrintWriter out, Puzzle puzzle) {
        for (int i : selected(puzzle, pieceName)) {
            Piece p = puzzle.pieces().get(i);
            var all = p.shape().orientations(puzzle.turns());
            out.printf("orientations of %s (%d)%s:%n", p.name(), all.size(),
                    puzzle.oneSided() ? ", one-sided: quarter turns about z" : puzzle.mirroredPieces() ? ", mirror images included" : ", turned only");
            for (int k = 0; k < all.size(); k++) {
                StringBuilder cells = new StringBuilder();
                for (var c : all.get(k).cells()) {
                    cells.append(' ').append(c);
                }
                Format.println(out, String.format("  %3d %s", k + 1, cells), 7);
            }
        }
        out.println();
    }

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Puzzle puzzle = puzzleOptions.puzzle();
        SymmetryMode mode = puzzleOptions.symmetry(puzzle);
        Solver.Setup setup = Solver.prepare(puzzle, Solver.Options.defaults().withSymmetry(mode));
        PlacementSet placements = setup.enumerator().placements();

        Format.println(out, String.format("%s: %s   (from %s)", puzzle.name(), puzzle.title(), puzzle.origin()), 4);
        Format.println(out, String.format("target: %s, %d cells; %s, %s, %d cells in all", puzzle.target().describe(),
                puzzle.target().volume(), Plural.count(puzzle.pieces().size(), "piece type"),
                Plural.count(puzzle.copyCount(), "piece"), puzzle.pieceVolume()), 8);
        Format.println(out, "mirrored pieces: " + (puzzle.oneSided()
                ? "no: one-sided pieces, turned only about z (they keep their upper side)"
                : puzzle.mirroredPieces() ? "allowed" : "not allowed (pieces only rotate)"), 17);
        for (Puzzle.Group g : puzzle.groups()) {
            Format.println(out, String.format("group %s: %s of %s", g.name(),
                    g.min() == g.max() ? String.valueOf(g.min()) : g.min() + ".." + g.max(),
                    String.join(" ", g.pieces().stream().map(i -> puzzle.pieces().get(i).name()).toList())), 8);
        }
        if (!puzzle.fixed().isEmpty()) {
            out.printf("pre-placed pieces: %d%n", puzzle.fixed().size());
        }
        out.println();
        // columns as wide as their widest entry, so the table fits 80 columns; a piece's tags go on a line of their own
        int labelWidth = "LABEL".length();
        int nameWidth = "total".length();
        int titleWidth = "TITLE".length();
        for (Piece p : puzzle.pieces()) {
            labelWidth = Math.max(labelWidth, shortLabels(p).length());
            nameWidth = Math.max(nameWidth, p.name().length());
            titleWidth = Math.max(titleWidth, p.title().length());
        }
        String row = "%-" + labelWidth + "s  %-" + nameWidth + "s  %-" + titleWidth + "s %5s %6s %6s %10s%n";
        out.printf(row, "LABEL", "NAME", "TITLE", "CELLS", "COPIES", "ORIENT", "PLACEMENTS");
        int orientationTotal = 0;
        for (int i = 0; i < puzzle.pieces().size(); i++) {
            Piece p = puzzle.pieces().get(i);
            orientationTotal += placements.orientations(i);
            out.printf(row, shortLabels(p), p.name(), p.title(), p.size(),
                    p.isOptional() ? p.min() + ".." + p.count() : String.valueOf(p.count()),
                    placements.orientations(i), placements.placements(i));
            if (!p.tags().isEmpty()) {
                Format.println(out, " ".repeat(labelWidth + 2) + tags(p.tags()), labelWidth + 4);
            }
        }
        out.printf(row + "%n", "", "total", "", "", "", orientationTotal, placements.size());
        if (this.orientations || pieceName != null) {
            printOrientations(out, puzzle);
        }
        Format.println(out, String.format("symmetry %s: a group of %s mapping the target onto itself", mode.id(),
                Plural.count(setup.group().size(), "element")), 4);
        WorkPlan plan = setup.enumerator().plan();
        if (setup.widened()) {
            Format.println(out, String.format("searched under the target's %d %s (about %d times fewer nodes): each "
                    + "packing found stands for its distinct images, listed or counted", setup.searchGroup().size(),
                    setup.searchGroup().mode().id(), setup.searchGroup().distinctActions()), 4);
        }
        if (plan.pinnedPiece() != null && plan.pin().cells().length > 1) {
            Format.println(out, String.format("root symmetry breaking: %s keep %,d of their %,d arrangements (one per orbit)",
                    plan.pinnedPiece(), plan.rootOrbits(), plan.pinnedPlacements()), 4);
        } else if (plan.pinnedPiece() != null) {
            Format.println(out, String.format("root symmetry breaking: %s keeps %d of its %d placements (one per orbit)",
                    plan.pinnedPiece(), plan.rootOrbits(), plan.pinnedPlacements()), 4);
        }
        out.printf("work units: %,d%n", plan.size());
        dev.polycube.engine.Enumerator.TableSize size = setup.enumerator().tableSize();
        out.printf("search tables: %,d entries of %s, about %s; a board of %s%n", size.entries(),
                Plural.count(size.span(), "word"), Format.bytes(size.bytes()), Plural.count(size.words(), "word"));
        if (setup.enumerator().branching() == dev.polycube.engine.Branching.FEWEST_LIVE) {
            Format.println(out, "branching: on the cell the fewest placements can still cover (identical pieces in a "
                    + "3-D box of more than 64 cells; the placements that fit kept as bits)", 4);
        }
        printCounting(out, puzzle, mode, setup);
        if (!puzzle.expected().isEmpty() || puzzle.stored() != null) {
            out.println();
            out.println("published counts:");
            for (SymmetryMode rule : SymmetryMode.values()) {
                Puzzle.Expectation e = puzzle.expected().get(rule);
                if (e != null) {
                    Format.println(out, String.format("  %-22s %,12d   %s", rule.id(), e.value(), e.source()), 6);
                }
            }
            if (puzzle.stored() != null) {
                Format.println(out, String.format("  %-22s %,12d   %s", dev.polycube.puzzle.PuzzleParser.STORED_BY_BURRTOOLS,
                        puzzle.stored().value(), puzzle.stored().source()), 6);
            }
        }
        return ExitCodes.OK;
    }

    /**
     * How {@code solve --count-only} would count: without listing when the memo applies (and then the count itself,
     * if quick); by search otherwise, with what the search will cost.
     */
    private void printCounting(PrintWriter out, Puzzle puzzle, SymmetryMode mode, dev.polycube.solve.Solver.Setup setup) {
        if (!countWithoutListing(out, puzzle, mode, setup)) {
            printSearchEstimate(out, setup);
        }
    }

    /**
     * The search's size by {@code plan}'s random dives (within a factor of two on Bedlam, the Y-pentacubes and the
     * one-sided 9x10), and the time that takes at the node rates measured here (docs/PERFORMANCE.md: 5 - 10 M nodes
     * a second per thread on the built-ins and the dense puzzles, 2 - 4 M for the live-set search's).
     */
    private void printSearchEstimate(PrintWriter out, dev.polycube.solve.Solver.Setup setup) {
        var enumerator = setup.enumerator();
        int units = enumerator.plan().size();
        double nodes = 0;
        long deadline = System.nanoTime() + INFO_COUNT_NANOS;
        double[] work;
        try (StatusLine status = new StatusLine("info", quiet.on())) {
            // one dive a unit: over thousands of units as near as plan's four (Bedlam 5.8e7 against 7.2e7; it takes 7.2e7)
            work = enumerator.estimateWork(1, 1, u -> status.update(() -> String.format("estimating the search: %,d of %,d units",
                    u, units)), () -> System.nanoTime() > deadline);
        }
        if (work == null) {
            Format.println(out, String.format("          estimated search: not within %d s of random dives (a deep search: "
                    + "`polycube plan` takes the time to estimate it)", INFO_COUNT_NANOS / 1_000_000_000), 10);
            return;
        }
        for (double w : work) {
            nodes += w;
        }
        if (Double.isInfinite(nodes)) {
            Format.println(out, "          estimated search: more nodes than a double holds (over 1e308): it will not finish", 10);
            return;
        }
        int threads = dev.polycube.solve.Solver.Options.defaultThreads();
        // the live-set search's nodes cost more (each counts the narrow cells' live placements): 2 - 4 M a second
        boolean live = enumerator.branching() == dev.polycube.engine.Branching.FEWEST_LIVE;
        double slow = live ? 2e6 : 5e6;
        double fast = live ? 4e6 : 10e6;
        Format.println(out, String.format(java.util.Locale.ROOT, "          estimated search: about %.2g nodes (one random dive a unit, "
                + "as `polycube plan --probes 1` estimates); at %s M nodes a second per thread, %s to %s on %s",
                nodes, live ? "2-4" : "5-10", Format.seconds(nodes / fast / threads), Format.seconds(nodes / slow / threads),
                Plural.count(threads, "thread")), 10);
        long once = live && setup.puzzle().pieces().size() == 1 ? unitsCountedWithoutPackings(setup) : 0;
        if (once > 0) {
            Format.println(out, String.format("          %,d of the %,d units count their packings without listing them, each "
                    + "board met again counted once: fewer nodes than this (the 25 Y-pentacubes: 8 M of 14 M)", once, units), 10);
        }
    }

    /** The units whose packings a count adds up without looking at them ({@link dev.polycube.solve.ClassCollector#countsOnly}). */
    private static long unitsCountedWithoutPackings(dev.polycube.solve.Solver.Setup setup) {
        var plan = setup.enumerator().plan();
        var collector = new dev.polycube.solve.ClassCollector(setup.puzzle(), setup.group(), setup.searchGroup(), plan, true, true);
        long n = 0;
        for (int u = 0; u < plan.size(); u++) {
            if (collector.countsOnly(u)) {
                n++;
            }
        }
        return n;
    }

    /**
     * Prints how {@code solve --count-only} counts (the run's own decision, {@link dev.polycube.run.Runs#countingWay}, with
     * {@link #INFO_COUNT_NANOS} to try the memo) and returns true when without listing, false when by search.
     */
    private static boolean countWithoutListing(PrintWriter out, Puzzle puzzle, SymmetryMode mode,
                                               dev.polycube.solve.Solver.Setup setup) {
        long deadline = System.nanoTime() + INFO_COUNT_NANOS;
        dev.polycube.run.CountingWay way;
        try {
            way = dev.polycube.run.Runs.countingWay(puzzle, mode, setup, () -> System.nanoTime() > deadline,
                    dev.polycube.solve.MemoCount.Progress.NONE, 1);
        } catch (dev.polycube.solve.MemoCount.Interrupted e) {
            Format.println(out, String.format("counting: without listing while its states fit in memory, else by "
                    + "search (solve --count-only); not counted here: it takes more than %d s",
                    INFO_COUNT_NANOS / 1_000_000_000), 10);
            return true;
        }
        if (way instanceof dev.polycube.run.CountingWay.Counted counted) {
            var classes = counted.result();
            Format.println(out, String.format("counting: without listing, %s (%s)", Plural.count(classes.packings(), "solution"),
                    mode.id()), 10);
            Format.println(out, String.format("          states: %,d, at most %,d at once; frontier %d cells",
                    classes.states(), classes.peak(), dev.polycube.solve.MemoCount.frontier(puzzle, setup.enumerator().placements())), 10);
            return true;
        }
        if (way instanceof dev.polycube.run.CountingWay.AllMemory allMemory) {
            Format.println(out, "counting: without listing, with all the memory the memo may use (solve --count-only), else by "
                    + "search: " + allMemory.trialEnded() + ", but the search would take "
                    + dev.polycube.run.Runs.searchSize(allMemory.searchNodes()) + "; not counted here", 10);
            return true;
        }
        Format.println(out, "counting: by search (" + ((dev.polycube.run.CountingWay.BySearch) way).why() + ")", 10);
        return false;
    }

    /** How long {@code info} may spend counting without listing before it leaves the count to {@code solve}. */
    private static final long INFO_COUNT_NANOS = 2_000_000_000L;

    /** The labels of a piece's copies, cut short when there are many (98 dominoes): {@code DABCEF..}. */
    private static String shortLabels(Piece p) {
        String labels = p.labels();
        return labels.codePointCount(0, labels.length()) <= LABELS_SHOWN ? labels
                : labels.substring(0, labels.offsetByCodePoints(0, LABELS_SHOWN - 2)) + "..";
    }

    /** How many characters of a piece's labels the table shows. */
    private static final int LABELS_SHOWN = 8;

    /** A piece's tags as the puzzle file writes them: {@code key=value}, by key. */
    private static String tags(Map<String, String> tags) {
        StringBuilder sb = new StringBuilder();
        new java.util.TreeMap<>(tags).forEach((k, v) -> sb.append(sb.isEmpty() ? "" : " ").append(k).append('=').append(v));
        return sb.toString();
    }
}
