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
    private static final long NODE_REPORT = 1L << 20;

    final int types;
    private final int[] counts;
    final int[] remaining;
    final int[] stack;
    final SolutionSink sink;
    final SearchControl control;
    final SearchMonitor monitor;
    final boolean checkCover;
    /** Every piece type's bit. */
    private final long allTypes;
    /** Bit p set when piece type p has no copies left: the cover scans test it per entry. */
    long exhausted;
    int unit;
    long nodes;
    private long reported;

    /** Choices (optional pieces, groups): see {@link Choices}; null for an ordinary puzzle. */
    private final Choices choices;
    /** Copies a group may still give, and the pieces of groups that have none left, as a bit mask. */
    private final int[] groupLeft;
    long groupBlocked;

    SearchCore(int[] counts, Choices choices, SolutionSink sink, SearchControl control, SearchMonitor monitor,
               boolean checkCover) {
        this.types = counts.length;
        this.allTypes = types == 64 ? -1L : (1L << types) - 1;
        this.counts = counts;
        this.choices = choices;
        this.groupLeft = choices == null ? new int[0] : new int[choices.groupMax.length];
        this.remaining = new int[types];
        int copies = 0;
        for (int c : counts) {
            copies += c;
        }
        this.stack = new int[copies];
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

    @Override
    public final long expansionNodes() {
        return nodes;
    }

    /** All copies back, before a prefix is placed. */
    final void resetCopies() {
        System.arraycopy(counts, 0, remaining, 0, types);
        exhausted = 0;
        groupBlocked = 0;
        if (choices != null) {
            System.arraycopy(choices.groupMax, 0, groupLeft, 0, groupLeft.length);
        }
    }

    final void take(int p) {
        if (--remaining[p] == 0) {
            exhausted |= 1L << p;
        }
        if (choices != null && choices.groupOf[p] >= 0 && --groupLeft[choices.groupOf[p]] == 0) {
            groupBlocked |= choices.groupMembers[choices.groupOf[p]];
        }
    }

    final void give(int p) {
        remaining[p]++;
        exhausted &= ~(1L << p);
        if (choices != null && choices.groupOf[p] >= 0 && groupLeft[choices.groupOf[p]]++ == 0) {
            groupBlocked &= ~choices.groupMembers[choices.groupOf[p]];
        }
    }

    /** True when piece type p may not be placed now (no copy left, or its group used up). */
    final boolean blocked(int p) {
        return remaining[p] == 0 || (groupBlocked >>> p & 1) != 0;
    }

    /**
     * On a settled board: every piece and group used at least its minimum; without choices, every copy placed
     * (a target with optional cells can be settled with copies left over, by leaving cells empty).
     */
    final boolean minimumsMet() {
        if (choices == null) {
            return exhausted == allTypes;
        }
        for (int p = 0; p < types; p++) {
            if (counts[p] - remaining[p] < choices.pieceMin[p]) {
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
