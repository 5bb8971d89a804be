package dev.polycube.puzzle;

import dev.polycube.geometry.Point;
import dev.polycube.geometry.Shape;
import java.util.HashSet;
import java.util.Set;

/** Checks pre-placed pieces: inside the target, not overlapping, a real orientation, not more copies than exist. */
public final class FixedPieces {

    private FixedPieces() {
    }

    /** @throws PuzzleException naming the first problem */
    public static void check(Puzzle puzzle) {
        Set<Point> used = new HashSet<>();
        int[] copies = new int[puzzle.pieces().size()];
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            Piece piece = puzzle.pieces().get(f.piece());
            String what = "fixed piece " + piece.name() + " " + f.cells();
            if (++copies[f.piece()] > piece.count()) {
                throw new PuzzleException(puzzle.origin() + ": " + what + ": the puzzle has only " + piece.count()
                        + " cop" + (piece.count() == 1 ? "y" : "ies") + " of " + piece.name());
            }
            if (!piece.shape().orientations(puzzle.turns()).contains(Shape.of(f.cells()))) {
                throw new PuzzleException(puzzle.origin() + ": " + what + " is not an orientation of piece " + piece.name()
                        + (puzzle.oneSided() ? " (one-sided pieces only turn about z)" : puzzle.mirroredPieces() ? "" : " (mirror images are not allowed)"));
            }
            for (Point c : f.cells()) {
                if (!puzzle.target().contains(c)) {
                    throw new PuzzleException(puzzle.origin() + ": " + what + ": cell " + c + " is outside the target");
                }
                if (!used.add(c)) {
                    throw new PuzzleException(puzzle.origin() + ": " + what + ": cell " + c + " is taken by another fixed piece");
                }
            }
        }
    }
}
