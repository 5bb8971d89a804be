package dev.polycube.cli;

import dev.polycube.engine.SearchControl;
import dev.polycube.engine.StopReason;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Turns Ctrl-C and SIGTERM into an orderly stop: the JVM's shutdown hook asks the search to stop and waits
 * until the run has saved its checkpoint and said how to resume ({@link #close()}), then lets the JVM exit
 * with the signal's status (130 for SIGINT, 143 for SIGTERM). {@code close()} is reached on every way out
 * of a run, errors included, so the hook never waits for something that will not come.
 */
final class Interrupts implements AutoCloseable {

    /** The longest the hook waits for a run to save (a huge snapshot on a slow disk). */
    private static final long SAVE_SECONDS = 120;

    /** Runs whose stop this class turns into an orderly one, under way now. */
    private static final java.util.concurrent.atomic.AtomicInteger OPEN = new java.util.concurrent.atomic.AtomicInteger();
    /** True once a signal reached a run through this class: that run says how it stopped. */
    private static volatile boolean signalled;

    private final CountDownLatch saved = new CountDownLatch(1);
    private final Thread hook;
    private boolean closed;

    private Interrupts(SearchControl control) {
        this.hook = new Thread(() -> {
            signalled = true;
            control.stop(StopReason.INTERRUPTED);
            try {
                saved.await(SAVE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "polycube-shutdown");
    }

    static Interrupts install(SearchControl control) {
        Interrupts i = new Interrupts(control);
        OPEN.incrementAndGet();
        Runtime.getRuntime().addShutdownHook(i.hook);
        return i;
    }

    /**
     * True when the process is ending by a signal that a run reports itself ("stopped; ... resume with"), or a run
     * that would is under way: {@link Main}'s own word on an interruption is then not wanted.
     */
    static boolean reportedByRun() {
        return signalled || OPEN.get() > 0;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            OPEN.decrementAndGet();
        }
        saved.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already exiting because of a signal; the hook has just been released
        }
    }
}
