package dev.polycube.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.geometry.Shape;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The foam edge notation of seed 003: every built-in foam piece, read here straight from its drawn rows
 * (the rim clockwise from the top-left corner, corners shared), written as 16 digits, gives back the piece
 * the drawing gives.
 */
class FoamNotationTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"happy-cube-blue", "happy-cube-red", "happy-cube-violet", "happy-cube-yellow", "happy-cube-orange",
        "happy-cube-green"})
    void everyBuiltInPieceReadsTheSameInTheSeedsNotation(String name) throws Exception {
        Puzzle puzzle = TestPuzzles.builtIn(name);
        String text;
        try (InputStream in = FoamNotationTest.class.getResourceAsStream("/puzzles/" + name + ".txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String[] lines = text.split("\n");
        int pieces = 0;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("piece ") && lines[i].contains(" drawn")) {
                String pieceName = lines[i].split("\\s+")[1];
                List<String> rows = new ArrayList<>();
                for (int k = 1; k <= 5; k++) {
                    rows.add(lines[i + k].strip());
                }
                StringBuilder bits = new StringBuilder();
                for (int x = 0; x < 5; x++) {
                    bits.append(bit(rows.get(0).charAt(x)));
                }
                for (int r = 1; r < 5; r++) {
                    bits.append(bit(rows.get(r).charAt(4)));
                }
                for (int x = 3; x >= 0; x--) {
                    bits.append(bit(rows.get(4).charAt(x)));
                }
                for (int r = 3; r >= 1; r--) {
                    bits.append(bit(rows.get(r).charAt(0)));
                }
                Shape drawn = puzzle.pieces().get(puzzle.pieceIndex(pieceName)).shape();
                assertEquals(drawn, Shape.of(FoamNotation.cells(bits.toString())), pieceName + " as " + bits);
                Puzzle typed = PuzzleParser.parse("box 5 5 1\npiece P 1 foam " + bits + "\n", "t.txt", "t");
                assertEquals(drawn, typed.pieces().get(0).shape(), "the puzzle statement");
                pieces++;
            }
        }
        assertEquals(6, pieces);
    }

    private static char bit(char c) {
        return c == '#' ? '1' : '0';
    }

    @ParameterizedTest
    @ValueSource(strings = {"001000100010001", "00100010001000100", "0010001000100012", ""})
    void aWrongStringIsNamedWithItsLine(String bits) {
        PuzzleException e = assertThrows(PuzzleException.class,
                () -> PuzzleParser.parse("box 5 5 1\n\npiece P 1 foam " + bits + "\n", "t.txt", "t"));
        assertTrue(e.getMessage().contains("t.txt:3") && e.getMessage().contains("16 digits"), e.getMessage());
    }
}
