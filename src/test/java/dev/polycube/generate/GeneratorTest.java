package dev.polycube.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.cli.ExitCodes;
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
        Puzzle bare = new Puzzle(made.name(), made.title(), made.pieces(), made.target(), made.mirroredPieces(), made.oneSided(),
                java.util.Map.of(), null, made.origin(), List.of(), made.groups(), made.symmetry(), made.colours(), made.container(), List.of());
        for (int i = 0; i < made.fixed().size(); i++) {
            List<Puzzle.FixedPiece> less = new ArrayList<>(made.fixed());
            less.remove(i);
            assertTrue(Generator.completions(bare, less, 2, 2) > 1, "removing hint " + i + " must allow another completion");
        }
    }

    /** --unique no: a blank box (no hints, every packing of the box a completion) and a puzzle merely solvable. */
    @Test
    void puzzlesThatAreMerelySolvable() throws Exception {
        Path blank = dir.resolve("blank.txt");
        CliRunner.Result r = CliRunner.run("generate", "tetracubes-2x4x4", "--hints", "0", "--unique", "no", "-o", blank.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("a blank box"), r.out());
        Puzzle empty = BuiltInPuzzles.loadFile(blank);
        assertEquals(0, empty.fixed().size());
        Puzzle base = dev.polycube.TestPuzzles.builtIn("tetracubes-2x4x4");
        long published = base.expected().get(dev.polycube.puzzle.SymmetryMode.FIXED).count();
        CliRunner.Result all = CliRunner.run("solve", blank.toString(), "--symmetry", "fixed", "--count-only", "-q");
        assertTrue(all.out().contains(String.format("%,d solutions", published)), "the blank box has every packing: " + all.out());

        Path two = dir.resolve("two.txt");
        r = CliRunner.run("generate", "tetracubes-2x4x4", "--hints", "2", "--unique", "no", "--seed", "5", "-o", two.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        Puzzle made = BuiltInPuzzles.loadFile(two);
        assertEquals(2, made.fixed().size());
        String text = Files.readString(two);
        String solution = text.replaceAll("(?s).*# solution: (\\S+).*", "$1");
        for (Puzzle.FixedPiece hint : made.fixed()) {
            for (var cell : hint.cells()) {
                assertEquals(made.pieces().get(hint.piece()).label(), solution.charAt(made.target().index(cell)),
                        "each hint is a piece of the solution it came from");
            }
        }
        CliRunner.Result solved = CliRunner.run("solve", two.toString(), "--symmetry", "fixed", "--count-only", "-q");
        assertTrue(!solved.out().contains(": 0 solutions"), solved.out());
        assertEquals(ExitCodes.BAD_INPUT, CliRunner.run("generate", "tetracubes-2x4x4", "--min-hints", "--unique", "no",
                "-o", dir.resolve("x.txt").toString()).code());
    }

    /** A hint that changes nothing is named: without it the completion is still unique. */
    @Test
    void aHintThatAddsNothingIsWarnedOf() throws Exception {
        Path file = dir.resolve("six.txt");
        CliRunner.Result r = CliRunner.run("generate", "tetracubes-2x4x4", "--hints", "6", "--seed", "3", "-o", file.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        Puzzle made = BuiltInPuzzles.loadFile(file);
        Puzzle bare = new Puzzle(made.name(), made.title(), made.pieces(), made.target(), made.mirroredPieces(), made.oneSided(),
                java.util.Map.of(), null, made.origin(), List.of(), made.groups(), made.symmetry(), made.colours(), made.container(), List.of());
        int warned = 0;
        for (int i = 0; i < made.fixed().size(); i++) {
            List<Puzzle.FixedPiece> less = new ArrayList<>(made.fixed());
            less.remove(i);
            boolean idle = Generator.completions(bare, less, 2, 2) == 1;
            assertEquals(idle, r.err().contains("warning: hint " + (i + 1) + " "), "hint " + (i + 1) + ": " + r.err());
            warned += idle ? 1 : 0;
        }
        assertTrue(warned > 0, "six hints of eight pieces leave some idle: " + r.err());
    }

    /**
     * A puzzle with millions of solutions (32 dominoes in 8x8: 1,629,189 classes) starts from one of its first
     * solutions, as the catalog of a limited run lists them, instead of listing them all first.
     */
    @Test
    void aPuzzleWithMillionsOfSolutionsStartsFromOneOfItsFirst() throws Exception {
        Path puzzle = dir.resolve("d88.txt");
        java.nio.file.Files.writeString(puzzle, "name d88\nbox 8 8 1\npiece D 32 (0,0,0) (1,0,0)\n");
        Path file = dir.resolve("d88-puzzle.txt");
        CliRunner.Result r = CliRunner.run("generate", puzzle.toString(), "--hints", "20", "--seed", "11", "-o", file.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        String solution = java.nio.file.Files.readString(file).replaceAll("(?s).*# solution: (\\S+).*", "$1");
        Path first = dir.resolve("first.txt");
        assertEquals(0, CliRunner.run("solve", puzzle.toString(), "--limit", String.valueOf(Generator.START_POOL), "-o",
                first.toString(), "-q", "--no-checkpoint").code());
        assertTrue(java.nio.file.Files.readAllLines(first).contains(solution), solution);
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

    /**
     * A puzzle that has fixed pieces already (a generated one, given back to generate) keeps them: the hints are chosen
     * among the solution's other pieces, the file made holds both, and it still completes as it says.
     */
    @Test
    void aPuzzleWithFixedPiecesKeepsThemAndGetsMoreHints(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path first = tmp.resolve("first.txt");
        assertEquals(0, CliRunner.run("generate", "tetracubes-2x4x4", "--hints", "2", "--unique", "no", "--seed", "5", "-o",
                first.toString()).code());
        Path second = tmp.resolve("second.txt");
        CliRunner.Result r = CliRunner.run("generate", first.toString(), "--hints", "1", "--unique", "no", "--seed", "6", "-o",
                second.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(": 1 hint ("), r.out());
        java.util.List<String> fixedBefore = Files.readAllLines(first).stream().filter(l -> l.startsWith("fix ")).toList();
        java.util.List<String> fixedAfter = Files.readAllLines(second).stream().filter(l -> l.startsWith("fix ")).toList();
        assertEquals(3, fixedAfter.size(), fixedAfter.toString());
        assertTrue(fixedAfter.containsAll(fixedBefore), fixedAfter + " keeps " + fixedBefore);
        CliRunner.Result solved = CliRunner.run("solve", second.toString(), "--symmetry", "fixed", "--no-checkpoint", "-q", "-o",
                tmp.resolve("second.cat").toString());
        assertEquals(0, solved.code(), solved.err() + solved.out()); // its expect line is checked by the run
        assertTrue(solved.out().contains("matches the published count"), solved.out());
        r = CliRunner.run("generate", first.toString(), "--hints", "9", "-o", tmp.resolve("third.txt").toString());
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().contains("that are not fixed already"), r.err());
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
