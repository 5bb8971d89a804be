package dev.polycube.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Built-in piece sets (`pieces SET [COUNT]`) and the pentomino examples made from them, against their published counts. */
class PieceSetTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pentominoes-3x20", "pentominoes-4x15", "pentominoes-5x12", "pentominoes-6x10", "pentominoes-8x8-hole"})
    void thePentominoRectanglesHaveTheirPublishedCounts(String name) {
        Puzzle p = BuiltInPuzzles.loadFile(Path.of("examples", name + ".txt"));
        long published = p.expected().get(SymmetryMode.ROTATIONS).count();
        assertTrue(p.expected().get(SymmetryMode.ROTATIONS).source().contains("external"), "a published count, with its source");
        assertEquals(published, TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2).lines().size());
    }

    /** `box X Y Z hollow` is the surface only: 5x5x5 has 125 - 27 = 98 cells, a foam cube's shell. */
    @Test
    void aHollowBoxIsItsSurface() {
        assertEquals(98, TestPuzzles.parse("name h\nbox 5 5 5 hollow\npiece A 98 (0,0,0)\n").target().volume());
        assertEquals(9 * 5 * 5 - 7 * 3 * 3, TestPuzzles.parse("name h\nbox 9 5 5 hollow\npiece A 162 (0,0,0)\n").target().volume());
    }

    /**
     * A cube from any six foam pieces: every one-of-each-colour class (the challenge's) is one of them, found
     * again by the search without the colour groups; the six foam sets together are the challenge's 36 pieces.
     */
    @Test
    void anySixHoldsEveryOneOfEachColourCube() {
        Puzzle any = TestPuzzles.builtIn("happy-cube-any-six");
        Puzzle challenge = TestPuzzles.builtIn("happy-cube-challenge");
        assertEquals(36, any.pieces().size());
        java.util.Set<String> all = new java.util.HashSet<>(TestPuzzles.solve(any, SymmetryMode.ROTATIONS, 2).lines());
        java.util.List<String> oneOfEach = TestPuzzles.solve(challenge, SymmetryMode.ROTATIONS, 2).lines();
        assertTrue(all.containsAll(oneOfEach), "the challenge's classes are among any six's");
        assertTrue(all.size() > oneOfEach.size());
    }

    @Test
    void aSetTakesACountAndUnknownSetsAreNamed() {
        Puzzle five = TestPuzzles.parse("name f\nbox 5 5 1\npieces pentominoes 0..1\n");
        assertEquals(12, five.pieces().size());
        assertTrue(five.pieces().stream().allMatch(p -> p.min() == 0 && p.count() == 1));
        assertEquals("FILNPTUVWXYZ", five.pieces().stream().map(Piece::name).reduce("", String::concat));
        PuzzleException e = assertThrows(PuzzleException.class, () -> PuzzleParser.parse("box 5 5 1\npieces hexominoes\n", "f.txt", "f"));
        assertTrue(e.getMessage().contains("f.txt:2") && e.getMessage().contains("sets: pentominoes"), e.getMessage());
        e = assertThrows(PuzzleException.class, () -> PuzzleParser.parse("box 5 5 1\npieces pentominoes many\n", "f.txt", "f"));
        assertTrue(e.getMessage().contains("N or MIN..MAX"), e.getMessage());
    }
}
