package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The branch lists the search relies on, checked against their definitions with an independent neighbour
 * computation (from the target's points, not the layout's tables): a wrong or missing entry would lose or
 * invent solutions only on some boards, so each list is compared with a brute-force filter over all
 * placements. Every first-cell list is checked; the dead-end and corridor lists (tens of thousands) on a
 * seeded random sample.
 */
class TableLayoutTest {

    private static final int[][] DIRECTIONS = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

    static List<Arguments> puzzles() {
        return List.of(
                Arguments.of("bedlam", TestPuzzles.builtIn("bedlam"), 11L),
                Arguments.of("soma", TestPuzzles.builtIn("soma"), 12L),
                Arguments.of("happy-cube-blue (128-bit)", TestPuzzles.builtIn("happy-cube-blue"), 13L),
                Arguments.of("optional cells and a monomino", TestPuzzles.parse(
                        "box 3 3 2\noptional 2 2 1\noptional 0 2 1\npiece m 0..2 (0,0,0)\n"
                                + "piece L 3 (0,0,0) (1,0,0) (0,1,0)\npiece I 2 (0,0,0) (1,0,0) (2,0,0)\n"), 14L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("puzzles")
    void listsHoldExactlyThePlacementsTheirDefinitionsAllow(String name, Puzzle puzzle, long seed) {
        PlacementSet set = PlacementSet.of(puzzle);
        TableLayout l = new TableLayout(puzzle, set);
        Target t = puzzle.target();
        int volume = t.boxVolume();
        int[] neighbour = neighbours(t);

        // first-cell lists, one per cell and upper pattern (bits 0, 1, 2: c's neighbour in +x, +y, +z empty): the
        // optional cell's "leave it empty" entry, then every placement with that lowest cell that takes none of c's
        // upper neighbours the pattern says are full; the pattern "all empty" holds them all
        for (int c = 0; c < volume; c++) {
            for (int upper = 0; upper < TableLayout.UPPER_PATTERNS; upper++) {
                List<Integer> expected = new ArrayList<>();
                if (t.containsIndex(c) && t.isOptional(c)) {
                    expected.add(-1 - c);
                }
                for (int k = 0; k < l.cells.length; k++) {
                    boolean blocked = false;
                    for (int b = 0; b < 3; b++) {
                        int up = neighbour[c * 6 + 2 * b]; // +x, +y, +z
                        blocked |= (upper >>> b & 1) == 0 && up >= 0 && contains(l.cells[k], up);
                    }
                    if (l.cells[k][0] == c && !blocked) {
                        expected.add(k);
                    }
                }
                assertEquals(expected, ids(l, l.firstStart, c * TableLayout.UPPER_PATTERNS + upper),
                        name + ": first-cell list of cell " + c + ", upper pattern " + upper);
            }
        }

        Random random = new Random(seed);
        for (int sample = 0; sample < 400; sample++) {
            int c = random.nextInt(volume);
            int d = random.nextInt(6);
            int n = neighbour[c * 6 + d];
            // a pattern a board can show: n's neighbours inside the box, c (empty, the dead end) among them
            if (n < 0) {
                continue; // a dead end's one empty neighbour is in the box
            }
            int pattern = random.nextInt(64) & inBox(n, neighbour) | 1 << (d ^ 1);
            List<Integer> expected = new ArrayList<>();
            for (int k = 0; k < l.cells.length; k++) {
                int used = usedAround(l.cells[k], c, neighbour); // a monomino uses none: it serves every direction
                if (contains(l.cells[k], c) && (used == 0 || used == 1 << d)
                        && (usedAround(l.cells[k], n, neighbour) & ~pattern) == 0) {
                    expected.add(k);
                }
            }
            List<Integer> actual = ids(l, l.deadEndStart, (c * 6 + d) * 64 + pattern);
            assertEquals(sorted(expected), sorted(actual), name + ": dead-end list " + c + "/" + d + "/" + pattern);
            assertEquals(actual.size(), actual.stream().distinct().count(), name + ": no entry twice");

            int two = twoOf(random);
            if ((two & ~inBox(c, neighbour)) != 0) {
                assertEquals(List.of(), ids(l, l.corridorStart, c * 64 + two), name + ": a pattern no board shows");
                continue;
            }
            List<Integer> corridor = new ArrayList<>();
            for (int k = 0; k < l.cells.length; k++) {
                if (contains(l.cells[k], c) && (usedAround(l.cells[k], c, neighbour) & ~two) == 0) {
                    corridor.add(k);
                }
            }
            List<Integer> actualCorridor = ids(l, l.corridorStart, c * 64 + two);
            assertEquals(sorted(corridor), sorted(actualCorridor), name + ": corridor list " + c + "/" + two);
            for (int i = 1; i < actualCorridor.size(); i++) {
                assertTrue(l.pieceOf[actualCorridor.get(i - 1)] <= l.pieceOf[actualCorridor.get(i)],
                        name + ": corridor lists run by piece");
            }
        }

        // entrySkip: the end of each run of one piece type, never past the end of its list
        for (int[] start : new int[][] {l.firstStart, l.deadEndStart, l.corridorStart}) {
            for (int list = 0; list + 1 < start.length; list++) {
                for (int e = start[list]; e < start[list + 1]; e++) {
                    int skip = l.entrySkip[e];
                    assertTrue(skip > e && skip <= start[list + 1], name + ": skip stays in its list");
                    for (int i = e; i < skip; i++) {
                        assertEquals(l.entryPiece[e], l.entryPiece[i], name + ": one piece per run");
                    }
                    assertTrue(skip == start[list + 1] || l.entryPiece[skip] != l.entryPiece[e], name + ": runs are maximal");
                }
            }
        }
    }

    private static List<Integer> ids(TableLayout l, int[] start, int list) {
        List<Integer> out = new ArrayList<>();
        for (int e = start[list]; e < start[list + 1]; e++) {
            out.add(l.entryId[e]);
            assertEquals(l.entryId[e] < 0 ? -1 : l.pieceOf[l.entryId[e]], l.entryPiece[e]);
        }
        return out;
    }

    private static int inBox(int c, int[] neighbour) {
        int dirs = 0;
        for (int d = 0; d < 6; d++) {
            dirs |= neighbour[c * 6 + d] >= 0 ? 1 << d : 0;
        }
        return dirs;
    }

    private static int twoOf(Random random) {
        int a = random.nextInt(6);
        int b = (a + 1 + random.nextInt(5)) % 6;
        return 1 << a | 1 << b;
    }

    private static List<Integer> sorted(List<Integer> ids) {
        return ids.stream().sorted().toList();
    }

    /** Directions (as bits) in which {@code cells} has a cell next to cell {@code c}. */
    private static int usedAround(int[] cells, int c, int[] neighbour) {
        int used = 0;
        for (int d = 0; d < 6; d++) {
            if (neighbour[c * 6 + d] >= 0 && contains(cells, neighbour[c * 6 + d])) {
                used |= 1 << d;
            }
        }
        return used;
    }

    private static boolean contains(int[] cells, int c) {
        return Arrays.stream(cells).anyMatch(x -> x == c);
    }

    private static int[] neighbours(Target t) {
        int[] out = new int[t.boxVolume() * 6];
        for (int i = 0; i < t.boxVolume(); i++) {
            Point p = t.point(i);
            for (int d = 0; d < 6; d++) {
                Point q = new Point(p.x() + DIRECTIONS[d][0], p.y() + DIRECTIONS[d][1], p.z() + DIRECTIONS[d][2]);
                out[i * 6 + d] = t.inBox(q) ? t.index(q) : -1;
            }
        }
        return out;
    }
}
