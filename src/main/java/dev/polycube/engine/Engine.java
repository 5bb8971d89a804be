package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;

/**
 * The board representation chosen for a puzzle: 64 bits when the target's bounding box has at most 64
 * cells, 128 bits up to 128. Picked automatically; both run the same algorithm (see {@link Board64Search}).
 */
abstract class Engine {

    /** One search instance per worker thread, run on one work unit after another. */
    interface Search {
        /** Places {@code prefix}, then enumerates the whole subtree below it. Returns the nodes expanded. */
        long run(int unit, int[] prefix);

        /** The placements that extend {@code prefix} by one piece at its first empty cell, after pruning. */
        int[] children(int[] prefix);

        /** True when {@code prefix} already fills the target. */
        boolean isComplete(int[] prefix);

        /** Nodes counted by {@link #children} calls so far. */
        long expansionNodes();
    }

    static boolean supports(Puzzle puzzle) {
        return Tables128.fits(puzzle);
    }

    static Engine of(Puzzle puzzle, PlacementSet set, boolean checkCover) {
        if (Tables64.fits(puzzle)) {
            Tables64 t = new Tables64(puzzle, set);
            return new Engine(t.toSetIndex, t.fromSetIndex) {
                @Override
                Search newSearch(SolutionSink sink, SearchControl control, SearchMonitor monitor) {
                    return new Board64Search(t, sink, control, monitor, checkCover);
                }
            };
        }
        Tables128 t = new Tables128(puzzle, set);
        return new Engine(t.toSetIndex, t.fromSetIndex) {
            @Override
            Search newSearch(SolutionSink sink, SearchControl control, SearchMonitor monitor) {
                return new Board128Search(t, sink, control, monitor, checkCover);
            }
        };
    }

    private final int[] toSetIndex;
    private final int[] fromSetIndex;

    private Engine(int[] toSetIndex, int[] fromSetIndex) {
        this.toSetIndex = toSetIndex;
        this.fromSetIndex = fromSetIndex;
    }

    abstract Search newSearch(SolutionSink sink, SearchControl control, SearchMonitor monitor);

    /** Engine placement id → index in the {@link PlacementSet}. */
    int toSetIndex(int enginePlacement) {
        return toSetIndex[enginePlacement];
    }

    /** {@link PlacementSet} index → engine placement id. */
    int fromSetIndex(int setIndex) {
        return fromSetIndex[setIndex];
    }
}
