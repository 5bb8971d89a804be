package dev.polycube.disassembly;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Takes an assembly apart by sliding pieces along the axes, as BurrTools' {@code disassembler_0} does:
 * a breadth-first search over the states reachable by moves of one piece or a group ({@link Moves}) until
 * a move takes a group away for good; the two parts left are then analysed on their own, the part that
 * stayed first. The assembly comes apart (is a "solution" in BurrTools' words) when every part does; the
 * first separation the search meets is the one used, as in BurrTools, so the level strings are the same.
 *
 * <p>Pure computation: no I/O. One instance per assembly analysed (its {@link Shapes} remember piece-pair bounds).
 */
public final class Disassembler {

    /** Thrown out of {@link #analyse} when the stop signal is raised. */
    public static final class Stopped extends RuntimeException {
        Stopped() {
            super("disassembly analysis stopped", null, false, false);
        }
    }

    /**
     * The pieces of one assembly: each piece's cells as x,y,z triples in one frame, its weight (when a move
     * would take the heavier side along, the lighter side moves the other way instead) and its glue group
     * (pieces of one non-zero group need not come apart from each other: BurrTools' piece groups).
     */
    public record Assembly(int[][] cells, int[] weights, int[] glued) {

        public Assembly {
            if (cells.length != weights.length || cells.length != glued.length) {
                throw new IllegalArgumentException(cells.length + " pieces but " + weights.length + " weights and "
                        + glued.length + " glue groups");
            }
        }

        /** Pieces with weight 1 and no glue. */
        public static Assembly of(int[][] cells) {
            int[] w = new int[cells.length];
            java.util.Arrays.fill(w, 1);
            return new Assembly(cells, w, new int[cells.length]);
        }

        public int pieces() {
            return cells.length;
        }
    }

    /** The cells of every piece, split by axis, for the bound computations. */
    static final class Shapes {
        private final int[][] xs;
        private final int[][] ys;
        private final int[][] zs;
        private final int[] weights;
        private final int pieces;
        /** {@link #bounds} by pair ({@code i * pieces + j}): the last answer and its offset key. */
        private final int[][] lastBounds;
        private final long[] lastKey;
        /** {@link #bounds} by pair and offset. */
        private final Long2ObjectOpenHashMap<int[]> byOffset = new Long2ObjectOpenHashMap<>();

        Shapes(Assembly a) {
            int n = a.pieces();
            pieces = n;
            lastBounds = new int[n * n][];
            lastKey = new long[n * n];
            xs = new int[n][];
            ys = new int[n][];
            zs = new int[n][];
            weights = a.weights().clone();
            for (int p = 0; p < n; p++) {
                int[] c = a.cells()[p];
                int k = c.length / 3;
                xs[p] = new int[k];
                ys[p] = new int[k];
                zs[p] = new int[k];
                for (int i = 0; i < k; i++) {
                    xs[p][i] = c[3 * i];
                    ys[p][i] = c[3 * i + 1];
                    zs[p][i] = c[3 * i + 2];
                }
            }
        }

        int weight(int piece) {
            return weights[piece];
        }

        /**
         * {@link #gaps}, remembered: a state's pairs mostly stand as they stood in the state before (a part split
         * off keeps its pieces where they were), so each pair's last answer is kept by the pair and tried first; a
         * pair met at more than one offset has all of them kept by (pair, offset), since a search comes back to
         * earlier offsets. A large assembly (32 dominoes: 5,456 pairs looked at as its parts split off one by one,
         * 496 of them different) spent most of its analysis hashing, first every pair, then every first answer.
         */
        int[] bounds(int i, int j, int rx, int ry, int rz) {
            int pair = i * pieces + j;
            long key = ((long) (rx & 0xFFFF) << 32) | ((long) (ry & 0xFFFF) << 16) | (rz & 0xFFFF);
            int[] last = lastBounds[pair];
            if (last != null && lastKey[pair] == key) {
                return last;
            }
            int[] g = null;
            long pairBits = ((long) i << 56) | ((long) j << 48); // the map's keys: pair, then offset
            if (last != null) { // a second offset for this pair: from now on its offsets are kept in the map
                byOffset.putIfAbsent(pairBits | lastKey[pair], last);
                g = byOffset.get(pairBits | key);
            }
            if (g == null) {
                g = gaps(i, j, rx, ry, rz);
                if (last != null) {
                    byOffset.put(pairBits | key, g);
                }
            }
            lastBounds[pair] = g;
            lastKey[pair] = key;
            return g;
        }

        /**
         * How far piece i slides in +x before it touches piece j (shifted by r), and j towards i; the same for
         * y and z: {+x i, +x j, +y i, +y j, +z i, +z j}. {@link Moves#FREE} where nothing is in the way.
         */
        private int[] gaps(int i, int j, int rx, int ry, int rz) {
            int[] g = {Moves.FREE, Moves.FREE, Moves.FREE, Moves.FREE, Moves.FREE, Moves.FREE};
            int[] ax = xs[i];
            int[] ay = ys[i];
            int[] az = zs[i];
            int[] bx = xs[j];
            int[] by = ys[j];
            int[] bz = zs[j];
            for (int a = 0; a < ax.length; a++) {
                int x = ax[a];
                int y = ay[a];
                int z = az[a];
                for (int b = 0; b < bx.length; b++) {
                    int dx = bx[b] + rx - x;
                    int dy = by[b] + ry - y;
                    int dz = bz[b] + rz - z;
                    if (dy == 0 && dz == 0) {
                        gap(g, 0, dx);
                    } else if (dx == 0 && dz == 0) {
                        gap(g, 2, dy);
                    } else if (dx == 0 && dy == 0) {
                        gap(g, 4, dz);
                    }
                }
            }
            return g;
        }

        private static void gap(int[] g, int at, int d) {
            if (d > 0) {
                g[at] = Math.min(g[at], d - 1);
            } else {
                g[at + 1] = Math.min(g[at + 1], -d - 1);
            }
        }
    }

    private final Shapes shapes;
    private final int[] glue;
    private final BooleanSupplier stop;
    /** The bound matrices every {@link Moves} of this analysis works in, one after the other. */
    private final int[][] matrices;
    private long states;

    private Disassembler(Assembly assembly, BooleanSupplier stop) {
        this.shapes = new Shapes(assembly);
        int n = assembly.pieces();
        this.matrices = new int[][] {new int[n * n], new int[n * n], new int[n * n]};
        this.glue = assembly.glued().clone();
        this.stop = stop;
    }

    /** How {@code assembly} comes apart, or null when it cannot be taken apart completely. */
    public static Separation analyse(Assembly assembly) {
        return analyse(assembly, () -> false);
    }

    /** As {@link #analyse(Assembly)}, polling {@code stop} now and then and throwing {@link Stopped} when it is raised. */
    public static Separation analyse(Assembly assembly, BooleanSupplier stop) {
        if (assembly.pieces() < 2) {
            return null;
        }
        if (assembly.pieces() > 255) {
            throw new IllegalArgumentException("disassembly handles at most 255 pieces, got " + assembly.pieces());
        }
        Disassembler d = new Disassembler(assembly, stop);
        int[] all = new int[assembly.pieces()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return d.separate(all, new Node(all.length));
    }

    /** The breadth-first search over one part; BurrTools keeps three fronts of seen states, so do we. */
    private Separation separate(int[] part, Node start) {
        @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type is made raw
        ArrayDeque<Node>[] open = new ArrayDeque[] {new ArrayDeque<>(), new ArrayDeque<>()};
        @SuppressWarnings({"unchecked", "rawtypes"})
        Set<Node>[] closed = new Set[] {new HashSet<>(), new HashSet<>(), new HashSet<>()};
        int curList = 0;
        int oldFront = 0;
        int curFront = 1;
        int newFront = 2;
        closed[curFront].add(start);
        open[curList].add(start);
        while (!open[curList].isEmpty()) {
            Node node = open[curList].poll();
            if ((++states & 0xFFF) == 0 && stop.getAsBoolean()) {
                throw new Stopped();
            }
            Moves moves = new Moves(shapes, part, node, matrices);
            for (Node next; (next = moves.next()) != null; ) {
                if (closed[oldFront].contains(next) || closed[curFront].contains(next) || !closed[newFront].add(next)) {
                    continue;
                }
                if (!next.isSeparation()) {
                    open[1 - curList].add(next);
                    continue;
                }
                return split(next, part);
            }
            if (open[curList].isEmpty()) {
                curList = 1 - curList;
                closed[oldFront].clear();
                oldFront = curFront;
                curFront = newFront;
                newFront = (newFront + 1) % 3;
            }
        }
        return null;
    }

    /** Both parts of a separation analysed, the one that stayed first; null unless both come apart. */
    private Separation split(Node at, int[] part) {
        Part stayed = part(at, part, false);
        if (!stayed.ok) {
            return null;
        }
        Part left = part(at, part, true);
        if (!left.ok) {
            return null;
        }
        return new Separation(part, moves(at, part), left.result, stayed.result);
    }

    private record Part(boolean ok, Separation result) {
    }

    private Part part(Node at, int[] part, boolean removed) {
        int count = 0;
        for (int i = 0; i < part.length; i++) {
            if (at.removed(i) == removed) {
                count++;
            }
        }
        if (count == 1 || glued(at, part, removed)) {
            return new Part(true, null);
        }
        int[] sub = new int[count];
        Node start = new Node(count);
        Node before = at.from;
        int k = 0;
        for (int i = 0; i < part.length; i++) {
            if (at.removed(i) == removed) {
                sub[k] = part[i];
                start.place(k, before.x(i), before.y(i), before.z(i));
                k++;
            }
        }
        Separation s = separate(sub, start);
        return new Part(s != null, s);
    }

    /** True when every piece of the part belongs to one glue group: it need not come apart. */
    private boolean glued(Node at, int[] part, boolean removed) {
        int group = 0;
        for (int i = 0; i < part.length; i++) {
            if (at.removed(i) == removed) {
                int g = glue[part[i]];
                if (g == 0 || (group != 0 && g != group)) {
                    return false;
                }
                group = g;
            }
        }
        return true;
    }

    private static List<Separation.Move> moves(Node end, int[] part) {
        List<Separation.Move> out = new ArrayList<>();
        for (Node n = end; n.from != null; n = n.from) {
            int[] moved = new int[part.length];
            int k = 0;
            for (int i = 0; i < part.length; i++) {
                boolean m = n.removed(i) ? !n.from.removed(i)
                        : n.x(i) != n.from.x(i) || n.y(i) != n.from.y(i) || n.z(i) != n.from.z(i);
                if (m) {
                    moved[k++] = part[i];
                }
            }
            out.add(new Separation.Move(java.util.Arrays.copyOf(moved, k), n.dir,
                    n.amount == Node.REMOVED ? Separation.Move.AWAY : n.amount));
        }
        Collections.reverse(out);
        return out;
    }
}
