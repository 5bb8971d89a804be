package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.solve.Solver;
import dev.polycube.puzzle.SymmetryMode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every word width runs the same search: a puzzle embedded in a larger box (the rest of the box holes, the
 * target off the origin) must give the same packings as on its own box. The box sizes pick the one-word
 * (60 cells), two-word (100) and wide (200, 1000) variants. The Soma counts are published (seed data:
 * 11,520 fixed packings, 480 up to rotation).
 */
class BoardWidthTest {

    @ParameterizedTest(name = "soma in a {0}x{1}x{2} box ({3} cells, {4} words) at ({5},{6},{7})")
    @CsvSource({
        "5, 4, 3, 60, 1, 1, 1, 0",
        "5, 5, 4, 100, 2, 1, 2, 1",
        "5, 5, 8, 200, 4, 1, 2, 4",
        "10, 10, 10, 1000, 16, 6, 3, 5"})
    void theSamePuzzleInABiggerBoxGivesTheSamePackings(int sx, int sy, int sz, int cells, int words, int ox, int oy, int oz) {
        assertEquals(cells, sx * sy * sz);
        assertEquals(words, (cells + 63) / 64);
        Puzzle soma = TestPuzzles.builtIn("soma");
        Puzzle embedded = embed(soma, sx, sy, sz, ox, oy, oz);
        assertEquals(cells, embedded.target().boxVolume());

        List<String> own = TestPuzzles.solve(soma, SymmetryMode.FIXED, 2).lines();
        Solver.Outcome wide = TestPuzzles.solve(embedded, SymmetryMode.FIXED, 2);
        assertTrue(wide.complete());
        assertEquals(11_520, own.size());
        TreeSet<String> cropped = crop(wide.lines(), embedded, ox, oy, oz, 3, 3, 3);
        assertEquals(own.size(), cropped.size());
        assertTrue(cropped.equals(new TreeSet<>(own)), "the packings in the big box are not Soma's");
    }

    /**
     * Classes on a wide board: the 2x4x4 tetracube box centred in a 10x10x10 box (1000 cells, 16 words), whose
     * eight corners are kept (optional, isolated) so the box and its symmetry stay: Polyform Puzzler's
     * counts, 1,390 up to rotation and 11,120 fixed.
     */
    @org.junit.jupiter.api.Test
    void classesOnAThousandCellBoard() {
        Puzzle tetracubes = TestPuzzles.builtIn("tetracubes-2x4x4");
        Puzzle embedded = embed(tetracubes, 10, 10, 10, 3, 3, 4);
        assertEquals(1000, embedded.target().boxVolume());
        assertEquals(1_390, TestPuzzles.solve(embedded, SymmetryMode.ROTATIONS, 2).lines().size());
        assertEquals(11_120, TestPuzzles.solve(embedded, SymmetryMode.FIXED, 2).lines().size());
    }

    /** {@code p} (a full box) placed at (ox,oy,oz) in an sx x sy x sz box whose other cells are holes. */
    private static Puzzle embed(Puzzle p, int sx, int sy, int sz, int ox, int oy, int oz) {
        List<String> lines = new ArrayList<>();
        int px = p.target().sizeX();
        int py = p.target().sizeY();
        int pz = p.target().sizeZ();
        for (String line : PuzzleWriter.lines(p)) {
            if (line.startsWith("box ")) {
                lines.add("box " + sx + " " + sy + " " + sz);
                for (int z = 0; z < sz; z++) {
                    for (int y = 0; y < sy; y++) {
                        for (int x = 0; x < sx; x++) {
                            boolean inside = x >= ox && x < ox + px && y >= oy && y < oy + py && z >= oz && z < oz + pz;
                            boolean corner = (x == 0 || x == sx - 1) && (y == 0 || y == sy - 1) && (z == 0 || z == sz - 1);
                            if (!inside && !corner) {
                                lines.add("hole " + x + " " + y + " " + z);
                            }
                        }
                    }
                }
            } else if (!line.startsWith("expect ") && !line.startsWith("# status")) {
                lines.add(line);
            }
        }
        // the parser moves the target to the origin: the box's eight corners, optional (no piece can use them:
        // the pieces exactly fill the inner box), keep the box as given and its symmetry with it
        for (int corner = 0; corner < 8; corner++) {
            int x = (corner & 1) == 0 ? 0 : sx - 1;
            int y = (corner & 2) == 0 ? 0 : sy - 1;
            int z = (corner & 4) == 0 ? 0 : sz - 1;
            lines.add("optional " + x + " " + y + " " + z);
        }
        return TestPuzzles.parse(String.join("\n", lines) + "\n");
    }

    /** The cells of the inner box, read out of each line (x fastest, then y, then z, in both boxes). */
    private static TreeSet<String> crop(List<String> lines, Puzzle big, int ox, int oy, int oz, int px, int py, int pz) {
        int sx = big.target().sizeX();
        int sy = big.target().sizeY();
        TreeSet<String> out = new TreeSet<>();
        for (String line : lines) {
            StringBuilder s = new StringBuilder();
            for (int z = 0; z < pz; z++) {
                for (int y = 0; y < py; y++) {
                    for (int x = 0; x < px; x++) {
                        s.append(line.charAt((ox + x) + sx * ((oy + y) + sy * (oz + z))));
                    }
                }
            }
            out.add(s.toString());
        }
        return out;
    }
}
