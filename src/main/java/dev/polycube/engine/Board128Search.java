package dev.polycube.engine;

/**
 * The first-empty-cell backtracker of {@link Board64Search} on a 128-bit board held in two longs. The
 * algorithm, pruning and bookkeeping are the same; only the word arithmetic differs (a shift of the empty
 * set carries bits across the two words). Kept apart so the 64-cell path pays nothing for it.
 */
final class Board128Search extends SearchCore {

    private final Tables128 t;
    private final long[] witnessLo = new long[128 * 6];
    private final long[] witnessHi = new long[128 * 6];
    private final long[] witnessPiece = new long[128 * 6];
    /** Shift results of the last {@link #shl}/{@link #shr}: low and high word. */
    private long rLo;
    private long rHi;

    Board128Search(Tables128 t, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        super(t.counts, t.choices, sink, control, monitor, checkCover);
        this.t = t;
        java.util.Arrays.fill(witnessLo, -1L);
        java.util.Arrays.fill(witnessHi, -1L);
    }

    @Override
    void searchBelow(int[] prefix) {
        setUp(prefix);
        search(bLo, bHi, prefixDepth);
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
        int c = lo != -1L ? Long.numberOfTrailingZeros(~lo) : 64 + Long.numberOfTrailingZeros(~hi);
        it.unimi.dsi.fastutil.ints.IntArrayList out = new it.unimi.dsi.fastutil.ints.IntArrayList();
        if (optional(c)) {
            out.add(-1 - c); // leave the optional cell c empty
        }
        for (int p = 0; p < types; p++) {
            if (blocked(p)) {
                continue;
            }
            for (int i = t.groupStart[c * types + p], end = t.groupStart[c * types + p + 1]; i < end; i++) {
                if ((t.lo[i] & lo) == 0 && (t.hi[i] & hi) == 0) {
                    nodes++;
                    take(p);
                    if (keeps(lo | t.lo[i], hi | t.hi[i])) {
                        out.add(i);
                    }
                    give(p);
                }
            }
        }
        return out.toIntArray();
    }

    private long bLo;
    private long bHi;
    private int prefixDepth;

    private boolean optional(int c) {
        return c < 64 ? (t.optionalLo >>> c & 1) != 0 : (t.optionalHi >>> (c - 64) & 1) != 0;
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

    private void search(long lo, long hi, int depth) {
        if (lo == -1L && hi == -1L) {
            if (minimumsMet()) {
                emit(depth);
            }
            return;
        }
        int c = lo != -1L ? Long.numberOfTrailingZeros(~lo) : 64 + Long.numberOfTrailingZeros(~hi);
        if (optional(c)) {
            if (c < 64) {
                search(lo | 1L << c, hi, depth); // leave the optional cell c empty
            } else {
                search(lo, hi | 1L << (c - 64), depth);
            }
        }
        int base = c * types;
        long[] mlo = t.lo;
        long[] mhi = t.hi;
        for (int p = 0; p < types; p++) {
            if (blocked(p)) {
                continue;
            }
            for (int i = t.groupStart[base + p], end = t.groupStart[base + p + 1]; i < end; i++) {
                if ((mlo[i] & lo) != 0 || (mhi[i] & hi) != 0) {
                    continue;
                }
                if ((++nodes & POLL_MASK) == 0) {
                    poll();
                }
                long nlo = lo | mlo[i];
                long nhi = hi | mhi[i];
                take(p);
                if (keeps(nlo, nhi)) {
                    stack[depth] = i;
                    search(nlo, nhi, depth + 1);
                }
                give(p);
            }
        }
    }

    /** As {@link Board64Search}: no isolated empty cell, every dead-end empty cell still coverable. */
    private boolean keeps(long lo, long hi) {
        if (!checkCover || (lo == -1L && hi == -1L)) {
            return true;
        }
        long eLo = ~lo;
        long eHi = ~hi;
        shr(eLo, eHi, 1);
        long d0l = rLo & t.canXPlus[0] & eLo;
        long d0h = rHi & t.canXPlus[1] & eHi;
        shl(eLo, eHi, 1);
        long d1l = rLo & t.canXMinus[0] & eLo;
        long d1h = rHi & t.canXMinus[1] & eHi;
        shr(eLo, eHi, t.stepY);
        long d2l = rLo & t.canYPlus[0] & eLo;
        long d2h = rHi & t.canYPlus[1] & eHi;
        shl(eLo, eHi, t.stepY);
        long d3l = rLo & t.canYMinus[0] & eLo;
        long d3h = rHi & t.canYMinus[1] & eHi;
        shr(eLo, eHi, t.stepZ);
        long d4l = rLo & t.canZPlus[0] & eLo;
        long d4h = rHi & t.canZPlus[1] & eHi;
        shl(eLo, eHi, t.stepZ);
        long d5l = rLo & t.canZMinus[0] & eLo;
        long d5h = rHi & t.canZMinus[1] & eHi;
        long a1l = d0l | d1l | d2l | d3l | d4l | d5l;
        long a1h = d0h | d1h | d2h | d3h | d4h | d5h;
        if (t.noMonominoes && ((eLo & ~a1l & ~t.optionalLo) != 0 || (eHi & ~a1h & ~t.optionalHi) != 0)) {
            return false;
        }
        long a2l = atLeastTwo(d0l, d1l, d2l, d3l, d4l, d5l);
        long a2h = atLeastTwo(d0h, d1h, d2h, d3h, d4h, d5h);
        long deadLo = a1l & ~a2l & ~t.optionalLo;
        long deadHi = a1h & ~a2h & ~t.optionalHi;
        if ((deadLo | deadHi) == 0) {
            return true;
        }
        return coverable(deadLo & d0l, deadHi & d0h, 0, lo, hi) && coverable(deadLo & d1l, deadHi & d1h, 1, lo, hi)
                && coverable(deadLo & d2l, deadHi & d2h, 2, lo, hi) && coverable(deadLo & d3l, deadHi & d3h, 3, lo, hi)
                && coverable(deadLo & d4l, deadHi & d4h, 4, lo, hi) && coverable(deadLo & d5l, deadHi & d5h, 5, lo, hi);
    }

    private boolean coverable(long cellsLo, long cellsHi, int dir, long lo, long hi) {
        long gone = exhausted | groupBlocked;
        for (int word = 0; word < 2; word++) {
            for (long cells = word == 0 ? cellsLo : cellsHi; cells != 0; cells &= cells - 1) {
                int g = ((word << 6) + Long.numberOfTrailingZeros(cells)) * 6 + dir;
                if ((witnessLo[g] & lo) == 0 && (witnessHi[g] & hi) == 0 && (witnessPiece[g] & gone) == 0) {
                    continue;
                }
                int found = -1;
                for (int i = t.coverStart[g], end = t.coverStart[g + 1]; i < end; i++) {
                    if ((t.coverLo[i] & lo) == 0 && (t.coverHi[i] & hi) == 0 && (t.coverPieceBit[i] & gone) == 0) {
                        found = i;
                        break;
                    }
                }
                if (found < 0) {
                    return false;
                }
                witnessLo[g] = t.coverLo[found];
                witnessHi[g] = t.coverHi[found];
                witnessPiece[g] = t.coverPieceBit[found];
            }
        }
        return true;
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

    private void emit(int depth) {
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
