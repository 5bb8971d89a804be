package dev.polycube.cli;

import dev.polycube.catalog.CatalogLayout;
import dev.polycube.catalog.CatalogLayouts;
import dev.polycube.catalog.CatalogFile;
import dev.polycube.catalog.CatalogScan;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import picocli.CommandLine.Option;

/** Options shared by the commands that read catalogs: the puzzle, the input format, the symmetry. */
final class CatalogOptions {

    /** The rule of a catalog that declares none (a layout without a header): rotations, the published counts' usual one. */
    static final SymmetryMode UNDECLARED = SymmetryMode.ROTATIONS;

    @Option(names = "--puzzle", paramLabel = "P",
            description = "the puzzle the catalog belongs to (default: from a native catalog's header, else recognised "
                    + "among the built-ins by its piece shapes)")
    private String puzzle;

    @Option(names = "--format", paramLabel = "F", completionCandidates = Candidates.Layouts.class,
            description = "read the input as ${COMPLETION-CANDIDATES} (default: detected)")
    private String format;

    @Option(names = "--symmetry", paramLabel = "S", completionCandidates = Candidates.Symmetries.class,
            description = "compare modulo rotations, rotations+reflections, or fixed (default: the symmetry in the "
                    + "catalog's header, else rotations)")
    private String symmetry;

    /** Opens a catalog with these options (the puzzle from --puzzle, the header, or recognition). */
    CatalogFile open(Path file) throws IOException {
        return open(file, puzzleOrNull());
    }

    /** Opens a catalog as one of {@code puzzle}'s (null: from the header or recognised). */
    CatalogFile open(Path file, Puzzle puzzle) throws IOException {
        return CatalogFile.open(file, formatOrNull(), puzzle);
    }

    /** Reads every entry of {@code c} under {@code rule}, with a progress line. */
    static CatalogScan scan(CatalogFile c, SymmetryMode rule, boolean quiet) {
        long declared = c.declaredEntries();
        if (declared > 0) { // a native catalog says how many: the share read, as every long pass shows it
            try (PassStatus status = new PassStatus("reading " + c.file().getFileName(), null, Format::count, "entries", quiet)) {
                return c.scan(rule, n -> status.at(n, declared));
            }
        }
        try (StatusLine status = new StatusLine("reading " + c.file().getFileName(), quiet)) {
            return c.scan(rule, n -> status.update(() -> String.format("%,d entries", n)));
        }
    }

    Puzzle puzzleOrNull() {
        return puzzle == null ? null : PuzzleInput.load(puzzle);
    }

    CatalogLayout formatOrNull() {
        return format == null ? null : CatalogLayouts.named(format);
    }

    /**
     * The symmetry to compare under: --symmetry when given; else the one the catalogs' headers name (the
     * coarsest when two differ), said on {@code out}; else rotations.
     */
    SymmetryMode symmetry(PrintWriter out, CatalogFile... catalogs) {
        if (symmetry != null) {
            return SymmetryMode.parse(symmetry);
        }
        SymmetryMode chosen = null;
        List<CatalogFile> from = new ArrayList<>();
        for (CatalogFile c : catalogs) {
            if (c.header() == null) {
                continue;
            }
            SymmetryMode m = c.header().symmetry();
            from.add(c);
            chosen = chosen == null || m.ordinal() > chosen.ordinal() ? m : chosen;
        }
        if (chosen == null) {
            return UNDECLARED;
        }
        if (from.size() == 1) { // its rule is the one chosen: the file alone (the line fits 80 columns)
            out.printf("symmetry %s, from the catalog header of %s; --symmetry overrides it%n", chosen.id(),
                    from.get(0).file().getFileName());
        } else {
            out.printf("symmetry %s, from the catalog headers (%s); --symmetry overrides it%n", chosen.id(),
                    String.join(", ", from.stream().map(c -> c.file().getFileName() + ": " + c.header().symmetry().id()).toList()));
        }
        return chosen;
    }
}
