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
    private final int[] patternStart;
    private final long[] patternMasks;
    private final long[] patternPieceBit;
    private final int[] patternPiece;
    private final int[] patternIds;
    /** Per (cell, direction), the placement that last proved the dead end coverable; a hint, never undone. */
    private final long[] witnessMask;
    private final long[] witnessPiece;
    /** Placements in the prefix last set up (a prefix may also leave optional cells empty). */
    private int prefixDepth;
    /** Set by {@link #keeps}: the cover list of a dead end to branch on next, or -1. */
    private int branchList;

    Board64Search(Tables64 t, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        super(t.counts, t.choices, sink, control, monitor, checkCover);
        this.t = t;
        this.masks = t.masks;
        this.groupStart = t.groupStart;
        this.patternStart = t.patternStart;
        this.patternMasks = t.patternMasks;
        this.patternPieceBit = t.patternPieceBit;
        this.patternPiece = t.patternPiece;
        this.patternIds = t.patternIds;
        this.witnessMask = new long[64 * 6];
        this.witnessPiece = new long[64 * 6];
        java.util.Arrays.fill(witnessMask, -1L); // matches every board: forces a first scan
    }

    @Override
    void searchBelow(int[] prefix) {
        long board = setUp(prefix);
        if (board != -1L && !keeps(board, 0)) {
            return;
        }
        search(board, prefixDepth, branchList);
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

    private void search(long board, int depth, int deadEndList) {
        if (board == -1L) {
            if (minimumsMet()) {
                emit(depth);
            }
            return;
        }
        if (deadEndList >= 0) {
            coverDeadEnd(board, depth, deadEndList);
            return;
        }
        int c = Long.numberOfTrailingZeros(~board);
        if ((t.optionalMask >>> c & 1) != 0) {
            long next = board | 1L << c;
            if (keeps(next, 0)) {
                search(next, depth, branchList); // leave the optional cell c empty
            }
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
                    search(next, depth + 1, branchList);
                }
                give(p);
            }
        }
    }

    /** Branches on the placements in cover list {@code list}: those that can still cover its dead end. */
    private void coverDeadEnd(long board, int depth, int list) {
        for (int e = patternStart[list], end = patternStart[list + 1]; e < end; e++) {
            long m = patternMasks[e];
            if ((m & board) != 0) {
                continue;
            }
            int p = patternPiece[e];
            if (blocked(p)) {
                continue;
            }
            if ((++nodes & POLL_MASK) == 0) {
                poll();
            }
            long next = board | m;
            take(p);
            if (keeps(next, m)) {
                stack[depth] = patternIds[e];
                search(next, depth + 1, branchList);
            }
            give(p);
        }
    }

    /**
     * False when placing {@code m} (giving {@code board}) leaves an isolated empty cell, or a dead-end
     * empty cell (exactly one empty neighbour) that no remaining piece can cover. When it keeps the board
     * and there are dead ends, {@link #branchList} names the shortest of their cover lists.
     */
    private boolean keeps(long board, long m) {
        branchList = -1;
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
        if (deadEnds == 0) {
            return true;
        }
        long gone = exhausted | groupBlocked;
        int bestLength = Integer.MAX_VALUE;
        for (long cells = deadEnds; cells != 0; cells &= cells - 1) {
            long bit = cells & -cells;
            int c = Long.numberOfTrailingZeros(bit);
            int dir;
            int n;
            if ((d0 & bit) != 0) {
                dir = 0;
                n = c + 1;
            } else if ((d1 & bit) != 0) {
                dir = 1;
                n = c - 1;
            } else if ((d2 & bit) != 0) {
                dir = 2;
                n = c + t.stepY;
            } else if ((d3 & bit) != 0) {
                dir = 3;
                n = c - t.stepY;
            } else if ((d4 & bit) != 0) {
                dir = 4;
                n = c + t.stepZ;
            } else {
                dir = 5;
                n = c - t.stepZ;
            }
            int g = c * 6 + dir;
            int list = g * 64 + (int) ((d0 >>> n & 1) | (d1 >>> n & 1) << 1 | (d2 >>> n & 1) << 2
                    | (d3 >>> n & 1) << 3 | (d4 >>> n & 1) << 4 | (d5 >>> n & 1) << 5);
            int from = patternStart[list];
            int to = patternStart[list + 1];
            if (to - from < bestLength) {
                bestLength = to - from;
                branchList = list;
            }
            if ((witnessMask[g] & board) == 0 && (witnessPiece[g] & gone) == 0) {
                continue;
            }
            int found = -1;
            for (int i = from; i < to; i++) {
                if ((patternMasks[i] & board) == 0 && (patternPieceBit[i] & gone) == 0) {
                    found = i;
                    break;
                }
            }
            if (found < 0) {
                return false;
            }
            witnessMask[g] = patternMasks[found];
            witnessPiece[g] = patternPieceBit[found];
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
