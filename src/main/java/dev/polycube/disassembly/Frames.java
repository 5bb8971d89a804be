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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The frames a class is analysed in. A level can depend on the frame: where the breadth-first search meets two
 * separations after as many moves, the directions' order picks one (docs/disassembly.md, "Frames"). So, under
 * BurrTools' rule, a class is analysed in the frame BurrTools analyses it in (under the other rules, in its catalog
 * line's frame). BurrTools' assembler breaks the result's symmetry by one piece, the <em>symmetry breaker</em>: the
 * first, in the puzzle's order, with the fewest symmetries in common with the result (with copies or ranges, its
 * other assembler: the fewest copies first). It tries the breaker's rotations in its own order and places it only in
 * the first of each set of orientations that the result's rotations carry onto one another (the drawn orientation
 * first), so the assembly it keeps is the image of the class whose breaker lies in one of those orientations. A frame
 * in a box with a lip, the one piece without a symmetry, is the usual breaker: every class is then analysed with the
 * frame as drawn. Where several images qualify (a breaker with symmetries the result shares), BurrTools keeps the
 * first in its order of assemblies ({@code assembly_c::compare}: the breaker's placement, then every piece's in
 * order); where it has no breaker (a piece range, or the best candidate has several copies), its search finds every
 * image and keeps the first in that order. Where no image qualifies, the catalog's line is analysed as it stands.
 *
 * <p>With a container the class may go into its box any way round: every rotation of the box is a frame to try
 * ({@link Disassembly#of}).
 *
 * <p>Made once per analysis: the breaker is found over the result's symmetries and every piece's.
 */
public final class Frames {

    /** A point whose three coordinates differ in size: each of the 48 symmetries sends it somewhere else. */
    private static final Point PROBE = new Point(1, 2, 3);

    private final Puzzle puzzle;
    /** The target's proper rotations onto itself, the identity first: a container's turns (none without a container). */
    private final List<SymmetryGroup.Element> turns;
    /**
     * The images of a class that are the same class under the catalog's rule, the identity first, then the other
     * rotations, then mirror images (each piece swapped for its other hand) where the rule identifies them always.
     */
    private final List<SymmetryGroup.Element> sameClass;
    /**
     * The breaker's index in the puzzle's pieces; -1 when the catalog is not under BurrTools' rule, or when BurrTools
     * has none for this puzzle (a piece range, or the best candidate has several copies): then its search finds every
     * image of a class and keeps the first in its order of assemblies ({@link #burrToolsOrder}).
     */
    private final int breaker;
    /** The breaker's orientations BurrTools places it in: one of each set the result's rotations carry onto one another. */
    private final Set<Shape> kept;
    /**
     * Per piece, BurrTools' number of each of its orientations: the first of its rotations, in its order, that turns the
     * piece as drawn into it (BurrTools normalises a placement's transformation so).
     */
    private final List<Map<Shape, Integer>> burrToolsTurn;
    /**
     * True when a symmetry of the result other than the identity leaves a kept orientation of the breaker as it is: only
     * then can two images of a class both have the breaker as BurrTools places it.
     */
    private final boolean severalCanQualify;

    /**
     * BurrTools' 24 rotations of the cube grid in the order its assembler tries them (its table of rotation matrices,
     * burr-tools src/lib/tabs_0/rotmatrix.inc): each written as the new x, y and z, e.g. {@code +x-z+y} turns (x, y, z)
     * into (x, -z, y).
     */
    private static final String BURRTOOLS_ROTATIONS = "+x+y+z +x-z+y +x-y-z +x+z-y -z+y+x -y-z+x +z-y+x +y+z+x -x+y-z "
            + "-x-z-y -x-y+z -x+z+y +z+y-x +y-z-x -z-y-x -y+z-x -y+x+z +z+x+y +y+x-z -z+x-y +y-x+z -z-x+y -y-x-z +z-x-y";
    /** {@link #BURRTOOLS_ROTATIONS} as our rotations, in BurrTools' order. */
    private static final List<Rotation> BURRTOOLS_ORDER =
            Arrays.stream(BURRTOOLS_ROTATIONS.split(" ")).map(Frames::rotation).toList();

    private Frames(Puzzle puzzle, SymmetryMode rule) {
        this.puzzle = puzzle;
        this.turns = puzzle.container() == null ? List.of()
                : properFirst(SymmetryGroup.of(puzzle, SymmetryMode.ROTATIONS).elements(), false);
        boolean burrTools = rule == SymmetryMode.BURRTOOLS;
        this.sameClass = burrTools ? properFirst(SymmetryGroup.of(puzzle, rule).unconditional().elements(), true) : List.of();
        List<Rotation> resultSymmetries = burrTools ? resultSymmetries(puzzle) : List.of();
        this.breaker = burrTools ? symmetryBreaker(puzzle, resultSymmetries) : -1;
        this.kept = breaker >= 0 ? keptOrientations(puzzle.pieces().get(breaker).shape(), resultSymmetries) : Set.of();
        boolean several = false;
        for (Shape o : kept) {
            for (Rotation r : resultSymmetries) {
                several |= r.index() != Rotation.identity().index() && o.transform(r).equals(o);
            }
        }
        this.severalCanQualify = several;
        this.burrToolsTurn = new ArrayList<>();
        for (Piece piece : puzzle.pieces()) {
            Map<Shape, Integer> turn = new HashMap<>();
            for (int t = 0; t < BURRTOOLS_ORDER.size(); t++) {
                turn.putIfAbsent(piece.shape().transform(BURRTOOLS_ORDER.get(t)), t);
            }
            burrToolsTurn.add(turn);
        }
    }

    /**
     * The symmetries of the result's shape alone, mirrors included (BurrTools' result: no colours, no fixed pieces, so
     * not the puzzle's {@link SymmetryGroup}).
     */
    private static List<Rotation> resultSymmetries(Puzzle puzzle) {
        Shape result = Shape.of(puzzle.target().cells());
        List<Rotation> out = new ArrayList<>();
        for (Rotation r : Rotation.all()) {
            if (result.transform(r).equals(result)) {
                out.add(r);
            }
        }
        return out;
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

    /**
     * BurrTools' symmetry breaker: the first piece, in the puzzle's order, with the fewest symmetries in common with
     * the result, mirrors included. The result's side counts every symmetry it has in any orientation (each of its
     * symmetries conjugated by every rotation), as BurrTools' table of "unified" symmetries does, so that the count
     * does not depend on how a piece is drawn. Counted over the result's own symmetries, or over rotations only, it
     * picked another piece than BurrTools on two random frames (their levels then differed from burrTxt's).
     */
    private static int symmetryBreaker(Puzzle puzzle, List<Rotation> resultSymmetries) {
        Set<Rotation> unified = new LinkedHashSet<>();
        for (Rotation t : Rotation.proper()) {
            Rotation inverse = inverse(t);
            for (Rotation r : resultSymmetries) {
                unified.add(taking(inverse.apply(r.apply(t.apply(PROBE))))); // t⁻¹ r t: r on a shape drawn turned by t
            }
        }
        List<Piece> pieces = puzzle.pieces();
        int[] common = new int[pieces.size()];
        for (int i = 0; i < pieces.size(); i++) {
            Shape s = pieces.get(i).shape();
            for (Rotation r : unified) {
                if (s.transform(r).equals(s)) {
                    common[i]++;
                }
            }
        }
        boolean ranges = pieces.stream().anyMatch(p -> p.min() != p.count());
        if (!ranges && pieces.stream().allMatch(p -> p.count() == 1)) {
            int best = 0; // BurrTools' assembler for one copy of every piece: the first with the fewest
            for (int i = 1; i < pieces.size(); i++) {
                best = common[i] < common[best] ? i : best;
            }
            return best;
        }
        // its assembler for copies and ranges: the fewest copies first, then the fewest symmetries; and none at all when
        // that piece has several copies or any piece a range (burr-tools src/lib/assembler_1.cpp, prepare)
        int best = 0;
        int bestFound = common[0];
        for (int i = 1; i < pieces.size(); i++) {
            int copies = pieces.get(i).count();
            int bestCopies = pieces.get(best).count();
            if (copies < bestCopies || (copies == bestCopies && common[i] < bestFound)) {
                best = i;
                bestFound = common[i];
            }
        }
        return ranges || pieces.get(best).count() > 1 ? -1 : best;
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
        Packing keptImage = null;
        int[] keptOrder = null;
        for (SymmetryGroup.Element e : sameClass) { // none unless under BurrTools' rule
            Packing image = turn(packing, e);
            if (breaker >= 0) { // else BurrTools' search meets every image
                List<Point> cells = breakerCells(image);
                if (cells == null) {
                    return packing; // the breaker not used
                }
                if (!kept.contains(Shape.of(cells))) {
                    continue;
                }
            }
            if (keptImage == null) {
                keptImage = image;
                if (breaker >= 0 && !severalCanQualify) {
                    break;
                }
                continue;
            }
            // a second image BurrTools' search meets (no breaker, or one with symmetries the result shares): it keeps
            // the one no image of it precedes in its order of assemblies
            keptOrder = keptOrder != null ? keptOrder : burrToolsOrder(keptImage);
            int[] order = burrToolsOrder(image);
            if (Arrays.compare(order, keptOrder) < 0) {
                keptImage = image;
                keptOrder = order;
            }
        }
        return keptImage != null ? keptImage : packing;
    }

    /**
     * A copy of {@code piece} on {@code cells} as BurrTools orders placements: its orientation's number
     * ({@link #burrToolsTurn}; 255 for an orientation that is none of its rotations), then its position, x before y
     * before z (for one orientation the least corner of its cells orders positions as BurrTools' hot spot does).
     */
    int[] burrToolsPlacement(int piece, List<Point> cells) {
        Point least = Point.min(cells);
        return new int[] {burrToolsTurn.get(piece).getOrDefault(Shape.of(cells), 255), least.x(), least.y(), least.z()};
    }

    /** A copy of a packing ({@code copy}, its index there) and its {@link #burrToolsPlacement}. */
    record PlacedCopy(int copy, int[] placement) {
    }

    /**
     * The copies of {@code piece} that {@code packing} places (cells {@code byCopy}, from {@link
     * Packing#cellsByCopy}), in the order BurrTools sorts an assembly's copies of one shape: by placement.
     */
    List<PlacedCopy> placedCopies(Packing packing, List<List<Point>> byCopy, int piece) {
        List<PlacedCopy> placed = new ArrayList<>();
        for (int c = 0; c < byCopy.size(); c++) {
            if (packing.copyPiece()[c] == piece && !byCopy.get(c).isEmpty()) {
                placed.add(new PlacedCopy(c, burrToolsPlacement(piece, byCopy.get(c))));
            }
        }
        placed.sort((a, b) -> Arrays.compare(a.placement(), b.placement()));
        return placed;
    }

    /**
     * Where {@code image} stands in the order in which BurrTools' assembler keeps one image of a class (its
     * {@code assembly_c::compare}, which drops an assembly when an image of it comes first): the breaker's placement
     * (when there is a breaker), then every piece's placement in the puzzle's order, the copies of one piece sorted
     * (BurrTools sorts an assembly's copies of a shape by placement) and those left out last, as 255 ({@link
     * #burrToolsPlacement}).
     */
    private int[] burrToolsOrder(Packing image) {
        List<List<Point>> byCopy = image.cellsByCopy(puzzle.target());
        List<int[]> slots = new ArrayList<>();
        int pivot = -1;
        for (int piece = 0; piece < puzzle.pieces().size(); piece++) {
            int first = slots.size();
            if (piece == breaker) {
                pivot = first;
            }
            for (PlacedCopy copy : placedCopies(image, byCopy, piece)) {
                slots.add(copy.placement());
            }
            while (slots.size() - first < puzzle.pieces().get(piece).count()) {
                slots.add(new int[] {255, 0, 0, 0});
            }
        }
        int[] order = new int[4 * slots.size()];
        int at = 0;
        if (pivot >= 0) {
            System.arraycopy(slots.get(pivot), 0, order, at, 4);
            at += 4;
        }
        for (int k = 0; k < slots.size(); k++) {
            if (k != pivot) {
                System.arraycopy(slots.get(k), 0, order, at, 4);
                at += 4;
            }
        }
        return Arrays.copyOf(order, at);
    }

    /**
     * The orientations BurrTools' assembler places the breaker in: its rotations in BurrTools' order, each kept unless
     * a rotation of the result carries an orientation kept before onto it (its drawn orientation is the first).
     */
    private static Set<Shape> keptOrientations(Shape drawn, List<Rotation> resultSymmetries) {
        List<Rotation> resultTurns = resultSymmetries.stream().filter(Rotation::isProper).toList();
        Set<Shape> kept = new HashSet<>();
        Set<Shape> covered = new HashSet<>();
        for (Rotation t : BURRTOOLS_ORDER) {
            Shape s = drawn.transform(t);
            if (covered.contains(s)) {
                continue;
            }
            kept.add(s);
            for (Rotation r : resultTurns) {
                covered.add(s.transform(r));
            }
        }
        return kept;
    }

    /** Our rotation that {@code written} ("+x-z+y": the new x, y and z) names. */
    private static Rotation rotation(String written) {
        int[] v = {PROBE.x(), PROBE.y(), PROBE.z()};
        int[] image = new int[3];
        for (int i = 0; i < 3; i++) {
            image[i] = (written.charAt(2 * i) == '-' ? -1 : 1) * v[written.charAt(2 * i + 1) - 'x'];
        }
        return taking(new Point(image[0], image[1], image[2]));
    }

    /** The rotation that undoes {@code t}. */
    private static Rotation inverse(Rotation t) {
        for (Rotation u : Rotation.proper()) {
            if (u.apply(t.apply(PROBE)).equals(PROBE)) {
                return u;
            }
        }
        throw new IllegalStateException("no rotation undoes " + t);
    }

    /** The symmetry that sends {@link #PROBE} to {@code image}. */
    private static Rotation taking(Point image) {
        for (Rotation r : Rotation.all()) {
            if (r.apply(PROBE).equals(image)) {
                return r;
            }
        }
        throw new IllegalStateException("no symmetry sends " + PROBE + " to " + image);
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
