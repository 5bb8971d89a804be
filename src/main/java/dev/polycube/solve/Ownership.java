package dev.polycube.solve;

import dev.polycube.engine.PlacementSet;
import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.List;

/**
 * Gives each class to exactly one work unit, so that a unit's classes are its own: a run needs no shared
 * set to drop the copies other units find, and counts per unit add up across units, shards and resumed runs.
 *
 * <p>Root symmetry breaking ({@link WorkPlan.Pin}) lets the search meet a class several times: once for each
 * of its images (under the group's elements that apply to it) that has a kept placement (or, with cells pinned,
 * a kept arrangement on them), and with a piece pinned, once per copy on a kept placement. Among the images the search meets, the one with the smallest
 * catalog line is one packing; the unit that owns the class is the one that meets that packing through its
 * smallest kept placement. A packing the search reports is therefore kept when (1) its line is not larger
 * than that of any image of it the search also meets, and (2) with a piece pinned, the unit's first step is
 * the smallest kept placement among its copies of that piece. Both tests look at the packing alone, so the
 * owner does not depend on which thread or run got there first.
 */
final class Ownership {

    private final Canonicalizer canonicalizer;
    private final SymmetryGroup group;
    private final List<SymmetryGroup.Element> elements;
    private final WorkPlan plan;
    private final WorkPlan.Pin pin;
    private final int types;
    /**
     * Per element, which target cell lands on each box cell ({@link SymmetryGroup.Element#preimage}, as the
     * canonicalizer has them too), and its piece map: held here as arrays because asking the canonicalizer per
     * cell cost 8 % of the owner test.
     */
    private final int[][] preimages;
    private final int[][] pieceMaps;
    /** Kept arrangements (one placement each for a pinned piece): per placement, type and cells, to look for in images. */
    private final int[][] keptPiece;
    private final int[][][] keptCells;
    /**
     * When every element maps the pinned cells onto themselves (an orbit of cells, or a cell that every symmetry
     * fixes) and every element applies to every packing (no mirror test): per kept arrangement, the elements other than the identity that map it onto itself, else null. An
     * image of a packing then has the image of the packing's own arrangement there, which is kept only if it is
     * the same one (the others of its orbit are not), so which images the search meets is a matter of the unit,
     * not of the packing: no look at the packing's cells for it.
     */
    private final boolean[][] keptMet;
    /** Per thread: type counts and the elements met (no allocation per packing). */
    private final ThreadLocal<Scratch> scratch;

    private Ownership(Puzzle puzzle, SymmetryGroup group, WorkPlan plan, Canonicalizer canonicalizer) {
        this.canonicalizer = canonicalizer;
        this.group = group;
        this.elements = group.elements();
        this.plan = plan;
        this.pin = plan.pin();
        this.types = puzzle.pieces().size();
        this.preimages = elements.stream().map(SymmetryGroup.Element::preimage).toArray(int[][]::new);
        this.pieceMaps = elements.stream().map(SymmetryGroup.Element::pieceMap).toArray(int[][]::new);
        PlacementSet placements = plan.placements();
        int k = pin.kept().length;
        this.keptPiece = new int[k][];
        this.keptCells = new int[k][][];
        for (int i = 0; i < k; i++) {
            int[] arrangement = pin.kept()[i];
            keptPiece[i] = new int[arrangement.length];
            keptCells[i] = new int[arrangement.length][];
            for (int j = 0; j < arrangement.length; j++) {
                PlacementSet.Placement p = placements.all().get(arrangement[j]);
                keptPiece[i][j] = p.piece();
                keptCells[i][j] = p.cells().clone();
            }
        }
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(types, elements.size()));
        // the shortcut needs the pin's orbits to be this group's; under BurrTools' conditional mirrors the pin keeps one
        // arrangement per orbit of the rotations alone (Enumerator), and a mirror may map a kept one onto another kept one
        this.keptMet = pinnedCellsInvariant() && !group.mirrorTest() ? keptStabilizers() : null;
    }

    private boolean pinnedCellsInvariant() {
        if (pin.piece() >= 0 || !pin.pinned()) {
            return false;
        }
        for (int[] preimage : preimages) {
            for (int c : pin.cells()) {
                if (java.util.Arrays.binarySearch(pin.cells(), preimage[c]) < 0) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean[][] keptStabilizers() {
        PlacementSet placements = plan.placements();
        boolean[][] out = new boolean[pin.kept().length][elements.size()];
        for (int i = 0; i < out.length; i++) {
            int[] arrangement = pin.kept()[i];
            for (int e = 1; e < elements.size(); e++) {
                int[] image = new int[arrangement.length];
                for (int j = 0; j < arrangement.length; j++) {
                    image[j] = placements.image(arrangement[j], elements.get(e));
                }
                java.util.Arrays.sort(image);
                out[i][e] = java.util.Arrays.equals(image, arrangement);
            }
        }
        return out;
    }

    /** One thread's working arrays. */
    private static final class Scratch {
        final int[] typeCounts;
        final boolean[] met;

        Scratch(int types, int elements) {
            typeCounts = new int[types];
            met = new boolean[elements];
        }
    }

    /**
     * The owner test for a run's plan. With nothing pinned (fixed pieces, BurrTools' mirrors identifying only some
     * packings with no rotation to pin by, or symmetry breaking switched off) the search meets every packing, so every
     * image of a packing is met by some unit, and the unit meeting the smallest owns the class: before, such runs
     * credited a class to the first unit that found it, and the counts of a count's shards did not add up.
     */
    static Ownership of(Puzzle puzzle, SymmetryGroup group, WorkPlan plan, Canonicalizer canonicalizer) {
        return new Ownership(puzzle, group, plan, canonicalizer);
    }

    /**
     * Whether {@code unit} owns the class of this packing, which it found. Runs once per packing found, so it
     * looks only at the few cells the kept placements name (no pass over the whole packing) until
     * {@link Canonicalizer#isSmallestAmong} compares lines.
     */
    boolean owns(int unit, int[] cellCopy, int[] copyPiece) {
        if (!pin.pinned() && elements.size() == 1) {
            return true; // one element: every packing is its own class, met once
        }
        if (pin.piece() >= 0 && firstKept(0, cellCopy, copyPiece) != plan.keptOf(unit)) {
            return false; // a copy of the pinned piece on a smaller kept placement is met by another unit
        }
        Scratch s = scratch.get();
        int[] typeCounts = s.typeCounts;
        boolean conditional = group.mirrorTest(); // else every element applies: no counts, no list lookup per element
        if (conditional) {
            SymmetryGroup.countTypes(copyPiece, typeCounts);
        }
        boolean[] met = s.met;
        boolean[] unitMet = keptMet == null ? null : keptMet[plan.keptOf(unit)];
        boolean any = false;
        for (int e = 1; e < elements.size(); e++) {
            met[e] = (!conditional || group.applies(elements.get(e), typeCounts))
                    && (!pin.pinned() || (unitMet != null ? unitMet[e] : firstKept(e, cellCopy, copyPiece) >= 0));
            any |= met[e];
        }
        met[0] = false;
        return !any || canonicalizer.isSmallestAmong(cellCopy, copyPiece, met);
    }

    /**
     * True when {@code unit} owns every packing it meets, whatever its cells, and no element but the identity maps one
     * onto itself: nothing pinned (a group of one element: each packing its own class), or cells pinned that every
     * symmetry maps onto themselves with the unit's arrangement there fixed by none but the identity, under a group
     * whose every element applies (no mirror test). No other image of a packing is then met, so {@link #owns} is true
     * without comparing lines; and a symmetry of a packing would map its arrangement on the pinned cells onto itself.
     */
    boolean ownsEvery(int unit) {
        if (!pin.pinned()) {
            return elements.size() == 1;
        }
        if (pin.piece() >= 0 || keptMet == null || group.mirrorTest()) {
            return false;
        }
        boolean[] unitMet = keptMet[plan.keptOf(unit)];
        for (int e = 1; e < unitMet.length; e++) {
            if (unitMet[e]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first kept arrangement ({@link WorkPlan.Pin#kept} index) that the packing's image under element {@code e}
     * holds, or -1: the search meets that image, in the unit starting with it (for a pinned piece, the kept
     * placements ascend, so this is the smallest one the image holds). The image holds a placement when the
     * target cells that land on its cells all belong to one copy whose type lands on its type (a copy has as
     * many cells as its type, so it then is exactly that placement).
     */
    private int firstKept(int e, int[] cellCopy, int[] copyPiece) {
        int[] preimage = preimages[e];
        int[] pieceMap = pieceMaps[e];
        for (int i = 0; i < keptCells.length; i++) {
            int[][] arrangement = keptCells[i];
            int j = 0;
            while (j < arrangement.length && holds(arrangement[j], keptPiece[i][j], preimage, pieceMap, cellCopy, copyPiece)) {
                j++;
            }
            if (j == arrangement.length) {
                return i;
            }
        }
        return -1;
    }

    private static boolean holds(int[] cells, int piece, int[] preimage, int[] pieceMap, int[] cellCopy, int[] copyPiece) {
        int from = preimage[cells[0]];
        int k = from < 0 ? -1 : cellCopy[from];
        if (k < 0 || pieceMap[copyPiece[k]] != piece) {
            return false;
        }
        for (int j = 1; j < cells.length; j++) {
            from = preimage[cells[j]];
            if (from < 0 || cellCopy[from] != k) {
                return false;
            }
        }
        return true;
    }
}
