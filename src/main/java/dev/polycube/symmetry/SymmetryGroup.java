package dev.polycube.symmetry;

import dev.polycube.puzzle.SymmetryMode;
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

        /** The inverse of {@link #cellMap}: which target cell lands on box index j, or -1 when none does. */
        public int[] preimage() {
            int[] inverse = new int[cellMap.length];
            java.util.Arrays.fill(inverse, -1);
            for (int i = 0; i < cellMap.length; i++) {
                if (cellMap[i] >= 0) {
                    inverse[cellMap[i]] = i;
                }
            }
            return inverse;
        }

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
    /**
     * For BurrTools' rule with count ranges: mirror elements identify an assembly with its image only when
     * {@link #applies} says so; null when every element applies to every packing.
     */
    private final MirrorTest mirrorTest;

    private SymmetryGroup(SymmetryMode mode, List<Element> elements, MirrorTest mirrorTest) {
        this.mode = mode;
        this.elements = List.copyOf(elements);
        this.mirrorTest = mirrorTest;
    }

    /**
     * BurrTools' mirror test, per assembly: every chiral piece type used has that many copies with a mirror
     * partner ({@code paired}), and the counts swapped by the mirror still lie within the pieces' ranges.
     */
    private record MirrorTest(int[] paired, int[] min, int[] max) {
    }

    /** True when whether an element {@link #applies} depends on the packing's type counts (BurrTools' mirror test). */
    public boolean mirrorTest() {
        return mirrorTest != null;
    }

    /** Fills {@code typeCounts} with how many copies of each type a packing uses, as {@link #applies} takes them. */
    public static void countTypes(int[] copyPiece, int[] typeCounts) {
        java.util.Arrays.fill(typeCounts, 0);
        for (int type : copyPiece) {
            typeCounts[type]++;
        }
    }

    /** True when {@code e} identifies a packing using {@code typeCounts[t]} copies of each type with its image. */
    public boolean applies(Element e, int[] typeCounts) {
        if (mirrorTest == null || e.rotation().isProper()) {
            return true;
        }
        int[] map = e.pieceMap();
        for (int t = 0; t < typeCounts.length; t++) {
            int n = typeCounts[t];
            int s = map[t];
            if (n > mirrorTest.paired[t] || n < mirrorTest.min[s] || n > mirrorTest.max[s]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The elements that identify every packing with its image: all of them, except BurrTools' conditional
     * mirrors. Root symmetry breaking may only use these.
     */
    public SymmetryGroup unconditional() {
        if (mirrorTest == null) {
            return this;
        }
        return new SymmetryGroup(mode, elements.stream().filter(e -> e.rotation().isProper()).toList(), null);
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
            out.add(new Element(Rotation.identity(), cellMap(t, null, Rotation.identity()), identityPieces));
            return new SymmetryGroup(mode, out, null);
        }
        int[] mirrorPieces = mode == SymmetryMode.ROTATIONS_AND_REFLECTIONS ? mirrorMap(puzzle) : null;
        MirrorTest test = null;
        if (mode == SymmetryMode.BURRTOOLS && puzzle.oneSided()) {
            throw new PuzzleException("the burrtools rule is BurrTools' own, for pieces that turn in space; " + puzzle.name()
                    + " has one-sided pieces: use --symmetry rotations or rotations+reflections");
        }
        if (mode == SymmetryMode.BURRTOOLS) {
            BurrToolsMirrors m = burrToolsMirrors(puzzle);
            mirrorPieces = m == null ? null : m.pieceMap();
            test = m == null || !m.conditional() ? null : m.test();
        }
        for (Rotation r : Rotation.all()) {
            if (!r.isProper() && mirrorPieces == null) {
                continue;
            }
            if (puzzle.oneSided() && !r.keepsUp()) {
                continue; // one-sided pieces keep their upper side, and so does the tray they lie in
            }
            int[] map = cellMap(t, puzzle.colours(), r);
            if (map != null) {
                Element e = new Element(r, map, r.isProper() ? identityPieces : mirrorPieces);
                if (keepsFixedPieces(puzzle, e)) {
                    out.add(e);
                }
            }
        }
        return new SymmetryGroup(mode, out, test);
    }

    /**
     * The group a search for {@code catalog}'s classes pins pieces under: for the fixed frame, the target's
     * rotations (with one-sided pieces and a set that is its own mirror image, the mirrors too), under which the
     * packings are closed too; else {@code catalog} itself. Each class under the
     * rotations then stands for its distinct images ({@link OrbitLines}), and the search meets it about once
     * instead of once per image: about |G| times fewer nodes (Bedlam's 460,464 packings from the 19,186 classes'
     * search). Not with pre-placed pieces (the search pins nothing then). Rotations are not widened to mirrors
     * too: a flat piece lies in a mirror plane through it, so a pinned piece has as many placement orbits with
     * the mirrors as without, the search would meet each class as often, and the owner test would look at twice
     * the images (the 25 Y-pentacubes: 10.0 s either way).
     */
    public static SymmetryGroup forSearch(Puzzle puzzle, SymmetryGroup catalog) {
        if (catalog.mode() != SymmetryMode.FIXED || !puzzle.fixed().isEmpty()) {
            return catalog;
        }
        SymmetryGroup rotations = of(puzzle, SymmetryMode.ROTATIONS);
        if (puzzle.oneSided()) {
            // one-sided pieces never turn over, so a vertical mirror is no turn in disguise: with a set that is its own
            // mirror image (the 18 one-sided pentominoes) the mirrors halve the search once more
            try {
                SymmetryGroup withMirrors = of(puzzle, SymmetryMode.ROTATIONS_AND_REFLECTIONS);
                rotations = withMirrors.size() > rotations.size() ? withMirrors : rotations;
            } catch (PuzzleException notItsOwnMirror) {
                // the mirror image of a packing uses other pieces: the turns are all
            }
        }
        return rotations.size() > 1 ? rotations : catalog;
    }

    private record BurrToolsMirrors(int[] pieceMap, boolean conditional, MirrorTest test) {
    }

    /**
     * BurrTools' mirror test (measured against burrTxt: see docs/symmetry.md). The piece copies in problem order,
     * each type expanded to its maximum; each chiral copy is paired, greedily, with a later unpaired copy of
     * its mirror shape (an achiral copy is its own partner). With fixed counts, one unpaired chiral copy
     * turns mirrors off (null). Otherwise mirrors stay on, mapping each type to its partners' type; with
     * count ranges they identify an assembly only when {@link #applies} passes.
     */
    private static BurrToolsMirrors burrToolsMirrors(Puzzle puzzle) {
        List<Piece> pieces = puzzle.pieces();
        int types = pieces.size();
        List<Integer> copyType = new ArrayList<>();
        for (int p = 0; p < types; p++) {
            for (int k = 0; k < pieces.get(p).count(); k++) {
                copyType.add(p);
            }
        }
        String[] canonical = congruenceKeys(puzzle, false);
        String[] mirror = congruenceKeys(puzzle, true);
        boolean fixedCounts = puzzle.groups().isEmpty();
        for (int p = 0; p < types; p++) {
            fixedCounts &= !pieces.get(p).isOptional();
        }
        int[] map = new int[types];
        int[] paired = new int[types];
        for (int p = 0; p < types; p++) {
            map[p] = p;
        }
        boolean[] taken = new boolean[copyType.size()];
        boolean allPaired = true;
        for (int i = 0; i < copyType.size(); i++) {
            int p = copyType.get(i);
            if (canonical[p].equals(mirror[p])) {
                paired[p]++;
                continue;
            }
            if (taken[i]) {
                continue;
            }
            int partner = -1;
            for (int j = i + 1; j < copyType.size() && partner < 0; j++) {
                if (!taken[j] && canonical[copyType.get(j)].equals(mirror[p])) {
                    partner = j;
                }
            }
            if (partner < 0) {
                allPaired = false;
                continue;
            }
            taken[i] = true;
            taken[partner] = true;
            int q = copyType.get(partner);
            paired[p]++;
            paired[q]++;
            map[p] = q;
            map[q] = p;
        }
        if (!allPaired && fixedCounts) {
            return null;
        }
        int[] min = new int[types];
        int[] max = new int[types];
        for (int p = 0; p < types; p++) {
            min[p] = pieces.get(p).min();
            max[p] = pieces.get(p).count();
        }
        return new BurrToolsMirrors(map, !fixedCounts || !allPaired, new MirrorTest(paired, min, max));
    }

    /**
     * Per piece type, a key equal for two types exactly when one turns into the other (the second mirrored
     * when {@code mirrored}), colours included: the smallest text of the cells with their colours over the
     * 24 turns. Computed once per type: the partner searches compare every pair.
     */
    private static String[] congruenceKeys(Puzzle puzzle, boolean mirrored) {
        String[] keys = new String[puzzle.pieces().size()];
        for (int p = 0; p < keys.length; p++) {
            keys[p] = congruenceKey(puzzle, p, mirrored);
        }
        return keys;
    }

    private static String congruenceKey(Puzzle puzzle, int type, boolean mirrored) {
        Shape shape = puzzle.pieces().get(type).shape();
        if (puzzle.oneSided()) {
            // congruent by quarter turns about z only; the mirror image is the piece turned over (a vertical mirror)
            return (mirrored ? shape.mirror() : shape).canonical(puzzle.turns()).toString();
        }
        if (puzzle.colours() == null) {
            return (mirrored ? shape.mirror() : shape).canonical().toString();
        }
        List<Point> cells = shape.cells();
        String best = null;
        for (Rotation r : Rotation.proper()) {
            String key = puzzle.colours().turned(type, cells, r, mirrored).toString();
            if (best == null || key.compareTo(best) < 0) {
                best = key;
            }
        }
        return best;
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
        String[] shapes = puzzle.mirroredPieces() ? null : congruenceKeys(puzzle, false);
        String[] mirrors = puzzle.mirroredPieces() ? null : congruenceKeys(puzzle, true);
        for (int i = 0; i < pieces.size(); i++) {
            Piece p = pieces.get(i);
            if (puzzle.mirroredPieces()) {
                map[i] = i;
                continue;
            }
            map[i] = -1;
            // an achiral piece is its own partner; otherwise the first piece of the mirrored shape
            for (int k = 0; k <= pieces.size() && map[i] < 0; k++) {
                int j = k == 0 ? i : k - 1;
                if (shapes[j].equals(mirrors[i]) && pieces.get(j).count() == p.count()
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

    /**
     * The cell permutation induced by {@code r}, or null when r does not map the target onto itself: every
     * cell onto a cell of the same kind (required or optional) and, with colours, of the same colour.
     */
    private static int[] cellMap(Target t, dev.polycube.puzzle.Colours colours, Rotation r) {
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
            if (colours != null && colours.targetColour(t.index(q)) != colours.targetColour(t.index(cells.get(i)))) {
                return null;
            }
            map[t.index(cells.get(i))] = t.index(q);
        }
        return map;
    }

    /** What this group identifies, in words (for BurrTools' rule, which case of its mirror test applied). */
    public String describe() {
        boolean mirrors = elements.stream().anyMatch(e -> !e.rotation().isProper());
        String base = mode + ": " + size() + " symmetries of the target";
        if (mode != SymmetryMode.BURRTOOLS) {
            return base;
        }
        if (!mirrors) {
            return base + "; rotations identify, mirror images do not (the piece set fails BurrTools' mirror test, "
                    + "or the target has no mirror symmetry)";
        }
        return base + "; rotations identify, and mirror images too" + (mirrorTest == null
                ? " (every chiral piece has its mirror partner)"
                : " when the mirrored assembly is valid (every chiral piece used has a partner and the swapped counts fit)");
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

    /**
     * How many different things the elements do to a packing (cells and pieces): {@link #size} but for a bar, whose
     * turns about its own axis move no cell. The search under this group meets about this many times fewer packings.
     */
    public int distinctActions() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Element e : elements) {
            seen.add(actionKey(e.cellMap(), e.pieceMap()));
        }
        return seen.size();
    }

    /** A key equal for two maps exactly when they do the same to a packing: elements that act alike, told apart or not. */
    static String actionKey(int[] cellMap, int[] pieceMap) {
        return java.util.Arrays.toString(cellMap) + java.util.Arrays.toString(pieceMap);
    }
}
