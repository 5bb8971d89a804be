package dev.polycube;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProcessesTest {

    @Test
    void aProcessThatDoesNotEndIsKilledWithItsChildren() throws Exception {
        // bash waits for its child, as a launcher script waits for its JVM
        Process p = new ProcessBuilder("bash", "-c", "sleep 300 & wait").start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (p.descendants().findAny().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        List<ProcessHandle> children = p.descendants().toList();
        assertFalse(children.isEmpty(), "the child did not start");
        assertFalse(Processes.finished(p, 100, TimeUnit.MILLISECONDS));
        assertFalse(p.isAlive());
        for (ProcessHandle child : children) {
            child.onExit().completeOnTimeout(child, 10, TimeUnit.SECONDS).get();
            assertFalse(child.isAlive(), "child " + child.pid() + " left running");
        }
    }

    @Test
    void aProcessThatEndsInTimeIsLeftAlone() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertTrue(Processes.finished(p, 30, TimeUnit.SECONDS));
    }
}
