package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * A run that takes a spread sample of its units first (for the progress line's estimate) runs every unit once and
 * meets the same packings in each as a run in plan order; the sample is every {@value Enumerator#SAMPLE_STRIDE}th
 * unit to run, shuffled, and it comes first. The twelve pentominoes in 6x10 split into thousands of units and have 2,339
 * solutions up to rotation and reflection (published; here counted under rotations, a packing per class met).
 */
class UnitOrderTest {

    @Test
    void aSampleOfUnitsGoesFirstAndTheRunMeetsTheSamePackings() {
        Puzzle p = TestPuzzles.parse("name p6x10\nbox 10 6 1\npieces pentominoes\n");
        Enumerator e = new Enumerator(p, SymmetryGroup.of(p, SymmetryMode.ROTATIONS));
        int units = e.plan().size();
        assertTrue(units >= Enumerator.SAMPLE_MIN, units + " units");

        long[] inPlanOrder = new long[units];
        e.run(1, u -> true, (u, cells, pieces) -> inPlanOrder[u]++, SearchMonitor.NONE, new SearchControl(), false);
        long[] sampledFirst = new long[units];
        List<Integer> order = new ArrayList<>();
        IntPredicate[] sample = new IntPredicate[1];
        int[] sampleSize = new int[1];
        e.run(1, u -> true, (u, cells, pieces) -> sampledFirst[u]++, new SearchMonitor() {
            @Override
            public void onSample(IntPredicate inSample, int size) {
                sample[0] = inSample;
                sampleSize[0] = size;
            }

            @Override
            public void onUnitDone(int unit, long nodes) {
                order.add(unit);
            }
        }, new SearchControl(), true);

        assertArrayEquals(inPlanOrder, sampledFirst, "packings met per unit");
        long packings = 0;
        for (long n : sampledFirst) {
            packings += n;
        }
        assertTrue(packings >= 2_339, packings + " packings for 2,339 classes");
        assertEquals(units, order.size());
        assertEquals(units, order.stream().distinct().count(), "every unit once");
        int expectedSample = (units + Enumerator.SAMPLE_STRIDE - 1) / Enumerator.SAMPLE_STRIDE;
        assertEquals(expectedSample, sampleSize[0]);
        // the sample is every SAMPLE_STRIDE-th unit, shuffled: its first units done are a fair draw, not its biggest
        List<Integer> sampled = new ArrayList<>(order.subList(0, expectedSample));
        boolean shuffled = false;
        for (int i = 0; i < expectedSample; i++) {
            assertTrue(sample[0].test(order.get(i)));
            shuffled |= i > 0 && order.get(i) < order.get(i - 1);
        }
        assertTrue(shuffled, "the sample in a shuffled order: " + sampled);
        sampled.sort(null);
        for (int i = 0; i < expectedSample; i++) {
            assertEquals(i * Enumerator.SAMPLE_STRIDE, sampled.get(i), "unit " + i + " of the sample");
        }
        for (int i = expectedSample; i < units; i++) {
            assertTrue(!sample[0].test(order.get(i)) && (i == expectedSample || order.get(i) > order.get(i - 1)),
                    "the rest in plan order");
        }
    }

    /** With a part of the units to run (a shard, a resume), the sample is every so-many-th of those. */
    @Test
    void theSampleIsTakenAmongTheUnitsToRun() {
        Puzzle p = TestPuzzles.parse("name p6x10\nbox 10 6 1\npieces pentominoes\n");
        Enumerator e = new Enumerator(p, SymmetryGroup.of(p, SymmetryMode.ROTATIONS));
        List<Integer> order = new ArrayList<>();
        e.run(1, u -> u % 3 == 1, (u, cells, pieces) -> { }, new SearchMonitor() {
            @Override
            public void onUnitDone(int unit, long nodes) {
                order.add(unit);
            }
        }, new SearchControl(), true);
        int toRun = (int) order.stream().count();
        int sampleSize = (toRun + Enumerator.SAMPLE_STRIDE - 1) / Enumerator.SAMPLE_STRIDE;
        List<Integer> sampled = new ArrayList<>(order.subList(0, sampleSize));
        sampled.sort(null);
        assertEquals(1, (int) sampled.get(0));
        assertEquals(1 + 3 * Enumerator.SAMPLE_STRIDE, (int) sampled.get(1));
        assertTrue(order.stream().allMatch(u -> u % 3 == 1));
    }
}
