package dev.polycube.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/shard-task}, what every scheduler recipe runs, on a counting run with extra solve options: a
 * piece stopped by SIGTERM (a scheduler's preemption) is started again with the same command line and must
 * resume (resume takes none of solve's options but -q, --stats and --checkpoint-every; the rest are in the
 * checkpoint), and the pieces' count files merge into Big Brother's published 14,177 (Lepage citing Kurowski, reference/pieces).
 * Runs the packaged jar.
 */
class ShardTaskIT {

    private static final Path JAR = Path.of("target", "polycube.jar").toAbsolutePath();

    @TempDir
    Path dir;

    private Process shardTask(int index) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("bash", Path.of("scripts", "shard-task").toAbsolutePath().toString(),
                "big-brother", String.valueOf(index), dir.resolve("pieces.txt").toString(), dir.resolve("runs").toString(),
                "--count-only", "--symmetry", "rotations", "-q"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("log.txt").toFile()));
        pb.environment().put("POLYCUBE", dir.resolve("polycube").toString());
        pb.environment().put("POLYCUBE_THREADS", "1");
        return pb.start();
    }

    private String polycube(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(dir.resolve("polycube").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(Processes.finished(p, 5, TimeUnit.MINUTES), out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void aStoppedCountingPieceResumesWithItsSolveOptionsAndThePiecesMerge() throws Exception {
        // the packaged jar, not the launcher (which would rebuild when the sources look newer than the jar)
        Path launcher = dir.resolve("polycube");
        Files.writeString(launcher, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -jar '" + JAR + "' \"$@\"\n");
        assertTrue(launcher.toFile().setExecutable(true));
        Files.writeString(dir.resolve("pieces.txt"), polycube("plan", "big-brother", "--pieces", "2", "--ranges-only"));

        Path journal = dir.resolve("runs").resolve("big-brother.piece-1.ckpt.journal");
        Process first = shardTask(1);
        Processes.awaitGrowth(first, journal, 200);
        assertTrue(first.isAlive(), "the piece finished before it could be stopped: " + Files.readString(dir.resolve("log.txt")));
        first.destroy(); // SIGTERM: the run saves its checkpoint
        Processes.finished(first, 60, TimeUnit.SECONDS);
        assertTrue(Files.exists(dir.resolve("runs").resolve("big-brother.piece-1.ckpt")), Files.readString(dir.resolve("log.txt")));

        for (int index = 1; index <= 2; index++) {
            Process p = shardTask(index);
            assertTrue(Processes.finished(p, 300, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), Files.readString(dir.resolve("log.txt")));
        }
        assertTrue(Files.readString(dir.resolve("log.txt")).contains("resuming"), Files.readString(dir.resolve("log.txt")));

        String merged = polycube("merge", dir.resolve("big-brother.count.txt").toString(),
                dir.resolve("runs").resolve("big-brother.piece-1.txt").toString(),
                dir.resolve("runs").resolve("big-brother.piece-2.txt").toString());
        assertTrue(merged.contains("14,177 solutions") && merged.contains("matches the published count"), merged);
    }
}
