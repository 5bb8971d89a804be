package dev.polycube.files;

import java.util.ArrayList;
import java.util.List;

/**
 * What this process tidies when the JVM exits, Ctrl-C and SIGTERM included: one shutdown hook runs the registered
 * actions, in the order they were registered, once no {@link #hold} is open. A run that a signal stops still saves
 * its checkpoint while the JVM's hooks run side by side (reading its spilled lines, writing a snapshot through
 * {@link AtomicFiles}), so the actions wait for it, at most {@link #SAVE_SECONDS}, as the signal's own hook does.
 *
 * <p>Actions are registered while the JVM is not shutting down (a class's static initialiser, a command's start):
 * once it is, a hook can no longer be added, and what would have been tidied is left to the next process's sweep
 * (the spill directory's and the temporary files' names carry their PID).
 */
public final class ExitCleanup {

    /** The longest the actions wait for a run that is still saving (as long as the signal's hook waits). */
    private static final long SAVE_SECONDS = 120;
    /** Open holds (guarded by the class). */
    private static int holds;
    /** True once {@link #atExit} is registered as a shutdown hook (guarded by the class). */
    private static boolean hooked;
    /** The actions, in registration order (guarded by the class). */
    private static final List<Runnable> ACTIONS = new ArrayList<>();

    /** A run's claim that the actions wait for, released by {@link #close()}. */
    public interface Hold extends AutoCloseable {
        @Override
        void close();
    }

    private ExitCleanup() {
    }

    /**
     * Runs {@code action} when the JVM exits, after the open holds close. Returns false when the JVM is already
     * shutting down (then it never runs).
     */
    public static synchronized boolean register(Runnable action) {
        if (!hooked) {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(ExitCleanup::atExit, "polycube-exit-cleanup"));
                hooked = true;
            } catch (IllegalStateException shuttingDown) {
                return false; // "Shutdown in progress"
            }
        }
        ACTIONS.add(action);
        return true;
    }

    /** Keeps the exit actions waiting until the hold is closed (see the class). */
    public static Hold hold() {
        synchronized (ExitCleanup.class) {
            holds++;
        }
        boolean[] closed = new boolean[1];
        return () -> {
            synchronized (ExitCleanup.class) {
                if (!closed[0]) {
                    closed[0] = true;
                    holds--;
                    ExitCleanup.class.notifyAll();
                }
            }
        };
    }

    /** At exit: waits until no run holds (or {@link #SAVE_SECONDS} passed), then runs the actions; one failing stops no other. */
    private static void atExit() {
        long end = System.nanoTime() + SAVE_SECONDS * 1_000_000_000L;
        List<Runnable> actions;
        synchronized (ExitCleanup.class) {
            for (long left = end - System.nanoTime(); holds > 0 && left > 0; left = end - System.nanoTime()) {
                try {
                    ExitCleanup.class.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            actions = List.copyOf(ACTIONS);
        }
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (RuntimeException ignored) {
                // housekeeping: what is left is swept by the next process
            }
        }
    }
}
