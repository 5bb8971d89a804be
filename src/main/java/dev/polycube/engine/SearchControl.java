package dev.polycube.engine;

/**
 * The one thing the search loop asks from outside: whether to stop. Monitors (limits, Ctrl-C, a failing
 * worker) call {@link #stop}; the search polls {@link #isStopped} between work units and every few
 * thousand nodes, then unwinds, leaving unfinished units unfinished. The first reason given wins.
 */
public final class SearchControl {

    private volatile StopReason stopReason;

    public synchronized void stop(StopReason reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    public boolean isStopped() {
        return stopReason != null;
    }

    /** Why the search stopped early, or null. */
    public StopReason stopReason() {
        return stopReason;
    }
}
