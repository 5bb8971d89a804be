package dev.polycube.cli;

import dev.polycube.engine.PlacementSet;
import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.solve.Solver;
import dev.polycube.puzzle.SymmetryMode;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "info", mixinStandardHelpOptions = true, header = "Show pieces, orientations, placements and symmetry of a puzzle.",
        description = {"Shows what polycube understood of a puzzle before solving it: each piece with its",
            "cell count, distinct orientations and placements in the target, the symmetry group, how the",
            "search is split, how solve --count-only would count (without listing, by a memo, where",
            "few kinds of piece fill a narrow frontier; the count itself when that takes under 2 s),",
            "and the published counts.",
            "",
            "Example:  polycube info bedlam      (Kurowski's figures: 7 pieces with 24 orientations,",
            "                                     5 with 12, 1 with 3; 4,188 placements)"})
final class InfoCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private PuzzleOptions puzzleOptions;

    @CommandLine.Option(names = "--orientations", description = "list every orientation of each piece, numbered as JSON Lines "
            + "catalogs and `render --view orientations` number them (cells moved to the origin)")
    private boolean orientations;

    @CommandLine.Option(names = "--piece", paramLabel = "NAME", description = "with --orientations: only this piece (a name or an alias)")
    private String pieceName;


    /** The pieces --piece selects: the one it names, else all. */
    static java.util.List<Integer> selected(Puzzle puzzle, String pieceName) {
        if (pieceName == null) {
            return java.util.stream.IntStream.range(0, puzzle.pieces().size()).boxed().toList();
        }
        int i = puzzle.pieceIndex(pieceName);
        if (i < 0) {
            throw new dev.polycube.error.OptionException("--piece: " + puzzle.name() + " has no piece '" + pieceName + "'; its pieces: "
                    + String.join(", ", puzzle.pieces().stream().map(Piece::name).toList()));
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
                out.printf("  %3d %s%n", k + 1, cells);
            }
        }
        out.println();
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Puzzle puzzle = puzzleOptions.puzzle();
        SymmetryMode mode = puzzleOptions.symmetry(puzzle);
        Solver.Setup setup = Solver.prepare(puzzle, Solver.Options.defaults().withSymmetry(mode));
        PlacementSet placements = setup.enumerator().placements();

        out.printf("%s: %s   (from %s)%n", puzzle.name(), puzzle.title(), puzzle.origin());
        out.printf("target: %s, %d cells; %d piece types, %d pieces, %d cells in all%n", puzzle.target().describe(),
                puzzle.target().volume(), puzzle.pieces().size(), puzzle.copyCount(), puzzle.pieceVolume());
        out.printf("mirrored pieces: %s%n", puzzle.oneSided() ? "no: one-sided pieces, turned only about z (they keep their upper side)"
                : puzzle.mirroredPieces() ? "allowed" : "not allowed (pieces only rotate)");
        for (Puzzle.Group g : puzzle.groups()) {
            out.printf("group %s: %s of %s%n", g.name(), g.min() == g.max() ? String.valueOf(g.min()) : g.min() + ".." + g.max(),
                    String.join(" ", g.pieces().stream().map(i -> puzzle.pieces().get(i).name()).toList()));
        }
        if (!puzzle.fixed().isEmpty()) {
            out.printf("pre-placed pieces: %d%n", puzzle.fixed().size());
        }
        out.println();
        out.printf("%-6s %-12s %-26s %5s %6s %8s %12s%n", "LABEL", "NAME", "TITLE", "CELLS", "COUNT", "ORIENT", "PLACEMENTS");
        int orientationTotal = 0;
        for (int i = 0; i < puzzle.pieces().size(); i++) {
            Piece p = puzzle.pieces().get(i);
            orientationTotal += placements.orientations(i);
            out.printf("%-6s %-12s %-26s %5d %6s %8d %12d%s%n", p.labels(), p.name(), p.title(), p.size(),
                    p.isOptional() ? p.min() + ".." + p.count() : String.valueOf(p.count()),
                    placements.orientations(i), placements.placements(i), tags(p.tags()));
        }
        out.printf("%-6s %-12s %-26s %5s %6s %8d %12d%n%n", "", "total", "", "", "", orientationTotal, placements.size());
        if (this.orientations || pieceName != null) {
            printOrientations(out, puzzle);
        }
        out.printf("symmetry %s: a group of %d element%s mapping the target onto itself%n", mode.id(), setup.group().size(),
                setup.group().size() == 1 ? "" : "s");
        WorkPlan plan = setup.enumerator().plan();
        if (plan.pinnedPiece() != null) {
            out.printf("root symmetry breaking: %s restricted to %d of its %d placements (one per orbit)%n",
                    plan.pinnedPiece(), plan.rootOrbits(), plan.pinnedPlacements());
        }
        out.printf("work units: %d%n", plan.size());
        dev.polycube.engine.Enumerator.TableSize size = setup.enumerator().tableSize();
        out.printf("search tables: a board of %d word%s, %,d list entries of %d word%s each, about %s%n", size.words(),
                size.words() == 1 ? "" : "s", size.entries(), size.span(), size.span() == 1 ? "" : "s",
                Format.bytes(size.bytes()));
        printCounting(out, puzzle, mode, setup);
        if (!puzzle.expected().isEmpty() || puzzle.stored() != null) {
            out.println();
            out.println("published counts:");
            for (SymmetryMode rule : SymmetryMode.values()) {
                Puzzle.Expectation e = puzzle.expected().get(rule);
                if (e != null) {
                    out.printf("  %-22s %,12d   %s%n", rule.id(), e.value(), e.source());
                }
            }
            if (puzzle.stored() != null) {
                out.printf("  %-22s %,12d   %s%n", dev.polycube.puzzle.PuzzleParser.STORED_BY_BURRTOOLS, puzzle.stored().value(),
                        puzzle.stored().source());
            }
        }
        return ExitCodes.OK;
    }

    /** How {@code solve --count-only} would count: without listing when the memo applies (and then the count itself, if quick). */
    private static void printCounting(PrintWriter out, Puzzle puzzle, SymmetryMode mode, dev.polycube.solve.Solver.Setup setup) {
        if (mode == SymmetryMode.BURRTOOLS) {
            out.println("counting: by search (the burrtools rule's classes are not counted by Burnside's lemma)");
            return;
        }
        if (!puzzle.groups().isEmpty()) {
            out.println("counting: by search (the memo does not count groups of pieces)");
            return;
        }
        if (!dev.polycube.solve.MemoCount.suits(puzzle)) {
            out.printf("counting: by search (the memo pays for few kinds of piece: at most 3, or 4 copies a kind; here %d "
                    + "kind%s, %d cop%s)%n", puzzle.pieces().size(), puzzle.pieces().size() == 1 ? "" : "s",
                    puzzle.copyCount(), puzzle.copyCount() == 1 ? "y" : "ies");
            return;
        }
        long deadline = System.nanoTime() + INFO_COUNT_NANOS;
        try {
            var classes = dev.polycube.solve.MemoCount.classes(puzzle, setup.group(), () -> System.nanoTime() > deadline);
            out.printf("counting: without listing, %s (%s)%n", Format.count(classes.packings(), "solution"), mode.id());
            out.printf("          memo of board and copies left: %,d states, frontier %d cells%n",
                    classes.states(), dev.polycube.solve.MemoCount.frontier(puzzle));
        } catch (dev.polycube.solve.MemoCount.TooBig | dev.polycube.solve.MemoCount.Interrupted e) {
            if (e instanceof dev.polycube.solve.MemoCount.TooBig) {
                out.printf("counting: by search (%s)%n", e.getMessage());
            } else {
                out.printf("counting: without listing (solve --count-only); not counted here: it takes more than %d s%n",
                        INFO_COUNT_NANOS / 1_000_000_000);
            }
        }
    }

    /** How long {@code info} may spend counting without listing before it leaves the count to {@code solve}. */
    private static final long INFO_COUNT_NANOS = 2_000_000_000L;

    private static String tags(Map<String, String> tags) {
        if (tags.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("   ");
        new java.util.TreeMap<>(tags).forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }
}
