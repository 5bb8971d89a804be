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
 * Counts the packings of a puzzle in the fixed frame without listing them: the first-empty-cell search,
 * memoised on what is left to do.
 *
 * <p>Filling cells in a fixed order, the rest of the search from a state depends only on the cells already
 * covered and the copies still in hand, never on how they got there. So each (board, copies left) state is
 * counted once and its count reused: with identical pieces many paths meet in the same state (32 dominoes in
 * 8x8 visit 1,693 states for 12,988,816 packings), while 13 different pieces in a cube (Bedlam) rarely meet
 * and the memo only costs memory, which is why {@link #suits} keeps to sets where states meet. Classes come
 * from Burnside's lemma ({@link #classes}): the same memo counts, for each symmetry, the packings it maps onto
 * themselves, over orbits of placements instead of placements.
 *
 * <p>The cells are taken with the box's shortest side varying fastest: every cell below the first empty one
 * is full, so a state differs from another only in the cells a piece can still reach beyond it, and that
 * frontier is narrowest when a row is short (a 3x30 strip filled across its 3 cells, not along its 30).
 * Boards of any size ({@code W} words of 64 cells); counts in {@code long} until one passes 2^63, then in
 * {@link BigInteger} (a memo value below zero names an entry of {@link #bigs}). The memo is an open-addressing
 * table over one flat {@code long[]} of keys (the board's words, then the copies-left code) and one value
 * array, bounded: past its bound the count gives up ({@link TooBig}), and the caller counts by search instead.
 */
public final class MemoCount {

    /** The most states the memo may ever hold, whatever the heap: 64 M. */
    public static final int MAX_STATES = 1 << 26;

    /** The memo outgrew its bound; the message says which, for a caller that then counts by search. */
    public static final class TooBig extends RuntimeException {
        TooBig(String message) {
            super(message, null, false, false);
        }
    }

    /** Raised through the search when the caller's stop flag goes up. */
    public static final class Interrupted extends RuntimeException {
        Interrupted() {
            super("interrupted", null, false, false);
        }
    }

    /** The count (of any size), and how many states the memo held. */
    public record Result(BigInteger packings, long states) {
    }

    private final int words;             // W: 64-cell words of a board
    private final int[] position;        // box index -> the memo's cell number (shortest side fastest)
    private final long[][] masksByCell;  // per lowest cell (the memo's numbering): the moves' cells, W words each
    private final long[][] costByCell;   // per lowest cell: the moves' copies, as a copies-left code
    private final int[][][] usesByCell;  // per lowest cell: the moves' copies per piece type
    private final long[] radix;          // copies-left code: sum of left[p] * radix[p]
    private final int[] counts;          // per piece type: its copies
    private final int[] mins;            // per piece type: the fewest copies a packing uses (its count unless optional)
    private final boolean allCopies;     // no optional piece: a full board is a packing when no copy is left
    private final long[] full;           // the target's cells; every other bit starts filled
    private final BooleanSupplier stop;
    private final Budget budget;
    private final long[] boards;         // the search's stack of boards, W words a level
    private long[] keys;                 // W + 1 longs a slot: the board, then the copies-left code (-1: empty)
    private long[] value;                // the count, or -1 - i for bigs[i]
    private final List<BigInteger> bigs = new ArrayList<>();
    private int size;
    private long polls;

    /**
     * True when the memo may pay and applies: no groups, and states that meet: few kinds of piece for the copies
     * (at most 3 kinds, or 4 copies or more per kind on average). Optional pieces (count ranges) and optional
     * cells are counted too: a full board is a packing when every piece is used at least its minimum, and an
     * optional cell is one more move, "leave it empty" (monominoes and dominoes in 8x8: 179,788,343,101,980,135, OEIS A028420). Different pieces
     * rarely meet in one state: twelve pentominoes in 6x10 hold 3.3 M states for 9,356 packings, the eighteen
     * one-sided ones in 5x18 pass 44 M (docs/PERFORMANCE.md), so those are counted by search. Whether it pays
     * also depends on the frontier ({@link #budget}).
     */
    public static boolean suits(Puzzle puzzle) {
        if (!puzzle.groups().isEmpty()) {
            return false;
        }
        int kinds = puzzle.pieces().size();
        return kinds <= 3 || puzzle.copyCount() >= 4 * kinds;
    }

    /**
     * The frontier up to which the memo gets all the memory it may use ({@link #bound}); past it, a trial of
     * {@link #TRIAL_STATES}. The frontier alone does not tell: 16 T-tetracubes in 4x4x4 (a frontier of 33) finish
     * in 246 k states and 25 I-pentacubes in 5x5x5 (101) in 1 k, while 16 L-tetracubes in 4x4x4 (37) pass 30 M and
     * the 25 Y-pentacubes (76) 44 M, where the listing search takes seconds. So a wide frontier gets a trial of
     * a quarter of a second (262,144 states) before the run counts by search.
     */
    public static final int MAX_FRONTIER = 24;

    /** The states a memo on a frontier wider than {@link #MAX_FRONTIER} may hold before the run counts by search. */
    public static final int TRIAL_STATES = 1 << 18;

    /**
     * How many states a memo may hold, and why: all the memory allows ({@link #bound}), or a trial on a wide frontier.
     *
     * @param trial true when {@code states} is a trial's, not memory's
     */
    public record Budget(int states, boolean trial) {

        /** What a run is told when the memo reaches this budget (the reason only; the caller says what follows). */
        TooBig exceeded(int words) {
            return new TooBig(trial
                    ? String.format(java.util.Locale.ROOT, "the memo's trial ended at %,d states", states)
                    : String.format(java.util.Locale.ROOT, "the memo would hold more than %,d states (%s of memory; more "
                    + "memory: POLYCUBE_JAVA_OPTS=-Xmx8g, say)", states,
                    states >= (1 << 20) ? (states * 6L * 8 * (words + 2) >> 20) + " MiB" : "its bound"));
        }
    }

    /** The most states the memo may hold for this puzzle: all it may use on a narrow frontier, a trial on a wide one. */
    public static Budget budget(Puzzle puzzle) {
        return budget(puzzle, PlacementSet.of(puzzle));
    }

    private static Budget budget(Puzzle puzzle, PlacementSet placements) {
        int all = bound(puzzle);
        return frontier(puzzle, placements) <= MAX_FRONTIER || all <= TRIAL_STATES ? new Budget(all, false)
                : new Budget(TRIAL_STATES, true);
    }

    /**
     * How many cells, from the first empty one on, a piece placed there can reach (the most, in the memo's
     * cell order): a state is the board's pattern over that frontier, so the memo holds at most about
     * 2^frontier boards per cell.
     */
    public static int frontier(Puzzle puzzle) {
        return frontier(puzzle, PlacementSet.of(puzzle));
    }

    private static int frontier(Puzzle puzzle, PlacementSet placements) {
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
    private MemoCount(Puzzle puzzle, List<BitSet> moves, List<int[]> uses, BooleanSupplier stop, Budget budget) {
        Target t = puzzle.target();
        int n = t.boxVolume();
        this.words = (n + 63) >>> 6;
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
        long[][] masks = new long[moves.size()][];
        int[] lowest = new int[moves.size()];
        for (int k = 0; k < moves.size(); k++) {
            masks[k] = new long[words];
            lowest[k] = Integer.MAX_VALUE;
            for (int c = moves.get(k).nextSetBit(0); c >= 0; c = moves.get(k).nextSetBit(c + 1)) {
                int q = position[c];
                masks[k][q >>> 6] |= 1L << q;
                lowest[k] = Math.min(lowest[k], q);
            }
            perCell[lowest[k]]++;
        }
        masksByCell = new long[n][];
        costByCell = new long[n][];
        usesByCell = new int[n][][];
        for (int i = 0; i < n; i++) {
            masksByCell[i] = new long[perCell[i] * words];
            costByCell[i] = new long[perCell[i]];
            usesByCell[i] = new int[perCell[i]][];
        }
        int[] filled = new int[n];
        for (int k = 0; k < moves.size(); k++) {
            int i = lowest[k];
            int at = filled[i]++;
            System.arraycopy(masks[k], 0, masksByCell[i], at * words, words);
            int[] use = uses.get(k);
            usesByCell[i][at] = use;
            long cost = 0;
            for (int p = 0; p < use.length; p++) {
                cost += use[p] * radix[p];
            }
            costByCell[i][at] = cost;
        }
        full = new long[words];
        for (int i = 0; i < n; i++) {
            if (t.containsIndex(i)) {
                full[position[i] >>> 6] |= 1L << position[i];
            }
        }
        boards = new long[(puzzle.copyCount() + 2) * words];
        keys = new long[(1 << 12) * (words + 1)];
        value = new long[1 << 12];
        clearKeys(keys);
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
        return (int) Math.min(MAX_STATES, Runtime.getRuntime().maxMemory() / 2 / bytesPerState(puzzle));
    }

    /**
     * Memory a memo state may take at the table's peak: a slot is {@code W + 2} longs (board, copies left, count);
     * the table is at most half full, and while it doubles the old and the new arrays live side by side, so a
     * state stands for up to six slots. (A third of the heap at two slots a state ran a 20x20 board out of memory
     * in the middle of a doubling.)
     */
    public static long bytesPerState(Puzzle puzzle) {
        return 6L * 8 * (((puzzle.target().boxVolume() + 63) >>> 6) + 2);
    }

    /** As {@link #count(Puzzle, BooleanSupplier)}, with the memo bounded to {@code maxStates}. */
    static Result count(Puzzle puzzle, BooleanSupplier stop, int maxStates) {
        return count(puzzle, PlacementSet.of(puzzle), stop, new Budget(maxStates, false));
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
        return new MemoCount(puzzle, moves, uses, stop, budget).run(puzzle);
    }

    /**
     * Counts the packings that symmetry {@code e} maps onto themselves (Burnside's fixed points): such a packing
     * is a union of orbits of placements under e, each orbit's members pairwise apart, so the memo runs over
     * orbits instead of placements, an orbit using a copy per member (of the member's piece type: e may swap
     * a piece for its mirror partner).
     */
    public static Result fixedBy(Puzzle puzzle, SymmetryGroup.Element e, BooleanSupplier stop) {
        PlacementSet placements = PlacementSet.of(puzzle);
        return fixedBy(puzzle, placements, e, stop, budget(puzzle, placements));
    }

    private static Result fixedBy(Puzzle puzzle, PlacementSet placements, SymmetryGroup.Element e, BooleanSupplier stop,
                                  Budget budget) {
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
        return new MemoCount(puzzle, moves, uses, stop, budget).run(puzzle);
    }

    /**
     * The classes under {@code group} without listing them, by Burnside's lemma: the average over the group's
     * elements of the packings each maps onto itself ({@link #fixedBy}). The states are summed over the elements.
     */
    public static Result classes(Puzzle puzzle, SymmetryGroup group, BooleanSupplier stop) {
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
        BigInteger sum = BigInteger.ZERO;
        long states = 0;
        PlacementSet placements = PlacementSet.of(puzzle);
        Budget budget = budget(puzzle, placements);
        for (SymmetryGroup.Element e : group.elements()) {
            Result r = fixedBy(puzzle, placements, e, stop, budget);
            sum = sum.add(r.packings());
            states += r.states();
        }
        BigInteger[] qr = sum.divideAndRemainder(BigInteger.valueOf(group.size()));
        if (qr[1].signum() != 0) {
            throw new IllegalStateException("Burnside's sum " + sum + " is not a multiple of the group's " + group.size()
                    + " elements for " + puzzle.name() + ": a fixed-point count is wrong");
        }
        return new Result(qr[0], states);
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
        for (int w = 0; w < words; w++) {
            boards[w] = ~full[w];
        }
        int[] used = new int[puzzle.pieces().size()];
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            for (var c : f.cells()) {
                int q = position[puzzle.target().index(c)];
                boards[q >>> 6] |= 1L << q;
            }
            used[f.piece()]++;
        }
        long left = 0;
        for (int p = 0; p < used.length; p++) {
            left += (puzzle.pieces().get(p).count() - used[p]) * radix[p];
        }
        return new Result(decode(count(0, left)), size);
    }

    /**
     * The packings that complete the board on level {@code depth} of {@link #boards} with the copies {@code left},
     * in {@link #value}'s code: the count, or -1 - i for {@code bigs[i]}.
     */
    private long count(int depth, long left) {
        int base = depth * words;
        int cell = firstEmpty(base);
        if (cell < 0) {
            return complete(left) ? 1 : 0;
        }
        int slot = find(base, left);
        if (keys[slot * (words + 1) + words] != -1) {
            return value[slot];
        }
        if ((++polls & 0xFFFF) == 0 && stop.getAsBoolean()) {
            throw new Interrupted();
        }
        long total = 0;
        BigInteger big = null;
        long[] masks = masksByCell[cell];
        long[] costs = costByCell[cell];
        int[][] uses = usesByCell[cell];
        int next = base + words;
        for (int k = 0, m = 0; k < costs.length; k++, m += words) {
            if (!fits(masks, m, base) || !inHand(left, uses[k])) {
                continue;
            }
            for (int w = 0; w < words; w++) {
                boards[next + w] = boards[base + w] | masks[m + w];
            }
            long sub = count(depth + 1, left - costs[k]);
            if (big == null && sub >= 0 && total + sub >= 0) {
                total += sub;
            } else {
                big = (big == null ? BigInteger.valueOf(total) : big).add(decode(sub));
            }
        }
        long code = big == null ? total : encode(big);
        put(base, left, code);
        return code;
    }

    private boolean fits(long[] masks, int m, int base) {
        for (int w = 0; w < words; w++) {
            if ((masks[m + w] & boards[base + w]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The lowest empty cell of the board at {@code base}, or -1 when it is full. */
    private int firstEmpty(int base) {
        for (int w = 0; w < words; w++) {
            long open = ~boards[base + w];
            if (open != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(open);
            }
        }
        return -1;
    }

    private long encode(BigInteger count) {
        if (count.bitLength() < 63) {
            return count.longValueExact();
        }
        bigs.add(count);
        return -bigs.size();
    }

    private BigInteger decode(long code) {
        return code >= 0 ? BigInteger.valueOf(code) : bigs.get((int) (-1 - code));
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
        return (p + 1 < radix.length ? radix[p + 1] : Long.MAX_VALUE) / radix[p];
    }

    /** The slot holding (the board at {@code base}, left), or the empty slot (code -1) where it would go. */
    private int find(int base, long left) {
        int stride = words + 1;
        int mask = value.length - 1;
        int slot = home(boards, base, left, mask);
        while (true) {
            int at = slot * stride;
            long code = keys[at + words];
            if (code == -1) {
                return slot;
            }
            if (code == left && sameBoard(at, base)) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    private boolean sameBoard(int at, int base) {
        for (int w = 0; w < words; w++) {
            if (keys[at + w] != boards[base + w]) {
                return false;
            }
        }
        return true;
    }

    private void put(int base, long left, long code) {
        if (size >= budget.states()) {
            throw budget.exceeded(words);
        }
        if (2 * (size + 1) > value.length) {
            grow();
        }
        int slot = find(base, left);
        System.arraycopy(boards, base, keys, slot * (words + 1), words);
        keys[slot * (words + 1) + words] = left;
        value[slot] = code;
        size++;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldValue = value;
        int stride = words + 1;
        keys = new long[oldKeys.length * 2];
        value = new long[oldValue.length * 2];
        clearKeys(keys);
        int mask = value.length - 1;
        for (int i = 0; i < oldValue.length; i++) {
            int at = i * stride;
            long left = oldKeys[at + words];
            if (left == -1) {
                continue;
            }
            int slot = home(oldKeys, at, left, mask);
            while (keys[slot * stride + words] != -1) {
                slot = (slot + 1) & mask;
            }
            System.arraycopy(oldKeys, at, keys, slot * stride, stride);
            value[slot] = oldValue[i];
        }
    }

    /** The first slot to look in for the board {@code board[at .. at+W)} with the copies {@code left}. */
    private int home(long[] board, int at, long left, int mask) {
        long h = left;
        for (int w = 0; w < words; w++) {
            h = h * 31 + board[at + w];
        }
        return (int) (mix(h) & mask);
    }

    /** Marks every slot empty (copies-left code -1: codes are never negative). */
    private void clearKeys(long[] k) {
        for (int at = words; at < k.length; at += words + 1) {
            k[at] = -1;
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
