package dev.polycube.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.symmetry.SymmetryGroup;
import dev.polycube.puzzle.SymmetryMode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Colour constraints on cases small enough to count by hand. A domino whose cells have colours 1 and 2
 * ("12"), and a plain unit cube, fill a row of three target cells; the row's colours and the allowed pairs
 * decide where the domino may lie (it may turn end for end, so either of its cells may come first).
 */
class ColoursTest {

    private static Puzzle row(String rowColours, String allows) {
        StringBuilder s = new StringBuilder("name row\nbox 3 1 1\ncolours 2\n");
        for (String pair : allows.split(";")) {
            if (!pair.isBlank()) {
                s.append("allow ").append(pair.strip()).append('\n');
            }
        }
        for (int x = 0; x < 3; x++) {
            char c = rowColours.charAt(x);
            if (c != '0') {
                s.append("colour ").append(c).append(' ').append(x).append(" 0 0\n");
            }
        }
        s.append("piece D 1 (0,0,0)@1 (1,0,0)@2\npiece u 1 (0,0,0)\n");
        return TestPuzzles.parse(s.toString());
    }

    /** A coloured monocube that no target cell may take is named in the singular: "(1 cell) fits nowhere". */
    @org.junit.jupiter.api.Test
    void aMonocubeThatFitsNowhereIsOneCell() {
        Puzzle p = TestPuzzles.parse("name m\nbox 2 1 1\ncolours 2\ncolour 2 0 0 0\ncolour 2 1 0 0\n"
                + "piece M 1 (0,0,0)@1\npiece u 1 (0,0,0)\n");
        PuzzleException e = assertThrows(PuzzleException.class, () -> TestPuzzles.solve(p, SymmetryMode.FIXED, 1));
        assertTrue(e.getMessage().contains("piece M (1 cell) fits nowhere"), e.getMessage());
    }

    @ParameterizedTest(name = "row {0}, allow {1}: {2} packings")
    @CsvSource({
        // 1,2 then 2,1 on the two domino spots: both fit when 1-on-1 and 2-on-2 are allowed
        "121, 1 1; 2 2, 2",
        // cells 1-2 are 2,2: the domino's colour-1 cell would sit on a 2
        "122, 1 1; 2 2, 1",
        // only 1-on-1: no cell of colour 2 may take the domino's colour-2 cell
        "122, 1 1, 0",
        // the pairs crossed: the domino's 1 must go on a 2 and its 2 on a 1 (on 1,1,2 only cells 1-2, turned)
        "212, 1 2; 2 1, 2",
        "112, 1 2; 2 1, 1",
        // neutral target cells take any colour
        "000, , 2",
        "020, 2 2, 2"})
    void coloursDecideWhereThePiecesGo(String rowColours, String allows, int packings) {
        Puzzle p = row(rowColours, allows == null ? "" : allows);
        if (packings == 0) {
            PuzzleException e = assertThrows(PuzzleException.class, () -> TestPuzzles.solve(p, SymmetryMode.FIXED, 1));
            assertTrue(e.getMessage().contains("piece D (2 cells) fits nowhere") && e.getMessage().contains("colours"), e.getMessage());
            return;
        }
        assertEquals(packings, TestPuzzles.solve(p, SymmetryMode.FIXED, 1).lines().size());
    }

    /** A target symmetry must keep colours: the row 1,2,2 cannot be turned end for end. */
    @Test
    void symmetriesKeepTheColours() {
        assertEquals(8, SymmetryGroup.of(row("000", ""), SymmetryMode.ROTATIONS).size());
        assertEquals(8, SymmetryGroup.of(row("121", ""), SymmetryMode.ROTATIONS).size());
        assertEquals(4, SymmetryGroup.of(row("122", ""), SymmetryMode.ROTATIONS).size());
    }

    @Test
    void aPuzzleWithColoursIsWrittenAndReadBackUnchanged() {
        Puzzle p = row("122", "1 1; 2 2");
        String text = PuzzleWriter.text(p);
        Puzzle again = TestPuzzles.parse(text);
        assertEquals(text, PuzzleWriter.text(again));
        assertEquals(1, TestPuzzles.solve(again, SymmetryMode.FIXED, 1).lines().size());
    }

    /**
     * BurrTools numbers a voxel's colour from 1 but a {@code <pair>}'s from 0: {@code <pair piece="0"
     * result="1"/>} lets colour 1 sit on colour 2. A domino of colour 1 on a result of colour 2 fits only
     * with that reading.
     */
    @ParameterizedTest(name = "pair piece={0} result={1}, result colours {2}: {3} packings")
    @CsvSource({"0, 1, 22, 1", "0, 0, 22, 0", "0, 1, 12, 0", "0, 0, 11, 1"})
    void burrToolsPairsCountColoursFromZero(int piece, int result, String resultColours, int packings) {
        String xml = """
                <?xml version="1.0"?>
                <puzzle version="2"><gridType type="0"/>
                <colors><color red="255" green="0" blue="0"/><color red="0" green="0" blue="255"/></colors>
                <shapes>
                <voxel x="2" y="1" z="1" name="Result" type="0">#%s#%s</voxel>
                <voxel x="2" y="1" z="1" name="Domino" type="0">#1#1</voxel>
                </shapes>
                <problems><problem name="p"><shapes><shape id="1" count="1"/></shapes><result id="0"/>
                <bitmap><pair piece="%d" result="%d"/></bitmap></problem></problems>
                </puzzle>
                """.formatted(resultColours.charAt(0), resultColours.charAt(1), piece, result);
        Puzzle p = BurrToolsReader.read(xml.getBytes(StandardCharsets.UTF_8), "test.xmpuzzle", "t");
        if (packings == 0) {
            assertThrows(PuzzleException.class, () -> TestPuzzles.solve(p, SymmetryMode.FIXED, 1), "the domino fits nowhere");
            return;
        }
        assertEquals(packings, TestPuzzles.solve(p, SymmetryMode.FIXED, 1).lines().size());
    }
}
