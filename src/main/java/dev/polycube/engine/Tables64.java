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
    final int[] groupStart;
    /**
     * Dead-end cover lists ({@link TableLayout}): {@code coverMasks[coverStart[c*6+d] .. coverStart[c*6+d+1]]},
     * each entry's piece as a bit in {@code coverPieceBit}, tested against the search's used-up pieces.
     */
    final long[] coverMasks;
    final long[] coverPieceBit;
    final int[] coverStart;
    /** Each cover entry's engine placement id and piece type, for branching on a dead end. */
    final int[] patternStart;
    final long[] patternMasks;
    final long[] patternPieceBit;
    final int[] patternIds;
    final int[] patternPiece;
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
        groupStart = l.groupStart;
        toSetIndex = l.toSetIndex;
        fromSetIndex = l.fromSetIndex;
        masks = new long[l.cells.length];
        for (int k = 0; k < masks.length; k++) {
            for (int c : l.cells[k]) {
                masks[k] |= 1L << c;
            }
        }
        coverStart = l.coverStart;
        coverMasks = new long[l.coverIds.length];
        coverPieceBit = new long[l.coverIds.length];
        patternStart = l.patternStart;
        patternIds = l.patternIds;
        patternMasks = new long[patternIds.length];
        patternPieceBit = new long[patternIds.length];
        patternPiece = new int[patternIds.length];
        for (int e = 0; e < patternIds.length; e++) {
            patternMasks[e] = masks[patternIds[e]];
            patternPiece[e] = pieceOf[patternIds[e]];
            patternPieceBit[e] = 1L << patternPiece[e];
        }
        for (int e = 0; e < coverMasks.length; e++) {
            coverMasks[e] = masks[l.coverIds[e]];
            coverPieceBit[e] = 1L << pieceOf[l.coverIds[e]];
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
