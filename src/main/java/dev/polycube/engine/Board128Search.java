package dev.polycube.engine;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * {@link Board64Search} on a 128-bit board held in two longs (bit i of the box is bit i of {@code lo} for
 * i < 64, bit i-64 of {@code hi} above). The algorithm, the lists, the pruning and the bookkeeping are the
 * same; only the word arithmetic differs (a shift of the empty set carries bits across the two words). Kept
 * apart so the 64-cell path pays nothing for it.
 */
final class Board128Search extends SearchCore {

    private final Tables128 t;
    private final long[] entryLo;
    private final long[] entryHi;
    private final long[] entryPieceBit;
    private final int[] entryPiece;
    private final int[] entryId;
    private final int[] entrySkip;
    private final int[] firstStart;
    private final int[] deadEndStart;
    private final int[] corridorStart;
    private final int[] step;
    private final long[] witnessLo = new long[128 * 6];
    private final long[] witnessHi = new long[128 * 6];
    private final long[] witnessPiece = new long[128 * 6];
    private final long[] levelLo;
    private final long[] levelHi;
    private final int[] levelNext;
    private final int[] levelEnd;
    private final int[] levelChosen;
    private int prefixDepth;
    private int branchList;
    /** The board after {@link #setUp}, and the result of the last {@link #shl}/{@link #shr}. */
    private long bLo;
    private long bHi;
    private long rLo;
    private long rHi;
    /**
     * Set by {@link #directions}: empty cells whose neighbour in direction +x,-x,+y,-y,+z,-z is empty; after
     * {@link #keeps} accepts a board, they are that board's (which {@link #open} relies on).
     */
    private final long[] dLo = new long[6];
    private final long[] dHi = new long[6];

    Board128Search(Tables128 t, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        super(t.counts, t.choices, sink, control, monitor, checkCover);
        this.t = t;
        this.entryLo = t.entryLo;
        this.entryHi = t.entryHi;
        this.entryPieceBit = t.entryPieceBit;
        this.entryPiece = t.entryPiece;
        this.entryId = t.entryId;
        this.entrySkip = t.entrySkip;
        this.firstStart = t.firstStart;
        this.deadEndStart = t.deadEndStart;
        this.corridorStart = t.corridorStart;
        this.step = new int[] {1, -1, t.stepY, -t.stepY, t.stepZ, -t.stepZ};
        java.util.Arrays.fill(witnessLo, -1L);
        java.util.Arrays.fill(witnessHi, -1L);
        int levels = stack.length + Long.bitCount(t.optionalLo) + Long.bitCount(t.optionalHi) + 1;
        this.levelLo = new long[levels];
        this.levelHi = new long[levels];
        this.levelNext = new int[levels];
        this.levelEnd = new int[levels];
        this.levelChosen = new int[levels];
    }

    @Override
    void searchBelow(int[] prefix) {
        setUp(prefix);
        if (bLo == -1L && bHi == -1L) {
            if (minimumsMet()) {
                emit(0);
            }
        } else if (keeps(bLo, bHi)) {
            enumerate(bLo, bHi);
        }
    }

    @Override
    public boolean isComplete(int[] prefix) {
        setUp(prefix);
        return bLo == -1L && bHi == -1L;
    }

    @Override
    public int[] children(int[] prefix) {
        setUp(prefix);
        long lo = bLo;
        long hi = bHi;
        if (lo == -1L && hi == -1L) {
            return new int[0];
        }
        int c = firstEmpty(lo, hi);
        IntArrayList out = new IntArrayList();
        for (int i = firstStart[c], end = firstStart[c + 1]; i < end; i++) {
            int p = entryPiece[i];
            if (p < 0) {
                out.add(entryId[i]); // leave the optional cell c empty
                continue;
            }
            if (!blocked(p) && (entryLo[i] & lo) == 0 && (entryHi[i] & hi) == 0) {
                nodes++;
                take(p);
                if (keeps(lo | entryLo[i], hi | entryHi[i])) {
                    out.add(entryId[i]);
                }
                give(p);
            }
        }
        return out.toIntArray();
    }

    private static int firstEmpty(long lo, long hi) {
        return lo != -1L ? Long.numberOfTrailingZeros(~lo) : 64 + Long.numberOfTrailingZeros(~hi);
    }

    private void setUp(int[] prefix) {
        resetCopies();
        bLo = t.initialLo;
        bHi = t.initialHi;
        int depth = 0;
        for (int k : prefix) {
            if (k < 0) {
                int c = -1 - k; // an optional cell left empty
                if (c < 64) {
                    bLo |= 1L << c;
                } else {
                    bHi |= 1L << (c - 64);
                }
                continue;
            }
            bLo |= t.lo[k];
            bHi |= t.hi[k];
            take(t.pieceOf[k]);
            stack[depth++] = k;
        }
        prefixDepth = depth;
    }

    /** As {@link Board64Search}'s: an explicit stack of levels, each scanning the list chosen for its board. */
    private void enumerate(long lo, long hi) {
        int top = 0;
        open(0, lo, hi);
        while (top >= 0) {
            long bl = levelLo[top];
            long bh = levelHi[top];
            long gone = exhausted | groupBlocked;
            int i = levelNext[top];
            int end = levelEnd[top];
            for (;; i++) {
                while (i < end && ((entryLo[i] & bl) | (entryHi[i] & bh) | (entryPieceBit[i] & gone)) != 0) {
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
                long nl = bl | entryLo[i];
                long nh = bh | entryHi[i];
                int p = entryPiece[i];
                if (p >= 0) {
                    take(p);
                }
                if (keeps(nl, nh)) {
                    levelChosen[top] = i;
                    if (nl != -1L || nh != -1L) {
                        levelNext[top++] = i + 1;
                        open(top, nl, nh);
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

    /** As {@link Board64Search}'s: a dead end if {@link #keeps} found one, else the most constrained corridor. */
    private void open(int level, long lo, long hi) {
        int from;
        int to;
        if (branchList >= 0) {
            from = deadEndStart[branchList];
            to = deadEndStart[branchList + 1];
        } else {
            int c = firstEmpty(lo, hi);
            from = firstStart[c];
            to = firstStart[c + 1];
            // dLo/dHi still hold this board's masks: keeps() computed them when it accepted it
            long corridorsLo = atLeastTwo(dLo[0], dLo[1], dLo[2], dLo[3], dLo[4], dLo[5])
                    & ~atLeastThree(dLo[0], dLo[1], dLo[2], dLo[3], dLo[4], dLo[5]) & ~t.optionalLo & ~lo;
            long corridorsHi = atLeastTwo(dHi[0], dHi[1], dHi[2], dHi[3], dHi[4], dHi[5])
                    & ~atLeastThree(dHi[0], dHi[1], dHi[2], dHi[3], dHi[4], dHi[5]) & ~t.optionalHi & ~hi;
            long gone = exhausted | groupBlocked;
            int best = Integer.MAX_VALUE;
            for (int word = 0; word < 2 && best > 1; word++) {
                for (long cells = word == 0 ? corridorsLo : corridorsHi; cells != 0 && best > 1; cells &= cells - 1) {
                    int x = (word << 6) + Long.numberOfTrailingZeros(cells);
                    int list = x * 64 + neighbourPattern(x);
                    int f = corridorStart[list];
                    int e = corridorStart[list + 1];
                    int n = live(f, e, lo, hi, gone, best);
                    if (n < best) {
                        best = n;
                        from = f;
                        to = e;
                    }
                }
            }
            if (best > 1 && live(firstStart[c], firstStart[c + 1], lo, hi, gone, best) < best) {
                from = firstStart[c];
                to = firstStart[c + 1];
            }
        }
        levelLo[level] = lo;
        levelHi[level] = hi;
        levelNext[level] = from;
        levelEnd[level] = to;
    }

    private int live(int from, int to, long lo, long hi, long gone, int cap) {
        int n = 0;
        int i = from;
        while (i < to && n < cap) {
            int run = entrySkip[i];
            if ((entryPieceBit[i] & gone) == 0) {
                for (; i < run; i++) {
                    n += ((entryLo[i] & lo) | (entryHi[i] & hi)) == 0 ? 1 : 0;
                }
            }
            i = run;
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

    /** As {@link Board64Search}'s: no isolated empty cell, every dead end still coverable; picks the dead end. */
    private boolean keeps(long lo, long hi) {
        branchList = -1;
        if (lo == -1L && hi == -1L) {
            return true;
        }
        directions(lo, hi); // also what open() reads for the board this accepts
        if (!checkCover) {
            return true;
        }
        long[] dl = dLo;
        long[] dh = dHi;
        long a1l = dl[0] | dl[1] | dl[2] | dl[3] | dl[4] | dl[5];
        long a1h = dh[0] | dh[1] | dh[2] | dh[3] | dh[4] | dh[5];
        if (t.noMonominoes && ((~lo & ~a1l & ~t.optionalLo) != 0 || (~hi & ~a1h & ~t.optionalHi) != 0)) {
            return false;
        }
        long deadLo = a1l & ~atLeastTwo(dl[0], dl[1], dl[2], dl[3], dl[4], dl[5]) & ~t.optionalLo;
        long deadHi = a1h & ~atLeastTwo(dh[0], dh[1], dh[2], dh[3], dh[4], dh[5]) & ~t.optionalHi;
        long gone = exhausted | groupBlocked;
        int shortest = Integer.MAX_VALUE;
        for (int word = 0; word < 2; word++) {
            for (long cells = word == 0 ? deadLo : deadHi; cells != 0; cells &= cells - 1) {
                int c = (word << 6) + Long.numberOfTrailingZeros(cells);
                int dir = Integer.numberOfTrailingZeros(neighbourPattern(c));
                int g = c * 6 + dir;
                int list = g * 64 + neighbourPattern(c + step[dir]);
                int from = deadEndStart[list];
                int to = deadEndStart[list + 1];
                if (to - from < shortest) {
                    shortest = to - from;
                    branchList = list;
                }
                if (((witnessLo[g] & lo) | (witnessHi[g] & hi) | (witnessPiece[g] & gone)) == 0) {
                    continue;
                }
                int i = from;
                while (i < to && ((entryLo[i] & lo) | (entryHi[i] & hi) | (entryPieceBit[i] & gone)) != 0) {
                    i++;
                }
                if (i >= to) {
                    return false;
                }
                witnessLo[g] = entryLo[i];
                witnessHi[g] = entryHi[i];
                witnessPiece[g] = entryPieceBit[i];
            }
        }
        return true;
    }

    /** Bit d of the result: cell x's neighbour in direction d is empty (x itself empty), from {@link #directions}. */
    private int neighbourPattern(int x) {
        long[] d = x < 64 ? dLo : dHi;
        int s = x & 63;
        return (int) ((d[0] >>> s & 1) | (d[1] >>> s & 1) << 1 | (d[2] >>> s & 1) << 2 | (d[3] >>> s & 1) << 3
                | (d[4] >>> s & 1) << 4 | (d[5] >>> s & 1) << 5);
    }

    /** Fills {@link #dLo}/{@link #dHi} for the board (lo, hi). */
    private void directions(long lo, long hi) {
        long eLo = ~lo;
        long eHi = ~hi;
        shr(eLo, eHi, 1);
        dLo[0] = rLo & t.canXPlus[0] & eLo;
        dHi[0] = rHi & t.canXPlus[1] & eHi;
        shl(eLo, eHi, 1);
        dLo[1] = rLo & t.canXMinus[0] & eLo;
        dHi[1] = rHi & t.canXMinus[1] & eHi;
        shr(eLo, eHi, t.stepY);
        dLo[2] = rLo & t.canYPlus[0] & eLo;
        dHi[2] = rHi & t.canYPlus[1] & eHi;
        shl(eLo, eHi, t.stepY);
        dLo[3] = rLo & t.canYMinus[0] & eLo;
        dHi[3] = rHi & t.canYMinus[1] & eHi;
        shr(eLo, eHi, t.stepZ);
        dLo[4] = rLo & t.canZPlus[0] & eLo;
        dHi[4] = rHi & t.canZPlus[1] & eHi;
        shl(eLo, eHi, t.stepZ);
        dLo[5] = rLo & t.canZMinus[0] & eLo;
        dHi[5] = rHi & t.canZMinus[1] & eHi;
    }

    /** (rLo, rHi) = (lo, hi) << k for 0 < k < 128. */
    private void shl(long lo, long hi, int k) {
        if (k >= 64) {
            rHi = lo << (k - 64);
            rLo = 0;
        } else {
            rHi = (hi << k) | (lo >>> (64 - k));
            rLo = lo << k;
        }
    }

    /** (rLo, rHi) = (lo, hi) >>> k for 0 < k < 128. */
    private void shr(long lo, long hi, int k) {
        if (k >= 64) {
            rLo = hi >>> (k - 64);
            rHi = 0;
        } else {
            rLo = (lo >>> k) | (hi << (64 - k));
            rHi = hi >>> k;
        }
    }

    private void emit(int levels) {
        int depth = prefixDepth;
        for (int level = 0; level < levels; level++) {
            int id = entryId[levelChosen[level]];
            if (id >= 0) {
                stack[depth++] = id;
            }
        }
        int[] cellCopy = new int[128];
        java.util.Arrays.fill(cellCopy, -1);
        int[] copyPiece = new int[depth];
        for (int k = 0; k < depth; k++) {
            int i = stack[k];
            copyPiece[k] = t.pieceOf[i];
            for (long m = t.lo[i]; m != 0; m &= m - 1) {
                cellCopy[Long.numberOfTrailingZeros(m)] = k;
            }
            for (long m = t.hi[i]; m != 0; m &= m - 1) {
                cellCopy[64 + Long.numberOfTrailingZeros(m)] = k;
            }
        }
        sink.accept(unit, cellCopy, copyPiece);
    }
}
