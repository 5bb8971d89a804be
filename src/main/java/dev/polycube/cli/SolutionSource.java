package dev.polycube.cli;

import dev.polycube.catalog.CatalogFile;
import dev.polycube.catalog.CatalogLayouts;
import dev.polycube.catalog.Packing;
import dev.polycube.error.BadInputException;
import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.files.PathInfo;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.solve.Solver;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where pictures and {@code show} get their solutions: a catalog file of any layout (entries drawn as they
 * are, in the puzzle's labels), or a puzzle, whose first solutions are found on the spot. Only a window of them is
 * kept: solutions {@code first .. first + lines.size() - 1}.
 *
 * @param total the catalog's entries, or the solutions found (the window's end)
 * @param rule  the symmetry rule the solutions are classes under, which fixes the frame a class is taken apart in
 *              ({@link dev.polycube.disassembly.Frames}): a native catalog's header's, as {@code disassemble} reads it;
 *              {@link CatalogOptions#UNDECLARED} for a catalog of another layout; a puzzle's own for solutions found
 */
record SolutionSource(Puzzle puzzle, SymmetryMode rule, List<String> lines, int first, long total, boolean fromCatalog,
                      String name) {

    /** As {@link #open(String, int, int, TurnOptions, boolean)} from the first solution. */
    static SolutionSource open(String input, int needed, TurnOptions mirror, boolean quiet) throws IOException {
        return open(input, 1, needed, mirror, quiet);
    }

    /**
     * Reads {@code input}: from a catalog its entries {@code first .. first + count - 1} (drawn as they are, in the
     * puzzle's labels; the entries before and after them are only counted, never interpreted: a picture of entry
     * 12,000,000 of a 13 M-line catalog once kept every entry before it, past the heap); for a puzzle, finds its
     * first {@code first + count - 1} solutions and keeps the last {@code count} of them.
     */
    static SolutionSource open(String input, int first, int count, TurnOptions mirror, boolean quiet) throws IOException {
        Path path = Path.of(input);
        if (PathInfo.isRegularFile(path) && isCatalog(path)) {
            mirror.refuseForCatalog(input);
            try (CatalogFile c = CatalogFile.open(path, null, null);
                 StatusLine status = new StatusLine("reading " + path.getFileName(), quiet)) {
                java.util.function.IntConsumer passed = n -> status.update(() -> String.format("%,d entries", n));
                c.skip(first - 1L, passed);
                Canonicalizer asIs = new Canonicalizer(c.puzzle(), SymmetryGroup.of(c.puzzle(), SymmetryMode.FIXED));
                List<String> lines = new ArrayList<>();
                for (java.util.Iterator<Packing> it = c.packings().iterator(); lines.size() < count && it.hasNext(); ) {
                    Packing p = it.next();
                    lines.add(asIs.line(p.cellCopy(), p.copyPiece()));
                    status.update(() -> Plural.count(lines.size(), "solution"));
                }
                // the rest is only counted, for "the first N of TOTAL": interpreting 13 M entries took a minute
                int total = c.skipRest(passed);
                SymmetryMode rule = c.header() != null ? c.header().symmetry() : CatalogOptions.UNDECLARED;
                return new SolutionSource(c.puzzle(), rule, lines, first, total, true, path.getFileName().toString());
            }
        }
        Puzzle p = mirror.apply(PuzzleInput.load(input));
        if (count <= 0) {
            return new SolutionSource(p, p.defaultSymmetry(), List.of(), first, 0, false, p.name());
        }
        int needed = (int) Math.min(Integer.MAX_VALUE, first - 1L + count);
        // the progress line a solve shows: the first 200,000 solutions of a dense puzzle take a while
        Solver.Options options = Solver.Options.defaults().withLimit(needed);
        Solver.Run run = new Solver.Run(u -> true, List.of(), 0, dev.polycube.solve.UnitSink.NONE,
                (solutions, packings) -> quiet ? dev.polycube.engine.SearchMonitor.NONE
                        : new ProgressMonitor(System.err, solutions, packings, 0, needed),
                new dev.polycube.engine.SearchControl());
        List<String> found = Solver.solve(Solver.prepare(p, options), options, run).lines();
        List<String> lines = found.size() < first ? List.of() : found.subList(first - 1, found.size());
        return new SolutionSource(p, p.defaultSymmetry(), lines, first, found.size(), false, p.name());
    }

    /** True when {@code input} names a catalog file (not a built-in name or a puzzle file). */
    static boolean isCatalogFile(String input) {
        Path path = Path.of(input);
        return BuiltInPuzzles.find(input) == null && PathInfo.isRegularFile(path) && isCatalog(path);
    }

    /** True for a catalog in any layout (plain or gzip); false for a puzzle file, which may be binary. */
    private static boolean isCatalog(Path path) {
        if (path.toString().endsWith(".xmpuzzle")) {
            return false;
        }
        try {
            return CatalogLayouts.detect(CatalogLayouts.head(path)) != null;
        } catch (BadInputException notText) {
            return false; // not UTF-8 text: let the puzzle reader say what it is
        }
    }

    /** Solution {@code index} (1-based, within the window read), with a clear error when there is no such entry. */
    String line(int index) {
        if (index > total || index < 1) {
            throw new OptionException("--index " + index + " is out of range: " + name + " has "
                    + (fromCatalog ? Plural.count(total, "entry", "entries") : Plural.count(total, "solution") + " found") + " (numbered from 1)");
        }
        if (index < first || index - first >= lines.size()) {
            throw new IllegalStateException("solution " + index + " is outside the window read, " + first + " .. "
                    + (first + lines.size() - 1));
        }
        return lines.get(index - first);
    }
}
