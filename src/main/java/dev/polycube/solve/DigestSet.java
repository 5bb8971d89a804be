package dev.polycube.solve;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A set of strings that keeps only a 128-bit digest of each (the first half of its SHA-256), so that a
 * limited run can tell a new class from one it already kept without holding millions of lines in memory:
 * 32 bytes a member at the load factor used here, against about 200 for the line itself. Two different
 * catalog lines share a digest with a probability of about n^2 / 2^129, far below that of a hardware
 * error for any catalog that fits on a disk. Open addressing over one {@code long[]} (two longs a slot,
 * linear probing); the all-zero digest marks an empty slot and is nudged to 1. Not thread-safe.
 */
final class DigestSet {

    private final MessageDigest sha;
    private long[] slots = new long[2 * 1024];
    private int size;

    DigestSet() {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    /** Adds {@code s}; true when it was not in the set. */
    boolean add(String s) {
        byte[] d = sha.digest(s.getBytes(StandardCharsets.UTF_8));
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 8; i++) {
            hi = (hi << 8) | (d[i] & 0xFF);
            lo = (lo << 8) | (d[8 + i] & 0xFF);
        }
        if (hi == 0 && lo == 0) {
            lo = 1;
        }
        if (2 * (size + 1) > slots.length / 2) {
            grow();
        }
        if (!insert(slots, hi, lo)) {
            return false;
        }
        size++;
        return true;
    }

    int size() {
        return size;
    }

    private boolean insert(long[] table, long hi, long lo) {
        int mask = table.length / 2 - 1;
        for (int i = (int) (hi ^ (hi >>> 32)) & mask; ; i = (i + 1) & mask) {
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
