package dev.polycube.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Slurm run: {@code scripts/slurm-local test bedlam} starts a one-node cluster on this machine (installing
 * Slurm and munge from the distribution when missing), submits the job-array recipe of
 * docs/distributed.md, requeues one task mid-run, merges with an afterok job and compares with a single
 * run. Skipped, saying why, where that cannot be done (not root, no apt-get, daemons that do not start).
 */
class SlurmIT {

    @TempDir
    Path dir;

    @Test
    void theDocumentedArrayJobWithARequeuedTaskMergesIntoTheSingleRun() throws Exception {
        Path log = dir.resolve("slurm.log");
        // Bedlam, not the script's default Tetris Cube: the same recipe and requeue in about half the CPU
        Process p = new ProcessBuilder("scripts/slurm-local", "test", "bedlam").redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        boolean ended = Processes.finished(p, 15, TimeUnit.MINUTES);
        String out = Files.readString(log);
        System.out.println(out);
        if (!ended) {
            new ProcessBuilder("scripts/slurm-local", "stop").start().waitFor(30, TimeUnit.SECONDS);
        }
        assertTrue(ended, "scripts/slurm-local test did not finish in 15 minutes:\n" + out);
        if (p.exitValue() == 3) {
            System.out.println("SlurmIT skipped: " + out.lines().filter(l -> l.contains("cannot run here")).findFirst()
                    .orElse("slurm-local cannot run here"));
            Assumptions.abort(out.lines().filter(l -> l.contains("cannot run here")).findFirst().orElse("cannot run here"));
        }
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("PASS:") && out.contains("requeued and resumed"), out);
    }
}
