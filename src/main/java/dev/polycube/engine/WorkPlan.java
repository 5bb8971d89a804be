package dev.polycube.engine;

import java.util.List;

/**
 * The search split into a deterministic list of subtrees. A unit is a prefix of placements (engine
 * placement ids); running it enumerates everything below that prefix. The list depends only on the
 * puzzle and the symmetry, never on the thread count, so unit numbers mean the same in every run.
 *
 * @param units        the prefixes, in a fixed order
 * @param pinnedPiece  the piece whose placement was restricted to one per symmetry orbit (null if none)
 * @param rootOrbits   how many orbit representatives it kept (1 when nothing was pinned)
 * @param pinnedPlacements how many placements that piece has in all
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
