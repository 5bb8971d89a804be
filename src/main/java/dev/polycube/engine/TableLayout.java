package dev.polycube.engine;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * Everything the board tables need that does not depend on the board's word size, computed once per
 * puzzle; {@link Tables64} and {@link Tables128} turn it into masks of one or two longs.
 *
 * <ul>
 *   <li>Engine placement ids: placements sorted by (lowest cell, piece type, set index), so that
 *       {@code groupStart[c*types+p] .. groupStart[c*types+p+1]} are exactly the placements of piece p whose
 *       lowest cell is c: the candidates when c is the first empty cell.</li>
 *   <li>Dead-end cover lists: for cell c and direction d (+x,-x,+y,-y,+z,-z), {@code coverIds[coverStart[c*6+d]
 *       .. coverStart[c*6+d+1]]} are the placements covering c that use no neighbour of c other than the one
 *       in direction d, i.e. those that can still cover c when that is its one empty neighbour (a placement
 *       using no neighbour at all, a monomino, serves every direction). Highest placements first:
 *       everything below the first empty cell is full, so placements reaching upward are the likelier to
 *       fit, and the scan stops at the first that does.</li>
 *   <li>Cell sets as box-index bit sets: the target, its optional cells, and for each direction the cells
 *       that have a neighbour that way ({@code canStep[d]}).</li>
 * </ul>
 */
final class TableLayout {

    private static final int[][] DIRECTIONS = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

    final int types;
    final int[] counts;
    final Choices choices;
    /** True when every piece has at least two cells, so an empty cell without empty neighbours is dead. */
    final boolean noMonominoes;
    final int[] toSetIndex;
    final int[] fromSetIndex;
    final int[] pieceOf;
    /** The box indices each engine placement covers, ascending. */
    final int[][] cells;
    final int[] groupStart;
    final int[] coverStart;
    final int[] coverIds;
    /** Cover lists split further by the empty/full pattern of the dead end's neighbour's six neighbours. */
    final int[] patternStart;
    final int[] patternIds;
    final BitSet target = new BitSet();
    final BitSet optional = new BitSet();
    final BitSet[] canStep = new BitSet[6];
    final int stepY;
    final int stepZ;

    TableLayout(Puzzle puzzle, PlacementSet set) {
        Target t = puzzle.target();
        int volume = t.boxVolume();
        types = puzzle.pieces().size();
        counts = new int[types];
        boolean multi = true;
        for (int p = 0; p < types; p++) {
            counts[p] = puzzle.pieces().get(p).count();
            multi &= puzzle.pieces().get(p).size() > 1;
        }
        noMonominoes = multi;
        choices = Choices.of(puzzle);

        int n = set.size();
        List<Integer> order = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        order.sort(Comparator.<Integer>comparingInt(i -> set.all().get(i).cells()[0])
                .thenComparingInt(i -> set.all().get(i).piece())
                .thenComparingInt(i -> i));
        toSetIndex = new int[n];
        fromSetIndex = new int[n];
        pieceOf = new int[n];
        cells = new int[n][];
        groupStart = new int[volume * types + 1];
        for (int k = 0; k < n; k++) {
            int i = order.get(k);
            toSetIndex[k] = i;
            fromSetIndex[i] = k;
            pieceOf[k] = set.all().get(i).piece();
            cells[k] = set.all().get(i).cells();
            groupStart[cells[k][0] * types + pieceOf[k] + 1]++;
        }
        prefixSums(groupStart);

        int[] neighbour = new int[volume * 6];
        for (int d = 0; d < 6; d++) {
            canStep[d] = new BitSet(volume);
        }
        for (int i = 0; i < volume; i++) {
            Point q = t.point(i);
            if (t.containsIndex(i)) {
                target.set(i);
                if (t.isOptional(i)) {
                    optional.set(i);
                }
            }
            for (int d = 0; d < 6; d++) {
                Point r = new Point(q.x() + DIRECTIONS[d][0], q.y() + DIRECTIONS[d][1], q.z() + DIRECTIONS[d][2]);
                neighbour[i * 6 + d] = t.inBox(r) ? t.index(r) : -1;
                if (t.inBox(r)) {
                    canStep[d].set(i);
                }
            }
        }
        stepY = t.sizeX();
        stepZ = t.sizeX() * t.sizeY();

        coverStart = new int[volume * 6 + 1];
        List<int[]> entries = new ArrayList<>(); // {group, engine id}, in list order
        for (int k = n - 1; k >= 0; k--) {
            BitSet own = new BitSet(volume);
            for (int c : cells[k]) {
                own.set(c);
            }
            for (int c : cells[k]) {
                int dir = -1;
                int used = 0;
                for (int d = 0; d < 6; d++) {
                    int nb = neighbour[c * 6 + d];
                    if (nb >= 0 && own.get(nb)) {
                        dir = d;
                        used++;
                    }
                }
                for (int d = 0; d < 6 && used <= 1; d++) {
                    if (used == 0 || d == dir) {
                        entries.add(new int[] {c * 6 + d, k});
                        coverStart[c * 6 + d + 1]++;
                    }
                }
            }
        }
        prefixSums(coverStart);
        coverIds = new int[entries.size()];
        int[] fill = coverStart.clone();
        for (int[] e : entries) {
            coverIds[fill[e[0]]++] = e[1];
        }

        patternStart = new int[volume * 6 * 64 + 1];
        List<int[]> pat = new ArrayList<>();
        for (int g = 0; g < volume * 6; g++) {
            int c = g / 6;
            int nb = neighbour[g];
            for (int e = coverStart[g]; e < coverStart[g + 1]; e++) {
                int k = coverIds[e];
                int need = 0;
                if (nb >= 0) {
                    for (int d = 0; d < 6; d++) {
                        int x = neighbour[nb * 6 + d];
                        if (x >= 0 && contains(cells[k], x)) {
                            need |= 1 << d;
                        }
                    }
                }
                for (int pattern = 0; pattern < 64; pattern++) {
                    if ((pattern & need) == need) {
                        pat.add(new int[] {g * 64 + pattern, k});
                        patternStart[g * 64 + pattern + 1]++;
                    }
                }
            }
        }
        prefixSums(patternStart);
        corridors(volume, neighbour);
        patternIds = new int[pat.size()];
        int[] pfill = patternStart.clone();
        for (int[] e : pat) {
            patternIds[pfill[e[0]]++] = e[1];
        }
    }

    /**
     * Corridor lists: for cell c and a pattern P of exactly two of its six neighbours,
     * {@code corridorIds[corridorStart[c*64+P] .. corridorStart[c*64+P+1]]} are the placements covering c
     * whose cells next to c lie within P: those that can cover c when P are its only empty neighbours.
     */
    int[] corridorStart;
    int[] corridorIds;

    private void corridors(int volume, int[] neighbour) {
        corridorStart = new int[volume * 64 + 1];
        List<int[]> out = new ArrayList<>();
        for (int k = cells.length - 1; k >= 0; k--) {
            for (int c : cells[k]) {
                int need = 0;
                for (int d = 0; d < 6; d++) {
                    int x = neighbour[c * 6 + d];
                    if (x >= 0 && contains(cells[k], x)) {
                        need |= 1 << d;
                    }
                }
                for (int pattern = 0; pattern < 64; pattern++) {
                    if (Integer.bitCount(pattern) == 2 && (pattern & need) == need) {
                        out.add(new int[] {c * 64 + pattern, k});
                        corridorStart[c * 64 + pattern + 1]++;
                    }
                }
            }
        }
        prefixSums(corridorStart);
        out.sort(Comparator.<int[]>comparingInt(e -> e[0]).thenComparingInt(e -> pieceOf[e[1]]));
        corridorIds = new int[out.size()];
        for (int i = 0; i < corridorIds.length; i++) {
            corridorIds[i] = out.get(i)[1];
        }
    }

    private static boolean contains(int[] sorted, int x) {
        return java.util.Arrays.binarySearch(sorted, x) >= 0;
    }

    private static void prefixSums(int[] a) {
        for (int g = 1; g < a.length; g++) {
            a[g] += a[g - 1];
        }
    }
}
