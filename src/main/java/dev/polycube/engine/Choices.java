package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;

/**
 * What a solution may choose, for puzzles with optional pieces or groups ("one piece of each colour"): the
 * minimum copies of each piece type, and for each group its limits and members. Null for ordinary puzzles,
 * so their search pays nothing for it.
 */
final class Choices {

    final int[] pieceMin;
    final int[] groupOf;
    final int[] groupMin;
    final int[] groupMax;
    final int[][] groupMembers;

    private Choices(Puzzle puzzle) {
        int n = puzzle.pieces().size();
        pieceMin = new int[n];
        groupOf = new int[n];
        java.util.Arrays.fill(groupOf, -1);
        for (int p = 0; p < n; p++) {
            pieceMin[p] = puzzle.pieces().get(p).min();
        }
        int g = puzzle.groups().size();
        groupMin = new int[g];
        groupMax = new int[g];
        groupMembers = new int[g][];
        for (int k = 0; k < g; k++) {
            Puzzle.Group group = puzzle.groups().get(k);
            groupMin[k] = group.min();
            groupMax[k] = group.max();
            groupMembers[k] = group.pieces().stream().mapToInt(Integer::intValue).toArray();
            for (int p : group.pieces()) {
                groupOf[p] = k;
            }
        }
    }

    /** Null when every piece copy must be used and there are no groups. */
    static Choices of(Puzzle puzzle) {
        boolean any = !puzzle.groups().isEmpty() || puzzle.pieces().stream().anyMatch(p -> p.isOptional());
        return any ? new Choices(puzzle) : null;
    }
}
