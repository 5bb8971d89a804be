package dev.polycube.cli;

import java.io.PrintStream;

/**
 * Progress of a task that is not a search (generate, diff, merge, drawing sheets) on stderr: on a terminal
 * one line redrawn at most twice a second and cleared at the end, shown once the command has run two seconds;
 * otherwise a plain line when the task's first two seconds have passed and then every ten seconds, so logs stay
 * readable. Quiet when {@code quiet}.
 */
final class StatusLine implements AutoCloseable {

    private static final long FIRST_NANOS = 2_000_000_000L;

    /**
     * When the running command began ({@link Main#run}). On a terminal a line shows once the command, not only its own
     * pass, has run two seconds: a command of several passes of a second or two each (a catalog read, then analysed)
     * otherwise left the terminal silent for four or five seconds.
     */
    private static volatile long commandStart = System.nanoTime();

    static void commandStarted() {
        commandStart = System.nanoTime();
    }

    /** The line drawn last on a terminal, to clear when the process is ended by a signal ({@link #endForExit}). */
    private static volatile StatusLine shown;
    /** Set when the JVM is exiting: the command's thread runs on until the halt, and draws nothing more. */
    private static volatile boolean exiting;

    /** Clears the line on show and draws no other: the JVM is exiting and has something to say in its place. */
    static void endForExit() {
        exiting = true;
        StatusLine s = shown;
        if (s != null) {
            s.clear();
        }
    }

    private final PrintStream err;
    private final boolean terminal;
    private final boolean quiet;
    private final String task;
    private final long start = System.nanoTime();
    private final long everyNanos;
    private long next;
    private boolean drew;
    /** Clears the line when Ctrl-C ends the process while the line shows (else the shell's prompt follows it). */
    private Thread clearAtExit;

    StatusLine(String task, boolean quiet) {
        this.err = System.err;
        this.terminal = Terminal.stderr();
        this.quiet = quiet;
        this.task = task;
        this.everyNanos = terminal ? 500_000_000L : 10_000_000_000L;
        this.next = terminal ? Math.min(start + FIRST_NANOS, Math.max(start, commandStart + FIRST_NANOS)) : start + FIRST_NANOS;
    }

    /** Shows {@code text} if it is time to; cheap to call often. */
    void update(String text) {
        update(() -> text);
    }

    /** Shows the text {@code text} makes if it is time to: callers that report every entry format nothing in between. */
    synchronized void update(java.util.function.Supplier<String> text) {
        long now = System.nanoTime();
        if (quiet || now < next || exiting) {
            return;
        }
        next = now + everyNanos;
        String line = task + ": " + text.get() + "  (" + Format.seconds((now - start) / 1e9) + ")";
        if (terminal) {
            if (clearAtExit == null) {
                clearAtExit = new Thread(this::clear, "polycube-status-line");
                try {
                    Runtime.getRuntime().addShutdownHook(clearAtExit);
                } catch (IllegalStateException exiting) {
                    // Ctrl-C came first: the JVM is exiting, its hooks already run; the line is cleared by close()
                }
            }
            err.print("\r\033[K" + Terminal.fit(Terminal.columns() - 1, new Terminal.Field(line, 0)));
            shown = this;
        } else {
            err.println(line);
        }
        err.flush();
        drew = true;
    }

    @Override
    public synchronized void close() {
        clear();
        if (clearAtExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(clearAtExit);
            } catch (IllegalStateException exiting) {
                // the JVM is already exiting: the hook runs (and finds nothing left to clear)
            }
        }
    }

    private synchronized void clear() {
        if (drew && terminal) {
            err.print("\r\033[K");
            err.flush();
            drew = false;
        }
    }
}
