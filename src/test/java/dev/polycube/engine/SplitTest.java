package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.SymmetryGroup;
import org.junit.jupiter.api.Test;

/**
 * The split reaches its target of units on narrow puzzles too, where each level adds few branches: a unit keeps
 * the classes it finds until it ends, so a few huge units are what run a listing out of memory (45 I-trominoes in
 * 3x3x15, 29.7 M classes, had 264 units when the split stopped at depth 8, and a 1 GiB heap ran out).
 */
class SplitTest {

    @Test
    void aNarrowPuzzleStillSplitsIntoThousandsOfUnits() {
        Puzzle p = TestPuzzles.parse("name i3\nbox 3 3 15\npiece I 45 (0,0,0) (1,0,0) (2,0,0)\n");
        int units = new Enumerator(p, SymmetryGroup.of(p, SymmetryMode.ROTATIONS)).plan().size();
        assertTrue(units >= Enumerator.TARGET_UNITS, units + " units, fewer than the split's target "
                + Enumerator.TARGET_UNITS);
    }
}
