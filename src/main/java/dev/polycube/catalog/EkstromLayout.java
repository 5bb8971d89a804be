package dev.polycube.catalog;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Ekström's Bedlam list: {@code Solution #N}, then Y lines of Z blocks of X letters; line k is y = Y-1-k,
 * block b is z = b, character c is x = c; a blank line after each entry.
 */
final class EkstromLayout extends LayeredTextLayout {

    EkstromLayout() {
        super("ekstrom", "Ekström's list: 'Solution #N', then rows of letter blocks, one block per layer");
    }

    @Override
    public int recognise(List<String> head) {
        return firstLine(head, this::isEntryHeader);
    }

    @Override
    boolean isEntryHeader(String stripped) {
        return stripped.startsWith("Solution #");
    }

    @Override
    List<String> cells(String layer) {
        List<String> cells = new ArrayList<>(layer.length());
        for (int i = 0; i < layer.length(); i++) {
            cells.add(String.valueOf(layer.charAt(i)));
        }
        return cells;
    }

    @Override
    void writeEntry(Writer w, Puzzle puzzle, Packing p, int index) throws IOException {
        String[] labels = labels(puzzle, p, false);
        Target t = puzzle.target();
        w.write("Solution #" + index + "\n");
        for (int y = t.sizeY() - 1; y >= 0; y--) {
            List<String> blocks = new ArrayList<>();
            for (int z = 0; z < t.sizeZ(); z++) {
                StringBuilder b = new StringBuilder();
                for (int x = 0; x < t.sizeX(); x++) {
                    b.append(cell(labels, p, t.index(new Point(x, y, z))));
                }
                blocks.add(b.toString());
            }
            w.write(String.join("    ", blocks) + "\n");
        }
        w.write("\n");
    }
}
