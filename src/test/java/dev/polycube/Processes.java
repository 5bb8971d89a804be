package dev.polycube;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Waiting for a child process in a test without leaving it behind. A test that gives up on a process and only
 * fails would leave it running: a JVM started by {@code bash -c} or by a launcher script is the child's child,
 * which {@link Process#destroyForcibly()} does not reach, and it went on taking a core from every later test (five
 * such JVMs were found after one failed run). Here a process that does not end in time is killed with all its
 * descendants.
 */
public final class Processes {

    private Processes() {
    }

    /** Whether {@code p} ended within the time; one that did not is killed with its descendants. */
    public static boolean finished(Process p, long timeout, TimeUnit unit) throws InterruptedException {
        if (p.waitFor(timeout, unit)) {
            return true;
        }
        kill(p);
        return false;
    }

    /**
     * Waits until {@code file} (a run's checkpoint journal, say) holds more than {@code bytes} more than when this was
     * called, so the run is known to be working, or {@code p} ends, or a minute passes; the caller asserts what it
     * needs after. A missing file counts as empty.
     */
    public static void awaitGrowth(Process p, Path file, long bytes) throws InterruptedException {
        long from = size(file);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (p.isAlive() && size(file) <= from + bytes && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // not yet made, or replaced as it was read
        }
    }

    /**
     * Kills {@code p} and every process it started, the deepest first, and waits briefly for {@code p} to go. The
     * descendants are listed before anything is killed: once a parent dies, its children belong to init and are
     * no longer found from {@code p}.
     */
    public static void kill(Process p) throws InterruptedException {
        List<ProcessHandle> tree = p.descendants().sorted(Comparator.comparingInt(Processes::depth).reversed())
                .toList();
        for (ProcessHandle h : tree) {
            h.destroyForcibly();
        }
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    private static int depth(ProcessHandle h) {
        int depth = 0;
        for (var parent = h.parent(); parent.isPresent(); parent = parent.get().parent()) {
            depth++;
        }
        return depth;
    }
}
