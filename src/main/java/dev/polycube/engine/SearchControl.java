package dev.polycube.engine;

/**
 * The one thing the search loop asks from outside: whether to stop. Monitors (limits, Ctrl-C, time
 * limits) call {@link #stop}; the search polls {@link #isStopped} between work units and every few
 * thousand nodes, then unwinds, leaving unfinished units unfinished.
 */
public final class SearchControl {

    private volatile String stopReason;

    public void stop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    public boolean isStopped() {
        return stopReason != null;
    }

    /** Why the search stopped early, or null. */
    public String stopReason() {
        return stopReason;
    }
}
