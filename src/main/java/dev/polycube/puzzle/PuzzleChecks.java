package dev.polycube.puzzle;

/** Problems that make a search pointless, reported before any search starts. */
public final class PuzzleChecks {

    private PuzzleChecks() {
    }

    /**
     * @param placementsPerPiece how many placements each piece type has in the target
     * @throws PuzzleException naming the first problem found
     */
    public static void check(Puzzle puzzle, int[] placementsPerPiece) {
        int volume = puzzle.target().volume();
        if (puzzle.pieceVolume() != volume) {
            throw new PuzzleException(puzzle.origin() + ": the pieces have " + puzzle.pieceVolume()
                    + " cells in all but the target has " + volume + "; every piece copy must be used exactly once");
        }
        for (int p = 0; p < placementsPerPiece.length; p++) {
            if (placementsPerPiece[p] == 0) {
                Piece piece = puzzle.pieces().get(p);
                throw new PuzzleException(puzzle.origin() + ": piece " + piece.name() + " (" + piece.size()
                        + " cells) fits nowhere in the target " + puzzle.target().describe());
            }
        }
    }
}
