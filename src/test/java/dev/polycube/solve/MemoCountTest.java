package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Counting without listing, checked against counts from outside: Kasteleyn's formula, and the listing search. */
class MemoCountTest {

    /** Kasteleyn (1961): domino tilings of an m x n rectangle = prod_{j,k} (4cos^2(pi j/(m+1)) + 4cos^2(pi k/(n+1)))^(1/4). */
    private static long kasteleyn(int m, int n) {
        return Math.round(Math.exp(kasteleynLog(m, n)));
    }

    /** The natural logarithm of Kasteleyn's product (in doubles: exact for small boards, the leading digits for big ones). */
    private static double kasteleynLog(int m, int n) {
        double log = 0;
        for (int j = 1; j <= m; j++) {
            for (int k = 1; k <= n; k++) {
                double a = Math.cos(Math.PI * j / (m + 1));
                double b = Math.cos(Math.PI * k / (n + 1));
                log += Math.log(4 * a * a + 4 * b * b) / 4;
            }
        }
        return log;
    }

    @ParameterizedTest(name = "dominoes in {0}x{1}")
    @CsvSource({"2, 2", "2, 9", "3, 4", "4, 4", "5, 6", "6, 6", "6, 8", "7, 8", "8, 8"})
    void dominoTilingsAsKasteleynCountsThem(int m, int n) {
        Puzzle p = TestPuzzles.parse("name d\nbox " + m + " " + n + " 1\npiece D " + (m * n / 2) + " (0,0,0) (1,0,0)\n");
        assertTrue(MemoCount.suits(p));
        assertEquals(BigInteger.valueOf(kasteleyn(m, n)), MemoCount.count(p, () -> false).packings());
    }

    /** 32 dominoes in 4x4x4: 5,051,532,105 (the figure from an independent memoised counter). */
    @org.junit.jupiter.api.Test
    void dominoesInTheFourCube() {
        Puzzle p = TestPuzzles.parse("name d\nbox 4 4 4\npiece D 32 (0,0,0) (1,0,0)\n");
        assertEquals(BigInteger.valueOf(5_051_532_105L), MemoCount.count(p, () -> false).packings());
    }

    /**
     * Counts past 2^63 and boards past 64 cells: the domino tilings of 2n x 2n squares, OEIS A004003 (a(7) .. a(9),
     * the 14x14, 16x16 and 18x18 squares), beside Kasteleyn's product (in doubles: the leading digits). The 18x18
     * square's states, 6.4 M in all, are only 73 k at once in the sweep.
     */
    @ParameterizedTest(name = "dominoes in {0}x{0}")
    @CsvSource({"12, 53060477521960000", "14, 112202208776036178000000", "16, 2444888770250892795802079170816",
            "18, 548943583215388338077567813208427340288"})
    void squaresPastSixtyFourCellsAndPastALong(int side, String published) {
        Puzzle p = TestPuzzles.parse("name d\nbox " + side + " " + side + " 1\npiece D " + (side * side / 2) + " (0,0,0) (1,0,0)\n");
        assertTrue(MemoCount.suits(p));
        // the fixed frame's group has one element: its classes are the packings, here swept on two threads (and, but
        // for the largest square, on one: the two sweeps must agree)
        var group = dev.polycube.symmetry.SymmetryGroup.of(p, SymmetryMode.FIXED);
        BigInteger count = MemoCount.classes(p, group, () -> false, MemoCount.Progress.NONE, 2, true).packings();
        assertEquals(new BigInteger(published), count, "two threads");
        if (side < 18) {
            assertEquals(count, MemoCount.count(p, () -> false).packings(), "one thread");
        }
        assertEquals(1.0, count.doubleValue() / Math.exp(kasteleynLog(side, side)), 1e-9);
    }

    /**
     * Optional pieces: monominoes and dominoes in any number on an n x n board, the monomer-dimer tilings of OEIS
     * A028420 (a(4) .. a(8)); a(8) passes 2^57.
     */
    @ParameterizedTest(name = "monominoes and dominoes in {0}x{0}")
    @CsvSource({"4, 10012", "5, 2810694", "6, 2989126727", "7, 11945257052321", "8, 179788343101980135"})
    void monomerDimerTilingsAsOeisCountsThem(int side, String published) {
        int cells = side * side;
        Puzzle p = TestPuzzles.parse("name md\nbox " + side + " " + side + " 1\npiece D 0.." + cells / 2
                + " (0,0,0) (1,0,0)\npiece M 0.." + cells + " (0,0,0)\n");
        assertTrue(MemoCount.suits(p));
        assertEquals(new BigInteger(published), MemoCount.count(p, () -> false).packings());
    }

    /**
     * Random puzzles with choices (seeded): optional cells ({@code optional}), pieces in ranges, the rest as in
     * {@link #randomPuzzlesAgreeWithTheListingSearch}. The memo's packings and Burnside's classes equal the listing
     * search's fixed and rotations catalogs.
     */
    @ParameterizedTest(name = "seed {0}")
    @org.junit.jupiter.params.provider.ValueSource(longs = {21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32})
    void randomPuzzlesWithChoicesAgreeWithTheListingSearch(long seed) {
        java.util.Random r = new java.util.Random(seed);
        int sx;
        int sy;
        do {
            sx = 2 + r.nextInt(4);
            sy = 2 + r.nextInt(4);
        } while (sx * sy > 16);
        StringBuilder text = new StringBuilder("name c" + seed + "\nbox " + sx + " " + sy + " 1\n");
        int cells = sx * sy;
        for (int k = r.nextInt(3); k > 0; k--) {
            text.append("optional ").append(r.nextInt(sx)).append(' ').append(r.nextInt(sy)).append(" 0\n");
        }
        int dominoes = cells / 2;
        text.append("piece D ").append(r.nextInt(dominoes / 2 + 1)).append("..").append(dominoes).append(" (0,0,0) (1,0,0)\n");
        text.append("piece L 0..").append(1 + r.nextInt(3)).append(" (0,0,0) (1,0,0) (0,1,0)\n");
        if (r.nextBoolean()) {
            text.append("piece M 0..").append(cells).append(" (0,0,0)\n");
        }
        Puzzle p;
        try {
            p = TestPuzzles.parse(text.toString());
            dev.polycube.puzzle.PuzzleChecks.checkCounts(p);
        } catch (RuntimeException e) {
            return; // a drawn puzzle whose pieces cannot fill it: nothing to compare
        }
        memoAgreesWithListing(p, text.toString());
    }

    /**
     * The command line says a count past 2^63 whole (OEIS A004003's 14x14 square, divided by nothing: the fixed frame),
     * and info shows how solve would count, with the count when it is quick.
     */
    @org.junit.jupiter.api.Test
    void theCommandLineSaysACountPastALongWhole(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("d14.txt");
        java.nio.file.Files.writeString(file, "name d14\nbox 14 14 1\npiece D 98 (0,0,0) (1,0,0)\n");
        CliRunner.Result r = CliRunner.run("solve", file.toString(), "--count-only", "--symmetry", "fixed", "--stats", "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("d14: 112,202,208,776,036,178,000,000 solutions (fixed"), r.out());
        assertTrue(r.out().contains("packings found 112,202,208,776,036,178,000,000"), r.out());
        CliRunner.Result info = CliRunner.run("info", file.toString(), "--symmetry", "fixed");
        assertTrue(info.out().contains("counting: without listing, 112,202,208,776,036,178,000,000 solutions"), info.out());
        assertTrue(CliRunner.run("info", "bedlam").out().contains("counting: by search"));
        // a count by search comes with its size by random dives: unbiased, so near the nodes the search then takes
        // (the foam cuboid's 25,406 units, 4 dives each, fixed seed: within a factor of 4)
        CliRunner.Result foam = CliRunner.run("info", "examples/foam-cuboid-2.txt");
        String estimate = foam.out().replaceAll("(?s).*estimated search: about (\\S+) nodes.*", "$1");
        CliRunner.Result solved = CliRunner.run("solve", "examples/foam-cuboid-2.txt", "--count-only", "--stats", "-q",
                "--no-checkpoint");
        double nodes = Double.parseDouble(solved.out().replaceAll("(?s).*\\bnodes ([0-9,]+) .*", "$1").replace(",", ""));
        double ratio = Double.parseDouble(estimate) / nodes;
        assertTrue(ratio > 0.25 && ratio < 4, estimate + " estimated against " + nodes + ": " + foam.out());
        // a published count past 2^63 in the puzzle file, checked by the run
        CliRunner.Result example = CliRunner.run("solve", "examples/dominoes-14x14.txt", "--count-only", "--symmetry", "fixed", "-q");
        assertEquals(0, example.code(), example.err());
        assertTrue(example.out().contains("matches the published count (fixed 112,202,208,776,036,178,000,000)"), example.out());
        java.nio.file.Path wrong = dir.resolve("wrong.txt");
        java.nio.file.Files.writeString(wrong, "name w\nbox 14 14 1\npiece D 98 (0,0,0) (1,0,0)\nexpect fixed 112202208776036178000001\n");
        CliRunner.Result differs = CliRunner.run("solve", wrong.toString(), "--count-only", "--symmetry", "fixed", "-q");
        assertEquals(1, differs.code(), differs.out());
        assertTrue(differs.out().contains("DIFFERS from the published count (fixed 112,202,208,776,036,178,000,001"), differs.out());
    }

    /**
     * A wide frontier gets a trial: 16 T-tetracubes in 4x4x4 (a frontier of 33) are counted within it, as the
     * listing search counts them; 16 L-tetracubes (37) and the 25 Y-pentacubes (76) would pass it, and the memo
     * gives up for the search as soon as its states outpace the trial (after 6 of their 64 and 5 of their 125 cells), not once
     * it has met the trial's half a million.
     */
    @org.junit.jupiter.api.Test
    void aWideFrontierGetsATrial() {
        Puzzle t = TestPuzzles.parse("name t\nbox 4 4 4\npiece T 16 (0,0,0) (1,0,0) (2,0,0) (1,1,0)\n");
        assertTrue(MemoCount.frontier(t) > MemoCount.MAX_FRONTIER);
        long listed = TestPuzzles.solve(t, SymmetryMode.FIXED, 2).lines().size();
        assertEquals(BigInteger.valueOf(listed), MemoCount.count(t, () -> false).packings());
        Puzzle l = TestPuzzles.parse("name l\nbox 4 4 4\npiece L 16 (0,0,0) (1,0,0) (2,0,0) (0,1,0)\n");
        MemoCount.TooBig e = assertThrows(MemoCount.TooBig.class, () -> MemoCount.count(l, () -> false));
        assertTrue(e.getMessage().contains("trial ended at cell 6 of 64") && e.getMessage().contains("on course"),
                e.getMessage());
        MemoCount.TooBig y = assertThrows(MemoCount.TooBig.class,
                () -> MemoCount.count(TestPuzzles.builtIn("y-pentacubes"), () -> false));
        assertTrue(y.getMessage().contains("trial ended at cell 5 of 125"), y.getMessage());
    }

    /**
     * Random small puzzles (seeded): boxes of every shape (so the memo's cell order differs from the box's), holes,
     * dominoes and L-trominoes in the counts that fill what is left. The memo's packings and Burnside's classes
     * equal what the listing search finds under the fixed and rotations rules.
     */
    @ParameterizedTest(name = "seed {0}")
    @org.junit.jupiter.params.provider.ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void randomPuzzlesAgreeWithTheListingSearch(long seed) {
        java.util.Random r = new java.util.Random(seed);
        int sx;
        int sy;
        int sz;
        do { // at most 16 cells: the listing search keeps every packing in the fixed frame
            sx = 1 + r.nextInt(5);
            sy = 2 + r.nextInt(4);
            sz = 1 + r.nextInt(3);
        } while (sx * sy * sz > 16);
        StringBuilder text = new StringBuilder("name r" + seed + "\nbox " + sx + " " + sy + " " + sz + "\n");
        int volume = sx * sy * sz;
        java.util.Set<Integer> holes = new java.util.TreeSet<>();
        for (int h = r.nextInt(3); h > 0 && volume - holes.size() > 4; h--) {
            holes.add(r.nextInt(volume));
        }
        for (int h : holes) {
            text.append("hole ").append(h % sx).append(' ').append(h / sx % sy).append(' ').append(h / (sx * sy)).append('\n');
        }
        int cells = volume - holes.size();
        int trominoes = r.nextInt(cells / 3 + 1);
        if ((cells - 3 * trominoes) % 2 != 0) {
            trominoes--;
        }
        if (trominoes < 0) {
            trominoes = 1; // cells odd, so at least one tromino makes the rest even
        }
        int dominoes = (cells - 3 * trominoes) / 2;
        if (dominoes > 0) {
            text.append("piece D ").append(dominoes).append(" (0,0,0) (1,0,0)\n");
        }
        if (trominoes > 0) {
            text.append("piece L ").append(trominoes).append(" (0,0,0) (1,0,0) (0,1,0)\n");
        }
        Puzzle p = TestPuzzles.parse(text.toString());
        memoAgreesWithListing(p, text.toString());
        // the search's own count (where the memo does not serve): owners counted per unit, no line kept
        for (SymmetryMode rule : List.of(SymmetryMode.ROTATIONS, SymmetryMode.ROTATIONS_AND_REFLECTIONS)) {
            long listed = TestPuzzles.solve(p, rule, 2).lines().size();
            Solver.Outcome counted = Solver.solve(p, Solver.Options.defaults().withSymmetry(rule).withThreads(2).withCountOnly(true));
            assertEquals(0, dev.polycube.catalog.LineStore.count(counted.store()), "a count keeps no lines");
            assertEquals(listed, counted.countedOnly(), rule + "\n" + text);
        }
    }

    /** A strip filled across its short side: a 3 x 20 board of L-trominoes and the listing search agree (60 cells). */
    @org.junit.jupiter.api.Test
    void aLongStripIsFilledAcrossItsShortSide() {
        Puzzle p = TestPuzzles.parse("name s\nbox 20 3 1\npiece L 20 (0,0,0) (1,0,0) (0,1,0)\n");
        long listed = TestPuzzles.solve(p, SymmetryMode.FIXED, 2).lines().size();
        assertEquals(BigInteger.valueOf(listed), MemoCount.count(p, () -> false).packings());
    }

    /** Where both can run, the memo and the listing search count the same packings (several kinds, pre-placed pieces). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "name a\\nbox 3 4 1\\npiece L 4 (0,0,0) (1,0,0) (0,1,0)",
        "name b\\nbox 4 4 2\\npiece L 4 (0,0,0) (1,0,0) (0,1,0) (0,0,1)\\npiece O 4 (0,0,0) (1,0,0) (0,1,0) (1,1,0)",
        "name c\\nbox 5 4 1\\npiece I 2 (0,0,0) (1,0,0) (2,0,0)\\npiece D 7 (0,0,0) (1,0,0)",
        "name f\\nbox 4 4 1\\npiece D 8 (0,0,0) (1,0,0)\\nfix D (0,0,0) (0,1,0)"})
    void theMemoCountsWhatTheSearchLists(String text) {
        Puzzle p = TestPuzzles.parse(text.replace("\\n", "\n") + "\n");
        long listed = TestPuzzles.solve(p, SymmetryMode.FIXED, 2).lines().size();
        assertEquals(BigInteger.valueOf(listed), MemoCount.count(p, () -> false).packings());
    }

    /**
     * Burnside's lemma over fixed points counted by the memo gives the classes the listing search finds (its
     * catalog's line count), under every rule: symmetric boxes, mirror partners (L and its other hand, one-sided
     * pieces), and pre-placed pieces.
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "name a\\nbox 4 4 1\\npiece D 8 (0,0,0) (1,0,0); rotations",
        "name a\\nbox 6 6 1\\npiece D 18 (0,0,0) (1,0,0); rotations",
        "name b\\nbox 4 4 2\\npiece L 4 (0,0,0) (1,0,0) (0,1,0) (0,0,1)\\npiece O 4 (0,0,0) (1,0,0) (0,1,0) (1,1,0); rotations",
        "name b\\nbox 4 4 2\\npiece L 4 (0,0,0) (1,0,0) (0,1,0) (0,0,1)\\npiece O 4 (0,0,0) (1,0,0) (0,1,0) (1,1,0); rotations+reflections",
        "name c\\nbox 6 4 1\\none-sided yes\\npiece L 3 (0,0,0) (1,0,0) (2,0,0) (0,1,0)\\npiece J 3 (0,0,0) (1,0,0) (2,0,0) (2,1,0); rotations+reflections",
        "name c\\nbox 6 4 1\\none-sided yes\\npiece L 3 (0,0,0) (1,0,0) (2,0,0) (0,1,0)\\npiece J 3 (0,0,0) (1,0,0) (2,0,0) (2,1,0); rotations",
        "name f\\nbox 4 4 1\\npiece D 8 (0,0,0) (1,0,0)\\nfix D (1,1,0) (2,1,0); rotations",
        "name e\\nbox 2 3 2\\npiece L 4 (0,0,0) (1,0,0) (0,1,0); rotations"})
    void burnsidesClassesAreTheCatalogsLines(String text, String rule) {
        Puzzle p = TestPuzzles.parse(text.replace("\\n", "\n") + "\n");
        SymmetryMode mode = SymmetryMode.parse(rule);
        Solver.Outcome listed = TestPuzzles.solve(p, mode, 2);
        assertEquals(BigInteger.valueOf(listed.lines().size()), MemoCount.classes(p, listed.group(), () -> false).packings());
    }

    /**
     * Different pieces on a narrow frontier: the pentomino rectangles and the one-sided pentominoes' 3x30 strip are
     * counted without listing, to the counts Polyform Puzzler publishes (the examples' {@code expect} lines: the
     * command fails on a count that differs).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"pentominoes-3x20", "pentominoes-4x15", "pentominoes-5x12", "one-sided-pentominoes-3x30"})
    void differentPiecesOnANarrowFrontierAreCountedWithoutListing(String example) {
        CliRunner.Result r = CliRunner.run("solve", "examples/" + example + ".txt", "--count-only");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("counted without listing"), r.err());
        assertTrue(r.out().contains("matches the published count"), r.out());
    }

    /**
     * A state's window and copies-left code share one long when they fit below bit 63 (the one-sided 5x18: a window
     * of 21 cells, 2^18 codes), else the code takes a word of its own; the sweep's counts are the same either way
     * (checked by running this class with packing switched off).
     */
    @org.junit.jupiter.api.Test
    void aKeyPacksTheCodeAboveTheWindowWhenBothFit() {
        MemoCount.Key fiveByEighteen = MemoCount.Key.of(21, 1 << 18);
        assertTrue(fiveByEighteen.packed());
        assertEquals(1, fiveByEighteen.stride());
        long[] slot = new long[1];
        fiveByEighteen.put(slot, 0, new long[] {0b1011}, (1 << 18) - 1);
        assertEquals((1 << 18) - 1, fiveByEighteen.code(slot, 0));
        assertEquals(0b1011, slot[0] & fiveByEighteen.lastMask());
        assertTrue(slot[0] != -1, "a packed key is never the empty slot's -1");
        MemoCount.Key tight = MemoCount.Key.of(60, 1 << 10);
        assertFalse(tight.packed(), "60 window bits and 10 code bits pass bit 63");
        assertEquals(2, tight.stride());
        MemoCount.Key wide = MemoCount.Key.of(76, 26);
        assertTrue(wide.packed(), "two words: 12 bits in the last, and 5 of code");
        assertEquals(2, wide.stride());
    }

    @org.junit.jupiter.api.Test
    void aBoundedMemoGivesUpAndTheRunCountsBySearch() {
        Puzzle p = TestPuzzles.parse("name d\nbox 6 6 1\npiece D 18 (0,0,0) (1,0,0)\n");
        assertThrows(MemoCount.TooBig.class, () -> MemoCount.count(p, () -> false, 10));
        assertFalse(MemoCount.suits(TestPuzzles.builtIn("bedlam")), "13 different pieces: the memo would not pay");
        assertTrue(MemoCount.budget(TestPuzzles.builtIn("y-pentacubes")).trial(),
                "a frontier of 76 cells: the memo gets a trial only");
        CliRunner.Result r = CliRunner.run("solve", "examples/pentominoes-6x10.txt", "--symmetry", "fixed", "--count-only", "--stats", "-q");
        assertTrue(!r.out().contains("without listing"), "twelve kinds: counted by search: " + r.out());
    }

    /** The memo's fixed-frame count and rotation classes equal the lines a listing search writes. */
    private static void memoAgreesWithListing(Puzzle p, String text) {
        assertTrue(MemoCount.suits(p), text);
        long fixed = TestPuzzles.solve(p, SymmetryMode.FIXED, 2).lines().size();
        assertEquals(BigInteger.valueOf(fixed), MemoCount.count(p, () -> false).packings(), text);
        Solver.Outcome rotations = TestPuzzles.solve(p, SymmetryMode.ROTATIONS, 2);
        assertEquals(BigInteger.valueOf(rotations.lines().size()), MemoCount.classes(p, rotations.group(), () -> false).packings(),
                text);
        // three threads sharing every layer (more threads than this machine's cores: the parts are taken in turn)
        assertEquals(BigInteger.valueOf(rotations.lines().size()), MemoCount.classes(p, rotations.group(), () -> false,
                MemoCount.Progress.NONE, 3, true).packings(), text + ", three threads");
    }

    /**
     * A wide frontier's trial that gives up leaves the count to the search only when the search is short: 24
     * L-tetracubes in 3x4x8, mirrored (the trial gives up at cell 10 of 96; the search would take some 1e14 nodes, the
     * memo holds at most 1.6 M states at once) go to the memo with all its memory; the 25 Y-pentacubes (a search of
     * 1.4e7 nodes) to the search. `info` says which, by the rule `solve --count-only` follows ({@code Runs.countingWay}).
     */
    @org.junit.jupiter.api.Test
    void aTrialThatGivesUpLeavesOnlyAShortSearchToTheSearch(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path l = dir.resolve("l348.txt");
        java.nio.file.Files.writeString(l, "name l348\nbox 3 4 8\nmirrored-pieces yes\npiece L 24 (0,0,1) (0,1,1) (0,2,0) (0,2,1)\n");
        String wide = CliRunner.run("info", l.toString(), "--symmetry", "fixed").out().replaceAll("\\s+", " ");
        assertTrue(wide.contains("counting: without listing, with all the memory the memo may use")
                && wide.contains("the memo's trial ended at cell 10 of 96") && wide.contains("but the search would take about"), wide);
        String y = CliRunner.run("info", "y-pentacubes").out().replaceAll("\\s+", " ");
        assertTrue(y.contains("counting: by search (the memo's trial ended") && y.contains("estimated search"), y);
    }

    /**
     * With all its memory the memo counts what its trial gave up on: 18 L-tetracubes in 3x4x6, mirrored, in the fixed
     * frame. 1,532,293,936 is an outside count: an independent first-empty-cell counter memoised on (board, copies
     * left), written in Python apart from this project (2026-11-27), gave it.
     */
    @org.junit.jupiter.api.Test
    void allItsMemoryCountsWhatTheTrialGaveUpOn() {
        Puzzle p = TestPuzzles.parse("name l346\nbox 3 4 6\nmirrored-pieces yes\npiece L 18 (0,0,1) (0,1,1) (0,2,0) (0,2,1)\n");
        var fixed = dev.polycube.symmetry.SymmetryGroup.of(p, SymmetryMode.FIXED);
        assertTrue(MemoCount.budget(p).trial(), "a wide frontier: a trial first");
        assertThrows(MemoCount.TooBig.class, () -> MemoCount.classes(p, fixed, () -> false));
        assertEquals(new BigInteger("1532293936"),
                MemoCount.classesWithAllMemory(p, fixed, () -> false, MemoCount.Progress.NONE, 2).packings());
    }
}
