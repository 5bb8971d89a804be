package dev.polycube.engine;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The hot core: a depth-first backtracker over a 64-bit board, with an explicit stack.
 *
 * <p>The board is a {@code long} with a bit set for every filled cell (cells outside the target start
 * filled). Every node must cover one chosen empty cell, and every way to cover it is one entry of a
 * precomputed list ({@link TableLayout}); an entry fits when its cells are empty and its piece has copies
 * left, tested as {@code ((mask & board) | (pieceBit & usedUp)) == 0}: one branch per entry, because at
 * these sizes mispredicted branches, not arithmetic, are what a node costs. Which cell (most constrained
 * first, found cheaply):
 * <ul>
 *   <li>a <em>dead end</em> (an empty cell with exactly one empty neighbour n), when {@link #keeps} found
 *       one: only placements entering through n can cover it, and the list for (cell, direction, which of
 *       n's neighbours are empty) holds exactly those that can still fit. Of several, the shortest list;</li>
 *   <li>otherwise the <em>corridor</em> cells (exactly two empty neighbours) and the first empty cell
 *       c = numberOfTrailingZeros(~board) (every lower cell is full, so its candidates are the placements
 *       whose lowest cell is c) compete: their fitting entries are counted, stopping at the best so far,
 *       and the fewest wins. This halves the tree against always taking the first empty cell.</li>
 * </ul>
 *
 * <p>Pruning after each placement ({@link #keeps}; docs/PERFORMANCE.md has what each step buys): the empty
 * cells' neighbour counts come bit-parallel from six shifted copies of the empty set; no empty cell may be
 * isolated (when no piece is a monomino), and every dead end must still have a fitting entry in its list.
 * The entry that proved a dead end coverable is remembered per (cell, direction) and tried first next time;
 * it is only a hint, so it needs no undo.
 *
 * <p>Puzzles with choices add two things: an optional first-empty cell's list starts with a "leave it empty"
 * entry, and a full board counts only if every piece and group reached its minimum ({@link SearchCore}).
 *
 * <p>One instance per worker thread, reused unit after unit: the copies left and the stacks are mutable.
 * No allocation happens per node; solutions are handed to the sink as fresh arrays. Work units are split by
 * {@link #children} at the first empty cell, so the unit list does not depend on these choices.
 */
final class Board64Search extends SearchCore {

    private final Tables64 t;
    private final long[] masks;
    private final long[] entryMask;
    private final long[] entryPieceBit;
    private final int[] entryPiece;
    private final int[] entryId;
    private final int[] entrySkip;
    private final int[] firstStart;
    private final int[] deadEndStart;
    private final int[] corridorStart;
    private final int[] step;
    /** Per (cell, direction), the entry that last proved the dead end coverable; a hint, never undone. */
    private final long[] witnessMask;
    private final long[] witnessPiece;
    /** The explicit stack: per level, its board, the next entry to try, the list end, the entry placed. */
    private final long[] levelBoard;
    private final int[] levelNext;
    private final int[] levelEnd;
    private final int[] levelChosen;
    /** Placements in the prefix last set up (a prefix may also leave optional cells empty). */
    private int prefixDepth;
    /** Set by {@link #keeps}: the list of the dead end to branch on next, or -1 (no dead end: see {@link #open}). */
    private int branchList;
    /** Set by {@link #keeps} on a board it accepts: its d0..d5 (empty cells with an empty neighbour that way). */
    private final long[] d = new long[6];

    Board64Search(Tables64 t, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        super(t.counts, t.choices, sink, control, monitor, checkCover);
        this.t = t;
        this.masks = t.masks;
        this.entryMask = t.entryMask;
        this.entryPieceBit = t.entryPieceBit;
        this.entryPiece = t.entryPiece;
        this.entryId = t.entryId;
        this.entrySkip = t.entrySkip;
        this.firstStart = t.firstStart;
        this.deadEndStart = t.deadEndStart;
        this.corridorStart = t.corridorStart;
        this.step = new int[] {1, -1, t.stepY, -t.stepY, t.stepZ, -t.stepZ};
        this.witnessMask = new long[64 * 6];
        this.witnessPiece = new long[64 * 6];
        java.util.Arrays.fill(witnessMask, -1L); // matches every board: forces a first scan
        int levels = stack.length + Long.bitCount(t.optionalMask) + 1;
        this.levelBoard = new long[levels];
        this.levelNext = new int[levels];
        this.levelEnd = new int[levels];
        this.levelChosen = new int[levels];
    }

    @Override
    void searchBelow(int[] prefix) {
        long board = setUp(prefix);
        if (board == -1L) {
            if (minimumsMet()) {
                emit(0);
            }
        } else if (keeps(board)) {
            enumerate(board);
        }
    }

    /** The placements that extend {@code prefix} by one piece at its first empty cell, after pruning. */
    @Override
    public int[] children(int[] prefix) {
        long board = setUp(prefix);
        if (board == -1L) {
            return new int[0];
        }
        int c = Long.numberOfTrailingZeros(~board);
        IntArrayList out = new IntArrayList();
        for (int i = firstStart[c], end = firstStart[c + 1]; i < end; i++) {
            int p = entryPiece[i];
            if (p < 0) {
                out.add(entryId[i]); // -1 - c: leave the optional cell c empty
                continue;
            }
            long m = entryMask[i];
            if (!blocked(p) && (m & board) == 0) {
                nodes++;
                take(p);
                if (keeps(board | m)) {
                    out.add(entryId[i]);
                }
                give(p);
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

    /**
     * Enumerates below {@code board}, which {@link #keeps} has just accepted. Level {@code top} scans its
     * list for the next entry that fits; a fitting entry that keeps the board opens the next level, and a
     * list run to its end closes its level and gives back the piece placed on the level below.
     */
    private void enumerate(long board) {
        int top = 0;
        open(0, board);
        while (top >= 0) {
            long b = levelBoard[top];
            long gone = exhausted | groupBlocked;
            int i = levelNext[top];
            int end = levelEnd[top];
            for (;; i++) {
                while (i < end && ((entryMask[i] & b) | (entryPieceBit[i] & gone)) != 0) {
                    i++;
                }
                if (i >= end) {
                    if (--top >= 0) {
                        release(levelChosen[top]);
                    }
                    break;
                }
                if ((++nodes & POLL_MASK) == 0) {
                    poll();
                }
                long next = b | entryMask[i];
                int p = entryPiece[i];
                if (p >= 0) {
                    take(p);
                }
                if (keeps(next)) {
                    levelChosen[top] = i;
                    if (next != -1L) {
                        levelNext[top++] = i + 1;
                        open(top, next);
                        break;
                    }
                    if (minimumsMet()) {
                        emit(top + 1);
                    }
                }
                release(i);
            }
        }
    }

    /**
     * Sets level {@code level} up for {@code board}, which {@link #keeps} has just accepted (its neighbour
     * masks are still in {@link #d}): the dead end it chose, or else the corridor cell or first empty cell
     * with the fewest fitting entries (a count of one cannot be beaten, so the comparison stops there).
     */
    private void open(int level, long board) {
        int from;
        int to;
        if (branchList >= 0) {
            from = deadEndStart[branchList];
            to = deadEndStart[branchList + 1];
        } else {
            int c = Long.numberOfTrailingZeros(~board);
            from = firstStart[c];
            to = firstStart[c + 1];
            long d0 = d[0];
            long d1 = d[1];
            long d2 = d[2];
            long d3 = d[3];
            long d4 = d[4];
            long d5 = d[5];
            long corridors = atLeastTwo(d0, d1, d2, d3, d4, d5) & ~atLeastThree(d0, d1, d2, d3, d4, d5)
                    & ~t.optionalMask & ~board;
            long gone = exhausted | groupBlocked;
            int best = Integer.MAX_VALUE;
            for (; corridors != 0 && best > 1; corridors &= corridors - 1) {
                int x = Long.numberOfTrailingZeros(corridors);
                int list = x * 64 + pattern(x, d0, d1, d2, d3, d4, d5);
                int f = corridorStart[list];
                int e = corridorStart[list + 1];
                int n = live(f, e, board, gone, best);
                if (n < best) {
                    best = n;
                    from = f;
                    to = e;
                }
            }
            if (best > 1 && live(firstStart[c], firstStart[c + 1], board, gone, best) < best) {
                from = firstStart[c];
                to = firstStart[c + 1];
            }
        }
        levelBoard[level] = board;
        levelNext[level] = from;
        levelEnd[level] = to;
    }

    /**
     * How many entries in {@code from .. to} fit {@code board}, counting up to {@code cap}. Lists are runs of
     * one piece ({@link TableLayout#entrySkip}): a used-up piece costs one test per run, and within a run the
     * count advances without a branch.
     */
    private int live(int from, int to, long board, long gone, int cap) {
        int n = 0;
        int i = from;
        while (i < to && n < cap) {
            int block = entrySkip[i];
            if ((entryPieceBit[i] & gone) == 0) {
                for (; i < block; i++) {
                    n += (entryMask[i] & board) == 0 ? 1 : 0;
                }
            }
            i = block;
        }
        return n;
    }

    /** Gives back the piece that {@code entry} placed (none for "leave the cell empty"). */
    private void release(int entry) {
        int p = entryPiece[entry];
        if (p >= 0) {
            give(p);
        }
    }

    /**
     * False when {@code board} has an isolated empty cell, or a dead end (exactly one empty neighbour) that
     * no remaining piece can cover. When it keeps the board, {@link #branchList} is the shortest dead-end
     * list, or -1 when there is no dead end.
     */
    private boolean keeps(long board) {
        branchList = -1;
        if (board == -1L) {
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
        if (!checkCover) {
            return keep(d0, d1, d2, d3, d4, d5);
        }
        long a1 = d0 | d1 | d2 | d3 | d4 | d5; // at least one empty neighbour
        long a2 = atLeastTwo(d0, d1, d2, d3, d4, d5);
        long required = ~t.optionalMask;
        if (t.noMonominoes && (empty & ~a1 & required) != 0) {
            return false; // an isolated empty cell: every piece has at least two cells
        }
        long deadEnds = a1 & ~a2 & required;
        if (deadEnds == 0) {
            return keep(d0, d1, d2, d3, d4, d5);
        }
        long gone = exhausted | groupBlocked;
        int shortest = Integer.MAX_VALUE;
        for (; deadEnds != 0; deadEnds &= deadEnds - 1) {
            long bit = deadEnds & -deadEnds;
            int c = Long.numberOfTrailingZeros(bit);
            int dir = Integer.numberOfTrailingZeros(pattern(c, d0, d1, d2, d3, d4, d5));
            int g = c * 6 + dir;
            int list = g * 64 + pattern(c + step[dir], d0, d1, d2, d3, d4, d5);
            int from = deadEndStart[list];
            int to = deadEndStart[list + 1];
            if (to - from < shortest) {
                shortest = to - from;
                branchList = list;
            }
            if (((witnessMask[g] & board) | (witnessPiece[g] & gone)) == 0) {
                continue;
            }
            int i = from;
            while (i < to && ((entryMask[i] & board) | (entryPieceBit[i] & gone)) != 0) {
                i++;
            }
            if (i >= to) {
                return false;
            }
            witnessMask[g] = entryMask[i];
            witnessPiece[g] = entryPieceBit[i];
        }
        return keep(d0, d1, d2, d3, d4, d5);
    }

    /** Accepts the board {@link #keeps} was given, leaving its neighbour masks for {@link #open}. */
    private boolean keep(long d0, long d1, long d2, long d3, long d4, long d5) {
        d[0] = d0;
        d[1] = d1;
        d[2] = d2;
        d[3] = d3;
        d[4] = d4;
        d[5] = d5;
        return true;
    }

    /** Bit k of the result: cell x's neighbour in direction k is empty (x itself empty). */
    private static int pattern(int x, long d0, long d1, long d2, long d3, long d4, long d5) {
        return (int) ((d0 >>> x & 1) | (d1 >>> x & 1) << 1 | (d2 >>> x & 1) << 2 | (d3 >>> x & 1) << 3
                | (d4 >>> x & 1) << 4 | (d5 >>> x & 1) << 5);
    }

    /** Hands the sink the prefix and the entries placed on levels {@code 0 .. levels-1}. */
    private void emit(int levels) {
        int depth = prefixDepth;
        for (int level = 0; level < levels; level++) {
            int id = entryId[levelChosen[level]];
            if (id >= 0) {
                stack[depth++] = id;
            }
        }
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
