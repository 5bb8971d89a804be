package dev.polycube.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PuzzleParserTest {

    @Test
    void readsTheReferencePieceFormat() {
        Puzzle p = PuzzleParser.parse("""
                # a comment
                box 3 3 3
                piece V 1 (0,0,0) (0,1,0) (1,0,0)
                piece 4< 2 (0,1,0) (0,0,0) (1,0,0) (0,1,1)
                expect rotations 480
                #   status(rotations): external: somewhere
                """, "f.txt", "f");
        assertEquals("f", p.name());
        assertEquals(27, p.target().volume());
        assertEquals(2, p.pieces().size());
        assertEquals("V", p.pieces().get(0).labels());
        assertEquals(2, p.pieces().get(1).labels().length());
        assertEquals(480, p.expected().get(SymmetryMode.ROTATIONS).count());
        assertTrue(p.expected().get(SymmetryMode.ROTATIONS).source().contains("external: somewhere"));
    }

    /** A published count of any size (a count without listing may pass 2^63); a bad one is named with its line. */
    @Test
    void expectTakesCountsPastALongAndRefusesOthers() {
        Puzzle p = PuzzleParser.parse("box 2 1 1\npiece D 1 (0,0,0) (1,0,0)\nexpect fixed 112,202,208,776,036,178,000,000\n", "f.txt", "f");
        assertEquals(new java.math.BigInteger("112202208776036178000000"), p.expected().get(SymmetryMode.FIXED).value());
        for (String bad : new String[] {"-3", "1.5", "lots"}) {
            PuzzleException e = assertThrows(PuzzleException.class,
                    () -> PuzzleParser.parse("box 2 1 1\npiece D 1 (0,0,0) (1,0,0)\nexpect fixed " + bad + "\n", "f.txt", "f"));
            assertTrue(e.getMessage().contains("f.txt:3") && e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    /**
     * Other names a piece goes by: the tetracube generator write-up's (seed 002) name the screw pieces Z and
     * Z-mirror; Z is the one whose three steps (z, then y, then x) turn right-handed, our A4. An alias works
     * where a name is typed, in any case; one that is already another piece's is refused.
     */
    @Test
    void piecesAnswerToTheirAliases() {
        Puzzle p = TestPuzzles.builtIn("tetracubes-2x4x4");
        assertEquals("A4", p.pieces().get(p.pieceIndex("Z")).name());
        assertEquals("B4", p.pieces().get(p.pieceIndex("z-mirror")).name());
        assertEquals("P4", p.pieces().get(p.pieceIndex("Pyramid")).name());
        assertEquals("S4", p.pieces().get(p.pieceIndex("N")).name());
        int z = p.pieceIndex("Z");
        // the seed's Z in its orientation 1: (0,0,0) (0,0,1) (0,1,0) (1,1,0), one of A4's proper rotations
        dev.polycube.geometry.Shape seedZ = dev.polycube.geometry.Shape.of(java.util.List.of(new dev.polycube.geometry.Point(0, 0, 0),
                new dev.polycube.geometry.Point(0, 0, 1), new dev.polycube.geometry.Point(0, 1, 0), new dev.polycube.geometry.Point(1, 1, 0)));
        assertTrue(p.pieces().get(z).shape().orientations(false).contains(seedZ), "Z keeps the seed's handedness");
        Puzzle fixedByAlias = PuzzleParser.parse("""
                box 2 1 1
                piece A 1 (0,0,0) aka=first
                piece B 1 (0,0,0)
                group g 2..2 first B
                """, "f.txt", "f");
        assertEquals(java.util.List.of(0, 1), fixedByAlias.groups().get(0).pieces());
        PuzzleException e = assertThrows(PuzzleException.class, () -> PuzzleParser.parse("""
                box 2 1 1
                piece A 1 (0,0,0)
                piece B 1 (0,0,0) aka=A
                """, "f.txt", "f"));
        assertTrue(e.getMessage().contains("f.txt:3") && e.getMessage().contains("already piece A"), e.getMessage());
    }

    @Test
    void severalBoxesAndHolesMakeTheTarget() {
        Puzzle p = TestPuzzles.builtIn("tetracubes-2x2x4x2");
        assertEquals(32, p.target().volume());
        assertEquals(40, p.target().boxVolume());
        Puzzle holed = TestPuzzles.parse("box 2 2 2\nhole 1 1 1\npiece a 7 (0,0,0)\n");
        assertEquals(7, holed.target().volume());
        assertFalse(holed.target().isFullBox());
    }

    @Test
    void titlesLabelsAndTagsAreKept() {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        Piece a = bedlam.pieces().get(0);
        assertEquals("Little Corner", a.title());
        assertEquals('A', a.label());
        assertEquals("C", a.tags().get("kurowski"));
    }

    @Test
    void writerRoundTrips() {
        for (String name : BuiltInPuzzles.names()) {
            Puzzle p = BuiltInPuzzles.load(name);
            Puzzle again = PuzzleParser.parse(PuzzleWriter.text(p), "again", "x");
            assertEquals(PuzzleWriter.text(p), PuzzleWriter.text(again), name);
        }
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("box 3 3\npiece a 1 (0,0,0)\n", 1, "box X Y Z"),
                Arguments.of("box 2 2 2\npiece a x (0,0,0)\n", 2, "COUNT must be a whole number or MIN..MAX, got 'x'"),
                Arguments.of("box 2 2 2\npiece a 3000000000 (0,0,0)\n", 2, "COUNT '3000000000' is too large: a puzzle holds at most"),
                Arguments.of("box 2 2 2\npiece a 1..99999999999 (0,0,0)\n", 2, "is too large"),
                Arguments.of("box 2 2 2\npiece a 1 (0,0,0)\ngroup g 1..99999999999 a\n", 3, "is too large"),
                Arguments.of("box 2 2 2\npiece a 1 (0,0,0) (0,0\n", 2, "cannot read '(0,0'"),
                Arguments.of("box 2 2 2\npiece a 1 (0,0,0) (1,1,0)\n", 2, "not face-connected"),
                Arguments.of("box 2 2 2\nfrobnicate\n", 2, "unknown keyword 'frobnicate'"),
                Arguments.of("box 2 2 2\nexect fixed 3\n", 2, "unknown keyword 'exect'; expected one of: name, title, box"),
                Arguments.of("box 2 2 2\nexect fixed 3\n", 2, "container. Did you mean 'expect'?"),
                Arguments.of("box 2 2 2\nonesided yes\n", 2, "Did you mean 'one-sided'?"),
                Arguments.of("box 2 2 2\npiece pentominoes 0..1\n", 2, "pentominoes is a built-in set, written 'pieces pentominoes 0..1'"),
                Arguments.of("box 2 2 2\npieces pentomino\n", 2, "Did you mean 'pentominoes'?"),
                Arguments.of("box 2 2 2\npiece a 1 (0,0,0)\npiece a 1 (0,0,0)\n", 3, "used twice (first on line 2)"),
                Arguments.of("box 2 2 2\nexpect sideways 3\n", 2, "expect fixed|rotations|rotations+reflections|burrtools"),
                Arguments.of("box 2 1 1\ncolour 1 0 0 0\npiece a 2 (0,0,0)\n", 2, "no 'colours N' line declares"),
                Arguments.of("box 2 1 1\ncolours 1\npiece a 2 (0,0,0)@2\n", 3, "colour 2 is beyond the 1 declared on line 2"),
                Arguments.of("box 2 1 1\ncolours 2\nallow 1\npiece a 2 (0,0,0)\n", 3, "expected 'allow PIECE-COLOUR TARGET-COLOUR'"),
                Arguments.of("box 2 1 1\ncolours 2\ncolours 2\n", 3, "a second 'colours' line (the first is line 2)"),
                Arguments.of("box 2 1 1\nsymmetry sideways\n", 2, "unknown symmetry rule 'sideways'"),
                Arguments.of("box 2 1 1\npiece a 2 (0,0,0)@x\n", 2, "cannot read '@x'"),
                // checked once the whole file is read, still named by the line that caused them
                Arguments.of("box 2 1 1\npiece a 2 (0,0,0)\nhole 5 0 0\n", 3, "hole (5,0,0) is not inside any box"),
                Arguments.of("box 2 1 1\ncolours 1\ncolour 1 0 0 0\ncolour 1 3 0 0\npiece a 2 (0,0,0)\n", 4,
                        "colour 1 is given to (3,0,0), which is not a target cell"),
                Arguments.of("one-sided yes\nbox 2 1 1\nmirrored-pieces yes\npiece a 2 (0,0,0)\n", 3, "(line 1) contradict"),
                Arguments.of("box 2 2 1 at 1 1 0\npiece d 2 (0,0,0) (1,0,0)\nfix d (1,1,0) (2,1,0)\nfix d (2,1,0) (2,2,0)\n", 4,
                        "fixed piece d [(2,1,0), (2,2,0)]: cell (2,1,0) is taken by another fixed piece"),
                Arguments.of("box 2 2 1\npiece d 1 (0,0,0) (1,0,0)\npiece m 2 (0,0,0)\nfix d (0,0,0) (0,1,0)\nfix d (1,0,0) (1,1,0)\n",
                        5, "the puzzle has only 1 copy of d"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void errorsNameFileLineAndText(String text, int line, String message) {
        PuzzleException e = assertThrows(PuzzleException.class, () -> PuzzleParser.parse(text, "my.txt", "m"));
        assertTrue(e.getMessage().startsWith("my.txt:" + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void unknownBuiltInSuggestsTheNearestName() {
        PuzzleException e = assertThrows(PuzzleException.class, () -> BuiltInPuzzles.load("bedlum"));
        assertTrue(e.getMessage().contains("Did you mean 'bedlam'?"), e.getMessage());
        assertTrue(e.getMessage().contains("tetris-cube"), e.getMessage());
        // a name begun is completed; a letter or two, as far from every name as it is long, gets no guess
        assertTrue(assertThrows(PuzzleException.class, () -> BuiltInPuzzles.load("happy")).getMessage()
                .contains("Did you mean 'happy-cube-blue'?"));
        for (String far : new String[] {"x", "ab", "dominoes"}) {
            String m = assertThrows(PuzzleException.class, () -> BuiltInPuzzles.load(far)).getMessage();
            assertTrue(!m.contains("Did you mean"), m);
        }
    }

    @Test
    void aliasesResolve() {
        assertEquals("bedlam", BuiltInPuzzles.load("crazee").name());
        assertEquals("tetris-cube", BuiltInPuzzles.load("TETRIS").name());
    }

    /** A piece answers to its name, an alias, and its title in any case when no other piece has that title. */
    @Test
    void piecesAnswerToTheirTitlesWhenOnlyOneHasIt() {
        Puzzle bedlam = BuiltInPuzzles.load("bedlam");
        assertEquals("K", bedlam.pieces().get(bedlam.pieceIndex("cross")).name());
        assertEquals("A", bedlam.pieces().get(bedlam.pieceIndex("LITTLE CORNER")).name());
        assertEquals(-1, bedlam.pieceIndex("crosss"));
        Puzzle twins = PuzzleParser.parse("""
                name twins
                box 2 2 1
                piece P 1 (0,0,0) (1,0,0) title="Bar"
                piece Q 1 (0,0,0) (1,0,0) title="Bar"
                """, "twins.txt", "twins");
        assertEquals(-1, twins.pieceIndex("bar"), "two pieces of that title: neither is meant");
        assertEquals(1, twins.pieceIndex("Q"));
    }
}
