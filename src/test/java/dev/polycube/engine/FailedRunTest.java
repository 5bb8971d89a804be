package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.RepeatedTest;

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
