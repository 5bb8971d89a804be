package dev.polycube.engine;

import java.util.List;

/**
 * The search split into a deterministic list of subtrees. A unit is a prefix of placements (engine
 * placement ids); running it enumerates everything below that prefix. The list depends only on the
 * puzzle and the symmetry, never on the thread count, so unit numbers mean the same in every run.
 *
 * @param units        the prefixes, in a fixed order
 * @param pinnedPiece  what was restricted to one placement per symmetry orbit ("piece K", "the piece on cell
 *                     (0,0,0)"), or null when nothing was
 * @param rootOrbits   how many orbit representatives it kept (1 when nothing was pinned)
 * @param pinnedPlacements how many placements it had to choose from
 * @param splitNodes   nodes expanded while splitting (counted once, not by any unit)
 */
public record WorkPlan(List<int[]> units, String pinnedPiece, int rootOrbits, int pinnedPlacements, long splitNodes) {

    public WorkPlan {
        units = List.copyOf(units);
    }

    public int size() {
        return units.size();
    }
}
