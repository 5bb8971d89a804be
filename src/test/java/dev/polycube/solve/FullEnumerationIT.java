package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.IndependentCheck;
import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.catalog.NativeCatalog;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The long full enumerations, run by failsafe in the integration-test phase of {@code mvn verify}.
 * Expected counts: Kurowski (Bedlam 19,186; Tetris Cube 9,839) and Lepage citing Kurowski (Big Brother
 * 14,177), as recorded in shared/reference/pieces/*.txt. Each catalog is also checked line by line by
 * {@link IndependentCheck}: a valid tiling by the real pieces, no two lines rotations of each other.
 */
class FullEnumerationIT {

    /**
     * Issue 5: our Bedlam catalog against Simon Ekström's published list of all 19,186 (his letters, his axes,
     * catalogs/published/) gives 19,186 common and nothing on either side, and the 20 solutions of Kurowski's
     * own output sample are all in ours.
     */
    @Test
    void bedlamAgreesWithThePublishedCatalogs(@TempDir Path dir) throws Exception {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        Path ours = dir.resolve("bedlam.txt");
        NativeCatalog.write(ours, NativeCatalog.of(bedlam, SymmetryMode.ROTATIONS, rotationClasses("bedlam")), bedlam);
        Path published = Path.of("catalogs", "published");
        dev.polycube.CliRunner.Result r = dev.polycube.CliRunner.run("diff", ours.toString(),
                published.resolve("ekstrom-bedlam-19186-solutions.txt").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("common: 19,186   only in A: 0   only in B: 0"), r.out());
        r = dev.polycube.CliRunner.run("diff", published.resolve("kurowski-solver-output-sample-20.txt").toString(), ours.toString());
        assertTrue(r.out().contains("common: 20   only in A: 0"), r.out());
        assertEquals(1, r.code(), "ours has 19,166 more than the sample");
    }

    /**
     * Kurowski's derived figures (seed 001): Bedlam 460,464 packings in the fixed frame, 3,423,782,572,130,304
     * orientation combinations, 1 chance in 13,523 that a random line-up can be completed; the Tetris Cube 1 in
     * 2,028. The fixed-frame count is summed per class from the rotations run the other tests here check (one run
     * per puzzle, not two: the figures are what {@code solve --count-only --stats} prints from its classes, and the
     * README's {@code solve bedlam --count-only --stats} is run by ReadmeIT through the command line).
     */
    @ParameterizedTest(name = "{0}: 1 chance in {1}")
    @CsvSource(delimiter = ';', value = {"bedlam;13523;460464", "tetris-cube;2028;236136"})
    void kurowskisOdds(String name, long odds, long fixed) {
        Puzzle puzzle = TestPuzzles.builtIn(name);
        SolutionFigures figures = SolutionFigures.of(puzzle,
                dev.polycube.symmetry.SymmetryGroup.of(puzzle, SymmetryMode.ROTATIONS), rotationClasses(name));
        assertEquals(fixed, figures.fixedPackings());
        assertEquals(java.math.BigInteger.valueOf(odds), figures.oddsAgainst());
        if (name.equals("bedlam")) {
            assertEquals(new java.math.BigInteger("3423782572130304"), figures.orientationCombinations());
        }
    }

    /** Issue 8: the generator works for Bedlam too; the made puzzle has exactly one completion. */
    @Test
    void bedlamPuzzleWithAUniqueCompletion(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bedlam-hints.txt");
        dev.polycube.CliRunner.Result r = dev.polycube.CliRunner.run("generate", "bedlam", "--hints", "6", "--seed", "7", "-o", file.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        Puzzle made = dev.polycube.puzzle.BuiltInPuzzles.loadFile(file);
        assertEquals(1, dev.polycube.generate.Generator.completions(made, List.of(), 10, 2));
    }

    /**
     * Seed 004's wooden puzzle: 25 identical Y-pentacubes in 5x5x5 (125 cells, the two-word board).
     * R. Tomas, H. Kociemba, C. Bouwkamp: 1,264 up to the 48 symmetries; the Y is achiral and no packing is
     * symmetric, so 2,528 up to rotations (shared/reference/pieces/y-pentacubes-25-5x5x5.txt).
     */
    @ParameterizedTest(name = "Y-pentacubes, {0}: {1}")
    @CsvSource({"rotations, 2528", "rotations+reflections, 1264"})
    void yPentacubes(String symmetry, int expected) {
        Puzzle p = TestPuzzles.builtIn("y-pentacubes");
        Solver.Outcome o = TestPuzzles.solve(p, SymmetryMode.parse(symmetry), 2);
        assertEquals(expected, o.lines().size());
    }

    @ParameterizedTest(name = "{0}: {1} solutions up to rotation")
    @CsvSource({"bedlam, 19186", "tetris-cube, 9839", "big-brother, 14177"})
    void publishedCountAndValidCatalog(String name, int expected) {
        List<String> lines = rotationClasses(name);
        assertEquals(expected, lines.size());
        assertEquals(List.of(), IndependentCheck.check(TestPuzzles.builtIn(name), lines));
    }

    /** The classes under rotation of a built-in, solved once per test class (Bedlam's serve two tests). */
    private static synchronized List<String> rotationClasses(String name) {
        return SOLVED.computeIfAbsent(name, n -> TestPuzzles.solve(TestPuzzles.builtIn(n), SymmetryMode.ROTATIONS, 2).lines());
    }

    private static final java.util.Map<String, List<String>> SOLVED = new java.util.HashMap<>();
}
