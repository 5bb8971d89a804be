package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;
import java.util.BitSet;

/**
 * The read-only tables of the 64-bit engine: a target whose bounding box has at most 64 cells, bit i =
 * box index i. The layout (placement order, candidate groups, dead-end cover lists) is
 * {@link TableLayout}'s; here it becomes single-long masks.
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
    /**
     * {@link TableLayout}'s entry table and list starts, with each entry's cells as a mask (the one optional
     * cell for a "leave it empty" entry).
     */
    final long[] entryMask;
    final long[] entryPieceBit;
    final int[] entryPiece;
    final int[] entryId;
    final int[] entrySkip;
    final int[] firstStart;
    final int[] deadEndStart;
    final int[] corridorStart;
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
        if (!fits(puzzle)) {
            throw new IllegalArgumentException("the 64-bit engine needs a bounding box of at most 64 cells, got "
                    + puzzle.target().boxVolume());
        }
        TableLayout l = new TableLayout(puzzle, set);
        types = l.types;
        counts = l.counts;
        choices = l.choices;
        noMonominoes = l.noMonominoes;
        optionalMask = word(l.optional);
        initialBoard = ~word(l.target);
        pieceOf = l.pieceOf;
        toSetIndex = l.toSetIndex;
        fromSetIndex = l.fromSetIndex;
        masks = new long[l.cells.length];
        for (int k = 0; k < masks.length; k++) {
            for (int c : l.cells[k]) {
                masks[k] |= 1L << c;
            }
        }
        entryId = l.entryId;
        entryPiece = l.entryPiece;
        entryPieceBit = l.entryPieceBit;
        entrySkip = l.entrySkip;
        firstStart = l.firstStart;
        deadEndStart = l.deadEndStart;
        corridorStart = l.corridorStart;
        entryMask = new long[entryId.length];
        for (int e = 0; e < entryId.length; e++) {
            int id = entryId[e];
            entryMask[e] = id >= 0 ? masks[id] : 1L << (-1 - id);
        }
        stepY = l.stepY;
        stepZ = l.stepZ;
        canXPlus = word(l.canStep[0]);
        canXMinus = word(l.canStep[1]);
        canYPlus = word(l.canStep[2]);
        canYMinus = word(l.canStep[3]);
        canZPlus = word(l.canStep[4]);
        canZMinus = word(l.canStep[5]);
    }

    private static long word(BitSet bits) {
        long[] w = bits.toLongArray();
        return w.length == 0 ? 0 : w[0];
    }
}
