package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The tables of the 128-bit engine, for targets whose bounding box has 65 to 128 cells (the 5x5x5 box of
 * the Y-pentacube puzzle, the Happy Cube shells). The same layout as {@link Tables64}, each mask split into
 * a low and a high word: bit i of the box is bit i of {@code lo} for i < 64, bit i-64 of {@code hi} above.
 * A separate class rather than a generic one so that the 64-cell path keeps its single-long arithmetic.
 */
final class Tables128 {

    final int types;
    final int[] counts;
    final boolean noMonominoes;
    final Choices choices;
    /** Target cells that may stay empty, low and high word. */
    final long optionalLo;
    final long optionalHi;
    final long initialLo;
    final long initialHi;
    final long[] lo;
    final long[] hi;
    final int[] pieceOf;
    final int[] groupStart;
    /** Dead-end cover lists per (cell, direction) as in {@link Tables64}, split in words. */
    final int[] coverStart;
    long[] coverLo;
    long[] coverHi;
    long[] coverPieceBit;
    final int stepY;
    final int stepZ;
    final long[] canXPlus = new long[2];
    final long[] canXMinus = new long[2];
    final long[] canYPlus = new long[2];
    final long[] canYMinus = new long[2];
    final long[] canZPlus = new long[2];
    final long[] canZMinus = new long[2];
    final int[] toSetIndex;
    final int[] fromSetIndex;

    static boolean fits(Puzzle puzzle) {
        return puzzle.target().boxVolume() <= 128 && puzzle.pieces().size() <= 64;
    }

    Tables128(Puzzle puzzle, PlacementSet set) {
        Target t = puzzle.target();
        types = puzzle.pieces().size();
        counts = new int[types];
        boolean multi = true;
        for (int p = 0; p < types; p++) {
            counts[p] = puzzle.pieces().get(p).count();
            multi &= puzzle.pieces().get(p).size() > 1;
        }
        noMonominoes = multi;
        choices = Choices.of(puzzle);
        long ol = 0;
        long oh = 0;
        for (int i = 0; i < t.boxVolume(); i++) {
            if (t.containsIndex(i) && t.isOptional(i)) {
                if (i < 64) {
                    ol |= 1L << i;
                } else {
                    oh |= 1L << (i - 64);
                }
            }
        }
        optionalLo = ol;
        optionalHi = oh;
        long tl = 0;
        long th = 0;
        for (int i = 0; i < t.boxVolume(); i++) {
            if (t.containsIndex(i)) {
                if (i < 64) {
                    tl |= 1L << i;
                } else {
                    th |= 1L << (i - 64);
                }
            }
        }
        initialLo = ~tl;
        initialHi = ~th;

        int n = set.size();
        int[] first = new int[n];
        for (int i = 0; i < n; i++) {
            first[i] = set.all().get(i).cells()[0];
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        order.sort(Comparator.<Integer>comparingInt(i -> first[i]).thenComparingInt(i -> set.all().get(i).piece()).thenComparingInt(i -> i));
        lo = new long[n];
        hi = new long[n];
        pieceOf = new int[n];
        toSetIndex = new int[n];
        fromSetIndex = new int[n];
        groupStart = new int[128 * types + 1];
        for (int k = 0; k < n; k++) {
            int i = order.get(k);
            for (int c : set.all().get(i).cells()) {
                if (c < 64) {
                    lo[k] |= 1L << c;
                } else {
                    hi[k] |= 1L << (c - 64);
                }
            }
            pieceOf[k] = set.all().get(i).piece();
            toSetIndex[k] = i;
            fromSetIndex[i] = k;
            groupStart[first[i] * types + pieceOf[k] + 1]++;
        }
        for (int g = 1; g < groupStart.length; g++) {
            groupStart[g] += groupStart[g - 1];
        }

        int sx = t.sizeX();
        int sy = t.sizeY();
        int sz = t.sizeZ();
        stepY = sx;
        stepZ = sx * sy;
        int[][] d = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        int[] neighbour = new int[128 * 6];
        java.util.Arrays.fill(neighbour, -1);
        for (int i = 0; i < t.boxVolume(); i++) {
            var q = t.point(i);
            set(canXPlus, i, q.x() + 1 < sx);
            set(canXMinus, i, q.x() > 0);
            set(canYPlus, i, q.y() + 1 < sy);
            set(canYMinus, i, q.y() > 0);
            set(canZPlus, i, q.z() + 1 < sz);
            set(canZMinus, i, q.z() > 0);
            for (int k = 0; k < 6; k++) {
                var r = new dev.polycube.geometry.Point(q.x() + d[k][0], q.y() + d[k][1], q.z() + d[k][2]);
                neighbour[i * 6 + k] = t.inBox(r) ? t.index(r) : -1;
            }
        }
        // dead-end cover lists, highest placements first (see Tables64)
        coverStart = new int[128 * 6 + 1];
        for (int pass = 0; pass < 2; pass++) {
            int[] fill = pass == 0 ? null : coverStart.clone();
            for (int k = n - 1; k >= 0; k--) {
                int[] cells = set.all().get(toSetIndex[k]).cells();
                java.util.Set<Integer> own = new java.util.HashSet<>();
                for (int c : cells) {
                    own.add(c);
                }
                for (int c : cells) {
                    int dir = -1;
                    int used = 0;
                    for (int e = 0; e < 6; e++) {
                        int nb = neighbour[c * 6 + e];
                        if (nb >= 0 && own.contains(nb)) {
                            dir = e;
                            used++;
                        }
                    }
                    for (int e = 0; e < 6 && used <= 1; e++) {
                        if (used == 1 && e != dir) {
                            continue;
                        }
                        int g = c * 6 + e;
                        if (pass == 0) {
                            coverStart[g + 1]++;
                        } else {
                            int at = fill[g]++;
                            coverLo[at] = lo[k];
                            coverHi[at] = hi[k];
                            coverPieceBit[at] = 1L << pieceOf[k];
                        }
                    }
                }
            }
            if (pass == 0) {
                for (int g = 1; g < coverStart.length; g++) {
                    coverStart[g] += coverStart[g - 1];
                }
                int total = coverStart[coverStart.length - 1];
                coverLo = new long[total];
                coverHi = new long[total];
                coverPieceBit = new long[total];
            }
        }
    }

    private static void set(long[] words, int bit, boolean on) {
        if (on) {
            words[bit >>> 6] |= 1L << (bit & 63);
        }
    }
}
