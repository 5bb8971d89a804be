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
 * @param unitRoots    per unit, which of the split's roots it grew from: for a pinned plan, the index in
 *                     {@link Pin#kept} of the arrangement it starts with; 0 for every unit when nothing was pinned
 * @param placements   what the placement indices in {@code units} refer to
 * @param pinnedPiece  what was restricted to one placement per symmetry orbit ("piece K", "the piece on cell
 *                     (0,0,0)", "the pieces on cells (1,0,0) (6,0,0) ... together"), or null when nothing was
 * @param rootOrbits   how many orbit representatives it kept (1 when nothing was pinned)
 * @param pinnedPlacements how many placements (arrangements, for several cells) it had to choose from
 * @param splitNodes   prefixes looked at while splitting (counted once, not by any unit)
 * @param pin          the same restriction as data, for those who must know which packings the search meets
 */
public record WorkPlan(List<int[]> units, int[] unitRoots, PlacementSet placements, String pinnedPiece, int rootOrbits,
                       int pinnedPlacements, long splitNodes, Pin pin) {

    /**
     * What root symmetry breaking kept, so that the owner test knows which packings the search meets. Either a
     * piece ({@code piece >= 0}): its copies restricted to the placements {@code kept[i][0]}, one per orbit, so a
     * packing is met once for each copy on a kept placement, in the unit that starts with it; or some target
     * cells ({@code cells}): what covers them restricted to the arrangements {@code kept[i]} (sets of placements
     * that together cover every one of the cells), one per orbit of arrangements, so a packing is met once, in
     * the unit that starts with its arrangement there. One cell is the plain case (one placement per orbit of
     * the symmetries fixing it); an orbit of cells pins their covers together, which meets a packing once
     * where each cell alone would meet it once per cell of the orbit (the 8x8 dominoes' corner: four times).
     *
     * @param piece the pinned piece type, or -1 when cells are pinned (or nothing)
     * @param cells the pinned cells (box indices, ascending), empty when a piece is pinned (or nothing)
     * @param kept  the kept arrangements, each ascending {@link PlacementSet} indices (one for a piece), in the
     *              order of the units that start with them; empty when nothing was pinned
     */
    public record Pin(int piece, int[] cells, int[][] kept) {

        /** Nothing pinned: every packing the units allow is met once. */
        public static final Pin NONE = new Pin(-1, new int[0], new int[0][]);

        public boolean pinned() {
            return kept.length > 0;
        }
    }

    public WorkPlan {
        units = List.copyOf(units);
        if (unitRoots.length != units.size()) {
            throw new IllegalArgumentException(units.size() + " units but " + unitRoots.length + " roots for them");
        }
    }

    /** Unit {@code u}'s kept arrangement (its index in {@link Pin#kept}); the plan must be pinned. */
    public int keptOf(int u) {
        return unitRoots[u];
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
