package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * A run whose worker fails reaches its caller only once the other workers have left their units: until then they
 * hold what they found, and an {@link OutOfMemoryError}'s report would find the heap still full. Here one worker
 * fails while the other is inside the sink (it stays there a while, as a worker busy with a big packing does); the
 * run must not return before it comes out. Which task fails first is up to the pool, so the case is repeated.
 */
class FailedRunTest {

    /** Stands for the error a worker meets (an OutOfMemoryError in the case that matters). */
    private static final class WorkerFailed extends Error {
        WorkerFailed() {
            super("a worker failed");
        }
    }

    @RepeatedTest(4)
    void aFailedRunReturnsAfterItsOtherWorkersHaveStopped() {
        Puzzle p = TestPuzzles.parse("name p6x10\nbox 10 6 1\npieces pentominoes\n");
        Enumerator e = new Enumerator(p, SymmetryGroup.of(p, SymmetryMode.ROTATIONS));
        AtomicInteger entered = new AtomicInteger();
        CountDownLatch secondInside = new CountDownLatch(1);
        AtomicInteger inside = new AtomicInteger();
        SolutionSink sink = (unit, cells, pieces) -> {
            int n = entered.incrementAndGet();
            if (n == 1) { // the first packing's worker fails once the other worker is inside the sink
                await(secondInside);
                throw new WorkerFailed();
            }
            if (n == 2) {
                inside.incrementAndGet();
                secondInside.countDown();
                sleep(300);
                inside.decrementAndGet();
            }
        };
        assertThrows(WorkerFailed.class,
                () -> e.run(2, u -> true, sink, SearchMonitor.NONE, new SearchControl(), false));
        assertTrue(entered.get() >= 2, "both workers met a packing: " + entered.get());
        assertEquals(0, inside.get(), "a worker was still in its unit when the run returned");
    }

    /**
     * A failing worker's unit, and the units the other workers leave when the run stops, are told to the sink as
     * unfinished before the run returns, so that it can let go of what it kept for them: after an OutOfMemoryError that
     * is the heap the report needs (under G1 the pool's own record of the error then failed too, the worker died and
     * join() waited for ever). The failure still reaches the caller as it was thrown.
     */
    @Test
    void theUnitsLeftUnfinishedAreToldToTheSink() {
        Puzzle p = TestPuzzles.parse("name p6x10\nbox 10 6 1\npieces pentominoes\n");
        Enumerator e = new Enumerator(p, SymmetryGroup.of(p, SymmetryMode.ROTATIONS));
        Set<Integer> found = ConcurrentHashMap.newKeySet();
        Set<Integer> unfinished = ConcurrentHashMap.newKeySet();
        AtomicInteger failedUnit = new AtomicInteger(-1);
        AtomicInteger packings = new AtomicInteger();
        SolutionSink sink = new SolutionSink() {
            @Override
            public void accept(int unit, int[] cellCopy, int[] copyPiece) {
                found.add(unit);
                if (packings.incrementAndGet() == 50) {
                    failedUnit.set(unit);
                    throw new WorkerFailed();
                }
            }

            @Override
            public void unfinished(int unit) {
                unfinished.add(unit);
            }
        };
        assertThrows(WorkerFailed.class, () -> e.run(2, u -> true, sink, SearchMonitor.NONE, new SearchControl(), false));
        assertTrue(unfinished.contains(failedUnit.get()), "the failed unit " + failedUnit + " among " + unfinished);
        assertTrue(unfinished.size() <= 2, "one unit a worker at most: " + unfinished);

        // a run stopped from outside (Ctrl-C, a limit) leaves its units the same way, and returns normally
        SearchControl control = new SearchControl();
        Set<Integer> left = ConcurrentHashMap.newKeySet();
        Set<Integer> met = ConcurrentHashMap.newKeySet();
        AtomicInteger seen = new AtomicInteger();
        Enumerator.RunResult r = e.run(2, u -> true, new SolutionSink() {
            @Override
            public void accept(int unit, int[] cellCopy, int[] copyPiece) {
                met.add(unit);
                if (seen.incrementAndGet() == 50) {
                    control.stop(StopReason.INTERRUPTED);
                }
            }

            @Override
            public void unfinished(int unit) {
                left.add(unit);
            }
        }, SearchMonitor.NONE, control, false);
        assertTrue(!r.complete(), "stopped");
        for (int u : left) {
            assertTrue(!r.unitsDone().get(u), "unit " + u + " is both done and unfinished");
        }
        for (int u : met) {
            assertTrue(r.unitsDone().get(u) || left.contains(u), "unit " + u + " reported packings, is not done, and was not told unfinished");
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }
}
