package dev.polycube.render;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives each placed copy of a solution its colour, so that pieces that touch are easy to tell apart:
 * <ul>
 *   <li>pieces with a real colour ({@code colour=} in the puzzle, the foam sets') are drawn in it; several
 *       pieces of one real colour that every solution uses (a one-colour set) get shades of it, dark to
 *       light in the puzzle's order, so they still show apart; an optional piece keeps the colour as it is;</li>
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

    /** True when every placed copy has its type's stable colour, the same in every solution (the first rules). */
    static boolean onePerType(Puzzle puzzle) {
        return stableTypes(puzzle) && puzzle.pieces().stream().allMatch(p -> p.count() == 1) && !sharedColoursMayMeet(puzzle);
    }

    /**
     * True when two optional pieces of one real colour may be in one solution (any six foam pieces): their
     * shades then depend on the solution. Pieces in one group of at most one (one of each colour) never meet.
     */
    private static boolean sharedColoursMayMeet(Puzzle puzzle) {
        List<Piece> pieces = puzzle.pieces();
        for (int i = 0; i < pieces.size(); i++) {
            for (int j = i + 1; j < pieces.size(); j++) {
                if (pieces.get(i).realColour() >= 0 && pieces.get(i).realColour() == pieces.get(j).realColour()
                        && pieces.get(i).isOptional() && !atMostOneOf(puzzle, i, j)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean atMostOneOf(Puzzle puzzle, int i, int j) {
        for (Puzzle.Group g : puzzle.groups()) {
            if (g.max() <= 1 && g.pieces().contains(i) && g.pieces().contains(j)) {
                return true;
            }
        }
        return false;
    }

    /** True when each piece type has a colour of its own: real colours for all, or few enough types for the palette. */
    private static boolean stableTypes(Puzzle puzzle) {
        return puzzle.pieces().size() <= Palette.BASE.length || puzzle.pieces().stream().allMatch(p -> p.realColour() >= 0);
    }

    /**
     * The stable colour of piece type {@code type}: its real colour (a shade of it when other types share it),
     * else the palette's colour of its index.
     */
    public static int typeColour(Puzzle puzzle, int type) {
        int real = puzzle.pieces().get(type).realColour();
        if (real < 0) {
            return Palette.color(type);
        }
        if (puzzle.pieces().get(type).isOptional()) {
            return real; // a piece a solution may leave out (one of each colour): its colour as it is
        }
        int rank = 0;
        int same = 0;
        for (int i = 0; i < puzzle.pieces().size(); i++) {
            if (puzzle.pieces().get(i).realColour() == real && !puzzle.pieces().get(i).isOptional()) {
                rank += i < type ? 1 : 0;
                same++;
            }
        }
        return shade(real, rank, same);
    }

    /**
     * Shade {@code rank} of {@code n} of a colour: the colour itself first, then, one at a time, the variant
     * farthest (CIEDE2000) from those chosen, among variants near it (hue turned up to 40 degrees either way,
     * darker or lighter), so that a set of one colour keeps its pieces apart and still reads as that colour.
     * The order depends on the colour alone, so it is worked out once per colour.
     */
    static int shade(int rgb, int rank, int n) {
        if (n == 1) {
            return rgb;
        }
        List<Integer> order = SHADES.computeIfAbsent(rgb, Coloring::shadeOrder);
        return order.get(Math.min(rank, order.size() - 1));
    }

    private static final Map<Integer, List<Integer>> SHADES = new java.util.concurrent.ConcurrentHashMap<>();

    /** The colour, then every variant near it, each the farthest from those before it. */
    private static List<Integer> shadeOrder(int rgb) {
        float[] hsb = java.awt.Color.RGBtoHSB((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255, null);
        List<Integer> candidates = new ArrayList<>();
        for (int hue : new int[] {-40, -25, -12, 0, 12, 25, 40}) {
            int turned = java.awt.Color.HSBtoRGB(hsb[0] + hue / 360f, hsb[1], hsb[2]) & 0xFFFFFF;
            for (double dark : new double[] {0.6, 0.4, 0.2}) {
                candidates.add(Palette.mix(turned, 0x000000, dark));
            }
            for (double light : new double[] {0, 0.3, 0.55, 0.75}) {
                candidates.add(Palette.mix(turned, 0xFFFFFF, light));
            }
        }
        List<Integer> chosen = new ArrayList<>(List.of(rgb));
        while (chosen.size() <= candidates.size()) {
            int best = candidates.get(0);
            double bestDistance = -1;
            for (int c : candidates) {
                double d = Double.MAX_VALUE;
                for (int k : chosen) {
                    d = Math.min(d, ColorDistance.ciede2000(c, k));
                }
                if (d > bestDistance) {
                    bestDistance = d;
                    best = c;
                }
            }
            chosen.add(best);
        }
        return List.copyOf(chosen);
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
        boolean stable = stableTypes(puzzle);
        int[] color = new int[n];
        boolean[] done = new boolean[n];
        for (int i = 0; i < n; i++) {
            int type = copies.get(i).piece();
            if (stable && puzzle.pieces().get(type).count() == 1) {
                color[i] = typeColour(puzzle, type);
                done[i] = true;
            }
        }
        // several copies of one real colour in this solution: shades of it, by piece order (a one-colour set gets
        // the same shades as its legend; two blue pieces among any six get two)
        Map<Integer, List<Integer>> byReal = new java.util.TreeMap<>();
        for (int i = 0; i < n; i++) {
            int real = puzzle.pieces().get(copies.get(i).piece()).realColour();
            if (real >= 0 && done[i]) {
                byReal.computeIfAbsent(real, k -> new ArrayList<>()).add(i);
            }
        }
        for (Map.Entry<Integer, List<Integer>> e : byReal.entrySet()) {
            List<Integer> same = e.getValue();
            same.sort(java.util.Comparator.comparingInt((Integer i) -> copies.get(i).piece()).thenComparingInt(i -> i));
            for (int rank = 0; rank < same.size(); rank++) {
                color[same.get(rank)] = same.size() == 1 ? e.getKey() : shade(e.getKey(), rank, same.size());
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
