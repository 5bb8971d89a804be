package dev.polycube.solve;

import dev.polycube.catalog.Packing;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.math.BigInteger;

/**
 * Figures derived from a puzzle's classes: Kurowski's (his Bedlam page: the packings in the fixed frame, the
 * orientation combinations, the odds that a random line-up of the pieces can be completed) and, for a puzzle
 * that may leave pieces out, how many distinct piece sets its solutions use (the foam challenge's question).
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
 * @param pieceSets               distinct sets of pieces (how many copies of each type) the classes use
 * @param setsByClasses           how many piece sets have 1, 2, 3, ... classes (classes → sets)
 */
public record SolutionFigures(long classes, long fixedPackings, BigInteger orientationCombinations, BigInteger lineUps,
                              long pieceSets, java.util.SortedMap<Integer, Integer> setsByClasses) {

    public static SolutionFigures of(Puzzle puzzle, SymmetryGroup group, Iterable<String> lines) {
        Canonicalizer canonicalizer = new Canonicalizer(puzzle, group);
        long classes = 0;
        long fixed = 0;
        java.util.Map<java.util.List<Integer>, Integer> sets = new java.util.HashMap<>();
        int[] used = new int[puzzle.pieces().size()];
        java.util.List<Integer> last = null; // consecutive classes mostly use the same set: no new key for them
        int lastRun = 0;
        for (String line : lines) {
            Packing p = Packing.fromLine(puzzle, line);
            fixed += canonicalizer.orbitSize(p.cellCopy(), p.copyPiece());
            classes++;
            java.util.Arrays.fill(used, 0);
            for (int type : p.copyPiece()) {
                used[type]++;
            }
            if (last == null || !sameCounts(last, used)) {
                if (last != null) {
                    sets.merge(last, lastRun, Integer::sum);
                }
                last = java.util.Arrays.stream(used).boxed().toList();
                lastRun = 0;
            }
            lastRun++;
        }
        if (last != null) {
            sets.merge(last, lastRun, Integer::sum);
        }
        BigInteger combinations = BigInteger.ONE;
        BigInteger lineUps = factorial(puzzle.copyCount());
        boolean optional = false;
        for (Piece piece : puzzle.pieces()) {
            int orientations = piece.shape().orientations(puzzle.turns()).size();
            combinations = combinations.multiply(BigInteger.valueOf(orientations).pow(piece.count()));
            lineUps = lineUps.divide(factorial(piece.count()));
            optional |= piece.isOptional();
        }
        java.util.SortedMap<Integer, Integer> byClasses = new java.util.TreeMap<>();
        for (int n : sets.values()) {
            byClasses.merge(n, 1, Integer::sum);
        }
        return new SolutionFigures(classes, fixed, combinations, optional || !puzzle.groups().isEmpty() ? null : lineUps,
                sets.size(), java.util.Collections.unmodifiableSortedMap(byClasses));
    }

    /** One chance in this many that a random line-up can be completed (rounded down, as Kurowski rounds); null when unknown. */
    public BigInteger oddsAgainst() {
        if (lineUps == null || fixedPackings == 0) {
            return null;
        }
        return lineUps.divide(BigInteger.valueOf(fixedPackings));
    }

    private static boolean sameCounts(java.util.List<Integer> set, int[] used) {
        for (int i = 0; i < used.length; i++) {
            if (set.get(i) != used[i]) {
                return false;
            }
        }
        return true;
    }

    private static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }
}
