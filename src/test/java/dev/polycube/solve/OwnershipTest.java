package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each class is kept by exactly one unit ({@link Ownership}): the classes kept, counted as they are kept,
 * equal the catalog's lines, and the lines equal those of a search with no root symmetry breaking (every
 * packing in the fixed frame, deduplicated by canonical form alone), on built-ins and seeded random puzzles
 * under every symmetry rule; so does a count, and a limited run keeps lines of the catalog, the same on one
 * thread as on two. The fixed frame is searched under the target's rotations ({@link
 * dev.polycube.symmetry.OrbitLines}), so this is also where its catalog is checked against the plain search.
 */
class OwnershipTest {

    /** Small pieces to draw from: a name and cells. */
    private static final String[] POOL = {
        "(0,0,0)",
        "(0,0,0) (1,0,0)",
        "(0,0,0) (1,0,0) (2,0,0)",
        "(0,0,0) (1,0,0) (0,1,0)",
        "(0,0,0) (1,0,0) (2,0,0) (1,1,0)",
        "(0,0,0) (1,0,0) (2,0,0) (0,1,0)",
        "(0,0,0) (1,0,0) (1,1,0) (2,1,0)",
        "(0,0,0) (1,0,0) (0,1,0) (1,1,0)",
        "(0,0,0) (1,0,0) (0,1,0) (0,0,1)",
        "(0,0,0) (1,0,0) (1,1,0) (1,1,1)",
        "(0,0,0) (1,0,0) (0,1,0) (1,1,1)" .replace(" (1,1,1)", " (0,1,1)"),
    };

    static Stream<Arguments> puzzles() {
        List<Arguments> out = new ArrayList<>();
        for (String name : List.of("soma", "tetracubes-2x4x4", "tetracubes-2x2x8")) {
            out.add(Arguments.of(name, TestPuzzles.builtIn(name)));
        }
        ORBIT_PINNED.forEach((name, text) -> out.add(Arguments.of(name, TestPuzzles.parse(text))));
        IntStream.rangeClosed(1, 40).forEach(seed -> out.add(Arguments.of("random " + seed, random(seed))));
        IntStream.rangeClosed(1, 16).forEach(seed -> out.add(Arguments.of("many copies " + seed, manyCopies(seed))));
        IntStream.rangeClosed(1, 12).forEach(seed -> out.add(Arguments.of("one-sided " + seed, oneSided(seed))));
        RANGES_ON_A_FIXED_CELL.forEach((name, text) -> out.add(Arguments.of(name, TestPuzzles.parse(text))));
        return out.stream();
    }

    /**
     * Identical pieces in boxes whose cells are each fixed by few symmetries: the search pins the pieces on an
     * orbit of cells together ({@code WorkPlan.Pin} with several cells), 2-D and 3-D, with a second piece type.
     */
    static final java.util.Map<String, String> ORBIT_PINNED = new java.util.LinkedHashMap<>();

    static {
        ORBIT_PINNED.put("dominoes 4x4", "box 4 4 1\npiece D 8 (0,0,0) (1,0,0)\n");
        ORBIT_PINNED.put("dominoes 6x6", "box 6 6 1\npiece D 18 (0,0,0) (1,0,0)\n");
        ORBIT_PINNED.put("monominoes and dominoes 4x4", "box 4 4 1\npiece M 4 (0,0,0)\npiece D 6 (0,0,0) (1,0,0)\n");
        ORBIT_PINNED.put("dominoes 2x2x4", "box 2 2 4\npiece D 8 (0,0,0) (1,0,0)\n");
        ORBIT_PINNED.put("L-trominoes 6x6", "box 6 6 1\npiece L 12 (0,0,0) (1,0,0) (0,1,0)\n");
        ORBIT_PINNED.put("I-trominoes 6x6", "box 6 6 1\npiece I 12 (0,0,0) (1,0,0) (2,0,0)\n");
    }

    /**
     * Count ranges (BurrTools' mirror test is then conditional, so the search pins under the rotations alone) in boxes
     * with a cell every symmetry fixes (the pin is that cell's arrangements): a mirror may map a kept arrangement onto
     * another kept one, which the owner test must see. Found by an independent counter: the first counted 12 classes
     * under the burrtools rule where the catalog has 8.
     */
    static final java.util.Map<String, String> RANGES_ON_A_FIXED_CELL = new java.util.LinkedHashMap<>();

    static {
        RANGES_ON_A_FIXED_CELL.put("ranges, 2x2x2 less a corner", "box 2 2 2\nhole 0 0 1\npiece P0 0..3 (0,0,0) (0,1,0)\n"
                + "piece P1 0..3 (0,0,0) (0,1,0)\npiece P2 0..2 (0,0,1) (0,1,0) (0,1,1)\npiece P3 0..2 (0,0,0) (0,0,1) (0,0,2)\n");
        RANGES_ON_A_FIXED_CELL.put("ranges, 3x3 square", "box 3 3 1\npiece I 0..3 (0,0,0) (1,0,0) (2,0,0)\n"
                + "piece L 0..3 (0,0,0) (1,0,0) (0,1,0)\npiece D 0..4 (0,0,0) (1,0,0)\n");
        RANGES_ON_A_FIXED_CELL.put("ranges, chiral pairs in 3x3x1", "box 3 3 1\npiece S 0..2 (0,0,0) (1,0,0) (1,1,0) (2,1,0)\n"
                + "piece Z 0..2 (0,1,0) (1,1,0) (1,0,0) (2,0,0)\npiece D 0..4 (0,0,0) (1,0,0)\npiece M 0..1 (0,0,0)\n");
    }

    /** The puzzles meant to test an orbit of cells pinned do pin one (else the test above would not reach it). */
    @org.junit.jupiter.api.Test
    void orbitPinnedPuzzlesPinAnOrbit() {
        ORBIT_PINNED.forEach((name, text) -> {
            dev.polycube.engine.WorkPlan plan = Solver.prepare(TestPuzzles.parse(text), Solver.Options.defaults())
                    .enumerator().plan();
            assertTrue(plan.pin().cells().length > 1, name + ": " + plan.pinnedPiece());
            assertUnitsStartWithTheirKeptArrangement(name, plan);
        });
    }

    /** The plan's word for which kept arrangement a unit starts with, re-derived from the unit's first steps. */
    private static void assertUnitsStartWithTheirKeptArrangement(String name, dev.polycube.engine.WorkPlan plan) {
        int[][] kept = plan.pin().kept();
        for (int u = 0; u < plan.size(); u++) {
            int[] arrangement = kept[plan.keptOf(u)];
            int[] start = java.util.Arrays.copyOf(plan.units().get(u), arrangement.length);
            java.util.Arrays.sort(start);
            assertArrayEquals(arrangement, start, name + ": unit " + u);
            // units keep their roots' order (an arrangement that strands a cell roots none)
            assertTrue(u == 0 || plan.keptOf(u - 1) <= plan.keptOf(u), name + ": unit " + u);
        }
    }

    @org.junit.jupiter.api.Test
    void piecePinnedUnitsStartWithTheirKeptPlacement() {
        dev.polycube.engine.WorkPlan plan = Solver.prepare(TestPuzzles.parse("""
                box 3 3 3
                piece L 3 (0,0,0) (1,0,0) (2,0,0) (0,1,0)
                piece V 5 (0,0,0) (1,0,0) (0,1,0)
                """), Solver.Options.defaults()).enumerator().plan();
        assertTrue(plan.pin().pinned(), plan.pinnedPiece());
        assertUnitsStartWithTheirKeptArrangement("L and V in 3x3x3", plan);
    }

    /**
     * Kasteleyn's count of the 6x6 square's domino tilings (6,728; OEIS A004003), listed as a catalog in the fixed
     * frame: the search pins the 8 cells next to the corners together under the square's rotations, and each
     * packing found stands for its distinct images.
     */
    @org.junit.jupiter.api.Test
    void dominoesOf6x6AsKasteleynCounts() {
        Puzzle p = TestPuzzles.parse(ORBIT_PINNED.get("dominoes 6x6"));
        Solver.Outcome fixed = Solver.solve(p, Solver.Options.defaults().withSymmetry(SymmetryMode.FIXED));
        assertEquals(6_728, fixed.lines().size());
        assertTrue(fixed.widened() && fixed.plan().pin().cells().length == 8, fixed.plan().pinnedPiece());
    }

    /**
     * Identical pieces in a box of more than 64 cells are searched over live sets; where the pinned cell is fixed by
     * every symmetry and the unit's piece there by none but the identity (the 25 Y-pentacubes' middle cell), the unit
     * owns every packing it meets, and a count adds up the unit's packings without listing them, counting a board met
     * again once ({@code CountedBoards}); under the fixed frame (searched under the rotations) each packing stands for
     * its 24 images. The catalog (every packing canonicalized, the classes collected) is the oracle, under every rule,
     * on every 40th unit (a class has one owning unit, so the units' lines are their classes), and the count must have
     * searched fewer nodes.
     */
    @org.junit.jupiter.api.Test
    void aCountOfIdenticalPiecesCountsEachBoardOnceAndMatchesTheCatalog() {
        Puzzle p = TestPuzzles.builtIn("y-pentacubes");
        for (SymmetryMode mode : SymmetryMode.values()) {
            Solver.Options options = Solver.Options.defaults().withSymmetry(mode).withThreads(2);
            Solver.Setup setup = Solver.prepare(p, options);
            Solver.Outcome listed = Solver.solve(setup, options, everyFortieth());
            Solver.Outcome counted = Solver.solve(Solver.prepare(p, options), options.withCountOnly(true), everyFortieth());
            assertTrue(listed.lines().size() > 0, mode.id());
            assertEquals(listed.lines().size(), counted.classesKept(), mode.id() + ": the count");
            if (mode == SymmetryMode.FIXED || mode == SymmetryMode.ROTATIONS) { // (with mirror images, the Y on the middle
                // cell lies on a mirror plane, or the group's mirror test decides per packing: the packings are listed)
                assertTrue(counted.nodes() < listed.nodes(), mode.id() + ": " + counted.nodes() + " nodes counting, "
                        + listed.nodes() + " listing");
            }
        }
    }

    /** `info` says which units a count adds up without their packings: all of the Y-pentacubes', none in 4x5x6 (no middle cell). */
    @org.junit.jupiter.api.Test
    void infoSaysWhichUnitsCountBoardsOnce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String y = dev.polycube.CliRunner.run("info", "y-pentacubes").out();
        assertTrue(y.matches("(?s).*\\b([0-9,]+) of the \\1 units count their packings without listing them.*"), y);
        java.nio.file.Path box = dir.resolve("y24.txt");
        java.nio.file.Files.writeString(box, "name y24\nbox 4 5 6\npiece Y 24 (0,0,0) (1,0,0) (2,0,0) (3,0,0) (1,1,0)\n");
        String other = dev.polycube.CliRunner.run("info", box.toString()).out();
        assertTrue(other.contains("estimated search") && !other.contains("without listing them"), other);
    }

    private static Solver.Run everyFortieth() {
        Solver.Run all = Solver.Run.all();
        return new Solver.Run(u -> u % 40 == 0, all.carried(), 0, all.sink(), all.monitors(), all.control());
    }

    /** Flat pieces, the chiral ones with or without their mirror images: one-sided, they never turn over. */
    private static final String[] FLAT = {
        "(0,0,0)",
        "(0,0,0) (1,0,0)",
        "(0,0,0) (1,0,0) (0,1,0)",
        "(0,0,0) (1,0,0) (2,0,0) (1,1,0)",
        "(0,0,0) (1,0,0) (2,0,0) (0,1,0)",
        "(0,0,0) (1,0,0) (2,0,0) (2,1,0)",
        "(0,0,0) (1,0,0) (1,1,0) (2,1,0)",
        "(1,0,0) (2,0,0) (0,1,0) (1,1,0)",
    };

    /** A flat box of 8 to 16 cells filled by one-sided pieces, each fitting somewhere. */
    static Puzzle oneSided(long seed) {
        return firstThatPrepares(seed * 7919, r -> {
            int x = 2 + r.nextInt(4);
            int y = 2 + r.nextInt(3);
            return x * y < 8 || x * y > 16 ? null
                    : TestPuzzles.parse("box " + x + " " + y + " 1\none-sided yes\n" + fill(r, FLAT, "F", x * y, false));
        });
    }

    /**
     * A box of 8 to 20 cells filled by copies of one or two pieces of the pool (the puzzles where no single cell or
     * piece pins well, so an orbit of cells may be pinned), each fitting somewhere.
     */
    static Puzzle manyCopies(long seed) {
        return firstThatPrepares(seed * 104_729, r -> {
            int x = 2 + r.nextInt(5);
            int y = 2 + r.nextInt(4);
            int z = 1 + r.nextInt(2);
            int volume = x * y * z;
            if (volume < 8 || volume > 20) {
                return null;
            }
            String[] two = {POOL[1 + r.nextInt(POOL.length - 1)], POOL[r.nextInt(POOL.length)]};
            int a = two[0].split(" ").length;
            int b = two[1].split(" ").length;
            List<Integer> firsts = new ArrayList<>(); // copies of the first piece that leave a multiple of the second's size
            for (int n = 1; n * a <= volume; n++) {
                if ((volume - n * a) % b == 0) {
                    firsts.add(n);
                }
            }
            if (firsts.isEmpty()) {
                return null;
            }
            int n = firsts.get(r.nextInt(firsts.size()));
            int m = (volume - n * a) / b;
            String text = "box " + x + " " + y + " " + z + "\npiece C0 " + n + " " + two[0] + "\n";
            return TestPuzzles.parse(m == 0 ? text : text + "piece C1 " + m + " " + two[1] + "\n");
        });
    }

    /** A box of 8 to 18 cells filled by random pieces of the pool, with repeats, each fitting somewhere. */
    static Puzzle random(long seed) {
        return firstThatPrepares(seed * 1000, OwnershipTest::draw);
    }

    private static Puzzle draw(Random r) {
        int x;
        int y;
        int z;
        int volume;
        do {
            x = 2 + r.nextInt(4);
            y = 1 + r.nextInt(3);
            z = 1 + r.nextInt(2);
            volume = x * y * z;
        } while (volume < 8 || volume > 18);
        return TestPuzzles.parse("box " + x + " " + y + " " + z + "\n" + fill(r, POOL, "P", volume, true));
    }

    /**
     * The first puzzle drawn with seed {@code base}, {@code base + 1}, ... whose every piece fits somewhere ({@code
     * draw} gives null for a draw it rejects itself).
     */
    private static Puzzle firstThatPrepares(long base, java.util.function.Function<Random, Puzzle> draw) {
        for (long attempt = 0; ; attempt++) {
            try {
                Puzzle p = draw.apply(new Random(base + attempt));
                if (p == null) {
                    continue;
                }
                Solver.prepare(p, Solver.Options.defaults());
                return p;
            } catch (dev.polycube.puzzle.PuzzleException e) {
                // a piece that fits nowhere (or a set the rules refuse): draw again
            }
        }
    }

    /**
     * Piece lines filling {@code volume} cells with pieces of {@code pool} drawn at random, with repeats (named
     * {@code name} and their index); with {@code rareMonominoes}, a monomino is kept one time in four while others fit.
     */
    private static String fill(Random r, String[] pool, String name, int volume, boolean rareMonominoes) {
        int[] count = new int[pool.length];
        int left = volume;
        while (left > 0) {
            int i = r.nextInt(pool.length);
            int size = pool[i].split(" ").length;
            if (size <= left && (!rareMonominoes || size > 1 || r.nextInt(4) == 0 || left < 2)) {
                count[i]++;
                left -= size;
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < pool.length; i++) {
            if (count[i] > 0) {
                text.append("piece ").append(name).append(i).append(' ').append(count[i]).append(' ').append(pool[i]).append('\n');
            }
        }
        return text.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("puzzles")
    void eachClassHasOneOwner(String name, Puzzle p) {
        for (SymmetryMode mode : SymmetryMode.values()) {
            Solver.Options options = Solver.Options.defaults().withSymmetry(mode).withThreads(2);
            try {
                Solver.prepare(p, options);
            } catch (dev.polycube.puzzle.PuzzleException e) {
                continue; // a chiral set has no rotations+reflections rule
            }
            Solver.Outcome pinned = Solver.solve(p, options);
            List<String> plain = Solver.solve(p, options.withPruning(false, true)).lines();
            assertEquals(plain, pinned.lines(), name + " " + mode + ": the classes");
            assertEquals(plain.size(), pinned.classesKept(), name + " " + mode + ": classes kept, counted as kept");
            // a count keeps no lines: each class the search meets is counted with the catalog's classes it stands for
            Solver.Outcome counted = Solver.solve(p, options.withCountOnly(true));
            assertEquals(plain.size(), counted.classesKept(), name + " " + mode + ": the count");
            if (plain.size() > 1) { // the first half, the same whatever the threads, and classes of the catalog
                long half = plain.size() / 2;
                List<String> one = Solver.solve(p, options.withThreads(1).withLimit(half)).lines();
                assertEquals(one, Solver.solve(p, options.withLimit(half)).lines(), name + " " + mode + ": a limited run");
                assertEquals(half, one.size(), name + " " + mode + ": a limited run's size");
                assertTrue(plain.containsAll(one), name + " " + mode + ": a limited run's lines");
            }
        }
    }
}
