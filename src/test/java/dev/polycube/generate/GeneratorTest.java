package dev.polycube.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GeneratorTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} with {1} hints, seed {2}")
    @CsvSource({"tetracubes-2x4x4, 4, 1", "tetracubes-2x4x4, 3, 42", "tetracubes-2x2x8, 3, 5", "tetracubes-2x2x4x2, 3, 9"})
    void aGeneratedPuzzleHasExactlyOneCompletion(String name, int hints, long seed) throws Exception {
        Path file = dir.resolve("p.txt");
        CliRunner.Result r = CliRunner.run("generate", name, "--hints", String.valueOf(hints), "--seed", String.valueOf(seed),
                "-o", file.toString(), "-t", "2");
        assertEquals(0, r.code(), r.out() + r.err());
        Puzzle made = BuiltInPuzzles.loadFile(file);
        assertEquals(hints, made.fixed().size());
        assertEquals(1, Generator.completions(made, List.of(), 10, 2), "solved again: exactly one completion");
        CliRunner.Result solved = CliRunner.run("solve", file.toString(), "--symmetry", "fixed", "--count-only", "-q");
        assertTrue(solved.out().contains(": 1 solution "), solved.out());
    }

    @Test
    void theSameSeedGivesTheSameFile() throws Exception {
        Path a = dir.resolve("a.txt");
        Path b = dir.resolve("b.txt");
        assertEquals(0, CliRunner.run("generate", "tetracubes-2x4x4", "--hints", "4", "--seed", "7", "-o", a.toString(), "-t", "1").code());
        assertEquals(0, CliRunner.run("generate", "tetracubes-2x4x4", "--hints", "4", "--seed", "7", "-o", b.toString(), "-t", "2").code());
        assertEquals(-1L, Files.mismatch(a, b));
    }

    @Test
    void minHintsCannotLoseAnyHint() throws Exception {
        Path file = dir.resolve("min.txt");
        CliRunner.Result r = CliRunner.run("generate", "tetracubes-2x4x4", "--min-hints", "--seed", "42", "-o", file.toString());
        assertEquals(0, r.code(), r.err());
        Puzzle made = BuiltInPuzzles.loadFile(file);
        Puzzle bare = new Puzzle(made.name(), made.title(), made.pieces(), made.target(), made.mirroredPieces(),
                java.util.Map.of(), null, made.origin(), List.of(), made.groups(), made.symmetry(), made.colours(), made.container(), List.of());
        for (int i = 0; i < made.fixed().size(); i++) {
            List<Puzzle.FixedPiece> less = new ArrayList<>(made.fixed());
            less.remove(i);
            assertTrue(Generator.completions(bare, less, 2, 2) > 1, "removing hint " + i + " must allow another completion");
        }
    }

    @Test
    void solveWithFixCountsCompletions() {
        // the I4 bar along the bottom edge of the 4x4x2 box
        CliRunner.Result r = CliRunner.run("solve", "tetracubes-2x4x4", "--fix", "I4 (0,0,0) (1,0,0) (2,0,0) (3,0,0)",
                "--symmetry", "fixed", "--count-only", "-q");
        assertEquals(0, r.code(), r.err());
        long n = Long.parseLong(r.out().replaceAll("(?s).*?: ([0-9,]+) solutions.*", "$1").replace(",", ""));
        assertTrue(n > 1 && n < 11120, r.out());
    }

    @Test
    void badFixedPiecesAreRefused() {
        String box = "box 2 2 1\npiece d 2 (0,0,0) (1,0,0)\n";
        assertTrue(assertThrows(PuzzleException.class, () -> TestPuzzles.parse(box + "fix e (0,0,0) (1,0,0)\n"))
                .getMessage().contains("unknown piece 'e'"));
        assertTrue(assertThrows(PuzzleException.class, () -> TestPuzzles.parse(box + "fix d (0,0,0) (1,1,0)\n"))
                .getMessage().contains("not an orientation"));
        assertTrue(assertThrows(PuzzleException.class, () -> TestPuzzles.parse(box + "fix d (0,0,0) (1,0,0)\nfix d (1,0,0) (1,1,0)\n"))
                .getMessage().contains("taken by another fixed piece"));
        assertTrue(assertThrows(PuzzleException.class, () -> TestPuzzles.parse(box + "fix d (0,0,0) (0,1,0)\nfix d (1,0,0) (1,1,0)\nfix d (5,0,0) (6,0,0)\n"))
                .getMessage().contains("only 2 copies"));
    }
}
