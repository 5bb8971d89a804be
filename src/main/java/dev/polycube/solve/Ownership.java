package dev.polycube.solve;

import dev.polycube.engine.PlacementSet;
import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.Arrays;
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
    /** Kept placements: piece type and cells (ascending), for comparing images against. */
    private final int[] keptPiece;
    private final int[][] keptCells;

    private Ownership(Puzzle puzzle, SymmetryGroup group, WorkPlan plan, Canonicalizer canonicalizer) {
        this.canonicalizer = canonicalizer;
        this.group = group;
        this.elements = group.elements();
        this.plan = plan;
        this.pin = plan.pin();
        this.types = puzzle.pieces().size();
        PlacementSet placements = plan.placements();
        int k = pin.placements().length;
        this.keptPiece = new int[k];
        this.keptCells = new int[k][];
        for (int i = 0; i < k; i++) {
            PlacementSet.Placement p = placements.all().get(pin.placements()[i]);
            keptPiece[i] = p.piece();
            keptCells[i] = p.cells().clone();
            Arrays.sort(keptCells[i]);
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

    /** Whether {@code unit} owns the class of this packing, which it found. */
    boolean owns(int unit, int[] cellCopy, int[] copyPiece) {
        if (!pin.pinned()) {
            return true; // one element: every packing is its own class, met once
        }
        int copies = copyPiece.length;
        int[][] cells = copyCells(cellCopy, copies);
        if (pin.piece() >= 0) {
            int root = plan.units().get(unit)[0];
            int smallest = Integer.MAX_VALUE;
            for (int k = 0; k < copies; k++) {
                int i = copyPiece[k] == pin.piece() ? kept(pin.piece(), cells[k]) : -1;
                if (i >= 0) {
                    smallest = Math.min(smallest, pin.placements()[i]);
                }
            }
            if (smallest != root) {
                return false;
            }
        }
        int[] typeCounts = new int[types];
        for (int type : copyPiece) {
            typeCounts[type]++;
        }
        boolean[] met = new boolean[elements.size()];
        boolean any = false;
        for (int e = 1; e < elements.size(); e++) {
            SymmetryGroup.Element g = elements.get(e);
            if (group.applies(g, typeCounts) && meets(g, e, cellCopy, copyPiece, cells)) {
                met[e] = true;
                any = true;
            }
        }
        return !any || canonicalizer.isSmallestAmong(cellCopy, copyPiece, met);
    }

    /** Whether the search meets the image of the packing under element {@code g} (number {@code e}). */
    private boolean meets(SymmetryGroup.Element g, int e, int[] cellCopy, int[] copyPiece, int[][] cells) {
        if (pin.cell() >= 0) {
            int from = canonicalizer.preimage(e, pin.cell());
            int k = from < 0 ? -1 : cellCopy[from];
            return k >= 0 && kept(g.pieceMap()[copyPiece[k]], image(g, cells[k])) >= 0;
        }
        for (int k = 0; k < copyPiece.length; k++) {
            int type = g.pieceMap()[copyPiece[k]];
            if (type == pin.piece() && kept(type, image(g, cells[k])) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static int[] image(SymmetryGroup.Element g, int[] cells) {
        int[] out = new int[cells.length];
        for (int i = 0; i < cells.length; i++) {
            out[i] = g.cellMap()[cells[i]];
        }
        Arrays.sort(out);
        return out;
    }

    /** The index among the kept placements of this placement, or -1 when it is not kept. */
    private int kept(int type, int[] sortedCells) {
        for (int i = 0; i < keptPiece.length; i++) {
            if (keptPiece[i] == type && Arrays.equals(keptCells[i], sortedCells)) {
                return i;
            }
        }
        return -1;
    }

    /** Each copy's cells, ascending (box indices). */
    private static int[][] copyCells(int[] cellCopy, int copies) {
        int[] size = new int[copies];
        for (int k : cellCopy) {
            if (k >= 0) {
                size[k]++;
            }
        }
        int[][] out = new int[copies][];
        for (int k = 0; k < copies; k++) {
            out[k] = new int[size[k]];
            size[k] = 0;
        }
        for (int c = 0; c < cellCopy.length; c++) {
            int k = cellCopy[c];
            if (k >= 0) {
                out[k][size[k]++] = c;
            }
        }
        return out;
    }
}
