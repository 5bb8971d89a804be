package dev.polycube.solve;

import dev.polycube.catalog.Packing;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.math.BigInteger;

/**
 * The figures Kurowski derives from a count (his Bedlam page): the packings in the fixed frame, the
 * orientation combinations, and the odds that a random line-up of the pieces can be completed.
 *
 * <p>The fixed-frame count is counted, not multiplied: each class adds the number of its distinct images
 * under the symmetry group ({@link Canonicalizer#orbitSize}), so a symmetric packing counts once per
 * image, however the search found it. Kurowski equates his 13! piece orders with line-ups and reads "only
 * 460,464 produce a completed cube", so the odds are line-ups over fixed-frame packings: 13! / 460,464, 1 in
 * 13,523 for Bedlam; a set with identical copies has fewer distinct line-ups (the multinomial).
 *
 * @param classes                 the classes the figures were made from
 * @param fixedPackings           packings in the fixed frame
 * @param orientationCombinations each copy's orientation count multiplied together (24^7 x 12^5 x 3 for Bedlam)
 * @param lineUps                 distinct orders of the copies, or null when the puzzle has optional pieces
 */
public record KurowskiFigures(long classes, long fixedPackings, BigInteger orientationCombinations, BigInteger lineUps) {

    public static KurowskiFigures of(Puzzle puzzle, SymmetryGroup group, Iterable<String> lines) {
        Canonicalizer canonicalizer = new Canonicalizer(puzzle, group);
        long classes = 0;
        long fixed = 0;
        for (String line : lines) {
            Packing p = Packing.fromLine(puzzle, line);
            fixed += canonicalizer.orbitSize(p.cellCopy(), p.copyPiece());
            classes++;
        }
        BigInteger combinations = BigInteger.ONE;
        BigInteger lineUps = factorial(puzzle.copyCount());
        boolean optional = false;
        for (Piece piece : puzzle.pieces()) {
            int orientations = piece.shape().orientations(puzzle.mirroredPieces()).size();
            combinations = combinations.multiply(BigInteger.valueOf(orientations).pow(piece.count()));
            lineUps = lineUps.divide(factorial(piece.count()));
            optional |= piece.isOptional();
        }
        return new KurowskiFigures(classes, fixed, combinations, optional || !puzzle.groups().isEmpty() ? null : lineUps);
    }

    /** One chance in this many that a random line-up can be completed (rounded down, as Kurowski rounds); null when unknown. */
    public BigInteger oddsAgainst() {
        if (lineUps == null || fixedPackings == 0) {
            return null;
        }
        return lineUps.divide(BigInteger.valueOf(fixedPackings));
    }

    private static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }
}
