package dev.polycube.engine;

import java.util.BitSet;

/**
 * The tables of the {@link Branching#FEWEST_LIVE} search, built once per puzzle and shared by its threads. A set of
 * placements is a bit set over the engine placement ids; since ids are sorted by lowest cell, the placements that
 * cover a cell or share a cell with a placement lie close together, and each such set is stored as the words of
 * its one range of nonzero words ({@link Ranges}).
 */
final class LiveSetTables {

    /** The most placements (live-set bits) the search takes: beyond, counting a cell costs more words than it saves. */
    static final int MAX_PLACEMENTS = 64 * 64;

    final int placements;
    final int liveWords;
    /** Placement k's cells as board words, {@code placementMask[k*W .. k*W+W)}. */
    final long[] placementMask;
    final int[] overlapLo;
    final int[] overlapHi;
    final int[] overlapAt;
    /** Per placement k, the placements that share a cell with it (k among them). */
    final long[] overlapBits;
    final int[] typeLo;
    final int[] typeHi;
    final int[] typeAt;
    /** Per piece type, its placements. */
    final long[] typeBits;
    final int[] coverLo;
    final int[] coverHi;
    final int[] coverAt;
    /** Per cell, the placements that cover it. */
    final long[] coverBits;
    /** The most placements covering one cell: a level's branches fit in this many ints. */
    final int maxCover;
    /**
     * The placements that fit the target before anything is placed: a unit's first live set is this less what its
     * prefix rules out (a few word ranges, instead of a test of every placement per unit).
     */
    final long[] fitsTarget;

    LiveSetTables(BoardTables t) {
        int n = t.cells.length;
        if (n > MAX_PLACEMENTS) {
            throw new IllegalArgumentException("the live-set search takes at most " + MAX_PLACEMENTS
                    + " placements, got " + n + " (Engine.of chooses the board search for such puzzles)");
        }
        int words = t.words;
        this.placements = n;
        this.liveWords = Math.max(1, (n + 63) >>> 6);
        this.placementMask = new long[n * words];
        BitSet[] cover = new BitSet[t.volume];
        for (int c = 0; c < t.volume; c++) {
            cover[c] = new BitSet(n);
        }
        BitSet[] type = new BitSet[t.types];
        for (int p = 0; p < t.types; p++) {
            type[p] = new BitSet(n);
        }
        for (int k = 0; k < n; k++) {
            for (int c : t.cells[k]) {
                placementMask[k * words + (c >>> 6)] |= 1L << c;
                cover[c].set(k);
            }
            type[t.pieceOf[k]].set(k);
        }
        BitSet[] overlap = new BitSet[n];
        for (int k = 0; k < n; k++) {
            overlap[k] = new BitSet(n);
            for (int c : t.cells[k]) {
                overlap[k].or(cover[c]);
            }
        }
        Ranges o = new Ranges(overlap);
        overlapLo = o.lo;
        overlapHi = o.hi;
        overlapAt = o.at;
        overlapBits = o.bits;
        Ranges ty = new Ranges(type);
        typeLo = ty.lo;
        typeHi = ty.hi;
        typeAt = ty.at;
        typeBits = ty.bits;
        Ranges cv = new Ranges(cover);
        coverLo = cv.lo;
        coverHi = cv.hi;
        coverAt = cv.at;
        coverBits = cv.bits;
        int most = 0;
        for (BitSet s : cover) {
            most = Math.max(most, s.cardinality());
        }
        maxCover = most;
        fitsTarget = new long[liveWords];
        for (int k = 0; k < n; k++) {
            long x = 0;
            for (int w = 0; w < words; w++) {
                x |= placementMask[k * words + w] & t.initialBoard[w];
            }
            if (x == 0) {
                fitsTarget[k >>> 6] |= 1L << k;
            }
        }
    }

    /** The bytes these tables take, for {@link Enumerator.TableSize}. */
    long bytes() {
        return 8L * (placementMask.length + overlapBits.length + typeBits.length + coverBits.length + fitsTarget.length)
                + 12L * (overlapLo.length + typeLo.length + coverLo.length);
    }

    /**
     * A family of bit sets as word ranges: set i is words {@code lo[i] .. hi[i])} of the bit set, stored at
     * {@code bits[at[i] .. at[i] + hi[i] - lo[i])} (an empty set has an empty range).
     */
    private static final class Ranges {
        final int[] lo;
        final int[] hi;
        final int[] at;
        final long[] bits;

        Ranges(BitSet[] sets) {
            lo = new int[sets.length];
            hi = new int[sets.length];
            at = new int[sets.length];
            int total = 0;
            for (int i = 0; i < sets.length; i++) {
                if (!sets[i].isEmpty()) {
                    lo[i] = sets[i].nextSetBit(0) >>> 6;
                    hi[i] = ((sets[i].length() - 1) >>> 6) + 1;
                }
                at[i] = total;
                total += hi[i] - lo[i];
            }
            bits = new long[total];
            for (int i = 0; i < sets.length; i++) {
                long[] words = sets[i].toLongArray();
                System.arraycopy(words, lo[i], bits, at[i], hi[i] - lo[i]);
            }
        }
    }
}
