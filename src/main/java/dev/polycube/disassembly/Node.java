package dev.polycube.disassembly;

import java.util.Arrays;

/**
 * One state of a disassembly: where each piece of the part under analysis is, as an offset from where the
 * assembly put it, or that it has left. Two states are the same when the pieces stand the same relative to
 * piece 0 (moving everything together is no move), which {@link #equals} and {@link #hashCode} implement.
 */
final class Node {

    /** Per piece: offset x, y, z, then 1 when the piece has left (its offset is then the exit direction). */
    final int[] dat;
    /** The state this one was reached from, or null for the start. */
    final Node from;
    /** The move that led here: direction 0..5 (+x, -x, +y, -y, +z, -z) and units (REMOVED when pieces left). */
    final int dir;
    final int amount;
    final int depth;
    private int hash;

    static final int REMOVED = 30_000;

    Node(int pieces) {
        this.dat = new int[4 * pieces];
        this.from = null;
        this.dir = 0;
        this.amount = 0;
        this.depth = 0;
    }

    Node(Node from, int dir, int amount) {
        this.dat = new int[from.dat.length];
        this.from = from;
        this.dir = dir;
        this.amount = amount;
        this.depth = from.depth + 1;
    }

    int pieces() {
        return dat.length / 4;
    }

    int x(int i) {
        return dat[4 * i];
    }

    int y(int i) {
        return dat[4 * i + 1];
    }

    int z(int i) {
        return dat[4 * i + 2];
    }

    boolean removed(int i) {
        return dat[4 * i + 3] != 0;
    }

    boolean isSeparation() {
        for (int i = 3; i < dat.length; i += 4) {
            if (dat[i] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Piece i stays where it was in {@link #from}, moved by (dx,dy,dz). */
    void move(int i, int dx, int dy, int dz) {
        dat[4 * i] = from.dat[4 * i] + dx;
        dat[4 * i + 1] = from.dat[4 * i + 1] + dy;
        dat[4 * i + 2] = from.dat[4 * i + 2] + dz;
        dat[4 * i + 3] = from.dat[4 * i + 3];
    }

    /** Piece i has left the part in direction (dx,dy,dz). */
    void remove(int i, int dx, int dy, int dz) {
        dat[4 * i] = dx;
        dat[4 * i + 1] = dy;
        dat[4 * i + 2] = dz;
        dat[4 * i + 3] = 1;
    }

    void place(int i, int x, int y, int z) {
        dat[4 * i] = x;
        dat[4 * i + 1] = y;
        dat[4 * i + 2] = z;
        dat[4 * i + 3] = 0;
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 0x17fe3b3c + dat[3];
            for (int i = 4; i < dat.length; i += 4) {
                h = (h + dat[i] - dat[0]) * 1343;
                h = (h + dat[i + 1] - dat[1]) * 923;
                h = (h + dat[i + 2] - dat[2]) * 113;
                h = (h + dat[i + 3]) * 23;
            }
            hash = h == 0 ? 1 : h;
        }
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Node b) || b.dat.length != dat.length || b.hashCode() != hashCode()) {
            return false;
        }
        int[] d = b.dat;
        if (dat[3] != d[3]) {
            return false;
        }
        for (int i = 4; i < dat.length; i += 4) {
            if (dat[i] - dat[0] != d[i] - d[0] || dat[i + 1] - dat[1] != d[i + 1] - d[1]
                    || dat[i + 2] - dat[2] != d[i + 2] - d[2] || dat[i + 3] != d[i + 3]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return Arrays.toString(dat);
    }
}
