package dev.polycube.engine;

/*
 * GENERATED at build time from src/main/templates/dev/polycube/engine/LiveSetSearch.java (see pom.xml,
 * generate-sources): edit the template, never the copy under target/. One source, several word widths.
 */

/**
 * The search for puzzles of identical pieces in a large 3-D box ({@link Branching#FEWEST_LIVE}): every node
 * branches on the empty cell that the fewest placements can still cover, as Knuth's DLX does, with the
 * placements that still fit kept as bits. @VARIANT@
 *
 * <p>Why: with one kind of piece the only constraints are the cells, and in a 3-D box the first empty cell's
 * neighbours above it are often still open, so the board search's ({@code BoardSearch}) dead-end and corridor
 * rules rarely fire; choosing the most constrained cell shrinks the 25 Y-pentacubes' tree from 177 M nodes to
 * 14 M (docs/PERFORMANCE.md, "The most constrained cell, counted over live placements").
 *
 * <p>How, cheaply: a level keeps its board ({@code W} words) and its <em>live set</em>, one bit per placement
 * that fits the board with a copy left ({@link LiveSetTables#liveWords} words, at most 64). Placing k clears
 * the placements that share a cell with k (one precomputed word range) and, when k's type runs out, that
 * type's placements. A cell's live count is the popcount of the live set and the cell's cover set over the
 * cover set's word range, stopped once it reaches the best so far. Only <em>narrow</em> cells compete: empty
 * cells with at most three empty neighbours (the first empty cell is always one, since everything below it is
 * filled; counting the cells with four empty neighbours too saved 1.4 % of the Y-pentacubes' nodes for more
 * counting). Ties go to the lowest cell, and a count of one ends the comparison. A count of zero closes the
 * board: that is the pruning; before any count, so does an empty cell without an empty neighbour (no piece being a
 * monomino), found bit-parallel. The chosen cell's live bits are the level's branches, so every node is a placement
 * that fits (the {@code nodes} of {@code --stats}).
 *
 * <p>A count ({@link SolutionSink#countsOnly}) is searched the same way, but a level that closes adds up its
 * packings instead of handing them over one by one, and keeps the number for its board ({@link CountedBoards});
 * a board met again later, in this unit or another, is not opened: its number is added.
 *
 * <p>The work units are the board search's (the work plan does not depend on the search rule) and each unit
 * yields the same packings, in another order: catalogs, checkpoints and shards are the same whichever runs.
 */
final class @CLASS@ extends SearchCore {

    @WIDTH_FIELDS@

    private final int liveWords;
    private final long[] placementMask;
    private final int[] overlapLo;
    private final int[] overlapHi;
    private final int[] overlapAt;
    private final long[] overlapBits;
    private final int[] typeLo;
    private final int[] typeHi;
    private final int[] typeAt;
    private final long[] typeBits;
    private final int[] coverLo;
    private final int[] coverHi;
    private final int[] coverAt;
    private final long[] coverBits;
    private final int maxCover;
    private final long[] initialBoard;
    private final long[] required;
    private final long[] canStep;
    private final int stepY;
    private final int stepZ;
    /** Every piece has two cells or more: an empty cell without an empty neighbour closes the board at once. */
    private final boolean noMonominoes;

    /** {@link LiveSetTables#fitsTarget}. */
    private final long[] fitsTarget;
    /** Level k's board is {@code board[k*W .. k*W+W)}, its live set {@code live[k*liveWords ..]}. */
    private final long[] board;
    private final long[] live;
    /** Level k's branches (placement ids): {@code branch[k*maxCover .. k*maxCover+branches[k])}. */
    private final int[] branch;
    private final int[] branches;
    private final int[] nextBranch;
    private final int[] chosen;
    /** Scratch for {@link #open}: the empty cells, and per direction the empty cells with an empty neighbour that way. */
    private final long[] empty;
    /** Zero words on each side of {@link #empty} ({@link SearchCore#pad}). */
    private final int pad;
    private final long[] d;
    private int prefixDepth;
    /** {@link #dive}'s branches of the current level that pass, reused. */
    private int[] diveKids;
    /** A count's packings below each open level so far; made by the first count. */
    private long[] below;
    /** The boards counted to the end, kept from unit to unit; made by the first count. */
    private CountedBoards counted;
    /**
     * The fewest copies left on a board worth keeping in {@link #counted}: about 30 empty cells; never, with several
     * piece types (a board then does not say which copies are left; only tests run this search on such).
     */
    private final int countedCopies;

    @CLASS@(BoardTables t, LiveSetTables lt, SolutionSink sink, SearchControl control, SearchMonitor monitor) {
        super(t, sink, control, monitor, true);
        @WIDTH_INIT@
        if (t.words != W) {
            throw new IllegalArgumentException("@CLASS@ takes boards of " + W + " words, got " + t.words);
        }
        this.liveWords = lt.liveWords;
        this.placementMask = lt.placementMask;
        this.overlapLo = lt.overlapLo;
        this.overlapHi = lt.overlapHi;
        this.overlapAt = lt.overlapAt;
        this.overlapBits = lt.overlapBits;
        this.typeLo = lt.typeLo;
        this.typeHi = lt.typeHi;
        this.typeAt = lt.typeAt;
        this.typeBits = lt.typeBits;
        this.coverLo = lt.coverLo;
        this.coverHi = lt.coverHi;
        this.coverAt = lt.coverAt;
        this.coverBits = lt.coverBits;
        this.maxCover = lt.maxCover;
        this.initialBoard = t.initialBoard;
        this.required = t.required;
        this.canStep = t.canStep;
        this.stepY = t.stepY;
        this.stepZ = t.stepZ;
        this.noMonominoes = t.noMonominoes;
        int levels = stack.length + 2;
        this.board = new long[levels * W];
        this.live = new long[levels * liveWords];
        this.branch = new int[levels * maxCover];
        this.branches = new int[levels];
        this.nextBranch = new int[levels];
        this.chosen = new int[levels];
        this.pad = pad(t.stepZ);
        this.empty = new long[W + 2 * pad];
        this.d = new long[6 * W];
        this.fitsTarget = lt.fitsTarget;
        this.countedCopies = types != 1 || cells.length == 0 ? Integer.MAX_VALUE
                : (COUNTED_CELLS + cells[0].length - 1) / cells[0].length;
    }

    /**
     * Boards with fewer empty cells than this are counted again when met again: their subtrees are small, and the
     * table's slots go to the larger ones (measured on the 25 Y-pentacubes: 6 copies left, 30 cells, against 4 and 8).
     */
    private static final int COUNTED_CELLS = 30;

    @Override
    void searchBelow(int[] prefix) {
        if (sink.countsOnly(unit)) {
            long packings = 0;
            if (setUp(prefix)) {
                packings = minimumsMet() ? 1 : 0;
            } else if (open(0)) {
                packings = count();
            }
            sink.acceptCount(unit, packings);
            return;
        }
        if (setUp(prefix)) {
            if (minimumsMet()) {
                emit(0);
            }
        } else if (open(0)) {
            enumerate();
        }
    }

    /** Level 0: the prefix placed, its live set worked out placement by placement. True when that fills the board. */
    private boolean setUp(int[] prefix) {
        resetCopies();
        System.arraycopy(initialBoard, 0, board, 0, W);
        int depth = 0;
        for (int k : prefix) {
            for (int c : cells[k]) {
                board[c >>> 6] |= 1L << c;
            }
            take(pieceOf[k]);
            stack[depth++] = k;
        }
        prefixDepth = depth;
        if (full(0)) {
            return true;
        }
        // the placements that fit the empty target, less those the prefix's placements overlap and the used-up types':
        // a few word ranges per unit instead of a test of every placement (3 % of the Y-pentacubes' count, 33,389 units)
        System.arraycopy(fitsTarget, 0, live, 0, liveWords);
        for (int i = 0; i < depth; i++) {
            ruleOutOverlaps(stack[i], 0);
        }
        for (int p = 0; p < types; p++) {
            if (blocked(p)) {
                ruleOutType(p, 0);
            }
        }
        return false;
    }

    /**
     * Enumerates below level 0, which {@link #open} has set up. Level {@code top} takes its next branch; a
     * branch that fills the board is a packing, one that leaves every narrow cell coverable opens the next level,
     * and a level out of branches closes and gives back the piece placed on the level below.
     */
    private void enumerate() {
        int top = 0;
        while (top >= 0) {
            int i = nextBranch[top];
            if (i >= branches[top]) {
                if (--top >= 0) {
                    give(pieceOf[chosen[top]]);
                }
                continue;
            }
            int k = takeBranch(top, i);
            if (place(k, top)) {
                if (minimumsMet()) {
                    emit(top + 1);
                }
            } else if (open(top + 1)) {
                top++;
                continue;
            }
            give(pieceOf[k]);
        }
    }

    /** Level {@code top}'s branch {@code i}, taken: the level's choice now, and a node (the control polled every 2^16). */
    private int takeBranch(int top, int i) {
        nextBranch[top] = i + 1;
        int k = branch[top * maxCover + i];
        if ((++nodes & POLL_MASK) == 0) {
            poll();
        }
        chosen[top] = k;
        return k;
    }

    /**
     * {@link #enumerate} for a count: the packings below level 0, which {@link #open} has set up. A level that closes
     * has counted its board's completions, which {@link #counted} keeps; a branch whose board is there is not opened.
     */
    private long count() {
        if (below == null) {
            below = new long[branches.length];
            counted = new CountedBoards(W);
        }
        int top = 0;
        below[0] = 0;
        while (true) {
            int i = nextBranch[top];
            if (i >= branches[top]) {
                long n = below[top];
                if (copiesLeft >= countedCopies) {
                    counted.remember(board, top * W, n);
                }
                if (top == 0) {
                    return n;
                }
                top--;
                give(pieceOf[chosen[top]]);
                below[top] = add(below[top], n);
                continue;
            }
            int k = takeBranch(top, i);
            if (placeOnBoard(k, top)) {
                if (minimumsMet()) {
                    below[top]++;
                }
            } else {
                // looked up before the live set is worked out: a board found needs none
                long known = copiesLeft >= countedCopies ? counted.recall(board, (top + 1) * W) : -1;
                if (known >= 0) {
                    below[top] = add(below[top], known);
                } else {
                    updateLive(k, top);
                    if (open(top + 1)) {
                        top++;
                        below[top] = 0;
                        continue;
                    }
                }
            }
            give(pieceOf[k]);
        }
    }

    /** {@code a + b}, packings of one unit, which the journal keeps as a {@code long}: past that, a sentence, not a wrap. */
    private static long add(long a, long b) {
        long sum = a + b;
        if (sum < 0) {
            throw new ArithmeticException("one work unit's count passed " + Long.MAX_VALUE + " packings, more than a "
                    + "count file or checkpoint records per unit");
        }
        return sum;
    }

    /**
     * Level {@code level + 1}: level {@code level}'s board with placement k on it (its piece taken). True when
     * that fills the board; otherwise the live set is brought up to date.
     */
    private boolean place(int k, int level) {
        if (placeOnBoard(k, level)) {
            return true;
        }
        updateLive(k, level);
        return false;
    }

    /** Level {@code level + 1}'s board: level {@code level}'s with placement k on it (its piece taken). True when full. */
    private boolean placeOnBoard(int k, int level) {
        int from = level * W;
        int to = from + W;
        long filled = -1L;
        for (int w = 0; w < W; w++) {
            long b = board[from + w] | placementMask[k * W + w];
            board[to + w] = b;
            filled &= b;
        }
        take(pieceOf[k]);
        return filled == -1L;
    }

    /** Level {@code level + 1}'s live set: level {@code level}'s without the placements that k, just placed, rules out. */
    private void updateLive(int k, int level) {
        int p = pieceOf[k];
        int lf = level * liveWords;
        int lt = lf + liveWords;
        System.arraycopy(live, lf, live, lt, liveWords);
        ruleOutOverlaps(k, lt);
        if (blocked(p)) {
            ruleOutType(p, lt);
        }
    }

    /** Clears, in the live set at {@code base}, the placements that share a cell with placement k (k among them). */
    private void ruleOutOverlaps(int k, int base) {
        int at = overlapAt[k] - overlapLo[k];
        for (int x = overlapLo[k], e = overlapHi[k]; x < e; x++) {
            live[base + x] &= ~overlapBits[at + x];
        }
    }

    /** Clears, in the live set at {@code base}, the placements of type p (its copies are used up). */
    private void ruleOutType(int p, int base) {
        int ta = typeAt[p] - typeLo[p];
        for (int x = typeLo[p], e = typeHi[p]; x < e; x++) {
            live[base + x] &= ~typeBits[ta + x];
        }
    }

    private boolean full(int level) {
        for (int w = 0; w < W; w++) {
            if (board[level * W + w] != -1L) {
                return false;
            }
        }
        return true;
    }

    /**
     * Sets level {@code level} up on its board (not full): its branches are the live placements of the narrow
     * cell with the fewest, the lowest such cell on a tie. False when some narrow cell counted has none left.
     */
    private boolean open(int level) {
        int base = level * W;
        for (int w = 0; w < W; w++) {
            empty[pad + w] = ~board[base + w];
        }
        emptyNeighbours(empty, pad, W, canStep, stepY, stepZ, d);
        int lb = level * liveWords;
        int best = Integer.MAX_VALUE;
        int bestCell = -1;
        if (noMonominoes) {
            // an isolated empty cell (a fifth of the Y-pentacubes' boards opened) closes the board without a count;
            // counted in turn, it was reached only after the cells before it, or never, once a forced cell had ended
            // the counting
            for (int w = 0; w < W; w++) {
                long any = d[w] | d[W + w] | d[2 * W + w] | d[3 * W + w] | d[4 * W + w] | d[5 * W + w];
                if ((empty[pad + w] & required[w] & ~any) != 0) {
                    return false;
                }
            }
        }
        for (int w = 0; w < W && best > 1; w++) {
            long narrow = ~atLeastFour(d[w], d[W + w], d[2 * W + w], d[3 * W + w], d[4 * W + w], d[5 * W + w])
                    & required[w] & empty[pad + w];
            for (; narrow != 0 && best > 1; narrow &= narrow - 1) {
                int c = (w << 6) + Long.numberOfTrailingZeros(narrow);
                int count = 0;
                int at = coverAt[c] - coverLo[c];
                for (int x = coverLo[c], e = coverHi[c]; x < e && count < best; x++) {
                    count += Long.bitCount(live[lb + x] & coverBits[at + x]);
                }
                if (count < best) {
                    if (count == 0) {
                        return false;
                    }
                    best = count;
                    bestCell = c;
                }
            }
        }
        int m = 0;
        int out = level * maxCover;
        int at = coverAt[bestCell] - coverLo[bestCell];
        for (int x = coverLo[bestCell], e = coverHi[bestCell]; x < e; x++) {
            for (long bits = live[lb + x] & coverBits[at + x]; bits != 0; bits &= bits - 1) {
                branch[out + m++] = (x << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        branches[level] = m;
        nextBranch[level] = 0;
        return true;
    }

    /**
     * One random dive below {@code prefix} (Knuth's estimate of this search's subtree): at each level the branches
     * that fill the board or open a level, one of them taken at random. Returns 1 plus, per level, the level's
     * branches times the product of the passing branches above it (an estimate of the nodes {@code --stats}
     * counts, which are every branch tried: about half of them close at once here), or -1 once {@code stop} says so.
     */
    @Override
    public double dive(int[] prefix, java.util.SplittableRandom random, java.util.function.BooleanSupplier stop) {
        double width = 1;
        double nodes = 1;
        if (setUp(prefix) || !open(0)) {
            return nodes;
        }
        if (diveKids == null) {
            diveKids = new int[maxCover];
        }
        int level = 0;
        while (!stop.getAsBoolean()) {
            int n = 0;
            for (int i = 0; i < branches[level]; i++) {
                int k = branch[level * maxCover + i];
                if (place(k, level) || open(level + 1)) {
                    diveKids[n++] = k;
                }
                give(pieceOf[k]);
            }
            nodes += width * branches[level]; // every branch is a node of --stats, whether it opens a level or not
            if (n == 0) {
                return nodes;
            }
            width *= n;
            int k = diveKids[random.nextInt(n)];
            if (place(k, level)) {
                return nodes;
            }
            open(++level);
        }
        return -1;
    }

    /** Hands the sink the prefix and the placements chosen on levels {@code 0 .. levels-1}. */
    private void emit(int levels) {
        int depth = prefixDepth;
        for (int level = 0; level < levels; level++) {
            stack[depth++] = chosen[level];
        }
        deliver(depth);
    }
}
