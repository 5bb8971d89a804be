package dev.polycube.catalog;

import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.puzzle.Verdict;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A catalog file of any layout, matched to its puzzle: the entries that are packings of it (in the puzzle's
 * frame and handedness) and a message for each entry that is not.
 *
 * @param mirroredEntries how many entries used the mirror-image piece set (and were mirrored back)
 */
public record LoadedCatalog(Path file, CatalogLayout format, Puzzle puzzle, List<RawSolution> entries,
                            List<Interpreter.Match> matches, List<String> problems, int mirroredEntries,
                            Catalog nativeCatalog) {

    /**
     * @param forcedFormat null to detect the layout
     * @param puzzle       null to take it from a native header or to recognise a built-in by its piece shapes
     */
    public static LoadedCatalog load(Path file, CatalogLayout forcedFormat, Puzzle puzzle) throws IOException {
        return load(file, forcedFormat, puzzle, n -> { });
    }

    /** As {@link #load(Path, CatalogLayout, Puzzle)}, telling {@code matched} how many entries are done so far. */
    public static LoadedCatalog load(Path file, CatalogLayout forcedFormat, Puzzle puzzle, java.util.function.IntConsumer matched)
            throws IOException {
        CatalogLayout.Entries read = CatalogLayouts.read(file, forcedFormat);
        if (read.entries().isEmpty()) {
            throw new CatalogException(file + ": no solutions found in this " + read.layout().name() + " catalog");
        }
        Puzzle p = puzzle;
        if (p == null && read.nativeCatalog() != null) {
            p = NativeCatalog.definedPuzzle(read.nativeCatalog(), file.toString());
        }
        if (p == null) {
            p = recognise(read, file);
        }
        Interpreter in = new Interpreter(p);
        List<Interpreter.Match> matches = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int mirrored = 0;
        for (RawSolution raw : read.entries()) {
            matched.accept(matches.size() + problems.size());
            try {
                Interpreter.Match m = in.match(raw, file.toString());
                matches.add(m);
                mirrored += m.mirrored() ? 1 : 0;
            } catch (CatalogException e) {
                problems.add(e.getMessage());
            }
        }
        if (matches.isEmpty()) {
            throw new CatalogException(file + " is not a catalog of " + p.name() + ": none of its " + read.entries().size()
                    + " entries is a packing of it (first: " + problems.get(0) + ")");
        }
        return new LoadedCatalog(file, read.layout(), p, read.entries(), matches, problems, mirrored, read.nativeCatalog());
    }

    /** Refuses (naming the first bad entry) a catalog with entries that are not packings of its puzzle. */
    public LoadedCatalog requireAllValid() {
        if (!problems.isEmpty()) {
            throw new CatalogException(problems.size() + " entr" + (problems.size() == 1 ? "y" : "ies") + " of " + file
                    + " are not packings of " + puzzle.name() + "; first: " + problems.get(0)
                    + " (run `polycube verify` for the list)");
        }
        return this;
    }

    /**
     * The distinct classes of the matched entries under {@code rule}.
     *
     * @param first   canonical line → the number of the first entry of that class, in file order
     * @param repeats entries that are the same solution as an earlier one: {entry, earlier entry}
     */
    public record Classes(Map<String, Integer> first, List<int[]> repeats) {
    }

    /** The one loop that canonicalises a catalog's entries (verify, diff, convert and the API use it). */
    public Classes classes(SymmetryMode rule) {
        Canonicalizer canon = new Canonicalizer(puzzle, SymmetryGroup.of(puzzle, rule));
        Map<String, Integer> first = new LinkedHashMap<>();
        List<int[]> repeats = new ArrayList<>();
        for (Interpreter.Match m : matches) {
            Integer earlier = first.putIfAbsent(canon.canonical(m.packing().cellCopy(), m.packing().copyPiece()), m.entry());
            if (earlier != null) {
                repeats.add(new int[] {m.entry(), earlier});
            }
        }
        return new Classes(first, repeats);
    }

    /**
     * What {@code verify} reports: entries that are no packing of the puzzle and entries that repeat a
     * solution under {@code rule} are problems.
     *
     * @param valid   distinct valid solutions
     * @param verdict {@code valid} against the published count, or null when none is published
     */
    public record Verification(int entries, int valid, List<String> problems, Verdict verdict) {

        public boolean ok() {
            return problems.isEmpty();
        }
    }

    public Verification verify(SymmetryMode rule) {
        Classes classes = classes(rule);
        List<String> all = new ArrayList<>(problems);
        for (int[] r : classes.repeats()) {
            all.add(file + ": entry " + r[0] + " is the same solution as entry " + r[1] + " under " + rule.id());
        }
        int valid = classes.first().size();
        return new Verification(entries.size(), valid, List.copyOf(all), puzzle.verdict(rule, valid));
    }

    private static Puzzle recognise(CatalogLayout.Entries read, Path file) {
        RawSolution first = read.entries().get(0);
        for (String name : BuiltInPuzzles.names()) {
            Puzzle candidate = BuiltInPuzzles.load(name);
            try {
                new Interpreter(candidate).match(first, file.toString());
                return candidate;
            } catch (CatalogException notThisOne) {
                // try the next built-in
            }
        }
        throw new CatalogException(file + ": its first entry is not a packing of any built-in puzzle; name the puzzle with --puzzle");
    }
}
