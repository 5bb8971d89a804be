package dev.polycube.catalog;

import dev.polycube.files.AtomicFiles;
import dev.polycube.files.TextInput;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/**
 * A layout of independent entries, read from the whole file's lines and written one packing after another
 * in the given order, each as it is in the puzzle's frame (every layout but native).
 */
abstract class EntryLayout implements CatalogLayout {

    private final String name;
    private final String description;

    EntryLayout(String name, String description) {
        this.name = name;
        this.description = description;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    /** The index of the first of {@code head}'s lines that, stripped, {@code mark} accepts; or -1. */
    static int firstLine(List<String> head, java.util.function.Predicate<String> mark) {
        for (int i = 0; i < head.size(); i++) {
            if (mark.test(head.get(i).strip())) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public final Entries read(Path file) throws IOException {
        return new Entries(file, this, entries(file, TextInput.readAllLines(file)), null);
    }

    /** The entries in {@code lines} (all of {@code file}), numbered from 1. */
    abstract List<RawSolution> entries(Path file, List<String> lines);

    @Override
    public final int write(Path out, Puzzle puzzle, SymmetryMode symmetry, List<Packing> packings) throws IOException {
        AtomicFiles.write(out, w -> {
            for (int i = 0; i < packings.size(); i++) {
                writeEntry(w, puzzle, packings.get(i), i);
            }
        });
        return packings.size();
    }

    /** Writes packing number {@code index} (0-based). */
    abstract void writeEntry(Writer w, Puzzle puzzle, Packing p, int index) throws IOException;

    /**
     * A label per placed copy: the piece's labels in order of first appearance, or, with {@code numbered}, the
     * piece's {@code kurowski=} number where it has one and a single copy (Bedlam: his seed-001 numbering).
     */
    static String[] labels(Puzzle puzzle, Packing p, boolean numbered) {
        String[] out = new String[p.copyPiece().length];
        int[] next = new int[puzzle.pieces().size()];
        boolean[] done = new boolean[out.length];
        for (int k = 0; k < p.cellCopy().length; k++) {
            int copy = p.cellCopy()[k];
            if (copy < 0 || done[copy]) {
                continue;
            }
            done[copy] = true;
            Piece piece = puzzle.pieces().get(p.copyPiece()[copy]);
            String tag = piece.tags().get("kurowski");
            out[copy] = numbered && tag != null && piece.count() == 1 ? tag
                    : String.valueOf(piece.labels().charAt(next[p.copyPiece()[copy]]++));
        }
        return out;
    }

    /** The label of the copy on box index {@code index}, or "." where no piece is. */
    static String cell(String[] labels, Packing p, int index) {
        int copy = p.cellCopy()[index];
        return copy < 0 ? "." : labels[copy];
    }

    @Override
    public String toString() {
        return name();
    }
}
