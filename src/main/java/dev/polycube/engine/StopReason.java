package dev.polycube.engine;

/** Why a search ended before every unit it was given had finished. */
public enum StopReason {
    /** A limit monitor has what it was asked for (e.g. the first N solutions). */
    LIMIT_REACHED,
    /** The user asked it to stop (Ctrl-C, SIGTERM); the run can be resumed. */
    INTERRUPTED,
    /** A worker failed; every other worker stops too, so the error surfaces at once. */
    FAILED
}
