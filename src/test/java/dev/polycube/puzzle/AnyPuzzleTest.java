package dev.polycube.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.IndependentCheck;
import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.SymmetryMode;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Puzzle files beyond the built-in box puzzles: drawn layers, BurrTools files, wider targets, foam shells. */
class AnyPuzzleTest {

    private static final Path BURR = Path.of("src/test/resources/burrtools");

    @TempDir
    Path dir;

    /**
     * The six Happy Cube sets (98-cell shells, boxes of 125 cells: the two-word board). Expected counts are
     * not published; they are obtained independently here: {@link IndependentCheck#allPackings} enumerates
     * every packing with a plain recursive search written for the tests, and its own rotation code groups
     * them into classes. Our fixed count and our rotation count must match both.
     */
    @ParameterizedTest
    @ValueSource(strings = {"blue", "red", "violet", "yellow", "orange", "green"})
    void happyCubeSetsAgreeWithAnIndependentCount(String colour) {
        Puzzle p = TestPuzzles.builtIn("happy-cube-" + colour);
        List<String> independent = IndependentCheck.allPackings(p);
        assertTrue(!independent.isEmpty(), "every set folds into a cube");
        assertEquals(independent.size(), TestPuzzles.solve(p, SymmetryMode.FIXED, 2).lines().size());
        List<String> rotations = TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2).lines();
        assertEquals(IndependentCheck.classes(p, independent), rotations.size());
        assertEquals(List.of(), IndependentCheck.check(p, rotations));
    }

    /** The two-word board against the one-word one: the two-box tetracube puzzle with the boxes 10 cells apart. */
    @Test
    void widerBoardsGiveTheSameAnswers() {
        Puzzle near = TestPuzzles.builtIn("tetracubes-2x2x4x2");
        StringBuilder far = new StringBuilder("name far\nbox 4 2 2\nbox 4 2 2 at 0 13 0\n");
        for (String l : PuzzleWriter.lines(near)) {
            if (l.startsWith("piece")) {
                far.append(l).append('\n');
            }
        }
        Puzzle wide = TestPuzzles.parse(far.toString());
        assertEquals(120, wide.target().boxVolume());
        for (SymmetryMode mode : SymmetryMode.values()) {
            assertEquals(TestPuzzles.solve(near, mode, 2).lines().size(), TestPuzzles.solve(wide, mode, 2).lines().size(), mode.id());
        }
    }

    @Test
    void moreThan64PieceTypes() {
        // 70 unit-cube types, each optional (0..1), in two cells: an ordered pair of distinct types fills
        // them, 70 * 69 = 4,830 ways; the box's half-turn swaps the cells, so 2,415 up to rotation
        StringBuilder pairs = new StringBuilder("box 2 1 1\n");
        for (int i = 0; i < 70; i++) {
            pairs.append("piece P").append(i).append(" 0..1 (0,0,0)\n");
        }
        Puzzle p = TestPuzzles.parse(pairs.toString());
        assertEquals(4_830, TestPuzzles.solve(p, SymmetryMode.FIXED, 2).lines().size());
        assertEquals(2_415, TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2).lines().size());

        // 130 unit-cube types, every one used, each held to its own cell by a colour: exactly one packing
        StringBuilder row = new StringBuilder("box 130 1 1\ncolours 130\n");
        for (int i = 0; i < 130; i++) {
            int c = i + 1;
            row.append("allow ").append(c).append(' ').append(c).append('\n');
            row.append("colour ").append(c).append(' ').append(i).append(" 0 0\n");
            row.append("piece P").append(i).append(" 1 (0,0,0)@").append(c).append('\n');
        }
        Puzzle colours = TestPuzzles.parse(row.toString());
        assertEquals(1, TestPuzzles.solve(colours, SymmetryMode.FIXED, 2).lines().size());

        // 66 types in groups: dominoes of 66 types, each 0..1, in a 2x2 square, at most one of the first 33
        // (group a) and at most one of the others (group b): two dominoes, one of each group; the square
        // holds two parallel dominoes 2 ways (horizontal or vertical), each pair in 2 orders: 33 * 33 * 2 * 2
        StringBuilder grouped = new StringBuilder("box 2 2 1\n");
        StringBuilder a = new StringBuilder("group a 0..1");
        StringBuilder b = new StringBuilder("group b 0..1");
        for (int i = 0; i < 66; i++) {
            grouped.append("piece D").append(i).append(" 0..1 (0,0,0) (1,0,0)\n");
            (i < 33 ? a : b).append(" D").append(i);
        }
        grouped.append(a).append('\n').append(b).append('\n');
        Puzzle g = TestPuzzles.parse(grouped.toString());
        assertEquals(33 * 33 * 2 * 2, TestPuzzles.solve(g, SymmetryMode.FIXED, 2).lines().size());
    }

    @Test
    void drawnPiecesAndTargetsRead() {
        Puzzle drawn = TestPuzzles.parse("""
                name drawn
                target drawn
                  ###  ###  ###
                  ###  ###  ###
                  ###  ###  ###
                end
                piece V 1 drawn
                  #.
                  ##
                end
                piece L 1 drawn
                  #..
                  ###
                end
                piece T 1 drawn
                  ###
                  .#.
                end
                piece Z 1 drawn
                  .##
                  ##.
                end
                piece a 1 drawn
                  #.  ..
                  ##  .#
                end
                piece b 1 drawn
                  ..  #.
                  .#  ##
                end
                piece p 1 drawn
                  #.  ..
                  ##  #.
                end
                """);
        assertEquals(27, drawn.target().volume());
        // Soma (Lepage's 480 up to rotation; 240 with reflections)
        assertEquals(480, TestPuzzles.solve(drawn, SymmetryMode.ROTATIONS, 2).lines().size());
        assertEquals(240, TestPuzzles.solve(drawn, SymmetryMode.ROTATIONS_AND_REFLECTIONS, 2).lines().size());
    }

    @Test
    void drawingErrorsNameTheLine() {
        PuzzleException e = assertThrows(PuzzleException.class,
                () -> PuzzleParser.parse("box 2 2 1\npiece d 2 drawn\n  ##  #\nend\n", "d.txt", "d"));
        assertTrue(e.getMessage().startsWith("d.txt:"), e.getMessage());
        e = assertThrows(PuzzleException.class, () -> PuzzleParser.parse("box 2 2 1\npiece d 2 drawn\n  ##\n", "d.txt", "d"));
        assertTrue(e.getMessage().contains("d.txt:2: this drawing has no 'end' line"), e.getMessage());
    }

    /** BurrTools reports 240 for its Soma file and 480 keeping mirror images (shared/reference/README.md). */
    @Test
    void burrToolsSomaPlainAndGzipped() throws Exception {
        Puzzle plain = BuiltInPuzzles.loadFile(BURR.resolve("Soma.xmpuzzle"));
        assertEquals(240, TestPuzzles.solve(plain, SymmetryMode.ROTATIONS_AND_REFLECTIONS, 2).lines().size());
        assertEquals(480, TestPuzzles.solve(plain, SymmetryMode.ROTATIONS, 2).lines().size());
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(BURR.resolve("Soma.xmpuzzle")));
        }
        Path zipped = dir.resolve("soma-gz.xmpuzzle");
        Files.write(zipped, gz.toByteArray());
        assertEquals(PuzzleWriter.lines(plain).subList(2, PuzzleWriter.lines(plain).size()),
                PuzzleWriter.lines(BuiltInPuzzles.loadFile(zipped)).subList(2, PuzzleWriter.lines(plain).size()));
    }

    @Test
    void burrToolsFilesWeCannotUseAreRefusedClearly() throws Exception {
        String soma = Files.readString(BURR.resolve("Soma.xmpuzzle"));
        Path spheres = dir.resolve("spheres.xmpuzzle");
        Files.writeString(spheres, soma.replace("<gridType type=\"0\"/>", "<gridType type=\"3\"/>"));
        assertTrue(assertThrows(PuzzleException.class, () -> BuiltInPuzzles.loadFile(spheres)).getMessage()
                .contains("grid type 3"));
        Path broken = dir.resolve("broken.xmpuzzle");
        Files.writeString(broken, soma.substring(0, soma.length() / 2));
        PuzzleException e = assertThrows(PuzzleException.class, () -> BuiltInPuzzles.loadFile(broken));
        assertTrue(e.getMessage().startsWith(broken.toString()), e.getMessage());
        // a shape is named by its name, or without one by the piece name it would get and its id
        Path shortVoxels = dir.resolve("short.xmpuzzle");
        Files.writeString(shortVoxels, soma.replace("name=\"V\" type=\"0\">###_<", "type=\"0\">###<"));
        assertEquals(shortVoxels + ": shape S1 (no name; id 1): its voxel string has 3 cells, its size 2x2x1 needs 4",
                assertThrows(PuzzleException.class, () -> BuiltInPuzzles.loadFile(shortVoxels)).getMessage());
    }

    @Test
    void infoShowsWhatWasUnderstoodOfAFile() {
        CliRunner.Result r = CliRunner.run("info", BURR.resolve("Bedlam.xmpuzzle").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("13 piece types"), r.out());
        assertTrue(r.out().contains("4188"), r.out());
    }
}
