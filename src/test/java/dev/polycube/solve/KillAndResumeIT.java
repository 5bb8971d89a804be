package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.Processes;
import dev.polycube.checkpoint.CheckpointStore;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Process-level: a Bedlam run is killed hard (SIGKILL via destroyForcibly) at random moments, resumed each
 * time, and the final catalog must equal an uninterrupted run's byte for byte. Runs the packaged jar.
 */
class KillAndResumeIT {

    private static final Path JAR = Path.of("target", "polycube.jar");

    @TempDir
    Path dir;

    private Process start(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(javaBin(), "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("log.txt").toFile()).start();
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Test
    void killedAndResumedRunsGiveTheUninterruptedCatalog() throws Exception {
        Path reference = dir.resolve("reference.txt");
        long began = System.nanoTime();
        Process whole = start("solve", "bedlam", "-o", reference.toString(), "-q", "--no-checkpoint");
        assertTrue(Processes.finished(whole, 5, TimeUnit.MINUTES), Files.readString(dir.resolve("log.txt")));
        assertEquals(0, whole.exitValue(), Files.readString(dir.resolve("log.txt")));
        long wholeMillis = (System.nanoTime() - began) / 1_000_000;

        Path out = dir.resolve("bedlam.txt");
        Path ckpt = dir.resolve("bedlam.ckpt");
        Random random = new Random(20261121);
        // one thread: a run about 1.7 times as long as the whole two-thread run just timed, so kills 0.35 to 0.7 of
        // that apart land while it works, at least twice, on a fast machine or a loaded one (fixed waits of 1.5 to
        // 3.5 s left a loaded machine restarting the JVM more than it searched: 210 - 240 s for this test)
        String[] solve = {"solve", "bedlam", "-o", out.toString(), "-q", "--checkpoint-every", "1s", "--threads", "1"};
        Process p = start(solve);
        int kills = 0;
        int early = 0;
        while (true) {
            long wait = Math.max(1000, (long) (wholeMillis * (0.35 + 0.35 * random.nextDouble())));
            boolean ended = p.waitFor(wait, TimeUnit.MILLISECONDS);
            if (ended) {
                assertEquals(0, p.exitValue(), Files.readString(dir.resolve("log.txt")));
                break;
            }
            int exit = p.destroyForcibly().waitFor();
            if (exit == 0) {
                break; // it finished between the wait and the kill (a whole Bedlam run takes about as long as a wait)
            }
            if (!Files.exists(ckpt) && Files.exists(out)) {
                break; // killed while exiting: it had written its catalog and then removed its checkpoint
            }
            if (kills == 0 && !Files.exists(ckpt) && !Files.exists(CheckpointStore.journalOf(ckpt))) {
                // killed while the JVM started or the tables were built (a loaded machine takes seconds): the run had
                // not begun, nothing was done, so there is nothing to resume; start it again
                assertTrue(++early <= 3, "the run never got as far as its checkpoint in " + early + " tries");
                p = start(solve);
                continue;
            }
            kills++;
            assertTrue(Files.exists(ckpt), "a killed run leaves its checkpoint");
            p = start("resume", ckpt.toString(), "-q", "--threads", "1");
        }
        assertTrue(kills >= 2, "the run should have been killed at least twice, was " + kills);
        assertEquals(-1L, Files.mismatch(reference, out));
        assertTrue(!Files.exists(ckpt) && !new File(ckpt + ".journal").exists(), "a finished run removes its checkpoint");
    }
}
