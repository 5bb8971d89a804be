package dev.polycube.catalog;

import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One catalog layout: how to recognise a file of it, read its entries and write packings in it. Each
 * layout is one class; {@link CatalogLayouts} lists them, so adding a layout is that class and one line
 * there. Axes and labels of each layout: docs/catalog-format.md.
 */
public interface CatalogLayout {

    /** The name users type ({@code --format}, {@code --to}) and messages show: "native", "kurowski", ... */
    String name();

    /** One line for help and errors: whose layout it is and what an entry looks like. */
    String description();

    /**
     * The index of the first line of {@code head} (a file's first lines) at which this layout recognises
     * itself, or -1. Of several layouts, the one that recognises itself earliest wins.
     */
    int recognise(List<String> head);

    /** Reads every entry of {@code file} (each malformed one an error naming the file and line). */
    Entries read(Path file) throws IOException;

    /**
     * Writes {@code packings} of {@code puzzle} to {@code out}, atomically; returns the number of entries written.
     * Native output is canonical under {@code symmetry}, unique and sorted; the other layouts keep the order.
     */
    int write(Path out, Puzzle puzzle, SymmetryMode symmetry, List<Packing> packings) throws IOException;

    /**
     * What was read from a file: the layout, the entries, and for a native catalog its parsed header (with
     * its lines), else null.
     */
    record Entries(Path file, CatalogLayout layout, List<RawSolution> entries, Catalog nativeCatalog) {
    }
}
