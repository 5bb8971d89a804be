package dev.polycube.puzzle;

import dev.polycube.geometry.Point;
import dev.polycube.geometry.Rotation;
import java.util.List;
import java.util.Map;

/**
 * Colour constraints, as BurrTools defines them: cells of the pieces and of the target may carry a colour
 * (1..{@code count}; 0 is neutral), and a piece cell of colour a may sit on a target cell of colour b only
 * when either is neutral or the pair (a, b) is allowed. Same colours are not allowed by themselves: every
 * allowed pair is listed ({@code allow A B} in a puzzle file, {@code <pair>} in a BurrTools file).
 *
 * @param count        how many colours there are
 * @param allowed      {@code allowed[a][b]}: piece colour a may sit on target colour b (indices 0..count)
 * @param target       the colour of each target cell by box index (0 when neutral)
 * @param pieces       per piece type, the colour of each cell of its shape as stored (absent: neutral)
 */
public record Colours(int count, boolean[][] allowed, int[] target, List<Map<Point, Integer>> pieces) {

    public Colours {
        pieces = List.copyOf(pieces);
    }

    /** True when a piece cell of colour {@code piece} may sit on a target cell of colour {@code cell}. */
    public boolean fits(int piece, int cell) {
        return piece == 0 || cell == 0 || allowed[piece][cell];
    }

    /** The colour of cell {@code p} of piece type {@code type}'s stored shape. */
    public int pieceColour(int type, Point p) {
        return pieces.get(type).getOrDefault(p, 0);
    }

    /**
     * Piece type {@code type}'s cells ({@code cells}, its stored shape) mirrored (x negated) when asked, turned
     * by {@code r} and moved to the origin, each with its colour: a coloured orientation, ordered by cell.
     */
    public java.util.SortedMap<Point, Integer> turned(int type, List<Point> cells, Rotation r, boolean mirrored) {
        List<Point> turned = new java.util.ArrayList<>(cells.size());
        for (Point c : cells) {
            turned.add(r.apply(mirrored ? new Point(-c.x(), c.y(), c.z()) : c));
        }
        Point min = Point.min(turned);
        java.util.TreeMap<Point, Integer> out = new java.util.TreeMap<>();
        for (int i = 0; i < cells.size(); i++) {
            out.put(turned.get(i).minus(min), pieceColour(type, cells.get(i)));
        }
        return out;
    }

    /** The colour of the target cell with box index {@code index}. */
    public int targetColour(int index) {
        return target[index];
    }
}
