package dev.polycube.solve;

import it.unimi.dsi.fastutil.HashCommon;

/**
 * The set of catalog lines a run has met, kept as a 128-bit digest per line instead of the line: 16 bytes
 * a member (32 at the load factor used here) against 100 to 200 for a line, so that ten million classes
 * fit in a few hundred MiB, and a worker can tell a new class from a known one without the catalog in memory.
 *
 * <p>The digest is two 64-bit lanes over the line's characters, four to a word, each lane a chain of
 * MurmurHash3's 64-bit finaliser (a bijection with full avalanche) from its own seed, the line length folded
 * in last. Two different lines share both lanes with a probability of about 2^-128 for lines that are not
 * built to collide, so among n lines a false "already known" (a class silently dropped) has a probability
 * of about n^2 / 2^129: for 10^9 lines below 10^-20, far below that of a memory error in the run.
 *
 * <p>Thread-safe and scaling with threads: the digests are spread by their top bits over 64 stripes, each an
 * open-addressing table (two longs a slot, linear probing) behind its own lock, so workers rarely wait on
 * one another. The all-zero digest marks an empty slot and is nudged to 1.
 */
final class DigestSet {

    private static final int STRIPE_BITS = 6;
    private static final long SEED_HI = 0x9E3779B97F4A7C15L;
    private static final long SEED_LO = 0xC2B2AE3D27D4EB4FL;

    private final Stripe[] stripes = new Stripe[1 << STRIPE_BITS];

    DigestSet() {
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** Adds {@code line}; true when it was not in the set. */
    boolean add(char[] line) {
        long hi = SEED_HI;
        long lo = SEED_LO;
        int n = line.length;
        int i = 0;
        for (; i + 4 <= n; i += 4) {
            long w = line[i] | (long) line[i + 1] << 16 | (long) line[i + 2] << 32 | (long) line[i + 3] << 48;
            hi = HashCommon.murmurHash3(hi ^ w);
            lo = HashCommon.murmurHash3(lo + w);
        }
        long w = n;
        for (int k = 0; i < n; i++, k += 16) {
            w ^= (long) line[i] << k;
        }
        hi = HashCommon.murmurHash3(hi ^ w ^ ((long) n << 48));
        lo = HashCommon.murmurHash3(lo + w + n);
        if (hi == 0 && lo == 0) {
            lo = 1;
        }
        Stripe s = stripes[(int) (hi >>> (64 - STRIPE_BITS))];
        synchronized (s) {
            return s.add(hi, lo);
        }
    }

    boolean add(String line) {
        return add(line.toCharArray());
    }

    /** Members so far (exact; a moment's snapshot while workers add). */
    long size() {
        long n = 0;
        for (Stripe s : stripes) {
            synchronized (s) {
                n += s.size;
            }
        }
        return n;
    }

    private static final class Stripe {
        private long[] slots = new long[2 * 256];
        private int size;

        boolean add(long hi, long lo) {
            if (2 * (size + 1) > slots.length / 2) {
                grow();
            }
            if (!insert(slots, hi, lo)) {
                return false;
            }
            size++;
            return true;
        }

        private static boolean insert(long[] table, long hi, long lo) {
            int mask = table.length / 2 - 1;
            // the top bits chose the stripe, so the slot comes from the low ones
            for (int i = (int) lo & mask; ; i = (i + 1) & mask) {
                long h = table[2 * i];
                long l = table[2 * i + 1];
                if (h == 0 && l == 0) {
                    table[2 * i] = hi;
                    table[2 * i + 1] = lo;
                    return true;
                }
                if (h == hi && l == lo) {
                    return false;
                }
            }
        }

        private void grow() {
            long[] old = slots;
            slots = new long[old.length * 2];
            for (int i = 0; i < old.length; i += 2) {
                if (old[i] != 0 || old[i + 1] != 0) {
                    insert(slots, old[i], old[i + 1]);
                }
            }
        }
    }
}
