package dev.polycube.catalog;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.polycube.files.AtomicFiles;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import dev.polycube.symmetry.SymmetryMode;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes packings in any supported layout (atomically). Native output is canonical, deduplicated and
 * sorted, as the format requires; the other layouts keep the given order and write each packing as it is
 * in the puzzle's frame. Kurowski's layout uses the piece numbers in the {@code kurowski=} tags where the
 * puzzle has them (Bedlam: his seed-001 numbering 0-9, A, B, C).
 */
public final class CatalogWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    private CatalogWriter() {
    }

    /** Returns the number of entries written (for native: distinct classes). */
    public static int write(Path out, CatalogFormat format, Puzzle puzzle, SymmetryMode symmetry, List<Packing> packings)
            throws IOException {
        if (format == CatalogFormat.NATIVE) {
            Canonicalizer canon = new Canonicalizer(puzzle, SymmetryGroup.of(puzzle, symmetry));
            Set<String> lines = new LinkedHashSet<>();
            for (Packing p : packings) {
                lines.add(canon.canonical(p.cellCopy(), p.copyPiece()));
            }
            Catalog c = NativeCatalog.of(puzzle, symmetry.id(), new ArrayList<>(lines));
            NativeCatalog.write(out, c, puzzle);
            return c.lines().size();
        }
        AtomicFiles.write(out, w -> {
            for (int i = 0; i < packings.size(); i++) {
                writeOne(w, format, puzzle, packings.get(i), i);
            }
        });
        return packings.size();
    }

    private static void writeOne(Writer w, CatalogFormat format, Puzzle puzzle, Packing p, int i) throws IOException {
        String[] labels = labels(puzzle, p, format == CatalogFormat.KUROWSKI);
        Target t = puzzle.target();
        int sx = t.sizeX();
        int sy = t.sizeY();
        int sz = t.sizeZ();
        switch (format) {
            case KUROWSKI -> {
                w.write("Solution " + (i + 1) + "\n");
                for (int y = sy - 1; y >= 0; y--) {
                    StringBuilder sb = new StringBuilder();
                    for (int z = sz - 1; z >= 0; z--) {
                        for (int x = 0; x < sx; x++) {
                            sb.append(' ').append(cell(labels, p, t.index(new dev.polycube.geometry.Point(x, y, z))));
                        }
                        sb.append("   ");
                    }
                    w.write(sb.toString().stripTrailing() + "\n");
                }
            }
            case EKSTROM -> {
                w.write("Solution #" + i + "\n");
                for (int y = sy - 1; y >= 0; y--) {
                    List<String> blocks = new ArrayList<>();
                    for (int z = 0; z < sz; z++) {
                        StringBuilder b = new StringBuilder();
                        for (int x = 0; x < sx; x++) {
                            b.append(cell(labels, p, t.index(new dev.polycube.geometry.Point(x, y, z))));
                        }
                        blocks.add(b.toString());
                    }
                    w.write(String.join("    ", blocks) + "\n");
                }
                w.write("\n");
            }
            case LEPAGE -> {
                w.write("Solution " + (i + 1) + "\n");
                int width = 1;
                for (String l : labels) {
                    width = Math.max(width, l.length());
                }
                String rule = ("+" + "-".repeat(width)).repeat(sx) + "+";
                String ruleRow = String.join("  ", java.util.Collections.nCopies(sz, rule));
                w.write(ruleRow + "\n");
                for (int y = sy - 1; y >= 0; y--) {
                    List<String> slices = new ArrayList<>();
                    for (int z = 0; z < sz; z++) {
                        StringBuilder b = new StringBuilder("|");
                        for (int x = 0; x < sx; x++) {
                            String c = cell(labels, p, t.index(new dev.polycube.geometry.Point(x, y, z)));
                            b.append(c).append(" ".repeat(width - c.length())).append('|');
                        }
                        slices.add(b.toString());
                    }
                    w.write(String.join("  ", slices) + "\n");
                    w.write(ruleRow + "\n");
                }
            }
            case JSONL -> {
                ObjectNode o = JSON.createObjectNode();
                o.put("solution", i + 1);
                o.put("puzzle", puzzle.name());
                o.putArray("box").add(sx).add(sy).add(sz);
                ArrayNode pieces = o.putArray("pieces");
                for (int copy = 0; copy < p.copyPiece().length; copy++) {
                    ObjectNode piece = pieces.addObject();
                    piece.put("label", labels[copy]);
                    piece.put("piece", puzzle.pieces().get(p.copyPiece()[copy]).name());
                    ArrayNode cells = piece.putArray("cells");
                    for (var q : p.cellsOf(copy, t)) {
                        cells.addArray().add(q.x()).add(q.y()).add(q.z());
                    }
                }
                w.write(JSON.writeValueAsString(o) + "\n");
            }
            default -> throw new IllegalStateException("native is written elsewhere");
        }
    }

    private static String cell(String[] labels, Packing p, int index) {
        int copy = p.cellCopy()[index];
        return copy < 0 ? "." : labels[copy];
    }

    /** A label per placed copy: the piece's labels in order of first appearance (or its kurowski= number). */
    private static String[] labels(Puzzle puzzle, Packing p, boolean kurowski) {
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
            out[copy] = kurowski && tag != null && piece.count() == 1 ? tag
                    : String.valueOf(piece.labels().charAt(next[p.copyPiece()[copy]]++));
        }
        return out;
    }
}
