package dev.polycube.run;

import dev.polycube.solve.MemoCount;

/**
 * How a whole count without a limit goes ({@code solve --count-only}), decided in one place ({@link Runs#countingWay}):
 * the run follows it and {@code polycube info} reports it.
 */
public sealed interface CountingWay {

    /** The memo's first sweep (a trial, on a wide frontier) counted the classes. */
    record Counted(MemoCount.Result result) implements CountingWay {
    }

    /**
     * The memo's trial gave up ({@code trialEnded} says where), but the search would take {@code searchNodes} nodes,
     * past {@link Runs#HOPELESS_SEARCH}: the memo gets all the memory it may use, and only if that runs out too does the
     * count go by search.
     */
    record AllMemory(String trialEnded, double searchNodes) implements CountingWay {
    }

    /**
     * By search, because {@code why}: the memo does not serve this puzzle or rule ({@code memoTried} false), or its trial
     * gave up on a puzzle whose search is short enough (true).
     */
    record BySearch(String why, boolean memoTried) implements CountingWay {
    }
}
