package dev.polycube.catalog;

import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A catalog file of any layout, matched to its puzzle: the entries that are packings of it (in the puzzle's
 * frame and handedness) and a message for each entry that is not.
 *
 * @param mirroredEntries how many entries used the mirror-image piece set (and were mirrored back)
 */
public record LoadedCatalog(Path file, CatalogFormat format, Puzzle puzzle, List<RawSolution> entries,
                            List<Interpreter.Match> matches, List<String> problems, int mirroredEntries,
                            Catalog nativeCatalog) {

    /**
     * @param forcedFormat null to detect the layout
     * @param puzzle       null to take it from a native header or to recognise a built-in by its piece shapes
     */
    public static LoadedCatalog load(Path file, CatalogFormat forcedFormat, Puzzle puzzle) throws IOException {
        return load(file, forcedFormat, puzzle, n -> { });
    }

    /** As {@link #load(Path, CatalogFormat, Puzzle)}, telling {@code matched} how many entries are done so far. */
    public static LoadedCatalog load(Path file, CatalogFormat forcedFormat, Puzzle puzzle, java.util.function.IntConsumer matched)
            throws IOException {
        ForeignCatalog.Read read = ForeignCatalog.read(file, forcedFormat);
        if (read.entries().isEmpty()) {
            throw new CatalogException(file + ": no solutions found in this " + read.format() + " catalog");
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
        return new LoadedCatalog(file, read.format(), p, read.entries(), matches, problems, mirrored, read.nativeCatalog());
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

    private static Puzzle recognise(ForeignCatalog.Read read, Path file) {
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
