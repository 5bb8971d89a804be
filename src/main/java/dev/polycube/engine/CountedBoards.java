package dev.polycube.engine;

/**
 * Boards whose completions a counting search has counted, and how many: a bounded, lossy table (a transposition
 * table) that one worker's {@code LiveSetSearch} keeps across its units.
 *
 * <p>Why: with identical pieces the state of a search is its board alone (the copies left follow from the cells
 * filled), and different orders of placing reach the same board: 52 % of the boards the 25 Y-pentacubes' search
 * opens had been opened before, each with its whole subtree searched again. A board found here is not opened; its
 * count is added instead. Nothing here can change a count: an entry is stored only once its subtree has been
 * searched to the end, and it is found again only by the whole board, word for word.
 *
 * <p>How: {@code 2^bits} slots of {@code words + 1} longs in one array (the board's words, then its count plus
 * one, 0 marking an empty slot), the slot chosen by a multiplicative hash of the board; a store overwrites
 * whatever the slot held. Small on purpose: a table that stays in the core's caches is faster than a larger one
 * that finds a few more boards (docs/PERFORMANCE.md, "Boards counted once").
 */
final class CountedBoards {

    /** Slots per table: 2^14 (384 KiB for a board of two words) measured fastest on the 25 Y-pentacubes. */
    static final int BITS = 14;

    private final int words;
    private final int stride;
    private final long[] slots;

    CountedBoards(int words) {
        this.words = words;
        this.stride = words + 1;
        this.slots = new long[(1 << BITS) * stride];
    }

    /** The completions counted for the board {@code board[from .. from + words)}, or -1 when it is not here. */
    long recall(long[] board, int from) {
        int s = slot(board, from);
        if (slots[s + words] == 0) {
            return -1;
        }
        for (int w = 0; w < words; w++) {
            if (slots[s + w] != board[from + w]) {
                return -1;
            }
        }
        return slots[s + words] - 1;
    }

    /** Keeps {@code count}, the completions of the board {@code board[from .. from + words)}, searched to the end. */
    void remember(long[] board, int from, long count) {
        int s = slot(board, from);
        for (int w = 0; w < words; w++) {
            slots[s + w] = board[from + w];
        }
        slots[s + words] = count + 1;
    }

    private int slot(long[] board, int from) {
        long h = 0;
        for (int w = 0; w < words; w++) {
            h = (h + board[from + w]) * 0x9E3779B97F4A7C15L;
        }
        return (int) (h >>> (64 - BITS)) * stride;
    }
}
