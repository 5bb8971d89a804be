package dev.polycube;

import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleParser;
import dev.polycube.solve.Solver;
import dev.polycube.puzzle.SymmetryMode;

/** Shared helpers for tests: load puzzles, solve them. */
public final class TestPuzzles {

    private TestPuzzles() {
    }

    public static Puzzle builtIn(String name) {
        return BuiltInPuzzles.load(name);
    }

    public static Puzzle parse(String text) {
        return PuzzleParser.parse(text, "test", "test");
    }

    public static Solver.Outcome solve(Puzzle p, SymmetryMode mode, int threads) {
        return Solver.solve(p, Solver.Options.defaults().withSymmetry(mode).withThreads(threads));
    }

    /**
     * The Slothouber-Graatsma puzzle: six 1x2x2 blocks and three unit cubes in a 3x3x3 box. The reference
     * README (shared/reference/README.md, "Symmetry conventions") gives its counts: 8 fixed packings, one
     * class under rotation, because the one solution is symmetric.
     */
    public static Puzzle slothouberGraatsma() {
        return parse("""
                name slothouber-graatsma
                box 3 3 3
                piece B 6 (0,0,0) (1,0,0) (0,1,0) (1,1,0)
                piece u 3 (0,0,0)
                """);
    }
}
