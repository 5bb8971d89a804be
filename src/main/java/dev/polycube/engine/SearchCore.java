package dev.polycube.engine;

/**
 * What every board's search keeps besides the board: copies left per piece type (and as a bit mask of the
 * used-up types), the placement stack, node counts, and the link to the outside (sink, control, monitor),
 * polled every 2^16 nodes.
 */
abstract class SearchCore implements Engine.Search {

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
    /** Bit p set when piece type p has no copies left: the cover scans test it per entry. */
    long exhausted;
    int unit;
    long nodes;
    private long reported;

    SearchCore(int[] counts, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        this.types = counts.length;
        this.counts = counts;
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
    }

    final void take(int p) {
        if (--remaining[p] == 0) {
            exhausted |= 1L << p;
        }
    }

    final void give(int p) {
        remaining[p]++;
        exhausted &= ~(1L << p);
    }

    final void poll() {
        if (nodes - reported >= NODE_REPORT) {
            monitor.onNodes(nodes - reported);
            reported = nodes;
        }
        if (control.isStopped()) {
            throw Board64Search.Stop.INSTANCE;
        }
    }
}
