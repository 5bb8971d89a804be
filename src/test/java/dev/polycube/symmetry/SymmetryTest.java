package dev.polycube.symmetry;

import dev.polycube.puzzle.SymmetryMode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleException;
import dev.polycube.solve.Solver;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SymmetryTest {

    /** The reference README: 24 for a cube, 8 for an a x a x b box, 4 for a x b x c. */
    @ParameterizedTest
    @CsvSource({"bedlam,24", "soma,24", "tetracubes-2x4x4,8", "tetracubes-2x2x8,8", "tetracubes-2x2x4x2,4"})
    void rotationGroupSizes(String name, int size) {
        assertEquals(size, SymmetryGroup.of(TestPuzzles.builtIn(name), SymmetryMode.ROTATIONS).size());
    }

    @Test
    void reflectionsDoubleTheGroupForAMirrorClosedSet() {
        assertEquals(48, SymmetryGroup.of(TestPuzzles.builtIn("soma"), SymmetryMode.ROTATIONS_AND_REFLECTIONS).size());
        assertEquals(1, SymmetryGroup.of(TestPuzzles.builtIn("soma"), SymmetryMode.FIXED).size());
    }

    @Test
    void reflectionsAreRefusedWhenTheMirrorSetDiffers() {
        PuzzleException e = assertThrows(PuzzleException.class,
                () -> SymmetryGroup.of(TestPuzzles.builtIn("bedlam"), SymmetryMode.ROTATIONS_AND_REFLECTIONS));
        assertTrue(e.getMessage().contains("mirror image of piece"), e.getMessage());
    }

    /** Seeded property test: a packing and each of its images under the group canonicalize to one line. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 1234})
    void everyImageOfASolutionHasTheSameCanonicalLine(long seed) {
        for (String name : new String[] {"soma", "tetracubes-2x4x4", "tetracubes-2x2x4x2"}) {
            Puzzle p = TestPuzzles.builtIn(name);
            SymmetryGroup fixed = SymmetryGroup.of(p, SymmetryMode.FIXED);
            SymmetryGroup rotations = SymmetryGroup.of(p, SymmetryMode.ROTATIONS);
            var all = TestPuzzles.solve(p, SymmetryMode.FIXED, 1).lines();
            String line = all.get(new Random(seed).nextInt(all.size()));
            int[] cellCopy = new int[line.length()];
            int[] copyPiece = new int[128]; // copy ids are the label characters here
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                cellCopy[i] = c == '.' ? -1 : c;
                if (c != '.') {
                    copyPiece[c] = p.pieces().indexOf(p.pieceByLabel(c));
                }
            }
            int[] copyPieceSized = copyPiece;
            int[] cells128 = cellCopy;
            Canonicalizer canon = new Canonicalizer(p, rotations);
            String expected = canon.canonical(cells128, copyPieceSized);
            String smallestImage = null; // the oracle: every image rendered whole, the smallest line kept
            for (SymmetryGroup.Element g : rotations.elements()) {
                int[] image = new int[line.length()];
                java.util.Arrays.fill(image, -1);
                for (int i = 0; i < line.length(); i++) {
                    if (cellCopy[i] >= 0) {
                        image[g.cellMap()[i]] = cellCopy[i];
                    }
                }
                assertEquals(expected, canon.canonical(image, copyPieceSized), name + " under " + g.rotation());
                String whole = canon.line(image, copyPieceSized);
                smallestImage = smallestImage == null || whole.compareTo(smallestImage) < 0 ? whole : smallestImage;
            }
            assertEquals(smallestImage, expected, name + ": the canonical line is the smallest image");
            assertTrue(new Canonicalizer(p, fixed).canonical(cells128, copyPieceSized).equals(line), "fixed keeps the line");
        }
    }

    /**
     * A symmetric solution is one class, not 1/|G| of one: the Slothouber-Graatsma puzzle has 8 fixed
     * packings and a single class under rotation (shared/reference/README.md).
     */
    @Test
    void symmetricSolutionIsCountedOnce() {
        Puzzle sg = TestPuzzles.slothouberGraatsma();
        assertEquals(8, TestPuzzles.solve(sg, SymmetryMode.FIXED, 2).lines().size());
        assertEquals(1, TestPuzzles.solve(sg, SymmetryMode.ROTATIONS, 2).lines().size());
    }

    @Test
    void copiesOfOnePieceAreInterchangeableInTheLine() {
        Puzzle sg = TestPuzzles.slothouberGraatsma();
        String line = Solver.solve(sg, Solver.Options.defaults()).lines().get(0);
        // 6 blocks and 3 unit cubes: every copy has its own character
        assertEquals(9, line.chars().distinct().count());
        assertEquals(27, line.length());
    }

    /** The puzzle format's `symmetry` statement accepts every rule by its id, and writes it back the same. */
    @Test
    void thePuzzleFormatKnowsEverySymmetryRule() {
        for (SymmetryMode m : SymmetryMode.values()) {
            Puzzle p = dev.polycube.puzzle.PuzzleParser.parse("name t\nbox 2 1 1\npiece D 1 (0,0,0) (1,0,0)\nsymmetry " + m.id(),
                    "test", "t");
            assertEquals(m, p.symmetry());
            assertTrue(dev.polycube.puzzle.PuzzleWriter.lines(p).contains("symmetry " + m.id()));
        }
    }
}
