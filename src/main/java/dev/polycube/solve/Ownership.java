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
    private final int words;
    /** Kept placements: piece type, and cells as a mask of {@link #words} words each, for comparing images against. */
    private final int[] keptPiece;
    private final long[] keptMask;
    /** Per thread: each copy's cells, an image's mask, type counts, the elements met (no allocation per packing). */
    private final ThreadLocal<Scratch> scratch;

    private Ownership(Puzzle puzzle, SymmetryGroup group, WorkPlan plan, Canonicalizer canonicalizer) {
        this.canonicalizer = canonicalizer;
        this.group = group;
        this.elements = group.elements();
        this.plan = plan;
        this.pin = plan.pin();
        this.types = puzzle.pieces().size();
        int volume = puzzle.target().boxVolume();
        this.words = (volume + 63) >>> 6;
        PlacementSet placements = plan.placements();
        int k = pin.placements().length;
        this.keptPiece = new int[k];
        this.keptMask = new long[k * words];
        for (int i = 0; i < k; i++) {
            PlacementSet.Placement p = placements.all().get(pin.placements()[i]);
            keptPiece[i] = p.piece();
            for (int c : p.cells()) {
                keptMask[i * words + (c >>> 6)] |= 1L << c;
            }
        }
        int copies = puzzle.copyCount();
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(volume, copies, types, elements.size(), words));
    }

    /** One thread's working arrays. */
    private static final class Scratch {
        final int[] start;
        final int[] cells;
        final long[] image;
        final int[] typeCounts;
        final boolean[] met;

        Scratch(int volume, int copies, int types, int elements, int words) {
            start = new int[copies + 2];
            cells = new int[volume];
            image = new long[words];
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

    /** Whether {@code unit} owns the class of this packing, which it found. */
    boolean owns(int unit, int[] cellCopy, int[] copyPiece) {
        if (!pin.pinned()) {
            return true; // one element: every packing is its own class, met once
        }
        Scratch s = scratch.get();
        int copies = copyPiece.length;
        copyCells(cellCopy, copies, s);
        if (pin.piece() >= 0) {
            int root = plan.units().get(unit)[0];
            int smallest = Integer.MAX_VALUE;
            for (int k = 0; k < copies; k++) {
                int i = copyPiece[k] == pin.piece() ? kept(pin.piece(), null, k, s) : -1;
                if (i >= 0) {
                    smallest = Math.min(smallest, pin.placements()[i]);
                }
            }
            if (smallest != root) {
                return false;
            }
        }
        int[] typeCounts = s.typeCounts;
        java.util.Arrays.fill(typeCounts, 0);
        for (int type : copyPiece) {
            typeCounts[type]++;
        }
        boolean[] met = s.met;
        boolean any = false;
        for (int e = 1; e < elements.size(); e++) {
            SymmetryGroup.Element g = elements.get(e);
            met[e] = group.applies(g, typeCounts) && meets(g, e, cellCopy, copyPiece, s);
            any |= met[e];
        }
        met[0] = false;
        return !any || canonicalizer.isSmallestAmong(cellCopy, copyPiece, met);
    }

    /** Whether the search meets the image of the packing under element {@code g} (number {@code e}). */
    private boolean meets(SymmetryGroup.Element g, int e, int[] cellCopy, int[] copyPiece, Scratch s) {
        if (pin.cell() >= 0) {
            int from = canonicalizer.preimage(e, pin.cell());
            int k = from < 0 ? -1 : cellCopy[from];
            return k >= 0 && kept(g.pieceMap()[copyPiece[k]], g, k, s) >= 0;
        }
        for (int k = 0; k < copyPiece.length; k++) {
            int type = g.pieceMap()[copyPiece[k]];
            if (type == pin.piece() && kept(type, g, k, s) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The index among the kept placements of copy {@code k}'s placement carried by {@code g} (null: as it is),
     * as a piece of {@code type}, or -1 when it is not kept.
     */
    private int kept(int type, SymmetryGroup.Element g, int k, Scratch s) {
        long[] image = s.image;
        java.util.Arrays.fill(image, 0);
        int[] map = g == null ? null : g.cellMap();
        for (int j = s.start[k], end = s.start[k + 1]; j < end; j++) {
            int c = map == null ? s.cells[j] : map[s.cells[j]];
            image[c >>> 6] |= 1L << c;
        }
        for (int i = 0; i < keptPiece.length; i++) {
            if (keptPiece[i] == type && java.util.Arrays.equals(keptMask, i * words, (i + 1) * words, image, 0, words)) {
                return i;
            }
        }
        return -1;
    }

    /** Each copy's cells, in {@code s.cells[s.start[k] .. s.start[k+1])} (a counting sort of the packing by copy). */
    private static void copyCells(int[] cellCopy, int copies, Scratch s) {
        int[] start = s.start;
        java.util.Arrays.fill(start, 0, copies + 2, 0);
        for (int k : cellCopy) {
            if (k >= 0) {
                start[k + 2]++;
            }
        }
        for (int k = 2; k < copies + 2; k++) {
            start[k] += start[k - 1];
        }
        for (int c = 0; c < cellCopy.length; c++) {
            int k = cellCopy[c];
            if (k >= 0) {
                s.cells[start[k + 1]++] = c;
            }
        }
    }
}
