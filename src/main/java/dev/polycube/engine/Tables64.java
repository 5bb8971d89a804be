package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The read-only tables of the 64-bit engine: a target whose bounding box has at most 64 cells, bit i =
 * box index i. Placements are sorted by (lowest cell, piece type) so that {@code groupStart[c*types+p]}
 * .. {@code groupStart[c*types+p+1]} are exactly the placements of piece p whose lowest cell is c: the
 * candidates when c is the first empty cell. {@code cover*} lists, per (cell, direction), the placements
 * that can cover a dead-end cell, for the "is this empty cell still coverable" test.
 */
final class Tables64 {

    final int types;
    final int[] counts;
    /** Optional pieces and groups, or null. */
    final Choices choices;
    /** Target cells that may stay empty. */
    final long optionalMask;
    /** True when every piece has at least two cells, so an empty cell without empty neighbours is dead. */
    final boolean noMonominoes;
    /** Bits of the box outside the target, and every bit above the box: set on an empty board. */
    final long initialBoard;
    final long[] masks;
    final int[] pieceOf;
    final int[] groupStart;
    /** {@code neighbour[c*6 + d]}: the bit of c's neighbour in direction d (+x,-x,+y,-y,+z,-z), 0 if none. */
    final long[] neighbour;
    /**
     * Placements covering cell c whose only neighbour of c is the one in direction d:
     * {@code coverMasks[coverStart[g] .. coverStart[g+1]]} with {@code g = c*6 + d}; {@code coverPieceBit}
     * holds each entry's piece as a bit, tested against the search's mask of used-up pieces.
     */
    long[] coverMasks;
    long[] coverPieceBit;
    final int[] coverStart;
    /** Box extents and the "may step in this direction" masks for neighbour computations. */
    final int stepY;
    final int stepZ;
    final long canXPlus;
    final long canXMinus;
    final long canYPlus;
    final long canYMinus;
    final long canZPlus;
    final long canZMinus;
    /** Maps our placement index to {@link PlacementSet}'s and back. */
    final int[] toSetIndex;
    final int[] fromSetIndex;

    static boolean fits(Puzzle puzzle) {
        return puzzle.target().boxVolume() <= 64 && puzzle.pieces().size() <= 64;
    }

    Tables64(Puzzle puzzle, PlacementSet set) {
        Target t = puzzle.target();
        if (!fits(puzzle)) {
            throw new IllegalArgumentException("the 64-bit engine needs a bounding box of at most 64 cells, got " + t.boxVolume());
        }
        types = puzzle.pieces().size();
        counts = new int[types];
        for (int p = 0; p < types; p++) {
            counts[p] = puzzle.pieces().get(p).count();
        }
        boolean multi = true;
        for (var piece : puzzle.pieces()) {
            multi &= piece.size() > 1;
        }
        noMonominoes = multi;
        choices = Choices.of(puzzle);
        long optional = 0;
        for (int i = 0; i < t.boxVolume(); i++) {
            if (t.containsIndex(i) && t.isOptional(i)) {
                optional |= 1L << i;
            }
        }
        optionalMask = optional;
        long target = 0;
        for (int i = 0; i < t.boxVolume(); i++) {
            if (t.containsIndex(i)) {
                target |= 1L << i;
            }
        }
        initialBoard = ~target;

        List<Integer> order = new ArrayList<>();
        long[] setMasks = new long[set.size()];
        for (int i = 0; i < set.size(); i++) {
            order.add(i);
            for (int c : set.all().get(i).cells()) {
                setMasks[i] |= 1L << c;
            }
        }
        order.sort(Comparator.<Integer>comparingInt(i -> Long.numberOfTrailingZeros(setMasks[i]))
                .thenComparingInt(i -> set.all().get(i).piece())
                .thenComparingInt(i -> i));
        int n = order.size();
        masks = new long[n];
        pieceOf = new int[n];
        toSetIndex = new int[n];
        fromSetIndex = new int[n];
        groupStart = new int[64 * types + 1];
        for (int k = 0; k < n; k++) {
            int i = order.get(k);
            masks[k] = setMasks[i];
            pieceOf[k] = set.all().get(i).piece();
            toSetIndex[k] = i;
            fromSetIndex[i] = k;
            groupStart[Long.numberOfTrailingZeros(masks[k]) * types + pieceOf[k] + 1]++;
        }
        for (int g = 1; g < groupStart.length; g++) {
            groupStart[g] += groupStart[g - 1];
        }

        // neighbour masks of each cell, in the order +x, -x, +y, -y, +z, -z (0 where the box ends)
        neighbour = new long[64 * 6];
        for (int i = 0; i < t.boxVolume(); i++) {
            var q = t.point(i);
            int[][] d = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
            for (int k = 0; k < 6; k++) {
                var r = new dev.polycube.geometry.Point(q.x() + d[k][0], q.y() + d[k][1], q.z() + d[k][2]);
                neighbour[i * 6 + k] = t.inBox(r) ? 1L << t.index(r) : 0;
            }
        }
        // dead-end cover lists: for cell c and direction d, the placements covering c that use no neighbour
        // of c other than the one in direction d, i.e. those that can still cover c when that is its one
        // empty neighbour
        coverStart = new int[64 * 6 + 1];
        for (int pass = 0; pass < 2; pass++) {
            int[] fill = pass == 0 ? null : coverStart.clone();
            // highest placements first: everything below the first empty cell is full, so placements
            // reaching upward are the likelier to fit, and the scan stops at the first that does
            for (int k = n - 1; k >= 0; k--) {
                for (long m = masks[k]; m != 0; m &= m - 1) {
                    int c = Long.numberOfTrailingZeros(m);
                    int dir = -1;
                    int usedNeighbours = 0;
                    for (int d = 0; d < 6; d++) {
                        if ((masks[k] & neighbour[c * 6 + d]) != 0) {
                            dir = d;
                            usedNeighbours++;
                        }
                    }
                    // a placement using no neighbour of c (a monomino) serves every direction
                    for (int d = 0; d < 6 && usedNeighbours <= 1; d++) {
                        if (usedNeighbours == 1 && d != dir) {
                            continue;
                        }
                        int g = c * 6 + d;
                        if (pass == 0) {
                            coverStart[g + 1]++;
                        } else {
                            coverMasks[fill[g]] = masks[k];
                            coverPieceBit[fill[g]++] = 1L << pieceOf[k];
                        }
                    }
                }
            }
            if (pass == 0) {
                for (int g = 1; g < coverStart.length; g++) {
                    coverStart[g] += coverStart[g - 1];
                }
                coverMasks = new long[coverStart[coverStart.length - 1]];
                coverPieceBit = new long[coverMasks.length];
            }
        }

        int sx = t.sizeX();
        int sy = t.sizeY();
        int sz = t.sizeZ();
        stepY = sx;
        stepZ = sx * sy;
        long xp = 0;
        long xm = 0;
        long yp = 0;
        long ym = 0;
        long zp = 0;
        long zm = 0;
        for (int i = 0; i < t.boxVolume(); i++) {
            var p = t.point(i);
            long b = 1L << i;
            xp |= p.x() + 1 < sx ? b : 0;
            xm |= p.x() > 0 ? b : 0;
            yp |= p.y() + 1 < sy ? b : 0;
            ym |= p.y() > 0 ? b : 0;
            zp |= p.z() + 1 < sz ? b : 0;
            zm |= p.z() > 0 ? b : 0;
        }
        canXPlus = xp;
        canXMinus = xm;
        canYPlus = yp;
        canYMinus = ym;
        canZPlus = zp;
        canZMinus = zm;
    }

    /** The box cells face-adjacent to some cell of {@code m} (may include cells of m and outside cells). */
    long neighbours(long m) {
        return ((m & canXPlus) << 1) | ((m & canXMinus) >>> 1)
                | ((m & canYPlus) << stepY) | ((m & canYMinus) >>> stepY)
                | ((m & canZPlus) << stepZ) | ((m & canZMinus) >>> stepZ);
    }
}
