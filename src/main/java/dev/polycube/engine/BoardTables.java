package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;
import java.util.BitSet;

/**
 * The read-only tables of the search for a board of any size: the box as {@link #words} longs (bit i of the
 * box is bit {@code i & 63} of word {@code i >>> 6}). {@link TableLayout}'s entry table becomes masks: each
 * entry keeps only a window of {@link #span} words starting at {@link #entryWord}, since a piece covers a few
 * neighbouring words however wide the board is; a fit test costs {@code span} word operations, not
 * {@code words}. On a board of one or two words the window is the whole board.
 *
 * <p>Memory: about {@code entries * (8 * span + 24)} bytes for the entry table, plus {@code volume * 6 * 64}
 * ints of dead-end list starts; {@code polycube info} prints the entry count.
 */
final class BoardTables {

    final int words;
    final int span;
    final int volume;
    final int types;
    final int[] counts;
    /** Optional pieces and groups, or null. */
    final Choices choices;
    final boolean noMonominoes;
    /** Cells outside the target and every bit above the box: set on an empty board. */
    final long[] initialBoard;
    /** Target cells that must be covered (not optional), as words. */
    final long[] required;
    /** Optional target cells, counted for the stack depth. */
    final int optionalCells;
    /** The box indices each engine placement covers, ascending. */
    final int[][] cells;
    final int[] pieceOf;
    final long[] entryMask;
    final int[] entryWord;
    final long[] entryPieceBit;
    final int[] entryPiece;
    final int[] entryId;
    final int[] entrySkip;
    final int[] firstStart;
    final int[] deadEndStart;
    final int[] corridorStart;
    final int[] coverStart;
    /** True when the target has optional cells: see {@link TableLayout#coverStart}. */
    final boolean anyOptional;
    final int stepY;
    final int stepZ;
    /** {@code canStep[d * words + w]}: the cells of word w with a neighbour in the box in direction d. */
    final long[] canStep;
    final int[] toSetIndex;
    final int[] fromSetIndex;
    /**
     * The pieces with at most {@link #RARE_PLACEMENTS} placements in the whole target (a frame around a box has one, or
     * one per turn of the box onto itself) that every packing places (in a puzzle with choices, a piece with a minimum
     * count): {@link #rareStart} and {@link #rareMask} hold their placements as whole boards ({@link #words} words each).
     * The search opens a level only while each such piece that must still place a copy ({@link SearchCore#needsMore})
     * has a placement that fits: the cells it branches on cannot see that
     * a frame no longer fits once small pieces have taken some of its cells, and without it a frame around 36 cells
     * of small copies took an estimated 2.6e11 nodes (docs/PERFORMANCE.md).
     */
    final int[] rarePiece;
    final int[] rareStart;
    final long[] rareMask;
    static final int RARE_PLACEMENTS = 24;

    BoardTables(Puzzle puzzle, PlacementSet set) {
        TableLayout l = new TableLayout(puzzle, set);
        volume = puzzle.target().boxVolume();
        words = (volume + 63) >>> 6;
        types = l.types;
        counts = l.counts;
        choices = l.choices;
        noMonominoes = l.noMonominoes;
        cells = l.cells;
        pieceOf = l.pieceOf;
        toSetIndex = l.toSetIndex;
        fromSetIndex = l.fromSetIndex;
        entryId = l.entryId;
        entryPiece = l.entryPiece;
        entryPieceBit = l.entryPieceBit;
        entrySkip = l.entrySkip;
        firstStart = l.firstStart;
        deadEndStart = l.deadEndStart;
        corridorStart = l.corridorStart;
        coverStart = l.coverStart;
        anyOptional = !l.optional.isEmpty();
        stepY = l.stepY;
        stepZ = l.stepZ;
        optionalCells = l.optional.cardinality();

        BitSet outside = new BitSet(words * 64);
        outside.set(0, words * 64);
        outside.andNot(l.target);
        initialBoard = words(outside);
        BitSet req = (BitSet) l.target.clone();
        req.andNot(l.optional);
        required = words(req);
        canStep = new long[6 * words];
        for (int d = 0; d < 6; d++) {
            System.arraycopy(words(l.canStep[d]), 0, canStep, d * words, words);
        }

        int[] placementsOf = new int[types];
        for (int p : pieceOf) {
            placementsOf[p]++;
        }
        it.unimi.dsi.fastutil.ints.IntArrayList rare = new it.unimi.dsi.fastutil.ints.IntArrayList();
        for (int p = 0; p < types; p++) {
            // with choices only a piece with a minimum must be placed (SearchCore#needsMore)
            int min = choices == null ? counts[p] : choices.pieceMin[p];
            if (min > 0 && placementsOf[p] <= RARE_PLACEMENTS) {
                rare.add(p);
            }
        }
        rarePiece = rare.toIntArray();
        rareStart = new int[rarePiece.length + 1];
        for (int k = 0; k < rarePiece.length; k++) {
            rareStart[k + 1] = rareStart[k] + placementsOf[rarePiece[k]];
        }
        rareMask = new long[rareStart[rarePiece.length] * words];
        int[] next = java.util.Arrays.copyOf(rareStart, rarePiece.length);
        for (int k = 0; k < rarePiece.length; k++) {
            for (int id = 0; id < cells.length; id++) {
                if (pieceOf[id] == rarePiece[k]) {
                    int at = next[k]++ * words;
                    for (int c : cells[id]) {
                        rareMask[at + (c >>> 6)] |= 1L << c;
                    }
                }
            }
        }

        int widest = 1;
        for (int[] c : cells) {
            widest = Math.max(widest, (c[c.length - 1] >>> 6) - (c[0] >>> 6) + 1);
        }
        span = words <= 2 ? words : widest;
        int n = entryId.length;
        entryWord = new int[n];
        entryMask = new long[n * span];
        for (int e = 0; e < n; e++) {
            int id = entryId[e];
            int[] covered = id >= 0 ? cells[id] : new int[] {-1 - id};
            int first = Math.min(covered[0] >>> 6, words - span);
            entryWord[e] = first;
            for (int c : covered) {
                entryMask[e * span + (c >>> 6) - first] |= 1L << c;
            }
        }
    }

    /** {@code bits} as exactly {@link #words} longs. */
    private long[] words(BitSet bits) {
        return java.util.Arrays.copyOf(bits.toLongArray(), words);
    }
}
