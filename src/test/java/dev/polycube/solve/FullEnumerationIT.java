package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polycube.IndependentCheck;
import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.SymmetryMode;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The long full enumerations, run by failsafe in the integration-test phase of {@code mvn verify}.
 * Expected counts: Kurowski (Bedlam 19,186; Tetris Cube 9,839) and Lepage citing Kurowski (Big Brother
 * 14,177), as recorded in shared/reference/pieces/*.txt. Each catalog is also checked line by line by
 * {@link IndependentCheck}: a valid tiling by the real pieces, no two lines rotations of each other.
 */
class FullEnumerationIT {

    @ParameterizedTest(name = "{0}: {1} solutions up to rotation")
    @CsvSource({"bedlam, 19186", "tetris-cube, 9839", "big-brother, 14177"})
    void publishedCountAndValidCatalog(String name, int expected) {
        Puzzle p = TestPuzzles.builtIn(name);
        Solver.Outcome o = TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2);
        assertEquals(expected, o.lines().size());
        assertEquals(List.of(), IndependentCheck.check(p, o.lines()));
    }
}
