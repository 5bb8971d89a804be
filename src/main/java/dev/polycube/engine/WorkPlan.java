package dev.polycube.engine;

import java.util.List;

/**
 * The search split into a deterministic list of subtrees. A unit is a prefix of steps, each a placement
 * ({@link PlacementSet} index) or, as {@code -1 - c}, the optional cell c left empty; running it enumerates
 * everything below that prefix. The list is a function of the puzzle and the symmetry alone (the rule is in
 * {@link Enumerator}): never of the thread count, nor of the engine's pruning or placement numbering, so
 * unit numbers mean the same in every run and every version that keeps the rule.
 *
 * @param units        the prefixes, in a fixed order
 * @param placements   what the placement indices in {@code units} refer to
 * @param pinnedPiece  what was restricted to one placement per symmetry orbit ("piece K", "the piece on cell
 *                     (0,0,0)"), or null when nothing was
 * @param rootOrbits   how many orbit representatives it kept (1 when nothing was pinned)
 * @param pinnedPlacements how many placements it had to choose from
 * @param splitNodes   prefixes looked at while splitting (counted once, not by any unit)
 * @param pin          the same restriction as data, for those who must know which packings the search meets
 */
public record WorkPlan(List<int[]> units, PlacementSet placements, String pinnedPiece, int rootOrbits,
                       int pinnedPlacements, long splitNodes, Pin pin) {

    /**
     * What root symmetry breaking kept: a packing is met by the search once for each of its placements that
     * is one of {@code placements}, and that placement is the first step of the unit that meets it. With a
     * cell pinned, that is the placement covering {@code cell} (so at most once); with a piece pinned, any
     * copy of type {@code piece} (once per copy on a kept placement).
     *
     * @param cell       the pinned cell (box index), or -1
     * @param piece      the pinned piece type, or -1
     * @param placements the kept placements ({@link PlacementSet} indices), ascending; empty when nothing was pinned
     */
    public record Pin(int cell, int piece, int[] placements) {

        /** Nothing pinned: every packing the units allow is met once. */
        public static final Pin NONE = new Pin(-1, -1, new int[0]);

        public boolean pinned() {
            return placements.length > 0;
        }
    }

    public WorkPlan {
        units = List.copyOf(units);
    }

    public int size() {
        return units.size();
    }

    /**
     * Unit {@code u} in puzzle terms: per step, the piece type followed by its cells (box indices,
     * ascending), or {@code {-1, c}} for the optional cell c left empty.
     */
    public int[][] steps(int u) {
        int[] unit = units.get(u);
        int[][] out = new int[unit.length][];
        for (int k = 0; k < unit.length; k++) {
            int s = unit[k];
            if (s < 0) {
                out[k] = new int[] {-1, -1 - s};
                continue;
            }
            PlacementSet.Placement p = placements.all().get(s);
            out[k] = new int[p.cells().length + 1];
            out[k][0] = p.piece();
            System.arraycopy(p.cells(), 0, out[k], 1, p.cells().length);
        }
        return out;
    }
}
