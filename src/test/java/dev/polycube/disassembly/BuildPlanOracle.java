package dev.polycube.disassembly;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashSet;
import java.util.Set;

/**
 * Plays a build plan forwards with plain cell sets, independently of how the plan was derived, and fails
 * on the first thing a hand could not do: a piece that shows up twice or never, a piece that moves when the
 * step does not move it, a move that passes through another piece, a group that does not come in from
 * outside, an end that is not the assembly.
 */
final class BuildPlanOracle {

    private BuildPlanOracle() {
    }

    static void check(Disassembler.Assembly assembly, BuildPlan plan) {
        int n = assembly.pieces();
        boolean[] shown = new boolean[n];
        int[][] before = null;
        for (int k = 0; k < plan.steps().size(); k++) {
            BuildPlan.Step s = plan.steps().get(k);
            int[][] after = plan.positions()[k];
            boolean[] moving = new boolean[n];
            for (int p : s.moving()) {
                moving[p] = true;
            }
            if (s.kind() != BuildPlan.Kind.SLIDE) {
                for (int p : s.moving()) {
                    if (shown[p] && s.kind() == BuildPlan.Kind.PLACE) {
                        fail("step " + k + " puts down piece " + p + " a second time");
                    }
                }
            }
            int[] u = s.unit();
            for (int p = 0; p < n; p++) {
                if (before != null && shown[p] && !moving[p]) {
                    assertArrayEquals(before[p], after[p], "step " + k + " moves piece " + p + ", which it does not name");
                }
                if (before != null && shown[p] && moving[p]) {
                    for (int a = 0; a < 3; a++) {
                        assertEquals(before[p][a] + u[a] * s.amount(), after[p][a], "step " + k + ": piece " + p + " on axis " + a);
                    }
                }
            }
            for (int p : s.moving()) {
                shown[p] = true;
            }
            // the path: every position of the moving group between where it was and where it ends is free of
            // every other piece in view; a group coming in also clears the part from further out
            Set<Long> others = new HashSet<>();
            Set<Long> partOthers = new HashSet<>();
            for (int p = 0; p < n; p++) {
                if (shown[p] && !moving[p]) {
                    addCells(others, assembly.cells()[p], after[p]);
                    if (s.builds(p)) {
                        addCells(partOthers, assembly.cells()[p], after[p]);
                    }
                }
            }
            int reach = s.kind() == BuildPlan.Kind.ENTER ? s.amount() + 2 * BuildPlan.asideDistance(assembly) : s.amount();
            for (int t = 0; t <= reach; t++) {
                Set<Long> against = t <= s.amount() ? others : partOthers;
                for (int p : s.moving()) {
                    int[] c = assembly.cells()[p];
                    for (int i = 0; i < c.length; i += 3) {
                        long key = key(c[i] + after[p][0] - u[0] * t, c[i + 1] + after[p][1] - u[1] * t, c[i + 2] + after[p][2] - u[2] * t);
                        assertTrue(!against.contains(key), "step " + k + " (" + s.kind() + " of " + java.util.Arrays.toString(s.moving())
                                + ") passes through another piece " + t + " units before its end");
                    }
                }
            }
            Set<Long> all = new HashSet<>();
            for (int p = 0; p < n; p++) {
                if (shown[p]) {
                    int[] c = assembly.cells()[p];
                    for (int i = 0; i < c.length; i += 3) {
                        assertTrue(all.add(key(c[i] + after[p][0], c[i + 1] + after[p][1], c[i + 2] + after[p][2])),
                                "after step " + k + " two pieces share a cell");
                    }
                }
            }
            before = after;
        }
        for (int p = 0; p < n; p++) {
            assertTrue(shown[p], "piece " + p + " never comes");
            assertArrayEquals(new int[3], before[p], "piece " + p + " does not end in its place");
        }
    }

    private static void addCells(Set<Long> into, int[] cells, int[] at) {
        for (int i = 0; i < cells.length; i += 3) {
            into.add(key(cells[i] + at[0], cells[i + 1] + at[1], cells[i + 2] + at[2]));
        }
    }

    private static long key(int x, int y, int z) {
        return ((long) (x + 100_000) << 40) | ((long) (y + 100_000) << 20) | (z + 100_000);
    }
}
