package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.SymmetryGroup;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The ways to cover some target cells together, and one of each up to symmetry: what root symmetry breaking keeps
 * when it pins the pieces on those cells ({@link WorkPlan.Pin}). An arrangement is a set of disjoint placements,
 * each covering at least one of the cells, that together cover all of them. Set-up only; placement images under
 * the group's elements are looked up once each.
 */
final class Arrangements {

    /** The most arrangements {@link #of} lists before it gives up on a set of cells. */
    static final int MAX = 4096;

    /**
     * The most placements {@link #of} tries before it gives up on a set of cells, whatever it has found. Most ways to
     * start covering an orbit of cells spread over the box fail only once most of its cells are reached: a frame
     * around small pieces in ranges (8 cells, 16 symmetries) took 66 M tries (0.6 s) to find its one arrangement, and
     * 16 orbits are tried. On every built-in puzzle and example a set of cells that was covered needed at most 5,100
     * tries (the others gave up at {@link #MAX} anyway), so their pins and work units stay as they were.
     */
    static final int MAX_TRIES = 200_000;

    private final Puzzle puzzle;
    private final PlacementSet placements;
    private final List<SymmetryGroup.Element> elements;
    /** Per box cell, the placements covering it, ascending; built on first use. */
    private int[][] covering;
    /** Per element, each placement's image, or -1 while not looked up; a row is made on first use. */
    private final int[][] images;
    /** Placements tried by the current {@link #of}. */
    private int tries;

    Arrangements(Puzzle puzzle, PlacementSet placements, SymmetryGroup group) {
        this.puzzle = puzzle;
        this.placements = placements;
        this.elements = group.elements();
        this.images = new int[elements.size()][];
    }

    /**
     * Every arrangement covering {@code cells} that the puzzle's counts allow (no piece type used more often than
     * it has copies, no group more often than its maximum): ascending placement indices each, in lexicographic
     * order; null when there are more than {@value #MAX}, or when finding them takes more than {@value #MAX_TRIES}
     * placements tried.
     */
    List<int[]> of(int[] cells) {
        List<int[]> out = new ArrayList<>();
        tries = 0;
        if (!arrange(cells, new BitSet(), new int[puzzle.pieces().size()], new int[puzzle.groups().size()],
                new IntArrayList(), out)) {
            return null;
        }
        out.sort(Arrays::compare);
        return out;
    }

    /**
     * One arrangement per orbit under the elements {@code under} (indices into the group; they must map the
     * cells onto themselves): the first of each in the order of {@code arrangements}.
     */
    List<int[]> representatives(List<int[]> arrangements, int[] under) {
        Set<IntArrayList> seen = new HashSet<>();
        List<int[]> out = new ArrayList<>();
        for (int[] a : arrangements) {
            if (seen.contains(IntArrayList.wrap(a))) {
                continue;
            }
            out.add(a);
            for (int e : under) {
                int[] image = new int[a.length];
                for (int k = 0; k < a.length; k++) {
                    image[k] = image(e, a[k]);
                }
                Arrays.sort(image);
                seen.add(IntArrayList.wrap(image));
            }
        }
        return out;
    }

    /** Placements the last {@link #of} tried (for tests). */
    int lastTries() {
        return tries;
    }

    /** The placement that element {@code e} maps placement {@code q} to. */
    int image(int e, int q) {
        if (images[e] == null) {
            images[e] = new int[placements.size()];
            Arrays.fill(images[e], -1);
        }
        if (images[e][q] < 0) {
            images[e][q] = placements.image(q, elements.get(e));
        }
        return images[e][q];
    }

    /** Depth first: covers the first of {@code cells} still open every way it can; false past either limit. */
    private boolean arrange(int[] cells, BitSet taken, int[] used, int[] groupUsed, IntArrayList chosen, List<int[]> out) {
        int open = 0;
        while (open < cells.length && taken.get(cells[open])) {
            open++;
        }
        if (open == cells.length) {
            int[] a = chosen.toIntArray();
            Arrays.sort(a);
            out.add(a);
            return out.size() <= MAX;
        }
        for (int i : covering()[cells[open]]) {
            if (++tries > MAX_TRIES) {
                return false;
            }
            PlacementSet.Placement p = placements.all().get(i);
            if (used[p.piece()] >= puzzle.pieces().get(p.piece()).count() || groupFull(p.piece(), groupUsed)
                    || intersects(p.cells(), taken)) {
                continue;
            }
            for (int c : p.cells()) {
                taken.set(c);
            }
            used[p.piece()]++;
            count(p.piece(), groupUsed, 1);
            chosen.add(i);
            boolean more = arrange(cells, taken, used, groupUsed, chosen, out);
            chosen.removeInt(chosen.size() - 1);
            count(p.piece(), groupUsed, -1);
            used[p.piece()]--;
            for (int c : p.cells()) {
                taken.clear(c);
            }
            if (!more) {
                return false;
            }
        }
        return true;
    }

    private int[][] covering() {
        if (covering == null) {
            int[] counts = new int[puzzle.target().boxVolume()];
            for (PlacementSet.Placement p : placements.all()) {
                for (int c : p.cells()) {
                    counts[c]++;
                }
            }
            covering = new int[counts.length][];
            for (int c = 0; c < counts.length; c++) {
                covering[c] = new int[counts[c]];
                counts[c] = 0;
            }
            for (int i = 0; i < placements.size(); i++) {
                for (int c : placements.all().get(i).cells()) {
                    covering[c][counts[c]++] = i;
                }
            }
        }
        return covering;
    }

    private boolean groupFull(int piece, int[] groupUsed) {
        for (int g = 0; g < groupUsed.length; g++) {
            Puzzle.Group group = puzzle.groups().get(g);
            if (group.pieces().contains(piece) && groupUsed[g] >= group.max()) {
                return true;
            }
        }
        return false;
    }

    private void count(int piece, int[] groupUsed, int delta) {
        for (int g = 0; g < groupUsed.length; g++) {
            if (puzzle.groups().get(g).pieces().contains(piece)) {
                groupUsed[g] += delta;
            }
        }
    }

    private static boolean intersects(int[] cells, BitSet taken) {
        for (int c : cells) {
            if (taken.get(c)) {
                return true;
            }
        }
        return false;
    }
}
