package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.SymmetryGroup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The arrangements root symmetry breaking pins (ways to cover a set of cells together), against a brute force over
 * sets of placements; and the limit on how long finding them may take.
 */
class ArrangementsTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void listsEveryArrangementTheCountsAllow(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String[] shapes = {"(0,0,0) (1,0,0)", "(0,0,0) (1,0,0) (0,1,0)", "(0,0,0) (1,0,0) (2,0,0)",
            "(0,0,0) (1,0,0) (1,1,0) (1,1,1)"};
        StringBuilder text = new StringBuilder("name a" + seed + "\nbox 3 3 2\n");
        int kinds = 2 + r.nextInt(2);
        for (int k = 0; k < kinds; k++) {
            text.append("piece P").append(k).append(" 0..").append(1 + r.nextInt(2)).append(' ')
                    .append(shapes[(k + (int) seed) % shapes.length]).append('\n');
        }
        Puzzle p = TestPuzzles.parse(text.toString());
        PlacementSet set = PlacementSet.of(p);
        Arrangements arrangements = new Arrangements(p, set, SymmetryGroup.of(p, SymmetryMode.ROTATIONS));
        int[] cells = r.ints(0, 18).distinct().limit(2 + r.nextInt(2)).sorted().toArray();

        List<int[]> expected = bruteForce(p, set, cells);
        List<int[]> got = arrangements.of(cells);
        assertTrue(!expected.isEmpty(), "no arrangement: the test shows nothing");
        assertEquals(expected.size(), got.size(), "arrangements of cells " + Arrays.toString(cells));
        for (int i = 0; i < got.size(); i++) {
            assertEquals(Arrays.toString(expected.get(i)), Arrays.toString(got.get(i)));
        }
    }

    /**
     * A frame (count 1, 16 symmetries) around two small pieces in ranges (FrameAroundTwoRanges.xmpuzzle, burrTxt: 2
     * assemblies): covering an orbit of 8 cells spread over the frame and its inside once took 66 M placements tried
     * for one arrangement. Every orbit now gives up after {@link Arrangements#MAX_TRIES}, and what it lists is complete.
     */
    @Test
    void givesUpOnCellsThatTakeTooLongToCover() {
        Puzzle p = BuiltInPuzzles.loadFile(Path.of("src/test/resources/burrtools/FrameAroundTwoRanges.xmpuzzle"));
        PlacementSet set = PlacementSet.of(p);
        SymmetryGroup group = SymmetryGroup.of(p, SymmetryMode.ROTATIONS);
        Arrangements arrangements = new Arrangements(p, set, group);
        int gaveUp = 0;
        for (int c = 0; c < p.target().boxVolume(); c++) {
            int cell = c;
            int[] orbit = group.elements().stream().mapToInt(g -> g.cellMap()[cell]).distinct().sorted().toArray();
            if (orbit[0] != c || orbit.length > 8) {
                continue;
            }
            List<int[]> ways = arrangements.of(orbit);
            assertTrue(arrangements.lastTries() <= Arrangements.MAX_TRIES + 1, arrangements.lastTries() + " tries");
            if (ways == null) {
                gaveUp++;
            }
        }
        assertTrue(gaveUp > 0, "no orbit reached the limit: the test no longer shows it");
    }

    /** Every set of disjoint placements, each on at least one of {@code cells}, covering them all, within the counts. */
    private static List<int[]> bruteForce(Puzzle p, PlacementSet set, int[] cells) {
        List<Integer> touching = new ArrayList<>();
        for (int i = 0; i < set.size(); i++) {
            int[] pc = set.all().get(i).cells();
            if (IntStream.of(pc).anyMatch(c -> Arrays.binarySearch(cells, c) >= 0)) {
                touching.add(i);
            }
        }
        List<int[]> out = new ArrayList<>();
        int n = touching.size();
        for (int a = 0; a < n; a++) {
            out.addAll(check(p, set, cells, touching.get(a)));
            for (int b = a + 1; b < n; b++) {
                out.addAll(check(p, set, cells, touching.get(a), touching.get(b)));
                for (int c = b + 1; c < n && cells.length >= 3; c++) {
                    out.addAll(check(p, set, cells, touching.get(a), touching.get(b), touching.get(c)));
                }
            }
        }
        out.sort(Arrays::compare);
        return out;
    }

    private static List<int[]> check(Puzzle p, PlacementSet set, int[] cells, int... chosen) {
        int[] used = new int[p.pieces().size()];
        java.util.BitSet taken = new java.util.BitSet();
        for (int i : chosen) {
            PlacementSet.Placement pl = set.all().get(i);
            if (++used[pl.piece()] > p.pieces().get(pl.piece()).count()) {
                return List.of();
            }
            for (int c : pl.cells()) {
                if (taken.get(c)) {
                    return List.of();
                }
                taken.set(c);
            }
        }
        for (int c : cells) {
            if (!taken.get(c)) {
                return List.of();
            }
        }
        return List.<int[]>of(chosen.clone());
    }
}
