package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The live-set search ({@link Branching#FEWEST_LIVE}) against the board search on the same work plan: every unit
 * must yield the same packings, whatever the order and the copy numbering. The board search is the oracle here;
 * the published counts (Soma's 11,520 fixed packings, the 2x4x4 tetracubes' 11,120: seed data) check both.
 */
class LiveSetSearchTest {

    private static final String Y = "(0,0,0) (1,0,0) (2,0,0) (3,0,0) (1,1,0)";

    static List<Arguments> puzzles() {
        StringBuilder slab = new StringBuilder("name slab\nbox 2 2 34\npiece S 1");
        for (int z = 0; z < 32; z++) {
            slab.append(" (0,0,").append(z).append(") (1,0,").append(z).append(") (0,1,").append(z).append(") (1,1,")
                    .append(z).append(')');
        }
        slab.append("\npiece D 4 (0,0,0) (1,0,0)\n");
        return List.of(
                // one word: distinct pieces, and two piece types with several copies each
                Arguments.of("soma", TestPuzzles.builtIn("soma"), SymmetryMode.ROTATIONS),
                Arguments.of("L-tetracubes and V-tricubes in 4x3x2", TestPuzzles.parse("name mix\nbox 4 3 2\n"
                        + "piece L 3 (0,0,0) (1,0,0) (2,0,0) (0,1,0)\npiece V 4 (0,0,0) (1,0,0) (0,1,0)\n"), SymmetryMode.FIXED),
                Arguments.of("L-trominoes in 3x3x4", TestPuzzles.parse("name l3\nbox 3 3 4\npiece L 12 (0,0,0) (1,0,0) (0,1,0)\n"),
                        SymmetryMode.ROTATIONS),
                // two words: the puzzle's own choice (80 cells)
                Arguments.of("16 Y-pentacubes in 5x4x4", TestPuzzles.parse("name y16\nbox 5 4 4\npiece Y 16 " + Y + "\n"),
                        SymmetryMode.ROTATIONS),
                // three words (136 cells): the slab at either end or one cell in, the dominoes in what is left
                Arguments.of("a 2x2x32 slab and four dominoes in 2x2x34", TestPuzzles.parse(slab.toString()), SymmetryMode.FIXED));
    }

    @ParameterizedTest(name = "{0}, {2}")
    @MethodSource("puzzles")
    void everyUnitYieldsTheSamePackingsAsTheBoardSearch(String name, Puzzle p, SymmetryMode mode) {
        SymmetryGroup g = SymmetryGroup.forSearch(p, SymmetryGroup.of(p, mode));
        Enumerator board = new Enumerator(p, g, true, true, Branching.CORRIDORS);
        Enumerator live = new Enumerator(p, g, true, true, Branching.FEWEST_LIVE);
        assertEquals(board.plan().units().size(), live.plan().units().size(), "the same work plan");
        Map<Integer, TreeSet<String>> expected = packingsByUnit(board);
        Map<Integer, TreeSet<String>> actual = packingsByUnit(live);
        assertTrue(expected.values().stream().mapToInt(TreeSet::size).sum() > 0, "no packings at all");
        assertEquals(expected, actual);
    }

    /**
     * A count ({@link SolutionSink#countsOnly}) hands over each unit's number of packings without them; with one piece
     * type the search keeps the boards it has counted ({@link CountedBoards}) and does not search them again. Each
     * unit's number must be the packings its listing yields (the listing is the oracle), and where boards recur the
     * count must have searched fewer nodes, or the table was never used.
     */
    @ParameterizedTest(name = "{0}, {2}")
    @MethodSource("puzzles")
    void everyUnitCountsThePackingsItLists(String name, Puzzle p, SymmetryMode mode) {
        SymmetryGroup g = SymmetryGroup.forSearch(p, SymmetryGroup.of(p, mode));
        Enumerator live = new Enumerator(p, g, true, true, Branching.FEWEST_LIVE);
        Map<Integer, Long> listed = new TreeMap<>();
        Enumerator.RunResult listing = live.run(2, u -> true, (unit, cells, pieces) -> {
            synchronized (listed) {
                listed.merge(unit, 1L, Long::sum);
            }
        }, SearchMonitor.NONE, new SearchControl(), false);
        Map<Integer, Long> counted = new TreeMap<>();
        Enumerator.RunResult counting = live.run(2, u -> true, new SolutionSink() {
            @Override
            public void accept(int unit, int[] cellCopy, int[] copyPiece) {
                throw new AssertionError("unit " + unit + " listed a packing in a count");
            }

            @Override
            public boolean countsOnly(int unit) {
                return true;
            }

            @Override
            public void acceptCount(int unit, long packings) {
                synchronized (counted) {
                    if (packings > 0) {
                        counted.merge(unit, packings, Long::sum);
                    }
                }
            }
        }, SearchMonitor.NONE, new SearchControl(), false);
        assertTrue(listing.complete() && counting.complete());
        assertEquals(listed, counted);
        assertTrue(counting.nodes() <= listing.nodes(), counting.nodes() + " nodes counting, " + listing.nodes() + " listing");
        if (p.pieces().size() == 1 && p.target().boxVolume() > 64) { // (the 36 cells of the L-trominoes hold no board of 30 empty cells twice)
            assertTrue(counting.nodes() < listing.nodes(), "counting searched " + counting.nodes() + " nodes, listing "
                    + listing.nodes() + ": no board was counted once for several meetings");
        }
    }

    @ParameterizedTest(name = "{0}: {1} fixed packings")
    @CsvSource({"soma, 11520", "tetracubes-2x4x4, 11120"})
    void publishedFixedCountsWithoutSymmetryBreaking(String name, long fixed) {
        Puzzle p = TestPuzzles.builtIn(name);
        Enumerator live = new Enumerator(p, SymmetryGroup.of(p, SymmetryMode.FIXED), false, true, Branching.FEWEST_LIVE);
        long[] found = new long[1];
        var result = live.run(2, u -> true, (u, cells, pieces) -> {
            synchronized (found) {
                found[0]++;
            }
        }, SearchMonitor.NONE, new SearchControl());
        assertTrue(result.complete());
        assertEquals(fixed, found[0]);
    }

    @Test
    void thePuzzleChoosesTheLiveSetSearchOnlyForIdenticalPiecesInALargeSolidBox() {
        assertEquals(Branching.FEWEST_LIVE, branchingOf(TestPuzzles.builtIn("y-pentacubes")));
        assertEquals(Branching.FEWEST_LIVE, branchingOf(TestPuzzles.parse("name y\nbox 5 4 4\npiece Y 16 " + Y + "\n")));
        // distinct pieces; a flat box; 64 cells or fewer; optional cells
        assertEquals(Branching.CORRIDORS, branchingOf(TestPuzzles.builtIn("bedlam")));
        assertEquals(Branching.CORRIDORS, branchingOf(TestPuzzles.parse("name d\nbox 10 10 1\npiece D 50 (0,0,0) (1,0,0)\n")));
        assertEquals(Branching.CORRIDORS, branchingOf(TestPuzzles.parse("name t\nbox 4 4 4\npiece T 16 (0,0,0) (1,0,0) (2,0,0) (1,1,0)\n")));
        assertEquals(Branching.CORRIDORS, branchingOf(TestPuzzles.parse(
                "name o\nbox 5 5 5\npiece Y 24 " + Y + "\noptional 2 2 2\noptional 0 0 0\noptional 4 4 4\noptional 0 4 4\n"
                        + "optional 4 0 0\n")));
    }

    @Test
    void optionalCellsAreRefusedClearly() {
        Puzzle p = TestPuzzles.parse("name o\nbox 3 3 3\npiece D 13 (0,0,0) (1,0,0)\noptional 1 1 1\n");
        var e = assertThrows(IllegalArgumentException.class, () -> new Enumerator(p,
                SymmetryGroup.of(p, SymmetryMode.FIXED), true, true, Branching.FEWEST_LIVE));
        assertTrue(e.getMessage().contains("optional"), e.getMessage());
    }

    private static Branching branchingOf(Puzzle p) {
        return new Enumerator(p, SymmetryGroup.of(p, SymmetryMode.ROTATIONS)).branching();
    }

    /** Per unit, its packings as sorted lists of "piece:cells" (free of the order and of which copy is which). */
    private static Map<Integer, TreeSet<String>> packingsByUnit(Enumerator e) {
        Map<Integer, TreeSet<String>> out = new TreeMap<>();
        e.run(1, u -> true, (unit, cells, pieces) -> {
            List<StringBuilder> copies = new ArrayList<>();
            for (int k = 0; k < pieces.length; k++) {
                copies.add(new StringBuilder().append(pieces[k]).append(':'));
            }
            for (int c = 0; c < cells.length; c++) {
                if (cells[c] >= 0) {
                    copies.get(cells[c]).append(c).append(',');
                }
            }
            out.computeIfAbsent(unit, u -> new TreeSet<>())
                    .add(String.join(" ", copies.stream().map(StringBuilder::toString).sorted().toList()));
        }, SearchMonitor.NONE, new SearchControl());
        return out;
    }
}
