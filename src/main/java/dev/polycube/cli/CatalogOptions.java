package dev.polycube.cli;

import dev.polycube.catalog.CatalogFormat;
import dev.polycube.catalog.LoadedCatalog;
import java.io.IOException;
import java.nio.file.Path;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.SymmetryMode;
import picocli.CommandLine.Option;

/** Options shared by the commands that read catalogs: the puzzle, the input format, the symmetry. */
final class CatalogOptions {

    @Option(names = "--puzzle", paramLabel = "P",
            description = "the puzzle the catalog belongs to (default: from a native catalog's header, else recognised "
                    + "among the built-ins by its piece shapes)")
    private String puzzle;

    @Option(names = "--format", paramLabel = "F",
            description = "read the input as native, kurowski, ekstrom, lepage or jsonl (default: detected)")
    private String format;

    @Option(names = "--symmetry", paramLabel = "S", defaultValue = "rotations",
            description = "compare modulo rotations (default), rotations+reflections, or fixed")
    private String symmetry;

    /** Reads a catalog with these options (the puzzle from --puzzle, the header, or recognition). */
    LoadedCatalog load(Path file) throws IOException {
        return LoadedCatalog.load(file, formatOrNull(), puzzleOrNull());
    }

    /** Reads a catalog as one of {@code puzzle}'s. */
    LoadedCatalog load(Path file, Puzzle puzzle) throws IOException {
        return LoadedCatalog.load(file, formatOrNull(), puzzle);
    }

    Puzzle puzzleOrNull() {
        return puzzle == null ? null : BuiltInPuzzles.load(puzzle);
    }

    CatalogFormat formatOrNull() {
        return format == null ? null : CatalogFormat.parse(format);
    }

    SymmetryMode symmetry() {
        return SymmetryMode.parse(symmetry);
    }
}
