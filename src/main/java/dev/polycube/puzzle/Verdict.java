package dev.polycube.puzzle;

/**
 * A count held against the published one for the same rule: what {@code solve}, {@code resume},
 * {@code merge} and {@code verify} report at the end. {@link Puzzle#verdict} makes one.
 *
 * @param rule      the symmetry rule both counts are under
 * @param published the published count and its source
 * @param count     the count this run (or catalog) gave
 */
public record Verdict(SymmetryMode rule, Puzzle.Expectation published, java.math.BigInteger count) {

    public boolean matches() {
        return published.value().equals(count);
    }
}
