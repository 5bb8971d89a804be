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

    /**
     * Opens {@code file} to read its entries one at a time (a catalog may be far larger than memory); each
     * malformed entry is an error naming the file and line.
     */
    EntryReader open(Path file) throws IOException;

    /**
     * Writes {@code packings} of {@code puzzle} to {@code out}, atomically, reading them once, in order; returns
     * the number of entries written. Native output is canonical under {@code symmetry}, unique and sorted (kept
     * in a spilling {@link LineStore} on the way); the other layouts write each packing as it comes.
     */
    long write(Path out, Puzzle puzzle, SymmetryMode symmetry, Iterable<Packing> packings) throws IOException;

    /** A file's entries, one at a time. */
    interface EntryReader extends AutoCloseable {

        /** A native catalog's header (no lines), else null. */
        Catalog header();

        /** The next entry, or null at the end. */
        RawSolution next();

        /** How many entries the file says it holds (a native catalog's {@code # solutions:}), or -1 when it does not say. */
        default long declaredEntries() {
            return -1;
        }

        @Override
        void close();
    }
}
