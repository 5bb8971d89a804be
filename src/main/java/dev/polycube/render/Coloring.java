package dev.polycube.render;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Puzzle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives each placed copy of a solution its colour, so that pieces that touch are easy to tell apart:
 * <ul>
 *   <li>a puzzle with at most 20 piece types keeps one stable colour per type, {@link Palette#color(int)} of
 *       its index, in every picture of the puzzle; copies of a type that has several are coloured like
 *       the next rule, starting from the type's colour;</li>
 *   <li>otherwise (and for such copies) each copy, in order, takes the palette colour farthest (CIEDE2000,
 *       counted up to 30) from every touching copy coloured before it, the least used one among equals,
 *       so touching copies differ and the palette is spread over the solution.</li>
 * </ul>
 */
public final class Coloring {

    /** The smallest CIEDE2000 difference wanted between two pieces that share a face. */
    public static final double TOUCHING = 15;
    /** Differences above this count as "far enough"; then the colour used least wins, spreading the palette. */
    private static final double SPREAD = 30;

    private Coloring() {
    }

    /** True when every placed copy has its type's stable colour, the same in every solution (the first rule). */
    static boolean onePerType(Puzzle puzzle) {
        return puzzle.pieces().size() <= Palette.BASE.length && puzzle.pieces().stream().allMatch(p -> p.count() == 1);
    }

    /** How many palette colours the rules choose from. */
    static int paletteSize(Puzzle puzzle) {
        return Math.max(Palette.BASE.length, puzzle.pieces().size());
    }

    /** Colours for {@code copies} (cells and piece type of each placed copy). */
    static int[] of(Puzzle puzzle, List<Pictures.Copy> copies) {
        int n = copies.size();
        Map<Point, Integer> owner = new HashMap<>();
        for (int i = 0; i < n; i++) {
            for (Point p : copies.get(i).cells()) {
                owner.put(p, i);
            }
        }
        List<List<Integer>> touching = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Integer> t = new ArrayList<>();
            for (Point p : copies.get(i).cells()) {
                for (Point q : List.of(new Point(p.x() + 1, p.y(), p.z()), new Point(p.x() - 1, p.y(), p.z()),
                        new Point(p.x(), p.y() + 1, p.z()), new Point(p.x(), p.y() - 1, p.z()),
                        new Point(p.x(), p.y(), p.z() + 1), new Point(p.x(), p.y(), p.z() - 1))) {
                    Integer o = owner.get(q);
                    if (o != null && o != i && !t.contains(o)) {
                        t.add(o);
                    }
                }
            }
            touching.add(t);
        }
        boolean stable = puzzle.pieces().size() <= Palette.BASE.length;
        int[] color = new int[n];
        boolean[] done = new boolean[n];
        for (int i = 0; i < n; i++) {
            int type = copies.get(i).piece();
            if (stable && puzzle.pieces().get(type).count() == 1) {
                color[i] = Palette.color(type);
                done[i] = true;
            }
        }
        int palette = paletteSize(puzzle);
        int[] uses = new int[palette];
        for (int i = 0; i < n; i++) {
            if (done[i]) {
                uses[copies.get(i).piece() % palette]++;
            }
        }
        for (int i = 0; i < n; i++) {
            if (done[i]) {
                continue;
            }
            int start = stable ? copies.get(i).piece() : 0;
            int best = -1;
            double bestScore = -1;
            for (int k = 0; k < palette; k++) {
                int index = (start + k) % palette;
                int candidate = Palette.color(index);
                double d = SPREAD;
                for (int j : touching.get(i)) {
                    if (done[j]) {
                        d = Math.min(d, ColorDistance.ciede2000(candidate, color[j]));
                    }
                }
                // far enough from every touching piece first; among those, the colour used least so far
                double score = Math.min(d, SPREAD) * 1000 - uses[index];
                if (score > bestScore) {
                    bestScore = score;
                    best = index;
                }
            }
            color[i] = Palette.color(best);
            uses[best]++;
            done[i] = true;
        }
        return color;
    }

    /** Label → colour for one solution line (for the terminal's {@code show}). */
    public static Map<Character, Integer> byLabel(Puzzle puzzle, String line) {
        List<Pictures.Copy> copies = Pictures.copies(puzzle, line);
        int[] colors = of(puzzle, copies);
        Map<Character, Integer> out = new HashMap<>();
        for (int i = 0; i < copies.size(); i++) {
            out.put(copies.get(i).label(), colors[i]);
        }
        return out;
    }
}
