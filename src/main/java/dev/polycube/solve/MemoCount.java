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
 * 8x8 visit some 10^4 states for 12,988,816 packings), while 13 different pieces (Bedlam) rarely meet and
 * the memo only costs memory, which is why {@link #suits} keeps to sets of few kinds.
 *
 * <p>Boards of at most 64 box cells (one {@code long}); counts in {@code long}, with overflow refused. The
 * memo is an open-addressing table over two {@code long[]} key arrays and one value array, bounded: past
 * {@link #MAX_STATES} states the count gives up ({@link TooBig}), and the caller counts by search instead.
 */
public final class MemoCount {

    /** The most states the memo holds (about 24 bytes each, a third of a GiB at most). */
    public static final int MAX_STATES = 1 << 24;

    /** The memo outgrew its bound, or the count outgrew a {@code long}. */
    public static final class TooBig extends RuntimeException {
        TooBig(String message) {
            super(message, null, false, false);
        }
    }

    /** The count, and how many states the memo held. */
    public record Result(long packings, long states) {
    }

    private final long[][] byCell;      // per first cell: the placements' cell masks
    private final int[][] pieceByCell;  // per first cell: the placements' piece types
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

    private MemoCount(Puzzle puzzle, BooleanSupplier stop, int maxStates) {
        this.maxStates = maxStates;
        Target t = puzzle.target();
        int n = t.boxVolume();
        List<List<long[]>> lists = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            lists.add(new ArrayList<>());
        }
        for (PlacementSet.Placement p : PlacementSet.of(puzzle).all()) {
            long mask = 0;
            for (int c : p.cells()) {
                mask |= 1L << c;
            }
            lists.get(p.cells()[0]).add(new long[] {mask, p.piece()});
        }
        byCell = new long[n][];
        pieceByCell = new int[n][];
        for (int i = 0; i < n; i++) {
            List<long[]> l = lists.get(i);
            byCell[i] = new long[l.size()];
            pieceByCell[i] = new int[l.size()];
            for (int k = 0; k < l.size(); k++) {
                byCell[i][k] = l.get(k)[0];
                pieceByCell[i][k] = (int) l.get(k)[1];
            }
        }
        radix = new long[puzzle.pieces().size()];
        long r = 1;
        for (int p = 0; p < radix.length; p++) {
            radix[p] = r;
            r = Math.multiplyExact(r, puzzle.pieces().get(p).count() + 1L);
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
        return count(puzzle, stop, MAX_STATES);
    }

    /** As {@link #count(Puzzle, BooleanSupplier)}, with the memo bounded to {@code maxStates}. */
    static Result count(Puzzle puzzle, BooleanSupplier stop, int maxStates) {
        MemoCount m = new MemoCount(puzzle, stop, maxStates);
        long board = ~m.full;
        long left = 0;
        int[] used = new int[puzzle.pieces().size()];
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            for (var c : f.cells()) {
                board |= 1L << puzzle.target().index(c);
            }
            used[f.piece()]++;
        }
        for (int p = 0; p < used.length; p++) {
            left += (puzzle.pieces().get(p).count() - used[p]) * m.radix[p];
        }
        long n = m.count(board, left);
        return new Result(n, m.size);
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
        int[] pieces = pieceByCell[cell];
        for (int k = 0; k < masks.length; k++) {
            long r = radix[pieces[k]];
            if ((masks[k] & board) == 0 && (left / r) % radix(pieces[k]) != 0) {
                long sub = count(board | masks[k], left - r);
                total += sub;
                if (total < 0) {
                    throw new TooBig("the count passes 2^63 (9.2e18); counting by search instead");
                }
            }
        }
        put(board, left, total);
        return total;
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
                    + "counting by search instead", maxStates, maxStates >= (1 << 20) ? (maxStates * 48L >> 20) + " MiB" : "a bound"));
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
