package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A run tells a monitor that asks for it ({@link SearchMonitor#wantsEstimate}) its nodes by random dives once it has gone
 * on for {@link Enumerator#ESTIMATE_AFTER_SECONDS}: the progress line's only figure while no unit has ended.
 */
class RunEstimateTest {

    /** 72 dominoes in 6x6x4, fixed frame: far more packings than any run here lists, and units of minutes at least. */
    private static final Puzzle DENSE = TestPuzzles.parse("name d664\nbox 6 6 4\npiece D 72 (0,0,0) (1,0,0)\n");

    @Test
    void aLongRunTellsItsDivesOnceAndARunStoppedStopsThem() {
        Enumerator e = new Enumerator(DENSE, SymmetryGroup.of(DENSE, SymmetryMode.FIXED));
        SearchControl control = new SearchControl();
        double[] told = {Double.NaN};
        AtomicInteger calls = new AtomicInteger();
        long t0 = System.nanoTime();
        long[] at = new long[1];
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(60_000);
                control.stop(StopReason.INTERRUPTED); // no estimate within a minute: end the run, the test fails below
            } catch (InterruptedException ignored) {
                // the run ended
            }
        });
        watchdog.setDaemon(true);
        watchdog.start();
        e.run(2, u -> true, (u, cells, pieces) -> { }, new SearchMonitor() {
            @Override
            public boolean wantsEstimate() {
                return true;
            }

            @Override
            public void onEstimate(double nodes) {
                told[0] = nodes;
                at[0] = System.nanoTime();
                calls.incrementAndGet();
                control.stop(StopReason.INTERRUPTED);
            }
        }, control, true);
        watchdog.interrupt();

        assertEquals(1, calls.get(), "one estimate");
        double seconds = (at[0] - t0) / 1e9;
        assertTrue(seconds >= Enumerator.ESTIMATE_AFTER_SECONDS, "told after " + seconds + " s");
        // every unit was to run: the same dives as `info`'s estimate of the whole plan
        assertEquals(e.estimateNodes(Enumerator.ESTIMATE_UNITS, 1, () -> false), told[0], 1e-6 * told[0]);
        assertTrue(told[0] > 1e12, "a search of " + told[0] + " nodes");
    }

    @Test
    void aShortRunOrAMonitorThatDoesNotAskGetsNone() {
        // the pentominoes in 3x20: a few hundred thousand nodes, done in well under a second even cold on a busy
        // machine (6x10's millions took over the 5 s once, in a slow hour with two test forks running)
        Puzzle small = TestPuzzles.parse("name p3x20\nbox 20 3 1\npieces pentominoes\n");
        for (Puzzle p : new Puzzle[] {small, DENSE}) {
            Enumerator e = new Enumerator(p, SymmetryGroup.of(p, SymmetryMode.FIXED));
            SearchControl control = new SearchControl();
            boolean asks = p == small;
            AtomicInteger calls = new AtomicInteger();
            Thread stopper = new Thread(() -> {
                try {
                    Thread.sleep((Enumerator.ESTIMATE_AFTER_SECONDS + 2) * 1000L);
                } catch (InterruptedException ignored) {
                    return;
                }
                control.stop(StopReason.INTERRUPTED);
            });
            stopper.setDaemon(true);
            stopper.start();
            Enumerator.RunResult r = e.run(1, u -> true, (u, cells, pieces) -> { }, new SearchMonitor() {
                @Override
                public boolean wantsEstimate() {
                    return asks;
                }

                @Override
                public void onEstimate(double nodes) {
                    calls.incrementAndGet();
                }
            }, control, true);
            stopper.interrupt();
            assertEquals(asks, r.complete(), p.name() + ": the pentominoes end, the dominoes are stopped");
            assertEquals(0, calls.get(), p.name());
        }
        Thread.getAllStackTraces().keySet().forEach(t -> assertFalse(
                t.getName().equals("polycube-estimate") && t.isAlive() && waitedOut(t), "an estimator outlived its run"));
    }

    /** True when {@code t} is still alive a second from now (an estimator interrupted at the run's end returns at once). */
    private static boolean waitedOut(Thread t) {
        try {
            t.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return t.isAlive();
    }
}
