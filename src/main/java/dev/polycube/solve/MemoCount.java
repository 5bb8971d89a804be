package dev.polycube.solve;

import dev.polycube.engine.PlacementSet;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Counts the packings of a puzzle in the fixed frame without listing them: the first-empty-cell search,
 * memoised on what is left to do.
 *
 * <p>Filling cells in box order, the rest of the search from a state depends only on the cells already
 * covered and the copies still in hand, never on how they got there. So each (board, copies left) state is
 * counted once and its count reused: with identical pieces many paths meet in the same state (32 dominoes in
 * 8x8 visit 1,693 states for 12,988,816 packings), while 13 different pieces (Bedlam) rarely meet and
 * the memo only costs memory, which is why {@link #suits} keeps to sets of few kinds. Classes come from
 * Burnside's lemma ({@link #classes}): the same memo counts, for each symmetry, the packings it maps onto
 * themselves, over orbits of placements instead of placements.
 *
 * <p>Boards of at most 64 box cells (one {@code long}); counts in {@code long}, with overflow refused. The
 * memo is an open-addressing table over two {@code long[]} key arrays and one value array, bounded: past
 * {@link #MAX_STATES} states the count gives up ({@link TooBig}), and the caller counts by search instead.
 */
public final class MemoCount {

    /** The most states the memo holds: 4 M, in a table of at most 8 M slots of 24 bytes (about 200 MiB). */
    public static final int MAX_STATES = 1 << 22;

    /** The memo outgrew its bound, or the count outgrew a {@code long}. */
    public static final class TooBig extends RuntimeException {
        TooBig(String message) {
            super(message, null, false, false);
        }
    }

    /** The count, and how many states the memo held. */
    public record Result(long packings, long states) {
    }

    private final long[][] byCell;      // per lowest cell: the moves' cell masks
    private final long[][] costByCell;  // per lowest cell: the moves' copies, as a copies-left code
    private final int[][][] usesByCell; // per lowest cell: the moves' copies per piece type
    private final long[] radix;         // copies-left code: sum of left[p] * radix[p]
    private final long full;
    private final BooleanSupplier stop;
    private final int maxStates;
    private long[] keyBoard;
    private long[] keyLeft;
    private long[] value;
    private int size;
    private long polls;

    /**
     * True when the memo pays and applies: a box of at most 64 cells, no optional cells or pieces, no groups,
     * and few kinds of piece for the copies (at most 3 kinds, or 4 copies or more per kind on average).
     */
    public static boolean suits(Puzzle puzzle) {
        Target t = puzzle.target();
        if (t.boxVolume() > 64 || puzzle.hasChoices()) {
            return false;
        }
        int kinds = puzzle.pieces().size();
        return kinds <= 3 || puzzle.copyCount() >= 4 * kinds;
    }

    /**
     * The memo over {@code moves}: each a set of cells (a mask) and the copies it uses ({@code uses[k]}: per piece
     * type), listed under its lowest cell.
     */
    private MemoCount(Puzzle puzzle, List<long[]> moves, List<int[]> uses, BooleanSupplier stop, int maxStates) {
        this.maxStates = maxStates;
        Target t = puzzle.target();
        int n = t.boxVolume();
        radix = new long[puzzle.pieces().size()];
        long r = 1;
        for (int p = 0; p < radix.length; p++) {
            radix[p] = r;
            r = Math.multiplyExact(r, puzzle.pieces().get(p).count() + 1L);
        }
        List<List<Integer>> lists = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            lists.add(new ArrayList<>());
        }
        for (int k = 0; k < moves.size(); k++) {
            lists.get(Long.numberOfTrailingZeros(moves.get(k)[0])).add(k);
        }
        byCell = new long[n][];
        costByCell = new long[n][];
        usesByCell = new int[n][][];
        for (int i = 0; i < n; i++) {
            List<Integer> l = lists.get(i);
            byCell[i] = new long[l.size()];
            costByCell[i] = new long[l.size()];
            usesByCell[i] = new int[l.size()][];
            for (int k = 0; k < l.size(); k++) {
                int[] use = uses.get(l.get(k));
                byCell[i][k] = moves.get(l.get(k))[0];
                usesByCell[i][k] = use;
                long cost = 0;
                for (int p = 0; p < use.length; p++) {
                    cost += use[p] * radix[p];
                }
                costByCell[i][k] = cost;
            }
        }
        long f = 0;
        for (int i = 0; i < n; i++) {
            if (t.containsIndex(i)) {
                f |= 1L << i;
            }
        }
        full = f;
        this.stop = stop;
        keyBoard = new long[1 << 12];
        keyLeft = new long[1 << 12];
        value = new long[1 << 12];
        java.util.Arrays.fill(keyLeft, -1);
    }

    /**
     * Counts {@code puzzle}'s packings in the fixed frame (its pre-placed pieces in place).
     *
     * @throws TooBig when the memo would pass {@link #MAX_STATES} or the count a {@code long}
     * @throws Interrupted when {@code stop} is raised
     */
    public static Result count(Puzzle puzzle, BooleanSupplier stop) {
        return count(puzzle, stop, bound());
    }

    /** {@link #MAX_STATES}, or fewer where a quarter of the heap would not hold them (48 bytes a state, table included). */
    private static int bound() {
        return (int) Math.min(MAX_STATES, Runtime.getRuntime().maxMemory() / 4 / 48);
    }

    /** As {@link #count(Puzzle, BooleanSupplier)}, with the memo bounded to {@code maxStates}. */
    static Result count(Puzzle puzzle, BooleanSupplier stop, int maxStates) {
        List<long[]> moves = new ArrayList<>();
        List<int[]> uses = new ArrayList<>();
        for (PlacementSet.Placement p : PlacementSet.of(puzzle).all()) {
            moves.add(new long[] {mask(p.cells())});
            int[] use = new int[puzzle.pieces().size()];
            use[p.piece()] = 1;
            uses.add(use);
        }
        return new MemoCount(puzzle, moves, uses, stop, maxStates).run(puzzle);
    }

    /**
     * Counts the packings that symmetry {@code e} maps onto themselves (Burnside's fixed points): such a packing
     * is a union of orbits of placements under e, each orbit's members pairwise apart, so the memo runs over
     * orbits instead of placements, an orbit using a copy per member (of the member's piece type: e may swap
     * a piece for its mirror partner).
     */
    public static Result fixedBy(Puzzle puzzle, dev.polycube.symmetry.SymmetryGroup.Element e, BooleanSupplier stop) {
        int types = puzzle.pieces().size();
        java.util.Set<String> seen = new java.util.HashSet<>();
        List<long[]> moves = new ArrayList<>();
        List<int[]> uses = new ArrayList<>();
        for (PlacementSet.Placement p : PlacementSet.of(puzzle).all()) {
            long union = 0;
            int[] use = new int[types];
            List<Long> members = new ArrayList<>();
            int type = p.piece();
            int[] cells = p.cells();
            boolean apart = true;
            for (int step = 0; step < 64 && apart; step++) {
                long m = mask(cells);
                if (step > 0 && m == members.get(0) && type == p.piece()) {
                    break; // back where it started
                }
                if ((union & m) != 0) {
                    apart = false; // two members overlap: no fixed packing holds this placement
                    break;
                }
                union |= m;
                members.add(m);
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
            List<Long> key = new ArrayList<>(members);
            java.util.Collections.sort(key);
            if (apart && seen.add(key + "/" + java.util.Arrays.toString(use))) {
                moves.add(new long[] {union});
                uses.add(use);
            }
        }
        return new MemoCount(puzzle, moves, uses, stop, bound()).run(puzzle);
    }

    /**
     * The classes under {@code group} without listing them, by Burnside's lemma: the average over the group's
     * elements of the packings each maps onto itself ({@link #fixedBy}). The states are summed over the elements.
     */
    public static Result classes(Puzzle puzzle, dev.polycube.symmetry.SymmetryGroup group, BooleanSupplier stop) {
        long sum = 0;
        long states = 0;
        for (dev.polycube.symmetry.SymmetryGroup.Element e : group.elements()) {
            Result r = fixedBy(puzzle, e, stop);
            sum = Math.addExact(sum, r.packings());
            states += r.states();
        }
        if (sum % group.size() != 0) {
            throw new IllegalStateException("Burnside's sum " + sum + " is not a multiple of the group's " + group.size()
                    + " elements for " + puzzle.name() + ": a fixed-point count is wrong");
        }
        return new Result(sum / group.size(), states);
    }

    private static long mask(int[] cells) {
        long mask = 0;
        for (int c : cells) {
            mask |= 1L << c;
        }
        return mask;
    }

    private Result run(Puzzle puzzle) {
        long board = ~full;
        long left = 0;
        int[] used = new int[puzzle.pieces().size()];
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            for (var c : f.cells()) {
                board |= 1L << puzzle.target().index(c);
            }
            used[f.piece()]++;
        }
        for (int p = 0; p < used.length; p++) {
            left += (puzzle.pieces().get(p).count() - used[p]) * radix[p];
        }
        return new Result(count(board, left), size);
    }

    /** Raised through the search when the caller's stop flag goes up. */
    public static final class Interrupted extends RuntimeException {
        Interrupted() {
            super("interrupted", null, false, false);
        }
    }

    private long count(long board, long left) {
        if (board == -1L) {
            return left == 0 ? 1 : 0;
        }
        int slot = find(board, left);
        if (keyLeft[slot] != -1 && keyBoard[slot] == board && keyLeft[slot] == left) {
            return value[slot];
        }
        if ((++polls & 0xFFFF) == 0 && stop.getAsBoolean()) {
            throw new Interrupted();
        }
        int cell = Long.numberOfTrailingZeros(~board);
        long total = 0;
        long[] masks = byCell[cell];
        long[] costs = costByCell[cell];
        int[][] uses = usesByCell[cell];
        for (int k = 0; k < masks.length; k++) {
            if ((masks[k] & board) == 0 && inHand(left, uses[k])) {
                long sub = count(board | masks[k], left - costs[k]);
                total += sub;
                if (total < 0) {
                    throw new TooBig("the count passes 2^63 (9.2e18); counting by search instead");
                }
            }
        }
        put(board, left, total);
        return total;
    }

    /** True when {@code left} holds the copies {@code use} asks for. */
    private boolean inHand(long left, int[] use) {
        for (int p = 0; p < use.length; p++) {
            if (use[p] > 0 && (left / radix[p]) % radix(p) < use[p]) {
                return false;
            }
        }
        return true;
    }

    /** The base of piece {@code p}'s digit: its count plus one. */
    private long radix(int p) {
        return (p + 1 < radix.length ? radix[p + 1] : Long.MAX_VALUE) / radix[p];
    }

    /** The slot holding (board, left), or the empty slot (left -1: codes are never negative) where it would go. */
    private int find(long board, long left) {
        int mask = keyBoard.length - 1;
        int slot = (int) (mix(board * 31 + left) & mask);
        while (keyLeft[slot] != -1 && (keyBoard[slot] != board || keyLeft[slot] != left)) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void put(long board, long left, long count) {
        if (size >= maxStates) {
            throw new TooBig(String.format(java.util.Locale.ROOT, "the memo would hold more than %,d states (%s of memory); "
                    + "counting by search instead", maxStates, maxStates >= (1 << 20) ? (maxStates * 48L >> 20) + " MiB" : "its bound"));
        }
        if (2 * (size + 1) > keyBoard.length) {
            grow();
        }
        int slot = find(board, left);
        keyBoard[slot] = board;
        keyLeft[slot] = left;
        value[slot] = count;
        size++;
    }

    private void grow() {
        long[] b = keyBoard;
        long[] l = keyLeft;
        long[] v = value;
        keyBoard = new long[b.length * 2];
        keyLeft = new long[b.length * 2];
        value = new long[b.length * 2];
        java.util.Arrays.fill(keyLeft, -1);
        for (int i = 0; i < b.length; i++) {
            if (l[i] != -1) {
                int slot = find(b[i], l[i]);
                keyBoard[slot] = b[i];
                keyLeft[slot] = l[i];
                value[slot] = v[i];
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
