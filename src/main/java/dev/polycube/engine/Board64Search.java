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
 * <p>Pruning, after each placement (docs/PERFORMANCE.md has what each step buys): no empty cell may be
 * isolated (when no piece is a monomino), and each empty cell next to the new piece that has only one empty
 * neighbour left must still be coverable by some remaining piece lying in the empty space. Such dead-end
 * cells are where a placement walls in a pocket no piece fits; testing better-connected cells, or cells
 * farther away, costs more time than the subtrees it cuts.
 *
 * <p>One instance per work unit and thread: the remaining-copies array and the placement stack are
 * mutable. No allocation happens per node; solutions are handed to the sink as fresh arrays.
 */
final class Board64Search {

    /** Unwinds the recursion when the control says stop; preallocated, no stack trace. */
    static final class Stop extends RuntimeException {
        static final Stop INSTANCE = new Stop();

        private Stop() {
            super("stopped", null, false, false);
        }
    }

    private static final long POLL_MASK = (1L << 16) - 1;
    private static final long NODE_REPORT = 1L << 20;

    private final Tables64 t;
    private final long[] masks;
    private final int[] groupStart;
    private final long[] coverMasks;
    private final int[] coverStart;
    private final int[] coverEnd;
    private final int types;
    private final int[] remaining;
    private final int[] stack;
    private final SolutionSink sink;
    private final SearchControl control;
    private final SearchMonitor monitor;
    private final boolean checkCover;
    private int unit;
    private long nodes;
    private long reported;

    Board64Search(Tables64 t, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        this.t = t;
        this.masks = t.masks;
        this.groupStart = t.groupStart;
        this.coverMasks = t.coverMasks;
        this.coverStart = t.coverStart;
        this.coverEnd = t.coverEnd;
        this.types = t.types;
        this.remaining = new int[t.types];
        int copies = 0;
        for (int c : t.counts) {
            copies += c;
        }
        this.stack = new int[copies];
        this.sink = sink;
        this.control = control;
        this.monitor = monitor;
        this.checkCover = checkCover;
    }

    /** Places {@code prefix}, then enumerates the whole subtree below it. Returns the nodes expanded. */
    long run(int unitIndex, int[] prefix) {
        unit = unitIndex;
        nodes = 0;
        reported = 0;
        long board = setUp(prefix);
        search(board, prefix.length);
        monitor.onNodes(nodes - reported);
        return nodes;
    }

    /** Nodes counted by {@link #children} calls so far (the split phase's share of the search). */
    long expansionNodes() {
        return nodes;
    }

    /** The placements that extend {@code prefix} by one piece at its first empty cell, after pruning. */
    int[] children(int[] prefix) {
        long board = setUp(prefix);
        if (board == -1L) {
            return new int[0];
        }
        int c = Long.numberOfTrailingZeros(~board);
        it.unimi.dsi.fastutil.ints.IntArrayList out = new it.unimi.dsi.fastutil.ints.IntArrayList();
        for (int p = 0; p < types; p++) {
            if (remaining[p] == 0) {
                continue;
            }
            for (int i = groupStart[c * types + p], end = groupStart[c * types + p + 1]; i < end; i++) {
                long m = masks[i];
                if ((m & board) == 0) {
                    nodes++;
                    remaining[p]--;
                    if (keeps(board | m, m)) {
                        out.add(i);
                    }
                    remaining[p]++;
                }
            }
        }
        return out.toIntArray();
    }

    /** True when {@code prefix} already fills the target. */
    boolean isComplete(int[] prefix) {
        return setUp(prefix) == -1L;
    }

    private long setUp(int[] prefix) {
        System.arraycopy(t.counts, 0, remaining, 0, types);
        long board = t.initialBoard;
        for (int i = 0; i < prefix.length; i++) {
            int k = prefix[i];
            board |= masks[k];
            remaining[t.pieceOf[k]]--;
            stack[i] = k;
        }
        return board;
    }

    private void search(long board, int depth) {
        if (board == -1L) {
            emit(depth);
            return;
        }
        int base = Long.numberOfTrailingZeros(~board) * types;
        for (int p = 0; p < types; p++) {
            if (remaining[p] == 0) {
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
                remaining[p]--;
                if (keeps(next, m)) {
                    stack[depth] = i;
                    search(next, depth + 1);
                }
                remaining[p]++;
            }
        }
    }

    /** False when placing {@code m} (giving {@code board}) leaves an empty cell no piece can cover. */
    private boolean keeps(long board, long m) {
        if (!checkCover || board == -1L) {
            return true;
        }
        long empty = ~board;
        if (t.noMonominoes && (empty & ~t.neighbours(empty)) != 0) {
            return false; // an isolated empty cell: every piece has at least two cells
        }
        int first = Long.numberOfTrailingZeros(empty);
        for (long front = t.neighbours(m) & empty; front != 0; front &= front - 1) {
            int cell = Long.numberOfTrailingZeros(front);
            if (Long.bitCount(t.neighbours(front & -front) & empty) < 2 && !coverable(cell, board, first)) {
                return false;
            }
        }
        return true;
    }

    private boolean coverable(int cell, long board, int first) {
        int base = cell * types;
        for (int p = 0; p < types; p++) {
            if (remaining[p] == 0) {
                continue;
            }
            for (int i = coverStart[base + p], end = coverEnd[((base + p) << 6) + first]; i < end; i++) {
                if ((coverMasks[i] & board) == 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private void poll() {
        if (nodes - reported >= NODE_REPORT) {
            monitor.onNodes(nodes - reported);
            reported = nodes;
        }
        if (control.isStopped()) {
            throw Stop.INSTANCE;
        }
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
