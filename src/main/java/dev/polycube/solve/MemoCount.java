package dev.polycube.solve;

import dev.polycube.engine.PlacementSet;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import dev.polycube.symmetry.SymmetryGroup;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Counts the packings of a puzzle in the fixed frame without listing them: the first-empty-cell search with its
 * states merged, swept cell by cell.
 *
 * <p>Filling cells in a fixed order, the rest of the search from a state depends only on the cells already
 * covered and the copies still in hand, never on how they got there. Every cell before the first empty one is
 * full, and a piece placed there reaches at most {@code span} cells on, so a state is that window of cells and
 * the copies left. The sweep ({@link #sweep}) takes the cells in order; the states whose first empty cell is e
 * are all known once the cells before e are swept, each with its number of ways, and each move that covers e
 * passes those ways on to the state it makes. With identical pieces many paths meet in the same state (32
 * dominoes in 8x8: 1,693 states for 12,988,816 packings); twelve different pentominoes in a narrow box still
 * meet (5x12: 800 k states for 4,040), while 13 different pieces in a cube (Bedlam) rarely do, which is why
 * {@link #suits} keeps to dense sets and narrow frontiers. Only the states ahead of the sweep are held (a
 * memoised recursion keeps every state it ever met: 18 dominoes wide, 6.4 M states and 2.2 GB against 73 k
 * at once and 190 MB). Classes come from Burnside's lemma ({@link #classes}): the same sweep counts, for each
 * symmetry, the packings it maps onto themselves, over orbits of placements instead of placements.
 *
 * <p>The cells are taken with the box's shortest side varying fastest, so the window is narrowest (a 3x30 strip
 * filled across its 3 cells, not along its 30). Boards of any size; windows of any number of 64-cell words;
 * counts in {@code long} until one passes 2^63, then in {@link BigInteger}. Each layer of states is an
 * open-addressing table over flat {@code long[]} arrays, and the states held at once are bounded: past the
 * bound the count gives up ({@link TooBig}), and the caller counts by search instead.
 */
public final class MemoCount {

    /** The most states the memo may ever hold, whatever the heap: 64 M. */
    public static final int MAX_STATES = 1 << 26;

    /** The memo outgrew its bound; the message says which, for a caller that then counts by search. */
    public static final class TooBig extends RuntimeException {
        private final boolean trial;

        TooBig(String message, boolean trial) {
            super(message, null, false, false);
            this.trial = trial;
        }

        /** True when the bound was a trial's on a wide frontier ({@link Budget#trial}), not all the memory the memo may use. */
        public boolean trial() {
            return trial;
        }
    }

    /** Raised through the search when the caller's stop flag goes up (and by a caller stopped around a count). */
    public static final class Interrupted extends RuntimeException {
        public Interrupted() {
            super("interrupted", null, false, false);
        }
    }

    /**
     * What a count tells while it sweeps, for a progress line: called at every cell and about every 65,536 states,
     * from the sweeping threads (several at once when the count has several).
     */
    public interface Progress {

        Progress NONE = new Progress() {
        };

        /**
         * Sweeping for symmetry {@code symmetry} (from 0) of {@code symmetries} (Burnside's; 1 for a fixed-frame
         * count), at memo cell {@code cell} of {@code cells}, having met {@code states} states and holding {@code held}.
         */
        default void at(int symmetry, int symmetries, int cell, int cells, long states, long held) {
        }

        /** The count is over (counted, given up or stopped): a progress line can go. Called by the caller. */
        default void finish() {
        }
    }

    /** The count (of any size), how many states the sweep met, and the most it held at once. */
    public record Result(BigInteger packings, long states, long peak) {

        /** This result and {@code other} together: counts and states added, the larger peak. */
        Result plus(Result other) {
            return new Result(packings.add(other.packings), states + other.states, Math.max(peak, other.peak));
        }
    }

    private final int cells;             // the box's cells, numbered in the memo's order
    private final int[] position;        // box index -> the memo's cell number (shortest side fastest)
    private final int span;              // the window: cells from the current one on that a move can reach
    private final int windowWords;       // 64-cell words of a window
    private final Key key;               // how a state lies in a table slot
    private final long[][] relByCell;    // per lowest cell: the moves' cells relative to it, windowWords each
    private final long[][] costByCell;   // per lowest cell: the moves' copies, as a copies-left code
    private final int[][][] usesByCell;  // per lowest cell: the moves' copies per piece type
    private final long[] radix;          // copies-left code: sum of left[p] * radix[p]
    private final int[] counts;          // per piece type: its copies
    private final int[] mins;            // per piece type: the fewest copies a packing uses (its count unless optional)
    private final boolean allCopies;     // no optional piece: a full board is a packing when no copy is left
    private final long[] settled;        // the cells settled before any move, in the memo's order: outside the
                                         // target, or under a fixed piece
    private final BooleanSupplier stop;
    private final Progress progress;
    private final int symmetry;          // which of Burnside's symmetries this sweep counts for, for progress
    private final int symmetries;
    private final Budget budget;
    private final int limit;             // the states this memo may hold: the budget's, for its window's size
    private final int threads;           // sweeping threads
    private final boolean eager;         // share every layer between the threads, however small (tests)

    /**
     * True when the memo may pay and applies: no groups, and either many copies for the kinds of piece ({@link
     * #dense}) or a frontier of at most {@link #MAX_FRONTIER} cells, where even different pieces meet in few states
     * (twelve pentominoes in 5x12: 800 k states, 0.4 s; the eighteen one-sided ones in 3x30: 860 k). Neither is a
     * promise: the 5x18 one-sided rectangle holds 21 M states at once (3 GiB), past the default heap's bound, and
     * then the run counts by search (docs/PERFORMANCE.md).
     */
    public static boolean suits(Puzzle puzzle) {
        return puzzle.groups().isEmpty() && (dense(puzzle) || frontier(puzzle) <= MAX_FRONTIER);
    }

    /** {@link #suits(Puzzle)} for a run that has built the puzzle's placements already (Bedlam's: 58 ms saved). */
    public static boolean suits(Puzzle puzzle, PlacementSet placements) {
        return puzzle.groups().isEmpty() && (dense(puzzle) || frontier(puzzle, placements) <= MAX_FRONTIER);
    }

    /**
     * True when the copies are many for the kinds of piece (at most 3 kinds, or 4 copies or more per kind on
     * average): paths meet in the same states, and the packings are typically too many to list (32 dominoes in
     * 8x8: 1,693 states for 12,988,816 packings), so even a run that asks for figures derived from the classes
     * ({@code --stats}) counts them without listing.
     */
    public static boolean dense(Puzzle puzzle) {
        int kinds = puzzle.pieces().size();
        return puzzle.groups().isEmpty() && (kinds <= 3 || puzzle.copyCount() >= 4 * kinds);
    }

    /**
     * The frontier up to which the memo gets all the memory it may use ({@link #bound}); past it, a trial of
     * {@link #TRIAL_STATES}. The frontier alone does not tell: 16 T-tetracubes in 4x4x4 (a frontier of 33) finish
     * in 246 k states, 36 I-trominoes in 3x6x6 (37) in 464 k and 25 I-pentacubes in 5x5x5 (101) in 1 k, while 16
     * L-tetracubes in 4x4x4 (37) pass 30 M and the 25 Y-pentacubes (76) hold over 60 M at once, where the listing
     * search takes seconds. So a wide frontier gets a trial (524,288 states met, or fewer once they outpace it:
     * {@link Budget#outpaced}) before the run counts by search.
     */
    public static final int MAX_FRONTIER = 24;

    /** The states a sweep on a frontier wider than {@link #MAX_FRONTIER} may meet before the run counts by search. */
    public static final int TRIAL_STATES = 1 << 19;

    /**
     * How many states a memo may hold, and why: all the memory allows ({@link #bound}), or a trial on a wide frontier.
     *
     * @param trial true when {@code states} is a trial's, not memory's
     */
    public record Budget(int states, boolean trial, int slotLongs) {

        /**
         * True when a trial's sweep holds more than the budget's share for the layers swept: {@code held} states
         * after {@code done} of {@code cells} layers, against {@code limit * done / cells}. A sweep that finishes in
         * its trial holds far less at every layer (16 T-tetracubes in 4x4x4 at most 0.14 of that share, 36
         * I-trominoes in 3x6x6 at most 0.1); one that passes millions doubles its held states layer after layer
         * (the 25 Y-pentacubes: 25,564 after 5 of 125 layers, 1.2 times the share), so it is stopped after a few
         * thousand states instead of half a million (docs/PERFORMANCE.md, "The trial judged by its pace").
         */
        boolean outpaced(long held, int done, int cells, int limit) {
            return trial && held * cells > (long) limit * done;
        }

        /** What a run is told when a trial's sweep is {@link #outpaced} (the reason only). */
        TooBig outpacedAt(long held, int done, int cells, int limit) {
            return new TooBig(String.format(java.util.Locale.ROOT, "the memo's trial ended at cell %,d of %,d, holding "
                    + "%,d states: on course for more than its %,d", done, cells, held, limit), trial);
        }

        /**
         * What a run is told when a memo whose slots take {@code slotLongs} reaches {@code limit} states (the
         * reason only; the caller says what follows).
         */
        TooBig exceeded(int limit, int slotLongs) {
            return new TooBig(trial
                    ? String.format(java.util.Locale.ROOT, "the memo's trial ended at %,d states", limit)
                    : String.format(java.util.Locale.ROOT, "the memo would hold more than %,d states at once (%s of "
                    + "memory; more: POLYCUBE_JAVA_OPTS=\"-Xmx8g -XX:+UseParallelGC\", say)", limit,
                    limit >= (1 << 20) ? (limit * bytesPerState(slotLongs) >> 20) + " MiB" : "its bound"), trial);
        }
    }

    /** The most states the memo may hold for this puzzle: all it may use on a narrow frontier, a trial on a wide one. */
    public static Budget budget(Puzzle puzzle) {
        return budget(puzzle, PlacementSet.of(puzzle));
    }

    private static Budget budget(Puzzle puzzle, PlacementSet placements) {
        int span = frontier(puzzle, placements);
        int slot = Key.of(span, codes(puzzle)).slotLongs();
        int all = bound(slot);
        return span <= MAX_FRONTIER || all <= TRIAL_STATES ? new Budget(all, false, slot)
                : new Budget(TRIAL_STATES, true, slot);
    }

    /** How many copies-left codes the puzzle has: the product of its counts plus one. */
    private static long codes(Puzzle puzzle) {
        long r = 1;
        for (var piece : puzzle.pieces()) {
            r = Math.multiplyExact(r, piece.count() + 1L);
        }
        return r;
    }

    /**
     * Where a state's key lies in a table slot: the window's words, then the copies-left code, in a word of its own
     * or, when the window's last word leaves room below bit 63, packed above its bits (a slot of 2 longs instead of
     * 3 for every 2-D box here: the one-sided 5x18's 21-cell window and 18-bit code).
     *
     * @param codeShift where the code starts in the window's last word, when packed
     */
    record Key(int windowWords, boolean packed, int codeShift) {

        static Key of(int span, long codes) {
            int words = (span + 63) >>> 6;
            int lastBits = span - 64 * (words - 1);
            int codeBits = 64 - Long.numberOfLeadingZeros(Math.max(1, codes - 1));
            return new Key(words, lastBits + codeBits <= 63, lastBits);
        }

        /** Longs of key in a slot; the last of them is -1 in an empty slot (a key never is: bit 63 stays clear). */
        int stride() {
            return windowWords + (packed ? 0 : 1);
        }

        /** Longs a slot takes: the key and the ways. */
        int slotLongs() {
            return stride() + 1;
        }

        /** The window's bits in its last word. */
        long lastMask() {
            return packed ? (1L << codeShift) - 1 : -1L;
        }

        long code(long[] keys, int at) {
            return packed ? keys[at + windowWords - 1] >>> codeShift : keys[at + windowWords];
        }

        /** {@code to[at ..]} gets the key of (window, code). */
        void put(long[] to, int at, long[] window, long code) {
            for (int w = 0; w < windowWords; w++) { // a loop: arraycopy's set-up costs more for a word or two
                to[at + w] = window[w];
            }
            if (packed) {
                to[at + windowWords - 1] |= code << codeShift;
            } else {
                to[at + windowWords] = code;
            }
        }
    }

    /**
     * How many cells, from the first empty one on, a piece placed there can reach (the most, in the memo's
     * cell order): a state is the board's pattern over that frontier, so the memo holds at most about
     * 2^frontier boards per cell.
     */
    public static int frontier(Puzzle puzzle) {
        return frontier(puzzle, PlacementSet.of(puzzle));
    }

    /** {@link #frontier(Puzzle)} over placements built already (a run has them: Bedlam's take 58 ms to build). */
    public static int frontier(Puzzle puzzle, PlacementSet placements) {
        int[] position = cellOrder(puzzle.target());
        int widest = 0;
        for (PlacementSet.Placement p : placements.all()) {
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            for (int c : p.cells()) {
                lo = Math.min(lo, position[c]);
                hi = Math.max(hi, position[c]);
            }
            widest = Math.max(widest, hi - lo + 1);
        }
        return widest;
    }

    /**
     * The memo over {@code moves}: each a set of box cells and the copies it uses ({@code uses[k]}: per piece
     * type), listed under its lowest cell in the memo's order.
     */
    private MemoCount(Puzzle puzzle, List<BitSet> moves, List<int[]> uses, BooleanSupplier stop, Budget budget,
                      Progress progress, int symmetry, int symmetries, int threads, boolean eager) {
        this.threads = threads;
        this.eager = eager;
        this.progress = progress;
        this.symmetry = symmetry;
        this.symmetries = symmetries;
        Target t = puzzle.target();
        int n = t.boxVolume();
        this.cells = n;
        int words = (n + 63) >>> 6;
        this.position = cellOrder(t);
        this.budget = budget;
        this.stop = stop;
        radix = new long[puzzle.pieces().size()];
        counts = new int[radix.length];
        mins = new int[radix.length];
        boolean all = true;
        long r = 1;
        for (int p = 0; p < radix.length; p++) {
            radix[p] = r;
            counts[p] = puzzle.pieces().get(p).count();
            mins[p] = puzzle.pieces().get(p).min();
            all &= mins[p] == counts[p];
            r = Math.multiplyExact(r, counts[p] + 1L);
        }
        allCopies = all;
        int[] perCell = new int[n];
        int[] lowest = new int[moves.size()];
        int reach = 1;
        for (int k = 0; k < moves.size(); k++) {
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            for (int c = moves.get(k).nextSetBit(0); c >= 0; c = moves.get(k).nextSetBit(c + 1)) {
                lo = Math.min(lo, position[c]);
                hi = Math.max(hi, position[c]);
            }
            lowest[k] = lo;
            reach = Math.max(reach, hi - lo + 1);
            perCell[lo]++;
        }
        span = reach;
        key = Key.of(span, r); // r: the product of the counts plus one, the number of copies-left codes
        windowWords = key.windowWords();
        // a wider window than the budget's (an orbit of placements under a symmetry reaches across the box) holds
        // fewer states in the same memory
        limit = budget.trial() ? budget.states()
                : (int) Math.max(1, (long) budget.states() * budget.slotLongs() / key.slotLongs());
        relByCell = new long[n][];
        costByCell = new long[n][];
        usesByCell = new int[n][][];
        for (int i = 0; i < n; i++) {
            relByCell[i] = new long[perCell[i] * windowWords];
            costByCell[i] = new long[perCell[i]];
            usesByCell[i] = new int[perCell[i]][];
        }
        int[] filled = new int[n];
        for (int k = 0; k < moves.size(); k++) {
            int i = lowest[k];
            int at = filled[i]++;
            for (int c = moves.get(k).nextSetBit(0); c >= 0; c = moves.get(k).nextSetBit(c + 1)) {
                int q = position[c] - i;
                relByCell[i][at * windowWords + (q >>> 6)] |= 1L << q;
            }
            int[] use = uses.get(k);
            usesByCell[i][at] = use;
            long cost = 0;
            for (int p = 0; p < use.length; p++) {
                cost += use[p] * radix[p];
            }
            costByCell[i][at] = cost;
        }
        settled = new long[words];
        for (int i = 0; i < n; i++) {
            if (!t.containsIndex(i)) {
                settled[position[i] >>> 6] |= 1L << position[i];
            }
        }
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            for (var c : f.cells()) {
                int q = position[t.index(c)];
                settled[q >>> 6] |= 1L << q;
            }
        }
    }

    /** Box index to the memo's cell number: the box's axes taken shortest first (ties in x, y, z order). */
    private static int[] cellOrder(Target t) {
        int[] size = {t.sizeX(), t.sizeY(), t.sizeZ()};
        Integer[] axes = {0, 1, 2};
        Arrays.sort(axes, (a, b) -> Integer.compare(size[a], size[b])); // stable: ties keep x, y, z
        int[] position = new int[t.boxVolume()];
        for (int i = 0; i < position.length; i++) {
            var p = t.point(i);
            int[] at = {p.x(), p.y(), p.z()};
            position[i] = at[axes[0]] + size[axes[0]] * (at[axes[1]] + size[axes[1]] * at[axes[2]]);
        }
        return position;
    }

    /**
     * Counts {@code puzzle}'s packings in the fixed frame (its pre-placed pieces in place).
     *
     * @throws TooBig when the memo would pass its bound ({@link #bound})
     * @throws Interrupted when {@code stop} is raised
     */
    public static Result count(Puzzle puzzle, BooleanSupplier stop) {
        PlacementSet placements = PlacementSet.of(puzzle);
        return count(puzzle, placements, stop, budget(puzzle, placements));
    }

    /**
     * The most states this JVM's memory holds for the puzzle's board: half the heap at the table's peak
     * ({@link #bytesPerState}), at most {@link #MAX_STATES}.
     */
    public static int bound(Puzzle puzzle) {
        return bound(Key.of(frontier(puzzle), codes(puzzle)).slotLongs());
    }

    private static int bound(int slotLongs) {
        return (int) Math.min(MAX_STATES, Runtime.getRuntime().maxMemory() / 2 / bytesPerState(slotLongs));
    }

    /**
     * Memory a state may take at the peak: a slot is {@code slotLongs} longs ({@link Key}, and the ways); a layer's
     * table is at most half full, and while it doubles the old and the new arrays live side by side, so a state
     * stands for up to six slots. (A third of the heap at two slots a state ran a 20x20 board out of memory in the
     * middle of a doubling.)
     */
    private static long bytesPerState(int slotLongs) {
        return 6L * 8 * slotLongs;
    }

    /** As {@link #count(Puzzle, BooleanSupplier)}, with the memo bounded to {@code maxStates}. */
    static Result count(Puzzle puzzle, BooleanSupplier stop, int maxStates) {
        PlacementSet placements = PlacementSet.of(puzzle);
        return count(puzzle, placements, stop, new Budget(maxStates, false,
                Key.of(frontier(puzzle, placements), codes(puzzle)).slotLongs()));
    }

    private static Result count(Puzzle puzzle, PlacementSet placements, BooleanSupplier stop, Budget budget) {
        List<BitSet> moves = new ArrayList<>();
        List<int[]> uses = new ArrayList<>();
        for (PlacementSet.Placement p : placements.all()) {
            moves.add(bits(p.cells()));
            int[] use = new int[puzzle.pieces().size()];
            use[p.piece()] = 1;
            uses.add(use);
        }
        Target t = puzzle.target();
        for (int c = 0; c < t.boxVolume(); c++) {
            if (t.containsIndex(c) && t.isOptional(c)) {
                moves.add(bits(new int[] {c})); // leave the optional cell empty: no copy used
                uses.add(new int[puzzle.pieces().size()]);
            }
        }
        return new MemoCount(puzzle, moves, uses, stop, budget, Progress.NONE, 0, 1, 1, false).run(puzzle);
    }

    /**
     * Counts the packings that symmetry {@code e} maps onto themselves (Burnside's fixed points): such a packing
     * is a union of orbits of placements under e, each orbit's members pairwise apart, so the memo runs over
     * orbits instead of placements, an orbit using a copy per member (of the member's piece type: e may swap
     * a piece for its mirror partner).
     */
    public static Result fixedBy(Puzzle puzzle, SymmetryGroup.Element e, BooleanSupplier stop) {
        PlacementSet placements = PlacementSet.of(puzzle);
        return fixedBy(puzzle, placements, e, stop, budget(puzzle, placements), Progress.NONE, 0, 1, 1, false);
    }

    private static Result fixedBy(Puzzle puzzle, PlacementSet placements, SymmetryGroup.Element e, BooleanSupplier stop,
                                  Budget budget, Progress progress, int symmetry, int symmetries, int threads,
                                  boolean eager) {
        int types = puzzle.pieces().size();
        Set<String> seen = new HashSet<>();
        List<BitSet> moves = new ArrayList<>();
        List<int[]> uses = new ArrayList<>();
        for (PlacementSet.Placement p : placements.all()) {
            BitSet union = new BitSet();
            int[] use = new int[types];
            List<String> members = new ArrayList<>();
            int type = p.piece();
            int[] cells = p.cells();
            boolean apart = true;
            BitSet first = bits(cells);
            for (int step = 0; step < 64 && apart; step++) {
                BitSet m = bits(cells);
                if (step > 0 && m.equals(first) && type == p.piece()) {
                    break; // back where it started
                }
                if (union.intersects(m)) {
                    apart = false; // two members overlap: no fixed packing holds this placement
                    break;
                }
                union.or(m);
                members.add(m.toString());
                use[type]++;
                int[] next = new int[cells.length];
                for (int i = 0; i < cells.length; i++) {
                    next[i] = e.cellMap()[cells[i]];
                }
                cells = next;
                type = e.pieceMap()[type];
            }
            // an orbit is met once from each member: keep it once, by its members (two orbits may cover the same
            // cells, as two parallel dominoes in a square both ways)
            java.util.Collections.sort(members);
            if (apart && seen.add(members + "/" + Arrays.toString(use))) {
                moves.add(union);
                uses.add(use);
            }
        }
        // leaving an optional cell empty: its whole orbit stays empty (e maps optional cells onto optional cells)
        Target t = puzzle.target();
        Set<BitSet> emptied = new HashSet<>();
        for (int c = 0; c < t.boxVolume(); c++) {
            if (!t.containsIndex(c) || !t.isOptional(c)) {
                continue;
            }
            BitSet orbit = new BitSet();
            for (int d = c; !orbit.get(d); d = e.cellMap()[d]) {
                orbit.set(d);
            }
            if (emptied.add(orbit)) {
                moves.add(orbit);
                uses.add(new int[types]);
            }
        }
        return new MemoCount(puzzle, moves, uses, stop, budget, progress, symmetry, symmetries, threads, eager).run(puzzle);
    }

    /**
     * The classes under {@code group} without listing them, by Burnside's lemma: the average over the group's
     * elements of the packings each maps onto itself ({@link #fixedBy}). The states are summed over the elements.
     */
    public static Result classes(Puzzle puzzle, SymmetryGroup group, BooleanSupplier stop) {
        return classes(puzzle, group, stop, Progress.NONE, 1);
    }

    /**
     * As {@link #classes(Puzzle, SymmetryGroup, BooleanSupplier)}, telling {@code progress} how the sweeps go, each
     * sweep on {@code threads} threads.
     */
    public static Result classes(Puzzle puzzle, SymmetryGroup group, BooleanSupplier stop, Progress progress, int threads) {
        return classes(puzzle, group, stop, progress, threads, false, false);
    }

    /**
     * As {@link #classes(Puzzle, SymmetryGroup, BooleanSupplier, Progress, int)} with all the memory the memo may use
     * ({@link #bound}), also on a wide frontier, where a count first gets a trial: for a run whose search would not
     * finish, whatever the trial foresaw (30 L-tetracubes in 3x4x10, mirrored: the trial gave up at 44,065 states
     * while the whole sweep holds at most 1.6 M at once; the search, about 1e17 nodes).
     */
    public static Result classesWithAllMemory(Puzzle puzzle, SymmetryGroup group, BooleanSupplier stop, Progress progress,
                                              int threads) {
        return classes(puzzle, group, stop, progress, threads, false, true);
    }

    /** As above; {@code eager}: the threads share every layer, however small (so that tests reach that path). */
    static Result classes(Puzzle puzzle, SymmetryGroup group, BooleanSupplier stop, Progress progress, int threads,
                          boolean eager) {
        return classes(puzzle, group, stop, progress, threads, eager, false);
    }

    private static Result classes(Puzzle puzzle, SymmetryGroup group, BooleanSupplier stop, Progress progress, int threads,
                                  boolean eager, boolean allMemory) {
        for (SymmetryGroup.Element e : group.elements()) {
            for (int p = 0; p < puzzle.pieces().size(); p++) {
                var from = puzzle.pieces().get(p);
                var to = puzzle.pieces().get(e.pieceMap()[p]);
                if (from.min() != to.min() || from.count() != to.count()) {
                    // a mirror image of a packing would need not be one; SymmetryGroup refuses such piece sets
                    throw new IllegalStateException("symmetry " + e + " maps " + from.name() + " (" + range(from) + ") onto "
                            + to.name() + " (" + range(to) + "): Burnside's lemma needs the group to act on the packings");
                }
            }
        }
        Result all = new Result(BigInteger.ZERO, 0, 0);
        PlacementSet placements = PlacementSet.of(puzzle);
        Budget budget = budget(puzzle, placements);
        if (allMemory) {
            budget = new Budget(bound(budget.slotLongs()), false, budget.slotLongs());
        }
        List<SymmetryGroup.Element> elements = group.elements();
        for (int k = 0; k < elements.size(); k++) {
            all = all.plus(fixedBy(puzzle, placements, elements.get(k), stop, budget, progress, k, elements.size(), threads,
                    eager));
        }
        BigInteger sum = all.packings();
        BigInteger[] qr = sum.divideAndRemainder(BigInteger.valueOf(group.size()));
        if (qr[1].signum() != 0) {
            throw new IllegalStateException("Burnside's sum " + sum + " is not a multiple of the group's " + group.size()
                    + " elements for " + puzzle.name() + ": a fixed-point count is wrong");
        }
        return new Result(qr[0], all.states(), all.peak());
    }

    private static String range(dev.polycube.puzzle.Piece p) {
        return p.min() == p.count() ? String.valueOf(p.count()) : p.min() + ".." + p.count();
    }

    private static BitSet bits(int[] cells) {
        BitSet b = new BitSet();
        for (int c : cells) {
            b.set(c);
        }
        return b;
    }

    private Result run(Puzzle puzzle) {
        int[] used = new int[puzzle.pieces().size()];
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            used[f.piece()]++;
        }
        long left = 0;
        for (int p = 0; p < used.length; p++) {
            left += (puzzle.pieces().get(p).count() - used[p]) * radix[p];
        }
        long[] window = new long[windowWords];
        for (int r = 0; r < span; r++) {
            window[r >>> 6] |= settledBit(r) << r;
        }
        return sweep(window, left);
    }

    /** 1 when memo cell {@code q} is settled before any move (outside the target, a fixed piece, past the box). */
    private long settledBit(int q) {
        return q >= cells ? 1 : settled[q >>> 6] >>> q & 1;
    }

    /**
     * The sweep, cell by cell in the memo's order: layer e holds every state whose first open cell is e, as its
     * window (cells e .. e + span - 1: which are settled) and copies left, with its number of ways. Each move
     * listed under e that fits settles e and sends the state on to its next open cell's layer. A state is met
     * once, after every path into it has added its ways, and a layer is dropped once swept: the memory is the
     * layers still ahead (at most a window's worth), not every state ever met, as a memoised recursion keeps.
     *
     * <p>With several threads a layer is swept in parallel: it is split into parts by the states' hashes, the
     * threads take parts in turn, and each state they make goes into its own part of its layer under that part's
     * lock (with 64 parts, two threads rarely meet). Ways are added, so the count does not depend on the order.
     */
    private Result sweep(long[] startWindow, long left) {
        long[] window = startWindow.clone();
        int first = advance(window, 0);
        if (first >= cells) {
            return new Result(complete(left) ? BigInteger.ONE : BigInteger.ZERO, 0, 0);
        }
        Shelves shelves = new Shelves(cells, key);
        if (eager && threads > 1) {
            shelves.split(PARTS);
        }
        long[] state = new long[key.stride()];
        key.put(state, 0, window, left);
        shelves.at(first).add(state, 1, null, false);
        java.util.concurrent.ExecutorService pool = null; // made for the first layer worth sharing
        BigInteger total = BigInteger.ZERO;
        long states = 0;
        long peak = 1;
        try {
            for (int e = first; e < cells; e++) {
                Shelf here = shelves.get(e);
                if (here == null) {
                    continue;
                }
                java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
                int layer = e;
                long before = states;
                if (here.parts.length == 1 || here.size() < SHARED_LAYER && !eager) {
                    total = total.add(sweepParts(here, layer, next, shelves, before, false));
                } else {
                    if (pool == null) {
                        pool = java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
                            Thread t = new Thread(r, "polycube-count");
                            t.setDaemon(true);
                            return t;
                        });
                    }
                    List<java.util.concurrent.Callable<BigInteger>> tasks = new ArrayList<>();
                    for (int t = 0; t < threads; t++) {
                        tasks.add(() -> sweepParts(here, layer, next, shelves, before, true));
                    }
                    for (java.util.concurrent.Future<BigInteger> f : pool.invokeAll(tasks)) {
                        total = total.add(done(f));
                    }
                }
                states += here.size();
                long held = shelves.held(e);
                peak = Math.max(peak, held);
                if (threads > 1 && held >= SHARED_SWEEP) {
                    shelves.split(PARTS); // a big sweep: the layers made from now on can be shared
                }
                if (peak > limit || budget.trial() && states > limit) {
                    throw budget.exceeded(limit, key.slotLongs());
                }
                if (budget.outpaced(held, e + 1, cells, limit)) {
                    throw budget.outpacedAt(held, e + 1, cells, limit);
                }
                shelves.release(e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Interrupted();
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        return new Result(total, states, peak);
    }

    /** Parts of a layer's table (with several threads): a power of two. */
    private static final int PARTS = 64;

    /**
     * The fewest states a layer needs to be swept by several threads: handing a small layer over costs more than it
     * saves (18x18 dominoes, 4 k states a layer: 4.8 s on one thread, 5.2 – 5.4 s on two, every layer shared).
     */
    private static final int SHARED_LAYER = 1 << 15;

    /**
     * The states held at once from which a sweep's new layers are made in parts, so that several threads can
     * share them: below it, one table a layer is cheaper (64 small tables a layer cost 10 – 40 % on small counts).
     */
    private static final int SHARED_SWEEP = 1 << 18;

    /** A task's result, or what it threw (a stop, the bound), as itself. */
    private static BigInteger done(java.util.concurrent.Future<BigInteger> f) throws InterruptedException {
        try {
            return f.get();
        } catch (java.util.concurrent.ExecutionException x) {
            if (x.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (x.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(x.getCause());
        }
    }

    /**
     * Sweeps the parts of layer {@code e} that this thread takes from {@code next}: every state's moves, into the
     * layers ahead ({@code shared}: other threads sweep the layer too). Returns the ways of the states that fill the
     * board and are packings.
     */
    private BigInteger sweepParts(Shelf here, int e, java.util.concurrent.atomic.AtomicInteger next, Shelves shelves,
                                  long statesBefore, boolean shared) {
        long[] window = new long[windowWords];
        long[] rel = relByCell[e];
        long[] costs = costByCell[e];
        int[][] uses = usesByCell[e];
        int stride = key.stride();
        long lastMask = key.lastMask();
        long[] state = new long[stride];
        BigInteger total = BigInteger.ZERO;
        long polls = 0;
        if (stop.getAsBoolean()) {
            throw new Interrupted();
        }
        progress.at(symmetry, symmetries, e, cells, statesBefore, shelves.held(e));
        for (int part = next.getAndIncrement(); part < here.parts.length; part = next.getAndIncrement()) {
            Layer source = here.parts[part];
            long[] keys = source.keys;
            for (int slot = 0, at = 0; slot < source.ways.length; slot++, at += stride) {
                if (keys[at + stride - 1] == -1) {
                    continue;
                }
                long code = key.code(keys, at);
                if ((++polls & 0xFFFF) == 0) {
                    if (stop.getAsBoolean()) {
                        throw new Interrupted();
                    }
                    long held = shelves.held(e);
                    if (held > limit) {
                        throw budget.exceeded(limit, key.slotLongs());
                    }
                    progress.at(symmetry, symmetries, e, cells, statesBefore + polls, held);
                }
                long ways = source.ways[slot];
                BigInteger big = source.big(slot);
                for (int k = 0, m = 0; k < costs.length; k++, m += windowWords) {
                    if (!fits(rel, m, keys, at) || !inHand(code, uses[k])) {
                        continue;
                    }
                    for (int w = 0; w < windowWords; w++) {
                        window[w] = keys[at + w] | rel[m + w];
                    }
                    window[windowWords - 1] &= lastMask; // the code's bits, when packed, are not cells
                    int to = advance(window, e);
                    long rest = code - costs[k];
                    if (to >= cells) {
                        if (complete(rest)) {
                            total = total.add(big != null ? big : BigInteger.valueOf(ways));
                        }
                        continue;
                    }
                    key.put(state, 0, window, rest);
                    shelves.at(to).add(state, ways, big, shared);
                }
            }
        }
        return total;
    }

    /**
     * The layers of a sweep, one per cell, made when a state first reaches them and recycled once swept (their
     * tables keep their size). Safe for the sweeping threads: a layer is made by whichever thread gets there first.
     */
    private static final class Shelves {
        private final java.util.concurrent.atomic.AtomicReferenceArray<Shelf> layers;
        private final java.util.concurrent.ConcurrentLinkedDeque<Shelf> spare = new java.util.concurrent.ConcurrentLinkedDeque<>();
        private final java.util.concurrent.atomic.AtomicInteger last = new java.util.concurrent.atomic.AtomicInteger();
        private final Key key;
        private volatile int parts = 1;

        Shelves(int cells, Key key) {
            this.layers = new java.util.concurrent.atomic.AtomicReferenceArray<>(cells + 1);
            this.key = key;
        }

        /** Makes the layers from now on in {@code n} parts (the spare ones in another number are let go). */
        void split(int n) {
            if (parts != n) {
                parts = n;
                spare.clear();
            }
        }

        Shelf get(int e) {
            return layers.get(e);
        }

        Shelf at(int e) {
            Shelf s = layers.get(e);
            if (s != null) {
                return s;
            }
            Shelf made = spare.poll();
            if (made == null || made.parts.length != parts) {
                made = new Shelf(key, parts);
            }
            if (layers.compareAndSet(e, null, made)) {
                last.accumulateAndGet(e, Math::max);
                return made;
            }
            spare.push(made);
            return layers.get(e);
        }

        /** The states held in layer {@code from} and the layers ahead of it (read while they fill: an estimate). */
        long held(int from) {
            long n = 0;
            for (int e = from, end = last.get(); e <= end; e++) {
                Shelf s = layers.get(e);
                if (s != null) {
                    n += s.size();
                }
            }
            return n;
        }

        void release(int e) {
            Shelf s = layers.getAndSet(e, null);
            if (s.parts.length == parts) {
                s.clear();
                spare.push(s);
            }
        }
    }

    /** One layer: its states in parts by hash, each part a table with its own lock. */
    private static final class Shelf {
        final Layer[] parts;

        Shelf(Key key, int parts) {
            this.parts = new Layer[parts];
            for (int p = 0; p < parts; p++) {
                this.parts[p] = new Layer(key);
            }
        }

        /** Adds ways to the state {@code key}, under its part's lock when other threads add too ({@code shared}). */
        void add(long[] key, long n, BigInteger nBig, boolean shared) {
            long h = Layer.hash(key, 0, key.length);
            Layer part = parts[(int) (h >>> 40) & (parts.length - 1)];
            if (!shared) {
                part.add(key, n, nBig, h);
                return;
            }
            synchronized (part) {
                part.add(key, n, nBig, h);
            }
        }

        long size() {
            long n = 0;
            for (Layer p : parts) {
                n += p.size;
            }
            return n;
        }

        void clear() {
            for (Layer p : parts) {
                p.clear();
            }
        }
    }

    /**
     * Moves {@code window}, which starts at cell {@code e}, on to its first open cell, the cells coming in at
     * its far end as {@link #settledBit} says; returns that cell ({@link #cells} or more when there is none).
     */
    private int advance(long[] window, int e) {
        while (true) {
            int run = 0;
            while (run < windowWords && window[run] == -1L) {
                run++;
            }
            int s = run == windowWords ? span : Math.min(span, (run << 6) + Long.numberOfTrailingZeros(~window[run]));
            if (s == 0) {
                return e;
            }
            // shift by s, in steps below 64 so a single word's shift stays defined
            for (int left = s; left > 0; ) {
                int step = Math.min(left, 63);
                for (int w = 0; w < windowWords; w++) {
                    long hi = w + 1 < windowWords ? window[w + 1] << (64 - step) : 0;
                    window[w] = window[w] >>> step | hi;
                }
                for (int j = 0; j < step; j++) {
                    int bit = span - step + j;
                    window[bit >>> 6] |= settledBit(e + span + j) << bit;
                }
                e += step;
                left -= step;
            }
            if (e >= cells) {
                return e;
            }
        }
    }

    private boolean fits(long[] rel, int m, long[] keys, int at) {
        for (int w = 0; w < windowWords; w++) {
            if ((rel[m + w] & keys[at + w]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** True when a full board with the copies {@code left} is a packing: every piece used at least its minimum. */
    private boolean complete(long left) {
        if (allCopies) {
            return left == 0;
        }
        for (int p = 0; p < counts.length; p++) {
            if (counts[p] - (left / radix[p]) % digitBase(p) < mins[p]) {
                return false;
            }
        }
        return true;
    }

    /** True when {@code left} holds the copies {@code use} asks for. */
    private boolean inHand(long left, int[] use) {
        for (int p = 0; p < use.length; p++) {
            if (use[p] > 0 && (left / radix[p]) % digitBase(p) < use[p]) {
                return false;
            }
        }
        return true;
    }

    /** The base of piece {@code p}'s digit: its count plus one. */
    private long digitBase(int p) {
        return counts[p] + 1L;
    }

    /**
     * One layer of the sweep (or one part of it): states, each a key of {@code stride} longs ({@link Key}: window and
     * copies-left code), with their numbers of ways, in open addressing over flat arrays, at most half full. A number
     * past 2^63 moves to {@link #big}.
     */
    private static final class Layer {
        private final int stride;
        long[] keys;         // stride longs a slot; the last is -1 in an empty slot
        long[] ways;
        BigInteger[] big;    // null until some number passes 2^63; then a slot's number when it did
        int size;

        Layer(Key key) {
            this.stride = key.stride();
            this.keys = new long[16 * stride];
            this.ways = new long[16];
            clear();
        }

        void clear() {
            for (int at = stride - 1; at < keys.length; at += stride) {
                keys[at] = -1;
            }
            if (big != null) {
                Arrays.fill(big, null);
            }
            size = 0;
        }

        BigInteger big(int slot) {
            return big == null ? null : big[slot];
        }

        BigInteger count(int slot) {
            BigInteger b = big(slot);
            return b != null ? b : BigInteger.valueOf(ways[slot]);
        }

        /** A key's hash ({@code stride} longs from {@code at}): its part of a {@link Shelf} from the high bits, its slot from the low ones. */
        static long hash(long[] key, int at, int stride) {
            long h = 0;
            for (int w = 0; w < stride; w++) {
                h = h * 31 + key[at + w];
            }
            return mix(h);
        }

        /** Adds {@code n} ways (or {@code nBig} when not null) to the state {@code key} whose hash is {@code h}. */
        void add(long[] key, long n, BigInteger nBig, long h) {
            if (2 * (size + 1) > ways.length) {
                grow();
            }
            int slot = find(keys, key, h);
            int at = slot * stride;
            if (keys[at + stride - 1] == -1) {
                for (int w = 0; w < stride; w++) {
                    keys[at + w] = key[w];
                }
                ways[slot] = n;
                if (nBig != null) {
                    setBig(slot, nBig);
                }
                size++;
                return;
            }
            if (nBig == null && big(slot) == null) {
                long sum = ways[slot] + n;
                if (sum >= 0) { // both are at most 2^63 - 1: a sum past it wraps below zero
                    ways[slot] = sum;
                    return;
                }
            }
            setBig(slot, count(slot).add(nBig != null ? nBig : BigInteger.valueOf(n)));
        }

        private void setBig(int slot, BigInteger value) {
            if (big == null) {
                big = new BigInteger[ways.length];
            }
            big[slot] = value;
        }

        /** The slot holding {@code key}, whose hash is {@code h}, or the empty slot where it would go. */
        private int find(long[] k, long[] key, long h) {
            int mask = ways.length - 1;
            int slot = (int) (h & mask);
            while (true) {
                int at = slot * stride;
                if (k[at + stride - 1] == -1 || same(k, at, key)) {
                    return slot;
                }
                slot = (slot + 1) & mask;
            }
        }

        private boolean same(long[] k, int at, long[] key) {
            for (int w = 0; w < stride; w++) {
                if (k[at + w] != key[w]) {
                    return false;
                }
            }
            return true;
        }

        private void grow() {
            long[] oldKeys = keys;
            long[] oldWays = ways;
            BigInteger[] oldBig = big;
            keys = new long[oldKeys.length * 2];
            ways = new long[oldWays.length * 2];
            big = oldBig == null ? null : new BigInteger[ways.length];
            for (int at = stride - 1; at < keys.length; at += stride) {
                keys[at] = -1;
            }
            long[] key = new long[stride];
            for (int i = 0, at = 0; i < oldWays.length; i++, at += stride) {
                if (oldKeys[at + stride - 1] == -1) {
                    continue;
                }
                System.arraycopy(oldKeys, at, key, 0, stride);
                int slot = find(keys, key, hash(key, 0, stride));
                System.arraycopy(key, 0, keys, slot * stride, stride);
                ways[slot] = oldWays[i];
                if (oldBig != null) {
                    big[slot] = oldBig[i];
                }
            }
        }
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        return x ^ (x >>> 33);
    }
}
