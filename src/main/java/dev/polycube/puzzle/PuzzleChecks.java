package dev.polycube.puzzle;

import dev.polycube.error.Plural;

/** Problems that make a search pointless, reported before any search starts. */
public final class PuzzleChecks {

    private PuzzleChecks() {
    }

    /**
     * Whether some selection (each piece between its min and count, each group between its limits) has a
     * total volume between the required cells and all cells: a subset-sum over bit sets of reachable volumes,
     * group by group (a piece outside every group is a group of its own).
     */
    static boolean fillable(Puzzle puzzle) {
        int cap = puzzle.target().volume();
        java.util.BitSet total = new java.util.BitSet();
        total.set(0);
        java.util.List<java.util.List<Integer>> units = new java.util.ArrayList<>();
        java.util.List<int[]> limits = new java.util.ArrayList<>();
        java.util.Set<Integer> grouped = new java.util.HashSet<>();
        for (Puzzle.Group g : puzzle.groups()) {
            units.add(g.pieces());
            limits.add(new int[] {g.min(), g.max()});
            grouped.addAll(g.pieces());
        }
        for (int p = 0; p < puzzle.pieces().size(); p++) {
            if (!grouped.contains(p)) {
                units.add(java.util.List.of(p));
                limits.add(new int[] {0, Integer.MAX_VALUE});
            }
        }
        for (int u = 0; u < units.size(); u++) {
            // reach[k] = volumes reachable with exactly k copies from this unit
            int maxCopies = 0;
            for (int p : units.get(u)) {
                maxCopies += puzzle.pieces().get(p).count();
            }
            java.util.BitSet[] reach = new java.util.BitSet[maxCopies + 1];
            for (int k = 0; k <= maxCopies; k++) {
                reach[k] = new java.util.BitSet();
            }
            reach[0].set(0);
            int used = 0;
            for (int p : units.get(u)) {
                Piece piece = puzzle.pieces().get(p);
                java.util.BitSet[] next = new java.util.BitSet[maxCopies + 1];
                for (int k = 0; k <= maxCopies; k++) {
                    next[k] = new java.util.BitSet();
                }
                for (int k = 0; k <= used; k++) {
                    for (int c = piece.min(); c <= piece.count(); c++) {
                        int shift = c * piece.size();
                        for (int v = reach[k].nextSetBit(0); v >= 0 && v + shift <= cap; v = reach[k].nextSetBit(v + 1)) {
                            next[k + c].set(v + shift);
                        }
                    }
                }
                reach = next;
                used += piece.count();
            }
            java.util.BitSet unitVolumes = new java.util.BitSet();
            for (int k = limits.get(u)[0]; k <= Math.min(maxCopies, limits.get(u)[1]); k++) {
                unitVolumes.or(reach[k]);
            }
            java.util.BitSet combined = new java.util.BitSet();
            for (int a = total.nextSetBit(0); a >= 0; a = total.nextSetBit(a + 1)) {
                for (int b = unitVolumes.nextSetBit(0); b >= 0 && a + b <= cap; b = unitVolumes.nextSetBit(b + 1)) {
                    combined.set(a + b);
                }
            }
            total = combined;
        }
        int next = total.nextSetBit(puzzle.target().requiredVolume());
        return next >= 0 && next <= cap;
    }

    /**
     * @param placementsPerPiece how many placements each piece type has in the target
     * @throws PuzzleException naming the first problem found
     */
    public static void check(Puzzle puzzle, int[] placementsPerPiece) {
        checkCounts(puzzle);
        for (int p = 0; p < placementsPerPiece.length; p++) {
            Piece piece = puzzle.pieces().get(p);
            if (placementsPerPiece[p] == 0 && piece.min() > 0) {
                throw new PuzzleException(puzzle.origin() + ": piece " + piece.name() + " (" + Plural.count(piece.size(), "cell")
                        + ") fits nowhere in the target " + puzzle.target().describe() + (puzzle.colours() == null ? ""
                        : " where its colours may sit (see the 'allow' pairs)"));
            }
        }
    }

    /**
     * The checks that need no placements (volumes, groups), made before anything is built: a puzzle whose
     * pieces cannot fill its target is refused before its search tables take any memory.
     */
    public static void checkCounts(Puzzle puzzle) {
        int volume = puzzle.target().volume();
        if (!puzzle.hasChoices()) {
            if (puzzle.pieceVolume() != volume) {
                throw new PuzzleException(puzzle.origin() + ": the pieces have " + Plural.count(puzzle.pieceVolume(), "cell")
                        + " in all but the target has " + volume + "; every piece copy must be used exactly once");
            }
        } else if (!fillable(puzzle)) {
            int required = puzzle.target().requiredVolume();
            boolean everyCopy = puzzle.groups().isEmpty() && puzzle.pieces().stream().noneMatch(Piece::isOptional);
            throw new PuzzleException(puzzle.origin() + (everyCopy
                    ? ": the pieces have " + Plural.count(puzzle.pieceVolume(), "cell") + " in all, but the target has "
                    + Plural.count(required, "cell") + " that must be filled and " + (volume - required)
                    + " that may stay empty; every piece copy must be used exactly once"
                    : ": no selection of pieces allowed by the counts and groups has " + (required == volume
                            ? "exactly " + volume + " cells, the target's" : "between " + required + " and " + volume + " cells")
                    + ", so the target cannot be filled (" + sizes(puzzle) + "); change the counts or the target"));
        }
        for (Puzzle.Group g : puzzle.groups()) {
            for (int p : g.pieces()) {
                if (puzzle.groups().stream().filter(o -> o.pieces().contains(p)).count() > 1) {
                    throw new PuzzleException(puzzle.origin() + ": piece " + puzzle.pieces().get(p).name()
                            + " is in more than one group");
                }
            }
        }
    }

    /** The pieces' sizes and counts, as a hint beside "cannot be filled": {@code P0 5 cells x 0..2, P1 4 cells x 1}. */
    private static String sizes(Puzzle puzzle) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (Piece p : puzzle.pieces()) {
            out.add(p.name() + " " + Plural.count(p.size(), "cell") + " x "
                    + (p.isOptional() ? p.min() + ".." + p.count() : "" + p.count()));
        }
        return out.size() > 8 ? String.join(", ", out.subList(0, 8)) + ", ..." : String.join(", ", out);
    }
}
