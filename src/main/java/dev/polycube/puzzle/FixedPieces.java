package dev.polycube.puzzle;

import dev.polycube.error.Plural;
import dev.polycube.geometry.Point;
import dev.polycube.geometry.Shape;
import java.util.HashSet;
import java.util.Set;

/** Checks pre-placed pieces: inside the target, not overlapping, a real orientation, not more copies than exist. */
public final class FixedPieces {

    private FixedPieces() {
    }

    /** What is wrong with the fixed piece at {@code index} of {@link Puzzle#fixed()}. */
    public record Problem(int index, String message) {
    }

    /**
     * The first problem among the fixed pieces, or null when they are all right; its message gives cells plus
     * {@code shown} (a puzzle file's fixed pieces in the file's own coordinates, which the target's translation to
     * the origin moved).
     */
    public static Problem problem(Puzzle puzzle, Point shown) {
        Set<Point> used = new HashSet<>();
        int index = -1;
        int[] copies = new int[puzzle.pieces().size()];
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            index++;
            Piece piece = puzzle.pieces().get(f.piece());
            String what = "fixed piece " + piece.name() + " " + f.cells().stream().map(c -> c.plus(shown)).toList();
            if (++copies[f.piece()] > piece.count()) {
                return new Problem(index, what + ": the puzzle has only "
                        + Plural.count(piece.count(), "copy", "copies") + " of " + piece.name());
            }
            if (!piece.shape().orientations(puzzle.turns()).contains(Shape.of(f.cells()))) {
                return new Problem(index, what + " is not an orientation of piece " + piece.name()
                        + (puzzle.oneSided() ? " (one-sided pieces only turn about z)" : puzzle.mirroredPieces() ? "" : " (mirror images are not allowed)"));
            }
            for (Point c : f.cells()) {
                if (!puzzle.target().contains(c)) {
                    return new Problem(index, what + ": cell " + c.plus(shown) + " is outside the target");
                }
                if (!used.add(c)) {
                    return new Problem(index, what + ": cell " + c.plus(shown) + " is taken by another fixed piece");
                }
            }
        }
        return null;
    }
}
