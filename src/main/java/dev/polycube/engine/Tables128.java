package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;
import java.util.BitSet;

/**
 * The tables of the 128-bit engine, for targets whose bounding box has 65 to 128 cells (the 5x5x5 box of
 * the Y-pentacube puzzle, the Happy Cube shells): {@link TableLayout}'s layout with each mask split into a
 * low and a high word (bit i of the box is bit i of {@code lo} for i < 64, bit i-64 of {@code hi} above).
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
    /** {@link TableLayout}'s entry table and list starts, each entry's cells in two words (see {@link Tables64}). */
    final long[] entryLo;
    final long[] entryHi;
    final long[] entryPieceBit;
    final int[] entryPiece;
    final int[] entryId;
    final int[] entrySkip;
    final int[] firstStart;
    final int[] deadEndStart;
    final int[] corridorStart;
    final int stepY;
    final int stepZ;
    final long[] canXPlus;
    final long[] canXMinus;
    final long[] canYPlus;
    final long[] canYMinus;
    final long[] canZPlus;
    final long[] canZMinus;
    final int[] toSetIndex;
    final int[] fromSetIndex;

    static boolean fits(Puzzle puzzle) {
        return puzzle.target().boxVolume() <= 128 && puzzle.pieces().size() <= 64;
    }

    Tables128(Puzzle puzzle, PlacementSet set) {
        TableLayout l = new TableLayout(puzzle, set);
        types = l.types;
        counts = l.counts;
        noMonominoes = l.noMonominoes;
        choices = l.choices;
        long[] optional = words(l.optional);
        optionalLo = optional[0];
        optionalHi = optional[1];
        long[] target = words(l.target);
        initialLo = ~target[0];
        initialHi = ~target[1];
        pieceOf = l.pieceOf;
        toSetIndex = l.toSetIndex;
        fromSetIndex = l.fromSetIndex;
        int n = l.cells.length;
        lo = new long[n];
        hi = new long[n];
        for (int k = 0; k < n; k++) {
            BitSet b = new BitSet();
            for (int c : l.cells[k]) {
                b.set(c);
            }
            long[] w = words(b);
            lo[k] = w[0];
            hi[k] = w[1];
        }
        entryId = l.entryId;
        entryPiece = l.entryPiece;
        entryPieceBit = l.entryPieceBit;
        entrySkip = l.entrySkip;
        firstStart = l.firstStart;
        deadEndStart = l.deadEndStart;
        corridorStart = l.corridorStart;
        entryLo = new long[entryId.length];
        entryHi = new long[entryId.length];
        for (int e = 0; e < entryId.length; e++) {
            int id = entryId[e];
            if (id >= 0) {
                entryLo[e] = lo[id];
                entryHi[e] = hi[id];
            } else if (-1 - id < 64) {
                entryLo[e] = 1L << (-1 - id);
            } else {
                entryHi[e] = 1L << (-1 - id - 64);
            }
        }
        stepY = l.stepY;
        stepZ = l.stepZ;
        canXPlus = words(l.canStep[0]);
        canXMinus = words(l.canStep[1]);
        canYPlus = words(l.canStep[2]);
        canYMinus = words(l.canStep[3]);
        canZPlus = words(l.canStep[4]);
        canZMinus = words(l.canStep[5]);
    }

    /** The two words of a bit set of box indices below 128. */
    private static long[] words(BitSet bits) {
        long[] w = bits.toLongArray();
        return new long[] {w.length > 0 ? w[0] : 0, w.length > 1 ? w[1] : 0};
    }
}
