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
    public final EntryReader open(Path file) {
        Source in = new Source(file, TextInput.lines(file));
        return new EntryReader() {
            @Override
            public Catalog header() {
                return null;
            }

            @Override
            public RawSolution next() {
                return EntryLayout.this.next(in);
            }

            @Override
            public void close() {
                in.lines.close();
            }
        };
    }

    /** The next entry of {@code in} (numbered from 1 by {@link Source#nextEntry}), or null at its end. */
    abstract RawSolution next(Source in);

    /** The lines of a file being read, with one line of look-ahead, and the entries read so far. */
    static final class Source {
        final Path file;
        private final TextInput.Lines lines;
        private String pending;
        private boolean hasPending;
        private int entries;

        Source(Path file, TextInput.Lines lines) {
            this.file = file;
            this.lines = lines;
        }

        /** The next line without taking it; null at the end. */
        String peek() {
            if (!hasPending) {
                pending = lines.next();
                hasPending = true;
            }
            return pending;
        }

        /** The next line, taken; null at the end. */
        String take() {
            String s = peek();
            hasPending = false;
            return s;
        }

        /** The number of the line last taken (or peeked). */
        int line() {
            return lines.number();
        }

        /** The number the next entry gets. */
        int nextEntry() {
            return ++entries;
        }
    }

    @Override
    public final long write(Path out, Puzzle puzzle, SymmetryMode symmetry, Iterable<Packing> packings) throws IOException {
        long[] n = {0};
        AtomicFiles.write(out, w -> {
            for (Packing p : packings) {
                writeEntry(w, puzzle, p, (int) n[0]++);
            }
        });
        return n[0];
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
