package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.IndependentCheck;
import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleException;
import dev.polycube.puzzle.SymmetryMode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Counts from shared/reference/pieces/*.txt (their sources are in each file's status lines). */
class SolverTest {

    @ParameterizedTest(name = "{0} {1} = {2}")
    @CsvSource({
        "soma, rotations, 480",                      // Lepage's 480-solution file
        "soma, rotations+reflections, 240",          // Goodger / Polyform Puzzler, Wikipedia
        "soma, fixed, 11520",                        // reference soma-3x3x3.txt
        "tetracubes-2x4x4, rotations, 1390",         // Polyform Puzzler docs "2x4x4 solid: 1390 solutions"
        "tetracubes-2x4x4, rotations+reflections, 695", // reference tetracubes-2x4x4.txt
        "tetracubes-2x4x4, fixed, 11120",            // reference tetracubes-2x4x4.txt
        "tetracubes-2x2x8, rotations, 224",          // Polyform Puzzler docs "2x2x8 solid: 224 solutions"
        "tetracubes-2x2x8, fixed, 1792"})            // reference tetracubes-2x2x8.txt
    void publishedCounts(String name, String symmetry, int expected) {
        Puzzle p = TestPuzzles.builtIn(name);
        Solver.Outcome o = TestPuzzles.solve(p, SymmetryMode.parse(symmetry), 2);
        assertEquals(expected, o.lines().size());
        assertTrue(o.complete());
    }

    @Test
    void catalogsPassTheIndependentCheck() {
        for (String name : List.of("soma", "tetracubes-2x4x4", "tetracubes-2x2x8", "tetracubes-2x2x4x2")) {
            Puzzle p = TestPuzzles.builtIn(name);
            List<String> lines = TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2).lines();
            assertEquals(List.of(), IndependentCheck.check(p, lines), name);
        }
    }

    @Test
    void theIndependentCheckCatchesBadLines() {
        Puzzle p = TestPuzzles.builtIn("soma");
        List<String> lines = TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 1).lines();
        String first = lines.get(0);
        String swapped = first.charAt(1) + "" + first.charAt(0) + first.substring(2);
        assertFalse(IndependentCheck.check(p, List.of(first, first)).isEmpty(), "a duplicate");
        if (first.charAt(0) != first.charAt(1)) {
            assertFalse(IndependentCheck.check(p, List.of(swapped)).isEmpty(), "a broken tiling");
        }
    }

    @Test
    void oneAndTwoThreadsGiveTheSameLines() {
        for (String name : List.of("soma", "tetracubes-2x4x4")) {
            Puzzle p = TestPuzzles.builtIn(name);
            assertEquals(TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 1).lines(),
                    TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2).lines(), name);
        }
    }

    @Test
    void limitIsDeterministicAcrossThreadCounts() {
        Puzzle p = TestPuzzles.builtIn("tetracubes-2x4x4");
        Solver.Options base = Solver.Options.defaults().withLimit(25);
        List<String> one = Solver.solve(p, base.withThreads(1)).lines();
        List<String> two = Solver.solve(p, base.withThreads(2)).lines();
        assertEquals(25, one.size());
        assertEquals(one, two);
    }

    @Test
    void pruningAndRootBreakingDoNotChangeTheAnswer() {
        Puzzle p = TestPuzzles.builtIn("tetracubes-2x4x4");
        List<String> plain = Solver.solve(p, Solver.Options.defaults().withPruning(false, false)).lines();
        assertEquals(plain, Solver.solve(p, Solver.Options.defaults()).lines());
    }

    @Test
    void impossiblePuzzlesAreReportedBeforeSearching() {
        Puzzle wrongVolume = TestPuzzles.parse("box 2 2 2\npiece a 1 (0,0,0) (1,0,0)\n");
        PuzzleException e = Assertions.assertThrows(PuzzleException.class, () -> Solver.solve(wrongVolume, Solver.Options.defaults()));
        assertTrue(e.getMessage().contains("2 cells in all but the target has 8"), e.getMessage());
        Puzzle oneCell = TestPuzzles.parse("box 2 1 1\npiece a 1 (0,0,0)\n");
        e = Assertions.assertThrows(PuzzleException.class, () -> Solver.solve(oneCell, Solver.Options.defaults()));
        assertTrue(e.getMessage().contains("the pieces have 1 cell in all but the target has 2"), e.getMessage());
        Puzzle tooLong = TestPuzzles.parse("box 2 2 1\npiece a 1 (0,0,0) (1,0,0) (2,0,0) (3,0,0)\n");
        e = Assertions.assertThrows(PuzzleException.class, () -> Solver.solve(tooLong, Solver.Options.defaults()));
        assertTrue(e.getMessage().contains("fits nowhere"), e.getMessage());
    }

    @Test
    void anUnsolvablePuzzleHasNoSolutions() {
        // no tiling of the 3x3 square by L-trominoes exists (Golomb, Polyominoes, ch. 2)
        Puzzle p = TestPuzzles.parse("box 3 3 1\npiece L 3 (0,0,0) (1,0,0) (0,1,0)\n");
        assertEquals(0, Solver.solve(p, Solver.Options.defaults()).lines().size());
    }
}
