package dev.polycube.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.TestPuzzles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * One-sided pieces: they turn only about z, a chiral piece's other hand is a piece of its own, and a set holding
 * both hands is counted as Polyform Puzzler counts it (rotations+reflections, each piece swapped for its other
 * hand).
 */
class OneSidedTest {

    @Test
    void theEighteenOneSidedPentominoesFillThreeByThirtyInPolyformPuzzlersFortySixWays() {
        Puzzle p = BuiltInPuzzles.loadFile(Path.of("examples/one-sided-pentominoes-3x30.txt"));
        assertTrue(p.oneSided());
        assertEquals(18, p.pieces().size());
        assertEquals(SymmetryMode.ROTATIONS_AND_REFLECTIONS, p.defaultSymmetry());
        long published = p.expected().get(SymmetryMode.ROTATIONS_AND_REFLECTIONS).count();
        assertEquals(published, TestPuzzles.solve(p, SymmetryMode.ROTATIONS_AND_REFLECTIONS, 2).lines().size());
    }

    /** Quarter turns about z only: F (no symmetry) 4 ways, I 2, X 1; free, in the plane, F would have 8. */
    @Test
    void aOneSidedPieceTurnsOnlyInThePlane() {
        Puzzle p = TestPuzzles.parse("name o\nbox 5 5 1\none-sided yes\npieces pentominoes 0..1\n");
        assertEquals(4, p.orientations(p.pieceIndex("F")).size());
        assertEquals(2, p.orientations(p.pieceIndex("I")).size());
        assertEquals(1, p.orientations(p.pieceIndex("X")).size());
        Puzzle free = TestPuzzles.parse("name o\nbox 5 5 1\npieces pentominoes 0..1\n");
        assertEquals(8, free.orientations(free.pieceIndex("F")).stream().filter(s -> s.cells().stream().allMatch(c -> c.z() == 0)).count());
        assertEquals(SymmetryMode.ROTATIONS, p.defaultSymmetry(), "twelve pieces without their other hands: rotations");
    }

    @Test
    void contradictionsAndTheCommandLine() {
        PuzzleException e = assertThrows(PuzzleException.class,
                () -> PuzzleParser.parse("box 5 1 1\none-sided yes\nmirrored-pieces yes\npiece I 1 (0,0,0) (1,0,0) (2,0,0) (3,0,0) (4,0,0)\n", "f.txt", "f"));
        assertTrue(e.getMessage().contains("contradict"), e.getMessage());
        CliRunner.Result info = CliRunner.run("info", "examples/pentominoes-6x10.txt", "--one-sided");
        assertEquals(0, info.code(), info.err());
        assertTrue(info.out().contains("one-sided pieces, turned only about z"), info.out());
        CliRunner.Result export = CliRunner.run("export", "examples/pentominoes-6x10.txt", "--one-sided");
        assertTrue(export.out().contains("one-sided yes"), export.out());
        assertEquals(2, CliRunner.run("info", "soma", "--one-sided", "--mirrored-pieces").code());
    }
}
