package dev.polycube.engine;

/*
 * GENERATED at build time from src/main/templates/dev/polycube/engine/BoardSearch.java (see pom.xml,
 * generate-sources): edit the template, never the copy under target/. One source, several word widths.
 */

/**
 * The hot core: a depth-first backtracker over a board of {@code W} 64-bit words, with an explicit stack.
 * @VARIANT@
 *
 * <p>The board has a bit set for every filled cell (cells outside the target, and bits above the box,
 * start filled). Every node must cover one chosen empty cell, and every way to cover it is one entry of a
 * precomputed list ({@link TableLayout}); an entry fits when its cells are empty and its piece has copies
 * left, tested as {@code ((mask & board) | (pieceBit & gone)) == 0} (see {@link SearchCore#gone}) over the entry's window of {@code K}
 * words ({@link BoardTables}): one branch per entry, because at these sizes mispredicted branches, not
 * arithmetic, are what a node costs. Which cell (most constrained first, found cheaply):
 * <ul>
 *   <li>a <em>dead end</em> (an empty cell with exactly one empty neighbour n), when {@link #keeps} found
 *       one: only placements entering through n can cover it, and the list for (cell, direction, which of
 *       n's neighbours are empty) holds exactly those that can still fit. The dead ends' and the <em>corridor</em>
 *       cells' (exactly two empty neighbours) fitting entries are counted, stopping at the best so far, and the
 *       fewest wins;</li>
 *   <li>with no dead end, the corridor cells and the first empty cell c (every lower cell is full, so its
 *       candidates are the placements whose lowest cell is c; its list is the one for which of its neighbours in
 *       +x, +y, +z are empty, {@link TableLayout#firstStart}) compete the same way. Counting halves the tree
 *       against always taking the first empty cell, and counting the dead ends too (rather than taking the
 *       shortest at once) takes a quarter more off Bedlam's;</li>
 *   <li>except near the leaves: with at most {@link SearchCore#LEAF_CELLS} empty cells nothing is counted (most
 *       constrained near the root, cheapest choice near the leaves, as Busche's solvers do): the dead end with
 *       the shortest list; else in a solid box the corridor with the shortest list, else the first empty cell;
 *       in a flat box the first empty cell. There the counting costs more than the few nodes it saves.</li>
 * </ul>
 *
 * <p>Pruning after each placement ({@link #keeps}; docs/PERFORMANCE.md has what each step buys): the empty
 * cells' neighbour counts come bit-parallel from six shifted copies of the empty set; no empty cell may be
 * isolated (when no piece is a monomino), and every dead end must still have a fitting entry in its list. A level
 * opens only while every piece with few placements in all ({@link BoardTables#rarePiece}: a frame) has one that fits.
 * The entry that proved a dead end coverable is remembered per (cell, direction) and tried first next time;
 * it is only a hint, so it needs no undo.
 *
 * <p>Puzzles with choices add two things: an optional first-empty cell's list starts with a "leave it empty"
 * entry, and a full board counts only if every piece and group reached its minimum ({@link SearchCore}).
 *
 * <p>One instance per worker thread, reused unit after unit: the copies left and the stacks are mutable.
 * No allocation happens per node; solutions are handed to the sink as fresh arrays. Loops over words run
 * to {@code W} and {@code K}: in the fixed-width variants those are constants, and the JIT compiles the
 * loops away, so the one-word board costs what a hand-written {@code long} search would.
 */
final class @CLASS@ extends SearchCore {

    @WIDTH_FIELDS@

    private final long[] entryMask;
    private final int[] entryWord;
    private final long[] entryPieceBit;
    private final int[] entryPiece;
    private final int[] entryId;
    private final int[] entrySkip;
    private final int[] firstStart;
    private final int[] deadEndStart;
    private final int[] corridorStart;
    private final int[] coverStart;
    private final boolean anyOptional;
    private final long[] initialBoard;
    private final long[] required;
    private final long[] canStep;
    private final boolean noMonominoes;
    private final int volume;
    private final int stepY;
    private final int stepZ;
    /** A box one cell deep (no cell has a neighbour along z): the z masks are zero, and not worked out per node. */
    private final boolean flat;
    private final int[] step;
    /** Per (cell, direction), the entry that last proved the dead end coverable, or -1; a hint, never undone. */
    private final int[] witness;
    /** The pieces with few placements and theirs as whole boards ({@link BoardTables#rarePiece}). */
    private final int[] rarePiece;
    private final int[] rareStart;
    private final long[] rareMask;
    /** Per rare piece, the placement that last fitted: tried first, a hint like {@link #witness}. */
    private final int[] rareWitness;
    /** True when the puzzle has a rare piece: else the check costs one well-predicted branch. */
    private final boolean anyRare;
    /** The explicit stack: level k's board is {@code levelBoard[k*W .. k*W+W)}; its next entry, list end, choice. */
    private final long[] levelBoard;
    private final int[] levelNext;
    private final int[] levelEnd;
    private final int[] levelChosen;
    /** Placements in the prefix last set up (a prefix may also leave optional cells empty). */
    private int prefixDepth;
    /** Set by {@link #keeps}: the list of the dead end to branch on next, or -1 (no dead end: see {@link #open}). */
    private int branchList;
    /** Set by {@link #fewest}: the entries of the list it chose. */
    private int pickFrom;
    private int pickTo;
    /** Set by {@link #keeps} on a board it accepts: {@code d[k*W+w]}, empty cells with an empty neighbour in direction k. */
    private final long[] d;
    /** Scratch: the empty cells of the board {@link #keeps} looks at. */
    private final long[] empty;
    /** Zero words on each side of {@link #empty} ({@link SearchCore#pad}). */
    private final int pad;

    @CLASS@(BoardTables t, SolutionSink sink, SearchControl control, SearchMonitor monitor, boolean checkCover) {
        super(t, sink, control, monitor, checkCover);
        @WIDTH_INIT@
        if (t.words != W || t.span != K) {
            throw new IllegalArgumentException("@CLASS@ takes boards of " + W + " words and entries of " + K
                    + ", got " + t.words + " and " + t.span);
        }
        this.entryMask = t.entryMask;
        this.entryWord = t.entryWord;
        this.entryPieceBit = t.entryPieceBit;
        this.entryPiece = t.entryPiece;
        this.entryId = t.entryId;
        this.entrySkip = t.entrySkip;
        this.firstStart = t.firstStart;
        this.deadEndStart = t.deadEndStart;
        this.corridorStart = t.corridorStart;
        this.coverStart = t.coverStart;
        this.anyOptional = t.anyOptional;
        this.initialBoard = t.initialBoard;
        this.required = t.required;
        this.canStep = t.canStep;
        this.noMonominoes = t.noMonominoes;
        this.volume = t.volume;
        this.stepY = t.stepY;
        this.stepZ = t.stepZ;
        boolean anyZ = false;
        for (int w = 4 * W; w < 6 * W; w++) {
            anyZ |= t.canStep[w] != 0;
        }
        this.flat = !anyZ;
        this.step = new int[] {1, -1, t.stepY, -t.stepY, t.stepZ, -t.stepZ};
        this.witness = new int[t.volume * 6];
        java.util.Arrays.fill(witness, -1);
        this.rarePiece = t.rarePiece;
        this.rareStart = t.rareStart;
        this.rareMask = t.rareMask;
        this.rareWitness = java.util.Arrays.copyOf(t.rareStart, t.rarePiece.length);
        this.anyRare = t.rarePiece.length > 0;
        int levels = stack.length + t.optionalCells + 2;
        this.levelBoard = new long[levels * W];
        this.levelNext = new int[levels];
        this.levelEnd = new int[levels];
        this.levelChosen = new int[levels];
        this.d = new long[6 * W];
        this.pad = pad(t.stepZ);
        this.empty = new long[W + 2 * pad];
    }

    @Override
    void searchBelow(int[] prefix) {
        if (setUp(prefix)) {
            if (minimumsMet()) {
                emit(0);
            }
        } else if (keeps(0)) {
            enumerate();
        }
    }

    /**
     * One random dive below {@code prefix} (Knuth's estimate of a subtree's size): at each level the placements
     * that extend the board by one piece at its first empty cell and pass pruning, in list order, one of them taken
     * at random ({@code random.nextInt} of their number), until the board is full or no placement fits. Returns 1
     * plus the running products of the branching factors, or -1 once {@code stop} says so. The board is kept from
     * level to level (placing the whole prefix again at every step made deep dives quadratic in the depth).
     */
    @Override
    public double dive(int[] prefix, java.util.SplittableRandom random, java.util.function.BooleanSupplier stop) {
        double width = 1;
        double nodes = 1;
        if (setUp(prefix)) {
            return nodes;
        }
        if (diveChoices == null) {
            int most = 0;
            for (int c = 0; c < volume; c++) {
                int all = c * TableLayout.UPPER_PATTERNS + TableLayout.ALL_UPPER;
                most = Math.max(most, firstStart[all + 1] - firstStart[all]);
            }
            diveChoices = new int[most];
        }
        int[] kids = diveChoices;
        while (!stop.getAsBoolean()) {
            int c = firstEmpty(0);
            int n = 0;
            int all = c * TableLayout.UPPER_PATTERNS + TableLayout.ALL_UPPER; // d is not this board's: the whole list
            for (int i = firstStart[all], end = firstStart[all + 1]; i < end; i++) {
                int p = entryPiece[i];
                if (p < 0) {
                    kids[n++] = i; // leave the optional cell c empty
                    continue;
                }
                if (!blocked(p) && conflict(i, 0) == 0) {
                    take(p);
                    place(i, 0, W);
                    if (keeps(W) && (!anyRare || raresFit(W))) {
                        kids[n++] = i;
                    }
                    give(p);
                }
            }
            if (n == 0) {
                return nodes;
            }
            width *= n;
            nodes += width;
            int i = kids[random.nextInt(n)];
            int p = entryPiece[i];
            if (p < 0) {
                levelBoard[c >>> 6] |= 1L << c;
            } else {
                take(p);
                place(i, 0, 0); // a dive never comes back: the level's board itself takes the piece
            }
            if (complete(0)) {
                return nodes;
            }
        }
        return -1;
    }

    /** {@link #dive}'s list of the current level's choices (entries), as long as the longest first-cell list. */
    private int[] diveChoices;

    /** Level 0's board: the target with {@code prefix} placed. True when that fills it. */
    private boolean setUp(int[] prefix) {
        resetCopies();
        System.arraycopy(initialBoard, 0, levelBoard, 0, W);
        int depth = 0;
        for (int k : prefix) {
            if (k < 0) {
                int c = -1 - k; // an optional cell left empty
                levelBoard[c >>> 6] |= 1L << c;
                continue;
            }
            for (int c : cells[k]) {
                levelBoard[c >>> 6] |= 1L << c;
            }
            take(pieceOf[k]);
            stack[depth++] = k;
        }
        prefixDepth = depth;
        return complete(0);
    }

    /**
     * Enumerates below level 0's board, which {@link #keeps} has just accepted. Level {@code top} scans its
     * list for the next entry that fits; a fitting entry that keeps the board opens the next level, and a
     * list run to its end closes its level and gives back the piece placed on the level below.
     */
    private void enumerate() {
        int top = 0;
        open(0);
        while (top >= 0) {
            int base = top * W;
            long gone = this.gone;
            int i = levelNext[top];
            int end = levelEnd[top];
            for (;; i++) {
                while (i < end && (conflict(i, base) | (entryPieceBit[i] & gone)) != 0) {
                    i++;
                }
                if (i >= end) {
                    if (--top >= 0) {
                        release(levelChosen[top]);
                    }
                    break;
                }
                if (sharedBits && entryPiece[i] >= 0 && blocked(entryPiece[i])) {
                    continue; // its bit of "gone" is shared with types that still have copies
                }
                if ((++nodes & POLL_MASK) == 0) {
                    poll();
                }
                int next = base + W;
                place(i, base, next);
                int p = entryPiece[i];
                if (p >= 0) {
                    take(p);
                }
                if (keeps(next)) {
                    levelChosen[top] = i;
                    if (!complete(next)) {
                        levelNext[top++] = i + 1;
                        open(top);
                        break;
                    }
                    if (minimumsMet()) {
                        emit(top + 1);
                    }
                }
                release(i);
            }
        }
    }

    /** The cells of entry {@code i} that are already filled on the board at {@code base} (0 when it fits). */
    private long conflict(int i, int base) {
        int at = base + (W == K ? 0 : entryWord[i]);
        int m = i * K;
        long x = 0;
        for (int k = 0; k < K; k++) {
            x |= entryMask[m + k] & levelBoard[at + k];
        }
        return x;
    }

    /** The board at {@code to}: the board at {@code from} with entry {@code i} placed. */
    private void place(int i, int from, int to) {
        System.arraycopy(levelBoard, from, levelBoard, to, W);
        int at = to + (W == K ? 0 : entryWord[i]);
        int m = i * K;
        for (int k = 0; k < K; k++) {
            levelBoard[at + k] |= entryMask[m + k];
        }
    }

    /**
     * True when the board at {@code base} is a packing: every cell settled, or (with optional cells) every
     * copy placed and no cell that must be covered left empty, the rest of the optional cells staying empty.
     */
    private boolean complete(int base) {
        return full(base) || (anyOptional && copiesLeft == 0 && firstRequiredEmpty(base) < 0);
    }

    /** The lowest empty cell that must be covered, or -1. */
    private int firstRequiredEmpty(int base) {
        for (int w = 0; w < W; w++) {
            long open = ~levelBoard[base + w] & required[w];
            if (open != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(open);
            }
        }
        return -1;
    }

    private boolean full(int base) {
        for (int w = 0; w < W; w++) {
            if (levelBoard[base + w] != -1L) {
                return false;
            }
        }
        return true;
    }

    /** The lowest empty cell of a board that is not full. */
    private int firstEmpty(int base) {
        int w = 0;
        while (levelBoard[base + w] == -1L) {
            w++;
        }
        return (w << 6) + Long.numberOfTrailingZeros(~levelBoard[base + w]);
    }

    /**
     * Sets level {@code level} up for its board, which {@link #keeps} has just accepted (its neighbour masks
     * are still in {@link #d}): the dead end, corridor cell or first empty cell with the fewest fitting entries (a
     * count of one cannot be beaten, so the comparison stops there); near the leaves, uncounted choices.
     */
    private void open(int level) {
        int base = level * W;
        int from;
        int to;
        if (anyRare && !raresFit(base)) {
            // a piece with few places (a frame) has lost them all: nothing below (checked here, not in keeps, which
            // every placement calls: the Tetris Cube, without a rare piece, was 2 - 9 % slower with it there)
            levelNext[level] = 0;
            levelEnd[level] = 0;
            return;
        }
        boolean leaves = emptyCells(base) <= LEAF_CELLS;
        if (branchList >= 0 && leaves) {
            from = deadEndStart[branchList];
            to = deadEndStart[branchList + 1];
        } else if (branchList >= 0) {
            // far from the leaves a dead end is not taken at once: every dead end's fitting entries are counted, and the
            // corridors' against them (a dead end's short list often still fits more than a corridor's)
            fewest(base, false, true);
            from = pickFrom;
            to = pickTo;
        } else {
            int c = firstEmpty(base);
            int[] start = firstStart;
            int list = -1;
            if (anyOptional && (required[c >>> 6] >>> c & 1) == 0) {
                // c may stay empty: while some cell must still be covered, branch on the first such cell, over
                // every placement covering it, rather than on c's "leave it empty or cover it" (with hundreds of
                // optional cells, deciding them one by one is exponential)
                int r = firstRequiredEmpty(base);
                if (r >= 0) {
                    c = r;
                    start = coverStart;
                    list = c;
                }
            }
            if (list < 0) {
                // the first cell's list for which of its upper neighbours are empty: the entries that could fit
                list = c * TableLayout.UPPER_PATTERNS + TableLayout.upper(pattern(c));
            }
            from = start[list];
            to = start[list + 1];
            // near the leaves of a flat box the first cell stays: corridors are everywhere there, and taking them
            // cost 4 - 8 % (the one-sided 9x10 pentominoes)
            if (!leaves || !flat) {
                pickFrom = from;
                pickTo = to;
                int best = fewest(base, leaves, false);
                from = pickFrom;
                to = pickTo;
                // where lists are counted the first cell competes; with no corridor (best unset) it is taken uncounted
                if (!leaves && best > 1 && best != Integer.MAX_VALUE
                        && live(start[list], start[list + 1], base, gone, best) < best) {
                    from = start[list];
                    to = start[list + 1];
                }
            }
        }
        levelNext[level] = from;
        levelEnd[level] = to;
    }

    /**
     * The list with the fewest fitting entries among the dead ends' (when {@code deadEnds}) and the corridors', counted up to
     * the best so far and no further once one fits at most once; near the leaves ({@code byLength}) a corridor's list
     * stands for its fits by its length, uncounted (narrowed by its two open sides). Leaves the winner in
     * {@link #pickFrom} .. {@link #pickTo} (untouched when there is none) and returns its count, or
     * {@link Integer#MAX_VALUE} for none.
     */
    private int fewest(int base, boolean byLength, boolean deadEnds) {
        long gone = this.gone;
        int best = Integer.MAX_VALUE;
        for (int w = 0; w < W && deadEnds && best > 1; w++) {
            for (long cells = deadEnds(w); cells != 0 && best > 1; cells &= cells - 1) {
                int l = deadEndList((w << 6) + Long.numberOfTrailingZeros(cells));
                int n = live(deadEndStart[l], deadEndStart[l + 1], base, gone, best);
                if (n < best) {
                    best = n;
                    pickFrom = deadEndStart[l];
                    pickTo = deadEndStart[l + 1];
                }
            }
        }
        for (int w = 0; w < W && (byLength || best > 1); w++) {
            for (long cells = corridors(base, w); cells != 0 && (byLength || best > 1); cells &= cells - 1) {
                int x = (w << 6) + Long.numberOfTrailingZeros(cells);
                int l = x * 64 + pattern(x);
                int f = corridorStart[l];
                int e = corridorStart[l + 1];
                int n = byLength ? e - f : live(f, e, base, gone, best);
                if (n < best) {
                    best = n;
                    pickFrom = f;
                    pickTo = e;
                }
            }
        }
        return best;
    }

    /** Word w's dead ends on the board {@link #d} describes: empty cells that must be covered, with one empty neighbour. */
    private long deadEnds(int w) {
        long one = d[w] | d[W + w] | d[2 * W + w] | d[3 * W + w] | d[4 * W + w] | d[5 * W + w];
        long two = atLeastTwo(d[w], d[W + w], d[2 * W + w], d[3 * W + w], d[4 * W + w], d[5 * W + w]);
        return one & ~two & required[w];
    }

    /** Word w's corridor cells on the board at {@code base}: empty cells that must be covered, with two empty neighbours. */
    private long corridors(int base, int w) {
        long two = atLeastTwo(d[w], d[W + w], d[2 * W + w], d[3 * W + w], d[4 * W + w], d[5 * W + w]);
        long three = atLeastThree(d[w], d[W + w], d[2 * W + w], d[3 * W + w], d[4 * W + w], d[5 * W + w]);
        return two & ~three & required[w] & ~levelBoard[base + w];
    }

    /** The empty cells of the board at {@code base} (cells outside the target count as filled). */
    private int emptyCells(int base) {
        int n = 0;
        for (int w = 0; w < W; w++) {
            n += Long.bitCount(~levelBoard[base + w]);
        }
        return n;
    }

    /**
     * How many entries in {@code from .. to} fit the board at {@code base}, counting up to {@code cap}. Lists
     * are runs of one piece ({@link TableLayout#entrySkip}): a used-up piece costs one test per run, and
     * within a run the count advances without a branch.
     */
    private int live(int from, int to, int base, long gone, int cap) {
        int n = 0;
        int i = from;
        while (i < to && n < cap) {
            int block = entrySkip[i];
            if ((entryPieceBit[i] & gone) == 0) {
                for (; i < block; i++) {
                    n += conflict(i, base) == 0 ? 1 : 0;
                }
            }
            i = block;
        }
        return n;
    }

    /** Gives back the piece that {@code entry} placed (none for "leave the cell empty"). */
    private void release(int entry) {
        int p = entryPiece[entry];
        if (p >= 0) {
            give(p);
        }
    }

    /**
     * False when the board at {@code base} has an isolated empty cell, or a dead end (exactly one empty
     * neighbour) that no remaining piece can cover. When it keeps the board, {@link #branchList} is the
     * shortest dead-end list, or -1 when there is no dead end, and {@link #d} holds the board's masks.
     */
    private boolean keeps(int base) {
        branchList = -1;
        if (full(base)) {
            return true;
        }
        for (int w = 0; w < W; w++) {
            empty[pad + w] = ~levelBoard[base + w];
        }
        if (W == 1) {
            emptyNeighbours(empty[pad], canStep, stepY, stepZ, d);
        } else {
            emptyNeighbours(empty, pad, W, canStep, stepY, flat ? 0 : stepZ, d);
        }
        if (!checkCover) {
            return true;
        }
        long gone = this.gone;
        int shortest = Integer.MAX_VALUE;
        for (int w = 0; w < W; w++) {
            long d0 = d[w];
            long d1 = d[W + w];
            long d2 = d[2 * W + w];
            long d3 = d[3 * W + w];
            long d4 = d[4 * W + w];
            long d5 = d[5 * W + w];
            long a1 = d0 | d1 | d2 | d3 | d4 | d5; // at least one empty neighbour
            long a2 = atLeastTwo(d0, d1, d2, d3, d4, d5);
            if (noMonominoes && (empty[pad + w] & ~a1 & required[w]) != 0) {
                return false; // an isolated empty cell: every piece has at least two cells
            }
            for (long deadEnds = a1 & ~a2 & required[w]; deadEnds != 0; deadEnds &= deadEnds - 1) {
                int list = deadEndList((w << 6) + Long.numberOfTrailingZeros(deadEnds));
                int g = list >>> 6; // the dead end's (cell, direction): its witness
                int from = deadEndStart[list];
                int to = deadEndStart[list + 1];
                if (to - from < shortest) {
                    shortest = to - from;
                    branchList = list;
                }
                int hint = witness[g];
                if (hint >= 0 && (conflict(hint, base) | (entryPieceBit[hint] & gone)) == 0) {
                    continue;
                }
                int i = from;
                while (i < to && (conflict(i, base) | (entryPieceBit[i] & gone)) != 0) {
                    i++;
                }
                if (i >= to) {
                    return false;
                }
                witness[g] = i;
            }
        }
        return true;
    }

    /**
     * Dead end c's list ({@link TableLayout}): keyed by c, the direction of its one empty neighbour n and which of n's
     * six neighbours are empty, {@code (c * 6 + direction) * 64 + pattern(n)}; read from {@link #d}.
     */
    private int deadEndList(int c) {
        int dir = Integer.numberOfTrailingZeros(pattern(c));
        return (c * 6 + dir) * 64 + pattern(c + step[dir]);
    }

    /** True when every rare piece that must still place a copy has a placement that fits the board at {@code base}. */
    private boolean raresFit(int base) {
        for (int k = 0; k < rarePiece.length; k++) {
            if (needsMore(rarePiece[k]) && !rareFits(k, base)) {
                return false;
            }
        }
        return true;
    }

    /** True when some placement of rare piece {@code k} fits the board at {@code base}: the last that did first. */
    private boolean rareFits(int k, int base) {
        if (wholeFits(rareWitness[k], base)) {
            return true;
        }
        for (int i = rareStart[k], end = rareStart[k + 1]; i < end; i++) {
            if (wholeFits(i, base)) {
                rareWitness[k] = i;
                return true;
            }
        }
        return false;
    }

    /** True when rare placement {@code i}'s cells are all empty on the board at {@code base}. */
    private boolean wholeFits(int i, int base) {
        long x = 0;
        for (int w = 0; w < W; w++) {
            x |= rareMask[i * W + w] & levelBoard[base + w];
        }
        return x == 0;
    }

    /** Bit k of the result: cell x's neighbour in direction k is empty (x itself empty), from {@link #d}. */
    private int pattern(int x) {
        int w = W == 1 ? 0 : x >>> 6;
        // a long shifts by x & 63: the bit of x within its word
        return (int) ((d[w] >>> x & 1) | (d[W + w] >>> x & 1) << 1 | (d[2 * W + w] >>> x & 1) << 2
                | (d[3 * W + w] >>> x & 1) << 3 | (d[4 * W + w] >>> x & 1) << 4 | (d[5 * W + w] >>> x & 1) << 5);
    }

    /** Hands the sink the prefix and the entries placed on levels {@code 0 .. levels-1}. */
    private void emit(int levels) {
        int depth = prefixDepth;
        for (int level = 0; level < levels; level++) {
            int id = entryId[levelChosen[level]];
            if (id >= 0) {
                stack[depth++] = id;
            }
        }
        deliver(depth);
    }
}
