package dev.polycube.engine;

/**
 * Observes a search from outside its hot loop: progress reporting, limits, checkpoints. All callbacks
 * may come from worker threads. Monitors that want the search to end call {@link SearchControl#stop}.
 */
public interface SearchMonitor {

    SearchMonitor NONE = new SearchMonitor() {
    };

    /** Before any unit runs: the plan, and how many of its units this run will execute. */
    default void onStart(WorkPlan plan, int unitsToRun) {
    }

    /**
     * Before any unit runs, when the run takes a spread sample of its units first ({@link Enumerator#SAMPLE_STRIDE}):
     * which units those are and how many. Their mean size, times the units, estimates the whole run's work early,
     * where the units done so far would not (the split puts the big subtrees first).
     */
    default void onSample(java.util.function.IntPredicate inSample, int sampleSize) {
    }

    /**
     * True when this monitor wants {@link #onEstimate}: a run that goes on for {@link Enumerator#ESTIMATE_AFTER_SECONDS}
     * then dives into its units on a thread of its own (milliseconds to seconds of CPU), so only a monitor that shows it
     * should ask.
     */
    default boolean wantsEstimate() {
        return false;
    }

    /**
     * Once, from the run's own thread, when {@link #wantsEstimate} and the run has gone on for {@link
     * Enumerator#ESTIMATE_AFTER_SECONDS}: the nodes its units will take in all, roughly (Knuth's random dives, one in
     * each of some hundreds of units spread over them). Rough, but known before any unit ends: a run whose first units
     * are huge has nothing else to go by for minutes.
     */
    default void onEstimate(double nodes) {
    }

    /** A unit finished completely, having expanded {@code nodes} nodes. */
    default void onUnitDone(int unit, long nodes) {
    }

    /** Called with the running node total about every 2^20 nodes per thread. */
    default void onNodes(long nodesSinceLastCall) {
    }

    /** After the last unit (or after a stop). */
    default void onFinish(boolean complete) {
    }

    /** Combines monitors; each sees every event in order. */
    static SearchMonitor all(SearchMonitor... monitors) {
        return new SearchMonitor() {
            @Override
            public void onStart(WorkPlan plan, int unitsToRun) {
                for (SearchMonitor m : monitors) {
                    m.onStart(plan, unitsToRun);
                }
            }

            @Override
            public void onSample(java.util.function.IntPredicate inSample, int sampleSize) {
                for (SearchMonitor m : monitors) {
                    m.onSample(inSample, sampleSize);
                }
            }

            @Override
            public boolean wantsEstimate() {
                for (SearchMonitor m : monitors) {
                    if (m.wantsEstimate()) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public void onEstimate(double nodes) {
                for (SearchMonitor m : monitors) {
                    m.onEstimate(nodes);
                }
            }

            @Override
            public void onUnitDone(int unit, long nodes) {
                for (SearchMonitor m : monitors) {
                    m.onUnitDone(unit, nodes);
                }
            }

            @Override
            public void onNodes(long nodes) {
                for (SearchMonitor m : monitors) {
                    m.onNodes(nodes);
                }
            }

            @Override
            public void onFinish(boolean complete) {
                for (SearchMonitor m : monitors) {
                    m.onFinish(complete);
                }
            }
        };
    }
}
