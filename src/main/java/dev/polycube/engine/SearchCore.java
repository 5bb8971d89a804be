package dev.polycube.engine;

/**
 * What every board's search keeps besides the board: copies left per piece type (and as a bit mask of the
 * used-up types), the placement stack, node counts, and the link to the outside (sink, control, monitor),
 * polled every 2^16 nodes.
 */
abstract class SearchCore implements Engine.Search {

    /** Unwinds the recursion when the control says stop; preallocated, no stack trace. */
    static final class Stop extends RuntimeException {
        static final Stop INSTANCE = new Stop();

        private Stop() {
            super("stopped", null, false, false);
        }
    }

    static final long POLL_MASK = (1L << 16) - 1;

    /**
     * Empty cells at or below which the board search no longer counts lists to choose its cell: it takes the dead end
     * with the shortest list, or in a solid box the corridor with the shortest list, or else the first empty cell,
     * uncounted, from 28 empty cells on (a flat box takes no corridor there: the first empty cell). Above, dead ends,
     * corridors and the first cell compete by counted fits. Measured (docs/PERFORMANCE.md, "The first empty cell near
     * the leaves", "Near the leaves, the corridor with the shortest list" and "Dead ends counted above the leaves"): the
     * leaf rule took 10 - 16 % off Bedlam's, the Tetris Cube's and Big Brother's search in a C port, 4 - 8 % here;
     * counting the dead ends above it took Bedlam's tree from 88.5 M to 64.8 M nodes; 28 rather than 25 took 5 % off the
     * Tetris Cube, and rather than 20 in a flat box 10 % off the one-sided 9x10 pentominoes (which lost 4 - 8 % with
     * corridors at the leaves, hence the flat box's first cell). A threshold in copies left (4) instead made few-piece
     * burrs slower (PelikanBurr's 4 copies are 40 cells).
     */
    static final int LEAF_CELLS = 28;
    private static final long NODE_REPORT = 1L << 20;

    final int types;
    /** The box indices each engine placement covers, and its piece type (as in {@link BoardTables}). */
    final int[][] cells;
    final int[] pieceOf;
    private final int[] counts;
    final int[] remaining;
    final int[] stack;
    final SolutionSink sink;
    final SearchControl control;
    final SearchMonitor monitor;
    final boolean checkCover;
    /**
     * The piece types that may not be placed now, as bits of one long that the scans test per entry: bit b
     * is set when every type on it is blocked (no copy left, or its group used up). Type p sits on bit
     * {@code p & 63}: with at most 64 types and no groups, bit p is type p alone and the test is exact;
     * otherwise several types share a bit, the bit only says "all of them", and a scan checks the type of
     * an entry it found with {@link #blocked} before placing it ({@link #sharedBits}).
     */
    long gone;
    /** True when a set bit of {@link #gone} is not the whole truth: more than 64 types, or groups. */
    final boolean sharedBits;
    /** Copies not yet placed, all types together. */
    int copiesLeft;
    int unit;
    long nodes;
    private long reported;
    private final int copies;

    /** Choices (optional pieces, groups): see {@link Choices}; null for an ordinary puzzle. */
    private final Choices choices;
    /** Copies a group may still give. */
    private final int[] groupLeft;
    /** Per type: blocked now; per bit: how many of its types are blocked, and how many types it has. */
    private final boolean[] isBlocked;
    private final int[] blockedOnBit = new int[64];
    private final int[] typesOnBit = new int[64];

    SearchCore(BoardTables t, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        int[] counts = t.counts;
        Choices choices = t.choices;
        this.cells = t.cells;
        this.pieceOf = t.pieceOf;
        this.emitCells = new int[t.volume];
        this.types = counts.length;
        this.counts = counts;
        this.choices = choices;
        this.groupLeft = choices == null ? new int[0] : new int[choices.groupMax.length];
        this.remaining = new int[types];
        this.isBlocked = new boolean[types];
        this.sharedBits = types > 64 || choices != null;
        int all = 0;
        for (int p = 0; p < types; p++) {
            all += counts[p];
            typesOnBit[p & 63]++;
        }
        this.copies = all;
        this.stack = new int[all];
        this.sink = sink;
        this.control = control;
        this.monitor = monitor;
        this.checkCover = checkCover;
    }

    @Override
    public final long run(int unitIndex, int[] prefix) {
        unit = unitIndex;
        nodes = 0;
        reported = 0;
        searchBelow(prefix);
        monitor.onNodes(nodes - reported);
        return nodes;
    }

    /** Places {@code prefix} and enumerates everything below it. */
    abstract void searchBelow(int[] prefix);

    /** All copies back, before a prefix is placed. */
    final void resetCopies() {
        System.arraycopy(counts, 0, remaining, 0, types);
        copiesLeft = copies;
        gone = 0;
        java.util.Arrays.fill(isBlocked, false);
        java.util.Arrays.fill(blockedOnBit, 0);
        if (choices != null) {
            System.arraycopy(choices.groupMax, 0, groupLeft, 0, groupLeft.length);
        }
    }

    final void take(int p) {
        copiesLeft--;
        if (!sharedBits) {
            if (--remaining[p] == 0) {
                gone |= 1L << p; // bit p is type p alone
            }
            return;
        }
        if (--remaining[p] == 0) {
            refresh(p);
        }
        int g = choices == null ? -1 : choices.groupOf[p];
        if (g >= 0 && --groupLeft[g] == 0) {
            for (int q : choices.groupMembers[g]) {
                refresh(q);
            }
        }
    }

    final void give(int p) {
        copiesLeft++;
        if (!sharedBits) {
            remaining[p]++;
            gone &= ~(1L << p);
            return;
        }
        if (remaining[p]++ == 0) {
            refresh(p);
        }
        int g = choices == null ? -1 : choices.groupOf[p];
        if (g >= 0 && groupLeft[g]++ == 0) {
            for (int q : choices.groupMembers[g]) {
                refresh(q);
            }
        }
    }

    /** Brings type q's blocked flag, its bit's count and {@link #gone} up to date. */
    private void refresh(int q) {
        int g = choices == null ? -1 : choices.groupOf[q];
        boolean now = remaining[q] == 0 || (g >= 0 && groupLeft[g] == 0);
        if (now == isBlocked[q]) {
            return;
        }
        isBlocked[q] = now;
        int bit = q & 63;
        if (now) {
            if (++blockedOnBit[bit] == typesOnBit[bit]) {
                gone |= 1L << bit;
            }
        } else if (blockedOnBit[bit]-- == typesOnBit[bit]) {
            gone &= ~(1L << bit);
        }
    }

    /** True when piece type p may not be placed now (no copy left, or its group used up). */
    final boolean blocked(int p) {
        return sharedBits ? isBlocked[p] : remaining[p] == 0;
    }

    /**
     * True when type p must still place a copy: without choices, while it has copies left; with them, while it has
     * placed fewer than its minimum (a group's minimum is not looked at: this only says what every packing needs).
     */
    final boolean needsMore(int p) {
        return choices == null ? remaining[p] > 0 : counts[p] - remaining[p] < choices.pieceMin[p];
    }

    /**
     * On a settled board: every piece and group used at least its minimum; without choices, every copy placed
     * (a target with optional cells can be settled with copies left over, by leaving cells empty).
     */
    final boolean minimumsMet() {
        if (choices == null) {
            return copiesLeft == 0;
        }
        for (int p = 0; p < types; p++) {
            if (needsMore(p)) {
                return false;
            }
        }
        for (int g = 0; g < groupLeft.length; g++) {
            if (choices.groupMax[g] - groupLeft[g] < choices.groupMin[g]) {
                return false;
            }
        }
        return true;
    }

    /** Bit-parallel: the cells set in at least two of the six neighbour masks (a saturating counter). */
    static long atLeastTwo(long a, long b, long c, long d, long e, long f) {
        long one = a | b;
        long two = a & b;
        two |= one & c;
        one |= c;
        two |= one & d;
        one |= d;
        two |= one & e;
        one |= e;
        two |= one & f;
        return two;
    }

    /** Bit-parallel: the cells set in at least three of the six neighbour masks. */
    static long atLeastThree(long a, long b, long c, long d, long e, long f) {
        long one = a | b;
        long two = a & b;
        long three = two & c;
        two |= one & c;
        one |= c;
        three |= two & d;
        two |= one & d;
        one |= d;
        three |= two & e;
        two |= one & e;
        one |= e;
        three |= two & f;
        return three;
    }

    /** What {@link #deliver} hands the sink, reused from one packing to the next (the sink copies what it keeps). */
    private final int[] emitCells;
    private int[] emitCopies = new int[0];

    /** Hands the sink the packing whose placements (engine ids) are {@code stack[0 .. depth)}. */
    final void deliver(int depth) {
        int[] cellCopy = emitCells;
        java.util.Arrays.fill(cellCopy, -1);
        if (emitCopies.length != depth) {
            emitCopies = new int[depth];
        }
        int[] copyPiece = emitCopies;
        for (int k = 0; k < depth; k++) {
            int placement = stack[k];
            copyPiece[k] = pieceOf[placement];
            for (int c : cells[placement]) {
                cellCopy[c] = k;
            }
        }
        sink.accept(unit, cellCopy, copyPiece);
    }

    /**
     * How many zero words a set of cells keeps on each side (a <em>padded</em> set: word w of the board at index
     * {@code pad + w}) so that {@link #shiftDown} and {@link #shiftUp} by up to {@code step} bits read words, never
     * test bounds: short enough to be inlined in the search's hot loop (a bounds-testing version was not, and
     * cost the Y-pentacubes' search about 6 %).
     */
    static int pad(int step) {
        return (step >>> 6) + 1;
    }

    /**
     * Word {@code w} of a padded set shifted down by {@code s} bits: bit i set when bit i + s is. Java shifts a long
     * by {@code s & 63}, and {@code (x << 1) << ~s} is x shifted by 64 - (s & 63), nothing when s is a multiple of 64.
     */
    static long shiftDown(long[] set, int pad, int w, int s) {
        int q = pad + w + (s >>> 6);
        return set[q] >>> s | (set[q + 1] << 1) << ~s;
    }

    /** Word {@code w} of a padded set shifted up by {@code s} bits: bit i set when bit i - s is. */
    static long shiftUp(long[] set, int pad, int w, int s) {
        int q = pad + w - (s >>> 6);
        return set[q] << s | (set[q - 1] >>> 1) >>> ~s;
    }

    /**
     * The neighbour masks of a board's empty cells ({@code empty}, padded by {@code pad}): {@code d[k*words + w]},
     * the empty cells of word w whose neighbour in direction k (+x, -x, +y, -y, +z, -z) is in the box and empty.
     * {@code stepZ} 0: a box one cell deep, whose z masks are zero and not worked out.
     */
    static void emptyNeighbours(long[] empty, int pad, int words, long[] canStep, int stepY, int stepZ, long[] d) {
        for (int w = 0; w < words; w++) {
            long e = empty[pad + w];
            d[w] = shiftDown(empty, pad, w, 1) & canStep[w] & e;
            d[words + w] = shiftUp(empty, pad, w, 1) & canStep[words + w] & e;
            d[2 * words + w] = shiftDown(empty, pad, w, stepY) & canStep[2 * words + w] & e;
            d[3 * words + w] = shiftUp(empty, pad, w, stepY) & canStep[3 * words + w] & e;
            if (stepZ == 0) {
                d[4 * words + w] = 0;
                d[5 * words + w] = 0;
            } else {
                d[4 * words + w] = shiftDown(empty, pad, w, stepZ) & canStep[4 * words + w] & e;
                d[5 * words + w] = shiftUp(empty, pad, w, stepZ) & canStep[5 * words + w] & e;
            }
        }
    }

    /**
     * {@link #emptyNeighbours} of a one-word board, its empty cells {@code empty}, worked out in registers: the general
     * form goes through the padded array word by word, and this is about 4 % of Bedlam's search (four alternating pairs,
     * docs/PERFORMANCE.md). A direction whose step is 64 (a 64x1x1 box's y) has no neighbour in the box, and its
     * {@code canStep} mask, zero, clears what Java's shift by 64 mod 64 would leave; a flat box's z masks are zero too.
     */
    static void emptyNeighbours(long empty, long[] canStep, int stepY, int stepZ, long[] d) {
        d[0] = empty >>> 1 & canStep[0] & empty;
        d[1] = empty << 1 & canStep[1] & empty;
        d[2] = empty >>> stepY & canStep[2] & empty;
        d[3] = empty << stepY & canStep[3] & empty;
        d[4] = empty >>> stepZ & canStep[4] & empty;
        d[5] = empty << stepZ & canStep[5] & empty;
    }

    /** Bit-parallel: the cells set in at least four of the six neighbour masks. */
    static long atLeastFour(long a, long b, long c, long d, long e, long f) {
        long one = a | b;
        long two = a & b;
        long three = two & c;
        two |= one & c;
        one |= c;
        long four = three & d;
        three |= two & d;
        two |= one & d;
        one |= d;
        four |= three & e;
        three |= two & e;
        two |= one & e;
        one |= e;
        four |= three & f;
        return four;
    }

    final void poll() {
        if (nodes - reported >= NODE_REPORT) {
            monitor.onNodes(nodes - reported);
            reported = nodes;
        }
        if (control.isStopped()) {
            throw Stop.INSTANCE;
        }
    }
}
