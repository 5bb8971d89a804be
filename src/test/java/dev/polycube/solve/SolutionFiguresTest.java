package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.math.BigInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fixed-frame packings counted per class (each class once per distinct image), checked against counts from
 * outside: domino tilings of rectangles (Kasteleyn; 2xN gives the Fibonacci numbers), whose classes are often
 * symmetric, and the built-ins' published fixed counts.
 */
class SolutionFiguresTest {

    @ParameterizedTest(name = "dominoes in {0}x{1}: {2} tilings")
    @CsvSource({"2, 2, 2", "2, 3, 3", "2, 4, 5", "2, 7, 21", "2, 8, 34", "3, 4, 11", "4, 4, 36", "3, 6, 41", "4, 5, 95"})
    void dominoTilingsAreCountedOncePerImage(int x, int y, long tilings) {
        Puzzle p = TestPuzzles.parse("name d\nbox " + x + " " + y + " 1\npiece D " + (x * y / 2) + " (0,0,0) (1,0,0)\n");
        for (SymmetryMode mode : new SymmetryMode[] {SymmetryMode.ROTATIONS, SymmetryMode.FIXED}) {
            Solver.Outcome o = TestPuzzles.solve(p, mode, 2);
            SolutionFigures k = SolutionFigures.of(p, o.group(), o.lines());
            assertEquals(tilings, k.fixedPackings(), mode + ": " + o.lines().size() + " classes");
        }
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({"soma, rotations", "soma, rotations+reflections", "tetracubes-2x2x8, rotations", "tetracubes-2x2x8, rotations+reflections",
        "tetracubes-2x4x4, rotations"})
    void builtInsGiveTheirPublishedFixedCount(String name, String rule) {
        Puzzle p = TestPuzzles.builtIn(name);
        Solver.Outcome o = TestPuzzles.solve(p, SymmetryMode.parse(rule), 2);
        SolutionFigures k = SolutionFigures.of(p, o.group(), o.lines());
        assertEquals(p.expected().get(SymmetryMode.FIXED).count(), k.fixedPackings());
        assertEquals(o.lines().size(), k.classes());
    }

    /**
     * Seed 003's answer in its own terms: the one-of-each-colour foam challenge is solved with 21 distinct piece
     * sets. Not 2 classes per set (the seed's guess of 42): some sets go together in more ways.
     */
    @org.junit.jupiter.api.Test
    void theFoamChallengeUsesTwentyOnePieceSets() {
        Puzzle challenge = TestPuzzles.builtIn("happy-cube-challenge");
        Solver.Outcome o = TestPuzzles.solve(challenge, SymmetryMode.ROTATIONS, 2);
        SolutionFigures k = SolutionFigures.of(challenge, o.group(), o.lines());
        assertEquals(21, k.pieceSets());
        assertEquals(o.lines().size(), k.setsByClasses().entrySet().stream().mapToLong(e -> (long) e.getKey() * e.getValue()).sum());
    }

    /** Kurowski's orientation product for Bedlam, 24^7 x 12^5 x 3, from the piece set alone; dominoes have no line-up odds. */
    @org.junit.jupiter.api.Test
    void orientationCombinationsAndLineUps() {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        SolutionFigures k = SolutionFigures.of(bedlam, dev.polycube.symmetry.SymmetryGroup.of(bedlam, SymmetryMode.ROTATIONS), java.util.List.of());
        assertEquals(new BigInteger("3423782572130304"), k.orientationCombinations());
        assertEquals(new BigInteger("6227020800"), k.lineUps(), "13!");
        assertNull(k.oddsAgainst(), "no packings, no odds");
        Puzzle dominoes = TestPuzzles.parse("name d\nbox 2 2 1\npiece D 2 (0,0,0) (1,0,0)\n");
        SolutionFigures d = SolutionFigures.of(dominoes, dev.polycube.symmetry.SymmetryGroup.of(dominoes, SymmetryMode.FIXED), java.util.List.of());
        assertEquals(BigInteger.ONE, d.lineUps(), "two identical copies: one line-up");
    }
}
