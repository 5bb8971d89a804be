package dev.polycube.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.solve.Solver;
import dev.polycube.puzzle.SymmetryMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Optional cells, optional pieces and groups. The small counts are worked out by hand in each comment. */
class ChoicesTest {

    @TempDir
    Path dir;

    private static List<String> solve(Puzzle p, SymmetryMode mode) {
        return TestPuzzles.solve(p, mode, 2).lines();
    }

    /**
     * A 3x1x1 bar whose last cell may stay empty, and one domino: the domino must cover cell 0, so it lies on
     * cells 0-1 and cell 2 stays empty: 1 packing. Only the half turn about the bar's axis keeps the optional
     * cell in place, so it is also 1 class.
     */
    @Test
    void anOptionalCellMayStayEmpty() {
        Puzzle p = TestPuzzles.parse("box 3 1 1\noptional 2 0 0\npiece d 1 (0,0,0) (1,0,0)\n");
        assertEquals(List.of("dd-"), solve(p, SymmetryMode.FIXED));
        assertEquals(1, solve(p, SymmetryMode.ROTATIONS).size());
    }

    /** A 2x1x1 box from a bag of one optional domino and two optional unit cubes: {d} or {m, m}. */
    @Test
    void optionalPiecesMayStayInTheBag() {
        Puzzle p = TestPuzzles.parse("box 2 1 1\npiece d 0..1 (0,0,0) (1,0,0)\npiece m 0..2 (0,0,0)\n");
        assertEquals(2, solve(p, SymmetryMode.FIXED).size());
        assertEquals(2, solve(p, SymmetryMode.ROTATIONS).size());
    }

    /**
     * Group g takes exactly one of the unit cubes a, b; e is another unit cube and c a domino. The domino alone
     * leaves g unused, and a with b breaks g's limit, so the fillings are {a, e} and {b, e}, each in 2 orders:
     * 4 packings.
     */
    @Test
    void groupsLimitHowManyOfTheirPiecesAreUsed() {
        Puzzle p = TestPuzzles.parse("""
                box 2 1 1
                piece a 0..1 (0,0,0)
                piece b 0..1 (0,0,0)
                piece e 0..1 (0,0,0)
                piece c 0..1 (0,0,0) (1,0,0)
                group g 1 a b
                """);
        List<String> all = solve(p, SymmetryMode.FIXED);
        assertEquals(4, all.size(), all.toString());
        assertTrue(all.stream().allMatch(l -> l.contains("e")), all.toString());
    }

    @Test
    void aTargetNoSelectionCanFillIsReportedBeforeSearching() {
        Puzzle p = TestPuzzles.parse("box 3 1 1\npiece d 0..1 (0,0,0) (1,0,0)\n");
        PuzzleException e = assertThrows(PuzzleException.class, () -> Solver.prepare(p, Solver.Options.defaults()));
        assertTrue(e.getMessage().contains("no selection of pieces allowed by the counts and groups has exactly 3 cells, "
                + "the target's, so the target cannot be filled (d 2 cells x 0..1)"), e.getMessage());
        // every copy used, only cells optional: the volumes themselves are what does not fit
        Puzzle fixedCopies = TestPuzzles.parse("box 4 1 1\noptional 4 0 0\npiece d 1 (0,0,0) (1,0,0)\n");
        e = assertThrows(PuzzleException.class, () -> Solver.prepare(fixedCopies, Solver.Options.defaults()));
        assertTrue(e.getMessage().contains("the pieces have 2 cells in all, but the target has 4 cells that must be filled "
                + "and 1 that may stay empty"), e.getMessage());
    }

    /** Seed 003's challenge: every solution uses exactly one piece of each colour; its 50 classes are valid. */
    @Test
    void happyCubeChallengeUsesOnePieceOfEachColour() {
        Puzzle p = TestPuzzles.builtIn("happy-cube-challenge");
        List<String> lines = solve(p, SymmetryMode.ROTATIONS);
        assertTrue(!lines.isEmpty());
        for (String line : lines) {
            for (Puzzle.Group g : p.groups()) {
                long used = g.pieces().stream().filter(i -> line.indexOf(p.pieces().get(i).label()) >= 0).count();
                assertEquals(1, used, g.name() + " in " + line);
            }
        }
        // no solution is symmetric here, so every class has 24 packings
        assertEquals(24L * lines.size(), solve(p, SymmetryMode.FIXED).size());
    }

    /** BurrTools '+' result cells and count ranges load as optional cells and optional pieces. */
    @Test
    void burrToolsOptionalCellsAndCountRanges() throws Exception {
        String soma = Files.readString(Path.of("src/test/resources/burrtools/Soma.xmpuzzle"));
        String changed = soma.replace(">###########################<", ">##########################+<")
                .replace("<shape id=\"1\" count=\"1\"/>", "<shape id=\"1\" min=\"0\" max=\"1\"/>");
        Path file = dir.resolve("soma-optional.xmpuzzle");
        Files.writeString(file, changed);
        Puzzle p = BuiltInPuzzles.loadFile(file);
        assertEquals(1, p.target().optionalCount());
        assertTrue(p.pieces().get(0).isOptional());
        // 27 cells and pieces of 27 cells: one optional cell cannot make room for leaving the 3-cell V out, so the
        // packings are Soma's 11,520 (reference soma-3x3x3.txt); only the 3 rotations about the diagonal through
        // the optional corner remain symmetries, and no Soma packing is symmetric: 11,520 / 3 classes
        assertEquals(11520, solve(p, SymmetryMode.FIXED).size());
        assertEquals(3840, solve(p, SymmetryMode.ROTATIONS).size());
    }
}
