package dev.polycube.symmetry;

import dev.polycube.geometry.Point;
import dev.polycube.geometry.Rotation;
import dev.polycube.geometry.Shape;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleException;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.List;

/**
 * The symmetries of a puzzle's target that are used to identify packings: each element maps target
 * cells to target cells (box indices) and piece types to piece types (a reflection maps a chiral piece
 * to its mirror partner). The identity is always element 0.
 */
public final class SymmetryGroup {

    /** One symmetry: {@code cellMap[i]} is the image of box index i (-1 outside the target). */
    public record Element(Rotation rotation, int[] cellMap, int[] pieceMap) {

        public boolean isIdentityOnPieces() {
            for (int i = 0; i < pieceMap.length; i++) {
                if (pieceMap[i] != i) {
                    return false;
                }
            }
            return true;
        }
    }

    private final SymmetryMode mode;
    private final List<Element> elements;

    private SymmetryGroup(SymmetryMode mode, List<Element> elements) {
        this.mode = mode;
        this.elements = List.copyOf(elements);
    }

    /**
     * The group of {@code puzzle}'s target for {@code mode}.
     *
     * @throws PuzzleException for rotations+reflections when the piece set is not its own mirror image
     */
    public static SymmetryGroup of(Puzzle puzzle, SymmetryMode mode) {
        Target t = puzzle.target();
        int[] identityPieces = new int[puzzle.pieces().size()];
        for (int i = 0; i < identityPieces.length; i++) {
            identityPieces[i] = i;
        }
        List<Element> out = new ArrayList<>();
        if (mode == SymmetryMode.FIXED) {
            out.add(new Element(Rotation.identity(), cellMap(t, Rotation.identity()), identityPieces));
            return new SymmetryGroup(mode, out);
        }
        int[] mirrorPieces = mode == SymmetryMode.ROTATIONS_AND_REFLECTIONS ? mirrorMap(puzzle) : null;
        for (Rotation r : Rotation.all()) {
            if (!r.isProper() && mirrorPieces == null) {
                continue;
            }
            int[] map = cellMap(t, r);
            if (map != null) {
                Element e = new Element(r, map, r.isProper() ? identityPieces : mirrorPieces);
                if (keepsFixedPieces(puzzle, e)) {
                    out.add(e);
                }
            }
        }
        return new SymmetryGroup(mode, out);
    }

    /**
     * With pre-placed pieces only the symmetries that map them onto themselves identify completions: two
     * completions are the same answer only if one turns into the other with the hints staying put.
     */
    private static boolean keepsFixedPieces(Puzzle puzzle, Element e) {
        java.util.Set<String> fixed = new java.util.HashSet<>();
        java.util.Set<String> images = new java.util.HashSet<>();
        Target t = puzzle.target();
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            int[] cells = new int[f.cells().size()];
            int[] image = new int[cells.length];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = t.index(f.cells().get(i));
                image[i] = e.cellMap()[cells[i]];
            }
            java.util.Arrays.sort(cells);
            java.util.Arrays.sort(image);
            fixed.add(f.piece() + ":" + java.util.Arrays.toString(cells));
            images.add(e.pieceMap()[f.piece()] + ":" + java.util.Arrays.toString(image));
        }
        return fixed.equals(images);
    }

    /** For each piece type, the type that is its mirror image; fails naming a piece without one. */
    private static int[] mirrorMap(Puzzle puzzle) {
        List<Piece> pieces = puzzle.pieces();
        int[] map = new int[pieces.size()];
        for (int i = 0; i < pieces.size(); i++) {
            Piece p = pieces.get(i);
            if (puzzle.mirroredPieces()) {
                map[i] = i;
                continue;
            }
            Shape mirrored = p.shape().mirror().canonical();
            map[i] = -1;
            // an achiral piece is its own partner; otherwise the first piece of the mirrored shape
            for (int k = 0; k <= pieces.size() && map[i] < 0; k++) {
                int j = k == 0 ? i : k - 1;
                if (pieces.get(j).shape().canonical().equals(mirrored) && pieces.get(j).count() == p.count()
                        && pieces.get(j).min() == p.min()) {
                    map[i] = j;
                }
            }
            if (map[i] < 0 || (!puzzle.groups().isEmpty() && map[i] != i)) {
                throw new PuzzleException("symmetry rotations+reflections needs a piece set that is its own mirror image, but the mirror image of piece "
                        + p.name() + " is not in " + puzzle.name() + "; use --symmetry rotations (mirror packings of this set use other pieces)");
            }
        }
        return map;
    }

    /** The cell permutation induced by {@code r}, or null when r does not map the target onto itself. */
    private static int[] cellMap(Target t, Rotation r) {
        List<Point> cells = t.cells();
        List<Point> images = new ArrayList<>(cells.size());
        for (Point p : cells) {
            images.add(r.apply(p));
        }
        Point shift = Point.min(images);
        int[] map = new int[t.boxVolume()];
        java.util.Arrays.fill(map, -1);
        for (int i = 0; i < cells.size(); i++) {
            Point q = images.get(i).minus(shift);
            if (!t.contains(q) || t.isOptional(t.index(q)) != t.isOptional(t.index(cells.get(i)))) {
                return null;
            }
            map[t.index(cells.get(i))] = t.index(q);
        }
        return map;
    }

    public SymmetryMode mode() {
        return mode;
    }

    public List<Element> elements() {
        return elements;
    }

    public int size() {
        return elements.size();
    }
}
