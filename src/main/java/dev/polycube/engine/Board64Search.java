package dev.polycube.engine;

/**
 * The hot core: a depth-first, first-empty-cell backtracker over a 64-bit board.
 *
 * <p>The board is a {@code long} with a bit set for every filled cell (cells outside the target start
 * filled). At each node the lowest empty cell c = numberOfTrailingZeros(~board) must be covered by some
 * piece, and any placement covering it has c as its own lowest cell (all lower cells are full), so the
 * candidates are exactly the precomputed group {@code (c, p)} for each piece type p with copies left.
 * A candidate fits when {@code (mask & board) == 0}.
 *
 * <p>Pruning, after each placement (docs/PERFORMANCE.md has what each step buys): the empty cells'
 * neighbour counts come bit-parallel from six shifted copies of the empty set; no empty cell may be
 * isolated (when no piece is a monomino), and every dead-end cell (one empty neighbour) must still be
 * coverable by a remaining piece lying in the empty space. Dead ends are where a placement walls in a
 * pocket no piece fits; testing better-connected cells costs more time than the subtrees it cuts.
 *
 * <p>Puzzles with choices add two things: at an optional first-empty cell the search also tries leaving it
 * empty, and a full board counts only if every piece and group reached its minimum ({@link SearchCore}).
 *
 * <p>One instance per work unit and thread: the remaining-copies array and the placement stack are
 * mutable. No allocation happens per node; solutions are handed to the sink as fresh arrays.
 */
final class Board64Search extends SearchCore {

    private final Tables64 t;
    private final long[] masks;
    private final int[] groupStart;
    private final long[] coverMasks;
    private final int[] coverStart;
    private final long[] coverPieceBit;
    /** Per (cell, direction), the placement that last proved the dead end coverable; a hint, never undone. */
    private final long[] witnessMask;
    private final long[] witnessPiece;
    /** Placements in the prefix last set up (a prefix may also leave optional cells empty). */
    private int prefixDepth;

    Board64Search(Tables64 t, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        super(t.counts, t.choices, sink, control, monitor, checkCover);
        this.t = t;
        this.masks = t.masks;
        this.groupStart = t.groupStart;
        this.coverMasks = t.coverMasks;
        this.coverStart = t.coverStart;
        this.coverPieceBit = t.coverPieceBit;
        this.witnessMask = new long[64 * 6];
        this.witnessPiece = new long[64 * 6];
        java.util.Arrays.fill(witnessMask, -1L); // matches every board: forces a first scan
    }

    @Override
    void searchBelow(int[] prefix) {
        long board = setUp(prefix);
        search(board, prefixDepth);
    }

    /** The placements that extend {@code prefix} by one piece at its first empty cell, after pruning. */
    @Override
    public int[] children(int[] prefix) {
        long board = setUp(prefix);
        if (board == -1L) {
            return new int[0];
        }
        int c = Long.numberOfTrailingZeros(~board);
        it.unimi.dsi.fastutil.ints.IntArrayList out = new it.unimi.dsi.fastutil.ints.IntArrayList();
        if ((t.optionalMask >>> c & 1) != 0) {
            out.add(-1 - c); // leave the optional cell c empty
        }
        for (int p = 0; p < types; p++) {
            if (blocked(p)) {
                continue;
            }
            for (int i = groupStart[c * types + p], end = groupStart[c * types + p + 1]; i < end; i++) {
                long m = masks[i];
                if ((m & board) == 0) {
                    nodes++;
                    take(p);
                    if (keeps(board | m, m)) {
                        out.add(i);
                    }
                    give(p);
                }
            }
        }
        return out.toIntArray();
    }

    /** True when {@code prefix} already fills (or settles) every cell of the target. */
    @Override
    public boolean isComplete(int[] prefix) {
        return setUp(prefix) == -1L;
    }

    private long setUp(int[] prefix) {
        resetCopies();
        long board = t.initialBoard;
        int depth = 0;
        for (int k : prefix) {
            if (k < 0) {
                board |= 1L << (-1 - k); // an optional cell left empty
                continue;
            }
            board |= masks[k];
            take(t.pieceOf[k]);
            stack[depth++] = k;
        }
        prefixDepth = depth;
        return board;
    }

    private void search(long board, int depth) {
        if (board == -1L) {
            if (minimumsMet()) {
                emit(depth);
            }
            return;
        }
        int c = Long.numberOfTrailingZeros(~board);
        if ((t.optionalMask >>> c & 1) != 0) {
            search(board | 1L << c, depth); // leave the optional cell c empty
        }
        int base = c * types;
        for (int p = 0; p < types; p++) {
            if (blocked(p)) {
                continue;
            }
            for (int i = groupStart[base + p], end = groupStart[base + p + 1]; i < end; i++) {
                long m = masks[i];
                if ((m & board) != 0) {
                    continue;
                }
                if ((++nodes & POLL_MASK) == 0) {
                    poll();
                }
                long next = board | m;
                take(p);
                if (keeps(next, m)) {
                    stack[depth] = i;
                    search(next, depth + 1);
                }
                give(p);
            }
        }
    }

    /**
     * False when placing {@code m} (giving {@code board}) leaves an isolated empty cell, or a dead-end
     * empty cell (exactly one empty neighbour) that no remaining piece can cover.
     */
    private boolean keeps(long board, long m) {
        if (!checkCover || board == -1L) {
            return true;
        }
        long empty = ~board;
        // d0..d5: empty cells whose neighbour in direction +x,-x,+y,-y,+z,-z is empty
        long d0 = (empty >>> 1) & t.canXPlus & empty;
        long d1 = (empty << 1) & t.canXMinus & empty;
        long d2 = (empty >>> t.stepY) & t.canYPlus & empty;
        long d3 = (empty << t.stepY) & t.canYMinus & empty;
        long d4 = (empty >>> t.stepZ) & t.canZPlus & empty;
        long d5 = (empty << t.stepZ) & t.canZMinus & empty;
        long a1 = d0 | d1 | d2 | d3 | d4 | d5; // at least one empty neighbour
        long a2 = atLeastTwo(d0, d1, d2, d3, d4, d5);
        long required = ~t.optionalMask;
        if (t.noMonominoes && (empty & ~a1 & required) != 0) {
            return false; // an isolated empty cell: every piece has at least two cells
        }
        long deadEnds = a1 & ~a2 & required;
        return deadEnds == 0
                || coverable(deadEnds & d0, 0, board) && coverable(deadEnds & d1, 1, board)
                && coverable(deadEnds & d2, 2, board) && coverable(deadEnds & d3, 3, board)
                && coverable(deadEnds & d4, 4, board) && coverable(deadEnds & d5, 5, board);
    }

    /**
     * True when every cell in {@code cells}, each a dead end whose one empty neighbour lies in direction
     * {@code dir}, is still covered by some placement of a remaining piece that fits. The placement that
     * proved it last time is tried first ({@code witness}); it is only a hint, so it needs no undo.
     */
    private boolean coverable(long cells, int dir, long board) {
        long gone = exhausted | groupBlocked;
        for (; cells != 0; cells &= cells - 1) {
            int g = Long.numberOfTrailingZeros(cells) * 6 + dir;
            if ((witnessMask[g] & board) == 0 && (witnessPiece[g] & gone) == 0) {
                continue;
            }
            int found = -1;
            for (int i = coverStart[g], end = coverStart[g + 1]; i < end; i++) {
                if ((coverMasks[i] & board) == 0 && (coverPieceBit[i] & gone) == 0) {
                    found = i;
                    break;
                }
            }
            if (found < 0) {
                return false;
            }
            witnessMask[g] = coverMasks[found];
            witnessPiece[g] = coverPieceBit[found];
        }
        return true;
    }

    private void emit(int depth) {
        int[] cellCopy = new int[Long.SIZE];
        java.util.Arrays.fill(cellCopy, -1);
        int[] copyPiece = new int[depth];
        for (int k = 0; k < depth; k++) {
            int i = stack[k];
            copyPiece[k] = t.pieceOf[i];
            for (long m = masks[i]; m != 0; m &= m - 1) {
                cellCopy[Long.numberOfTrailingZeros(m)] = k;
            }
        }
        sink.accept(unit, cellCopy, copyPiece);
    }
}
