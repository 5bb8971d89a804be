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
     * The branch lists, concatenated into one entry table: {@code entryMask/entryPiece/entryPieceBit/entryId}
     * per entry ({@code entryPiece = -1}, {@code entryId = -1} for "leave this optional cell empty").
     * <ul>
     *   <li>{@code firstStart[c] .. firstStart[c+1]}: the candidates when c is the first empty cell (every
     *       placement whose lowest cell is c, by piece; an optional c's "leave empty" entry first).</li>
     *   <li>{@code listStart[l] .. listStart[l+1]}, l = (c*6+d)*64+pattern: the placements that can cover a
     *       dead end c whose one empty neighbour n lies in direction d, given which of n's six neighbours
     *       are empty ({@link TableLayout}'s pattern lists).</li>
     * </ul>
     * {@code entrySkip[i]} is the first entry after i's run of the same piece in its list: a used-up piece
     * is skipped as a block.
     */
    final long[] entryMask;
    final long[] entryPieceBit;
    final int[] entryPiece;
    final int[] entryId;
    final int[] entrySkip;
    final int[] firstStart;
    final int[] listStart;
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
        groupStart = l.groupStart;
        toSetIndex = l.toSetIndex;
        fromSetIndex = l.fromSetIndex;
        masks = new long[l.cells.length];
        for (int k = 0; k < masks.length; k++) {
            for (int c : l.cells[k]) {
                masks[k] |= 1L << c;
            }
        }
        int cellsInBox = puzzle.target().boxVolume();
        int optionals = Long.bitCount(optionalMask);
        int size = masks.length + optionals + l.patternIds.length + l.corridorIds.length;
        entryMask = new long[size];
        entryPieceBit = new long[size];
        entryPiece = new int[size];
        entryId = new int[size];
        entrySkip = new int[size];
        firstStart = new int[cellsInBox + 1];
        int e = 0;
        for (int c = 0; c < cellsInBox; c++) {
            firstStart[c] = e;
            if ((optionalMask >>> c & 1) != 0) {
                e = pseudo(e, c);
            }
            for (int k = groupStart[c * types]; k < groupStart[(c + 1) * types]; k++) {
                e = entry(e, k);
            }
        }
        firstStart[cellsInBox] = e;
        listStart = new int[l.patternStart.length];
        for (int list = 0; list < listStart.length; list++) {
            listStart[list] = e + l.patternStart[list];
        }
        for (int id : l.patternIds) {
            e = entry(e, id);
        }
        corridorStart = new int[l.corridorStart.length];
        for (int list = 0; list < corridorStart.length; list++) {
            corridorStart[list] = e + l.corridorStart[list];
        }
        for (int id : l.corridorIds) {
            e = entry(e, id);
        }
        for (int list = 0; list + 1 < listStart.length; list++) {
            skips(listStart[list], listStart[list + 1]);
        }
        for (int list = 0; list + 1 < corridorStart.length; list++) {
            skips(corridorStart[list], corridorStart[list + 1]);
        }
        for (int c = 0; c < cellsInBox; c++) {
            skips(firstStart[c], firstStart[c + 1]);
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

    private int entry(int e, int id) {
        entryMask[e] = masks[id];
        entryPiece[e] = pieceOf[id];
        entryPieceBit[e] = 1L << pieceOf[id];
        entryId[e] = id;
        return e + 1;
    }

    private int pseudo(int e, int cell) {
        entryMask[e] = 1L << cell;
        entryPiece[e] = -1;
        entryId[e] = -1;
        return e + 1;
    }

    private void skips(int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            entrySkip[i] = i + 1 < to && entryPiece[i + 1] == entryPiece[i] ? entrySkip[i + 1] : i + 1;
        }
    }

    private static long word(BitSet bits) {
        long[] w = bits.toLongArray();
        return w.length == 0 ? 0 : w[0];
    }
}
