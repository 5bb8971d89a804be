package dev.polycube.disassembly;

import dev.polycube.catalog.Packing;
import dev.polycube.geometry.Point;
import dev.polycube.geometry.Rotation;
import dev.polycube.geometry.Shape;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The frames a class is analysed in. A level can depend on the frame: where the breadth-first search meets two
 * separations after as many moves, the directions' order picks one (docs/disassembly.md, "Frames"). So, under
 * BurrTools' rule and where it can, a class is analysed in the frame BurrTools analyses it in (under the other
 * rules, in its catalog line's frame). BurrTools' assembler breaks the result's symmetry
 * by one piece, the <em>symmetry breaker</em>: the first, in the puzzle's order, with the fewest symmetries in
 * common with the result. It places that piece only in the first of each set of its orientations that the result's
 * rotations carry onto one another, its drawn orientation first, so the assembly it keeps has the breaker as drawn
 * whenever the class can be turned so. A frame in a box with a lip, the one piece without a symmetry, is the usual
 * breaker, and so every such class is analysed with the frame as drawn. Where the breaker cannot be turned to its
 * drawing (BurrTools then keeps the first orientation in its own order of rotations, which is not ours), or has more
 * than one copy in the packing, the catalog's line is analysed as it stands.
 *
 * <p>With a container the class may go into its box any way round: every rotation of the box is a frame to try
 * ({@link Disassembly#of}).
 *
 * <p>Made once per puzzle: the breaker is found over the result's 48 symmetries and every piece's.
 */
public final class Frames {

    private final Puzzle puzzle;
    /** The target's proper rotations onto itself, the identity first: a container's turns. */
    private final List<SymmetryGroup.Element> turns;
    /**
     * The images of a class that are the same class under the catalog's rule, the identity first, then the other
     * rotations, then mirror images (each piece swapped for its other hand) where the rule identifies them always.
     */
    private final List<SymmetryGroup.Element> sameClass;
    /** The breaker's index in the puzzle's pieces, and its shape as drawn; -1 when the catalog is not under BurrTools' rule. */
    private final int breaker;
    private final Shape drawn;

    private Frames(Puzzle puzzle, SymmetryMode rule) {
        this.puzzle = puzzle;
        this.turns = properFirst(SymmetryGroup.of(puzzle, SymmetryMode.ROTATIONS).elements(), false);
        boolean burrTools = rule == SymmetryMode.BURRTOOLS;
        this.sameClass = burrTools ? properFirst(SymmetryGroup.of(puzzle, rule).unconditional().elements(), true) : List.of();
        this.breaker = burrTools ? symmetryBreaker(puzzle) : -1;
        this.drawn = burrTools ? puzzle.pieces().get(breaker).shape() : null;
    }

    /** The frames of {@code puzzle}'s classes under {@code rule}, the catalog's symmetry rule. */
    public static Frames of(Puzzle puzzle, SymmetryMode rule) {
        return new Frames(puzzle, rule);
    }

    /** The identity, the other rotations, then (with {@code mirrors}) the mirror images. */
    private static List<SymmetryGroup.Element> properFirst(List<SymmetryGroup.Element> elements, boolean mirrors) {
        List<SymmetryGroup.Element> out = new ArrayList<>();
        for (SymmetryGroup.Element e : elements) {
            if (e.rotation().index() == Rotation.identity().index()) {
                out.add(0, e);
            } else if (e.rotation().isProper()) {
                out.add(e);
            }
        }
        if (mirrors) {
            for (SymmetryGroup.Element e : elements) {
                if (!e.rotation().isProper()) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    public Puzzle puzzle() {
        return puzzle;
    }

    /** BurrTools' symmetry breaker: the first piece with the fewest of the result's 48 symmetries as its own. */
    static int symmetryBreaker(Puzzle puzzle) {
        Shape result = Shape.of(puzzle.target().cells());
        List<Rotation> resultSymmetries = new ArrayList<>();
        for (Rotation r : Rotation.all()) {
            if (result.transform(r).equals(result)) {
                resultSymmetries.add(r);
            }
        }
        int best = 0;
        int fewest = Integer.MAX_VALUE;
        List<Piece> pieces = puzzle.pieces();
        for (int i = 0; i < pieces.size(); i++) {
            Shape s = pieces.get(i).shape();
            int common = 0;
            for (Rotation r : resultSymmetries) {
                if (s.transform(r).equals(s)) {
                    common++;
                }
            }
            if (common < fewest) {
                fewest = common;
                best = i;
            }
        }
        return best;
    }

    /** The packing in each proper rotation of the target onto itself (the identity first, distinct images once). */
    List<Packing> turns(Packing packing) {
        List<Packing> out = new ArrayList<>(turns.size());
        Set<String> seen = new HashSet<>();
        for (SymmetryGroup.Element e : turns) {
            Packing turned = turn(packing, e);
            if (seen.add(Arrays.toString(turned.cellCopy()))) {
                out.add(turned);
            }
        }
        return out;
    }

    /**
     * The packing in the frame BurrTools keeps for its class, where that is known and the catalog is under BurrTools'
     * rule (whose catalogs are the ones compared with BurrTools'); else the packing as it is.
     */
    Packing asBurrToolsKeepsIt(Packing packing) {
        for (SymmetryGroup.Element e : sameClass) {
            Packing image = turn(packing, e);
            List<Point> cells = breakerCells(image);
            if (cells == null) {
                return packing; // not used, or more than one copy: which copy BurrTools fixes is its search's choice
            }
            if (Shape.of(cells).equals(drawn)) {
                return image;
            }
        }
        return packing;
    }

    /** The cells of the breaker's one copy in {@code packing}, or null when it has none or more than one. */
    private List<Point> breakerCells(Packing packing) {
        List<List<Point>> byCopy = packing.cellsByCopy(puzzle.target());
        List<Point> found = null;
        for (int k = 0; k < byCopy.size(); k++) {
            if (!byCopy.get(k).isEmpty() && packing.copyPiece()[k] == breaker) {
                if (found != null) {
                    return null;
                }
                found = byCopy.get(k);
            }
        }
        return found;
    }

    /** The packing's image under {@code e}: its cells moved, and in a mirror image each copy's piece its other hand. */
    private static Packing turn(Packing packing, SymmetryGroup.Element e) {
        int[] cells = new int[packing.cellCopy().length];
        Arrays.fill(cells, -1);
        for (int i = 0; i < cells.length; i++) {
            if (e.cellMap()[i] >= 0) {
                cells[e.cellMap()[i]] = packing.cellCopy()[i];
            }
        }
        int[] pieces = packing.copyPiece().clone();
        for (int k = 0; k < pieces.length; k++) {
            pieces[k] = e.pieceMap()[pieces[k]];
        }
        return new Packing(cells, pieces);
    }
}
