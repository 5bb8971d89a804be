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
 * of its images (under the group's elements that apply to it) that has a kept placement, and with a piece
 * pinned, once per copy on a kept placement. Among the images the search meets, the one with the smallest
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
    /** Kept placements: piece type and cells, to look for in a packing's images. */
    private final int[] keptPiece;
    private final int[][] keptCells;
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
        int k = pin.placements().length;
        this.keptPiece = new int[k];
        this.keptCells = new int[k][];
        for (int i = 0; i < k; i++) {
            PlacementSet.Placement p = placements.all().get(pin.placements()[i]);
            keptPiece[i] = p.piece();
            keptCells[i] = p.cells().clone();
        }
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(types, elements.size()));
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
     * The owner test for a run's plan, or null when the plan does not say which packings its search meets
     * (nothing pinned while the group has other elements: fixed pieces, or symmetry breaking switched off).
     */
    static Ownership of(Puzzle puzzle, SymmetryGroup group, WorkPlan plan, Canonicalizer canonicalizer) {
        if (!plan.pin().pinned() && group.size() > 1) {
            return null;
        }
        return new Ownership(puzzle, group, plan, canonicalizer);
    }

    /**
     * Whether {@code unit} owns the class of this packing, which it found. Runs once per packing found, so it
     * looks only at the few cells the kept placements name (no pass over the whole packing) until
     * {@link Canonicalizer#isSmallestAmong} compares lines.
     */
    boolean owns(int unit, int[] cellCopy, int[] copyPiece) {
        if (!pin.pinned()) {
            return true; // one element: every packing is its own class, met once
        }
        if (pin.piece() >= 0 && firstKept(0, cellCopy, copyPiece) != plan.units().get(unit)[0]) {
            return false; // a copy of the pinned piece on a smaller kept placement is met by another unit
        }
        Scratch s = scratch.get();
        int[] typeCounts = s.typeCounts;
        boolean conditional = group.mirrorTest(); // else every element applies: no counts, no list lookup per element
        if (conditional) {
            SymmetryGroup.countTypes(copyPiece, typeCounts);
        }
        boolean[] met = s.met;
        boolean any = false;
        for (int e = 1; e < elements.size(); e++) {
            met[e] = (!conditional || group.applies(elements.get(e), typeCounts)) && firstKept(e, cellCopy, copyPiece) >= 0;
            any |= met[e];
        }
        met[0] = false;
        return !any || canonicalizer.isSmallestAmong(cellCopy, copyPiece, met);
    }

    /**
     * The smallest kept placement (a {@link PlacementSet} index) that the packing's image under element
     * {@code e} holds, or -1: the search meets that image, in the unit starting with it. The image holds kept
     * placement i when the target cells that land on i's cells all belong to one copy whose type lands on
     * i's type (a copy has as many cells as its type, so it then is exactly i).
     */
    private int firstKept(int e, int[] cellCopy, int[] copyPiece) {
        int[] preimage = preimages[e];
        for (int i = 0; i < keptCells.length; i++) {
            int[] cells = keptCells[i];
            int from = preimage[cells[0]];
            int k = from < 0 ? -1 : cellCopy[from];
            if (k < 0 || pieceMaps[e][copyPiece[k]] != keptPiece[i]) {
                continue;
            }
            int j = 1;
            while (j < cells.length && (from = preimage[cells[j]]) >= 0 && cellCopy[from] == k) {
                j++;
            }
            if (j == cells.length) {
                return pin.placements()[i];
            }
        }
        return -1;
    }
}
