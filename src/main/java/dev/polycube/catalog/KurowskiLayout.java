package dev.polycube.catalog;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Scott Kurowski's solver output: {@code Solution N}, then Y lines; each line holds Z layers of X
 * space-separated labels; line k is y = Y-1-k, layer b is z = Z-1-b (top layer on the left), token c is
 * x = c. Written with his piece numbers where the puzzle records them ({@code kurowski=} tags).
 */
final class KurowskiLayout extends LayeredTextLayout {

    KurowskiLayout() {
        super("kurowski", "Kurowski's solver output: 'Solution N', then rows of space-separated labels, top layer on the left");
    }

    @Override
    public int recognise(List<String> head) {
        return firstHeader(head, this::isEntryHeader, next -> !next.startsWith("+-"));
    }

    /** What separates two cells of a layer. */
    private static final java.util.regex.Pattern CELL_GAP = java.util.regex.Pattern.compile("\\s+");

    @Override
    List<String> cells(String layer) {
        return List.of(CELL_GAP.split(layer.strip()));
    }

    @Override
    int z(int b, int sz) {
        return sz - 1 - b;
    }

    @Override
    void writeEntry(Writer w, Puzzle puzzle, Packing p, int index) throws IOException {
        String[] labels = labels(puzzle, p, true);
        Target t = puzzle.target();
        w.write("Solution " + (index + 1) + "\n");
        for (int y = t.sizeY() - 1; y >= 0; y--) {
            StringBuilder sb = new StringBuilder();
            for (int z = t.sizeZ() - 1; z >= 0; z--) {
                for (int x = 0; x < t.sizeX(); x++) {
                    sb.append(' ').append(cell(labels, p, t.index(new Point(x, y, z))));
                }
                sb.append("   ");
            }
            w.write(sb.toString().stripTrailing() + "\n");
        }
    }
}
