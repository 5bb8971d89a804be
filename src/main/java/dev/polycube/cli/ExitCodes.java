package dev.polycube.cli;

/** Process exit codes; README.md documents them. */
public final class ExitCodes {

    /** Success (for diff/verify: equal / valid). */
    public static final int OK = 0;
    /** The command ran but the answer is "no": catalogs differ, a catalog is invalid, a count mismatches. */
    public static final int NEGATIVE = 1;
    /** Bad input: unknown puzzle, malformed file, bad option value. */
    public static final int BAD_INPUT = 2;
    /** Reading or writing a file failed. */
    public static final int IO_ERROR = 3;
    /** A bug: an unexpected exception. */
    public static final int INTERNAL = 4;
    /**
     * Stopped by Ctrl-C. The JVM itself exits with 128 + the signal once the run has saved (130 for SIGINT,
     * 143 for SIGTERM); this is what a run returns when it was stopped.
     */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
