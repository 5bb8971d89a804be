package dev.polycube.catalog;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Lepage's Soma list: {@code Solution N}, then boxed grids: slices z = 0.. from left to right, rows y from
 * the top (Y-1) down, cells x from left to right, labels of any width between '|', rule lines of '+-'.
 */
final class LepageLayout extends LayeredTextLayout {

    LepageLayout() {
        super("lepage", "Lepage's list: 'Solution N', then boxed grids, one per layer, labels between '|'");
    }

    @Override
    public int recognise(List<String> head) {
        return firstHeader(head, this::isEntryHeader, next -> next.startsWith("+-"));
    }

    @Override
    boolean isRule(String stripped) {
        return stripped.startsWith("+");
    }

    @Override
    List<String> cells(String layer) {
        List<String> cells = new ArrayList<>();
        for (String c : layer.split("\\|")) {
            if (!c.isBlank()) {
                cells.add(c.strip());
            }
        }
        return cells;
    }

    @Override
    void writeEntry(Writer w, Puzzle puzzle, Packing p, int index) throws IOException {
        String[] labels = labels(puzzle, p, false);
        Target t = puzzle.target();
        w.write("Solution " + (index + 1) + "\n");
        int width = 1;
        for (String l : labels) {
            width = Math.max(width, l.length());
        }
        String rule = ("+" + "-".repeat(width)).repeat(t.sizeX()) + "+";
        String ruleRow = String.join("  ", Collections.nCopies(t.sizeZ(), rule));
        w.write(ruleRow + "\n");
        for (int y = t.sizeY() - 1; y >= 0; y--) {
            List<String> slices = new ArrayList<>();
            for (int z = 0; z < t.sizeZ(); z++) {
                StringBuilder b = new StringBuilder("|");
                for (int x = 0; x < t.sizeX(); x++) {
                    String c = cell(labels, p, t.index(new Point(x, y, z)));
                    b.append(c).append(" ".repeat(width - c.length())).append('|');
                }
                slices.add(b.toString());
            }
            w.write(String.join("  ", slices) + "\n");
            w.write(ruleRow + "\n");
        }
    }
}
