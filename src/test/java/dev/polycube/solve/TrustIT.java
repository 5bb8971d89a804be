package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * Process-level trust checks on the packaged jar: signals and their exit codes, two runs on one output,
 * a limited run stopped and resumed, a limited shard given to merge.
 */
class TrustIT {

    private static final Path JAR = Path.of("target", "polycube.jar").toAbsolutePath();

    @TempDir
    Path dir;

    private Process start(String log, String... args) throws IOException {
        return start(List.of(), log, args);
    }

    private Process start(List<String> jvmOptions, String log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(log).toFile()).start();
    }

    private int run(String log, String... args) throws Exception {
        Process p = start(log, args);
        assertTrue(Processes.finished(p, 120, TimeUnit.SECONDS), "timed out: " + List.of(args));
        return p.exitValue();
    }

    private String log(String name) throws IOException {
        return Files.readString(dir.resolve(name));
    }

    private static void signal(Process p, String sig) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).start().waitFor());
    }

    /**
     * SIGINT exits 130 and SIGTERM 143 (128 + the signal), each after saving; the resumed catalog is exact. The
     * interrupted runs keep at most 200 lines in memory, so that saving reads lines spilled to disk while the
     * JVM's exit hooks run (the spill files' removal once raced the save, which then failed). Big Brother (45 M
     * nodes, a third of the Tetris Cube's): each signal comes once the run's journal has grown by a few units, so
     * it lands while the run searches, early, whatever the machine's pace (a signal timed by the uninterrupted run
     * let a resumed run finish first when the machine sped up between them).
     */
    @Test
    void signalsSaveTheCheckpointAndExitWith128PlusTheSignal() throws Exception {
        assertEquals(0, run("ref.log", "solve", "big-brother", "-o", "ref.txt", "-q", "--no-checkpoint"), log("ref.log"));
        String[][] steps = {{"INT", "130"}, {"TERM", "143"}};
        List<String> spill = List.of("-Dpolycube.spill.lines=200");
        boolean first = true;
        for (String[] step : steps) {
            Process p = first ? start(spill, "run.log", "solve", "big-brother", "-o", "t.txt", "-q")
                    : start(spill, "run.log", "resume", "t.ckpt", "-q");
            first = false;
            Processes.awaitGrowth(p, dir.resolve("t.ckpt.journal"), 200); // a few units: it searches
            assertTrue(p.isAlive(), "the run ended before it could be interrupted: " + log("run.log"));
            signal(p, step[0]);
            assertTrue(Processes.finished(p, 30, TimeUnit.SECONDS), "no exit after SIG" + step[0]);
            assertEquals(Integer.parseInt(step[1]), p.exitValue(), log("run.log"));
            assertTrue(log("run.log").contains("polycube resume t.ckpt"), log("run.log"));
            assertTrue(Files.exists(dir.resolve("t.ckpt")));
        }
        assertEquals(0, run("end.log", "resume", "t.ckpt", "-q"), log("end.log"));
        assertEquals(-1L, Files.mismatch(dir.resolve("ref.txt"), dir.resolve("t.txt")));
    }

    /**
     * A run that fails on a file (here: its spill directory cannot be made, a file stands where it should be) exits
     * 3 naming the file and the reason, and says that its finished units are kept and how to go on; resumed where
     * spilling works, it writes the exact catalog.
     */
    @Test
    void aRunThatCannotSpillSaysWhereItsWorkIsKeptAndResumes() throws Exception {
        assertEquals(0, run("ref.log", "solve", "soma", "-o", "ref.txt", "-q", "--no-checkpoint"), log("ref.log"));
        Files.writeString(dir.resolve("not-a-dir"), "x");
        Process p = start(List.of("-Dpolycube.spill.lines=50", "-Dpolycube.spill.dir=" + dir.resolve("not-a-dir")), "fail.log",
                "solve", "soma", "-o", "s.txt", "-q", "-t", "1");
        assertTrue(Processes.finished(p, 60, TimeUnit.SECONDS));
        assertEquals(3, p.exitValue(), log("fail.log"));
        assertTrue(log("fail.log").contains("cannot create a spill directory in " + dir.resolve("not-a-dir") + ": it is not a directory"),
                log("fail.log"));
        assertTrue(log("fail.log").contains("`polycube resume s.ckpt` goes on from them"), log("fail.log"));
        // without the property, $TMPDIR as Unix tools (and batch systems' scratch disks) use it, not Java's /tmp
        ProcessBuilder tmpdir = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dpolycube.spill.lines=50", "-jar", JAR.toString(), "solve", "soma", "-o", "e.txt", "-q", "-t", "1",
                "--no-checkpoint").directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("env.log").toFile());
        tmpdir.environment().put("TMPDIR", dir.resolve("not-a-dir").toString());
        Process e = tmpdir.start();
        assertTrue(Processes.finished(e, 60, TimeUnit.SECONDS));
        assertEquals(3, e.exitValue(), log("env.log"));
        assertTrue(log("env.log").contains("cannot create a spill directory in " + dir.resolve("not-a-dir")), log("env.log"));
        assertEquals(0, run("resume.log", "resume", "s.ckpt", "-q"), log("resume.log"));
        assertEquals(-1L, Files.mismatch(dir.resolve("ref.txt"), dir.resolve("s.txt")));
    }

    /**
     * While a run holds its output, a second solve on it and a resume of its checkpoint are refused (exit 2, naming
     * the first run's pid), and the first run goes on to its full count. It is Big Brother on one thread (about 6 s
     * here): the refusals are two JVM starts that fail at once, and the first run has taken its lock once its
     * checkpoint's journal holds a unit.
     */
    @Test
    void aSecondRunOnTheSameOutputIsRefusedWhileTheFirstRuns() throws Exception {
        Process first = start("first.log", "solve", "big-brother", "-o", "t.txt", "-q", "-t", "1");
        Processes.awaitGrowth(first, dir.resolve("t.ckpt.journal"), 0);
        assertTrue(first.isAlive(), log("first.log"));
        assertEquals(2, run("second.log", "solve", "big-brother", "-o", "t.txt", "-q"), log("second.log"));
        assertEquals(2, run("third.log", "resume", "t.ckpt", "-q"), log("third.log"));
        assertTrue(log("third.log").contains("another polycube run is using t.ckpt (pid " + first.pid()), log("third.log"));
        assertTrue(first.isAlive(), "the first run ended during the refusals, which then proved nothing: " + log("first.log"));
        assertTrue(Processes.finished(first, 120, TimeUnit.SECONDS));
        assertEquals(0, first.exitValue(), log("first.log"));
        assertTrue(log("first.log").contains("14,177 solutions"), log("first.log"));
    }

    /**
     * The limit is part of the checkpoint: stopped and resumed (on two threads instead of one), the run keeps
     * exactly the same first N. Big Brother's first 8,000 of 14,177, stopped once its journal holds a few units.
     */
    @Test
    void aLimitedRunStoppedAndResumedKeepsTheSameFirstN() throws Exception {
        assertEquals(0, run("ref.log", "solve", "big-brother", "--limit", "8000", "-t", "1", "-o", "ref.txt", "-q",
                "--no-checkpoint"), log("ref.log"));
        Process p = start("run.log", "solve", "big-brother", "--limit", "8000", "-t", "1", "-o", "lim.txt", "-q",
                "--checkpoint-every", "1s");
        Processes.awaitGrowth(p, dir.resolve("lim.ckpt.journal"), 200);
        assertTrue(p.isAlive(), log("run.log"));
        signal(p, "INT");
        assertTrue(Processes.finished(p, 30, TimeUnit.SECONDS));
        assertEquals(130, p.exitValue(), log("run.log"));
        assertEquals(0, run("resume.log", "resume", "lim.ckpt", "-q", "-t", "2"), log("resume.log"));
        assertTrue(log("resume.log").contains("limit of 8,000 solutions reached"), log("resume.log"));
        assertEquals(-1L, Files.mismatch(dir.resolve("ref.txt"), dir.resolve("lim.txt")));
    }

    @Test
    void mergeRefusesALimitedShard() throws Exception {
        assertEquals(0, run("a.log", "solve", "soma", "--shard", "1/2", "--limit", "5", "-o", "s1.txt", "-q"), log("a.log"));
        assertEquals(0, run("b.log", "solve", "soma", "--shard", "2/2", "-o", "s2.txt", "-q"), log("b.log"));
        assertEquals(2, run("m.log", "merge", "m.txt", "s1.txt", "s2.txt"), log("m.log"));
        assertTrue(log("m.log").contains("s1.txt is a limited part"), log("m.log"));
        assertFalse(Files.exists(dir.resolve("m.txt")));
    }

    /**
     * A command that no run of ours reports on (here a conversion to JSON Lines, about 1.8 KB an entry), stopped by a
     * signal while it writes: it exits 128 + the signal with one line naming the file it did not write, and leaves
     * neither a temporary file (it once left gigabytes of one, silently) nor a changed target.
     */
    @Test
    void aConversionStoppedBySignalLeavesNoTemporaryFileAndSaysWhatItDidNotWrite() throws Exception {
        Files.writeString(dir.resolve("dominoes.txt"), "name dominoes\nbox 2 4 5\npiece D 20 (0,0,0) (1,0,0)\n");
        assertEquals(0, run("solve.log", "solve", "dominoes.txt", "--symmetry", "fixed", "-o", "all.txt", "-q", "--no-checkpoint"));
        Files.writeString(dir.resolve("all.jsonl"), "the older file\n");
        for (String[] step : new String[][] {{"INT", "130"}, {"TERM", "143"}}) {
            Process p = start("convert.log", "convert", "all.txt", "all.jsonl", "--to", "jsonl");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (p.isAlive() && temporaryBytes() < (4 << 20) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(p.isAlive(), "the conversion ended before it could be stopped: " + log("convert.log"));
            signal(p, step[0]);
            assertTrue(Processes.finished(p, 30, TimeUnit.SECONDS), "no exit after SIG" + step[0]);
            assertEquals(Integer.parseInt(step[1]), p.exitValue(), log("convert.log"));
            assertTrue(log("convert.log").contains("polycube: interrupted; all.jsonl not written"), log("convert.log"));
            assertEquals(-1, temporaryBytes(), "no temporary file left");
            assertEquals("the older file\n", Files.readString(dir.resolve("all.jsonl")));
        }
    }

    /**
     * Standard output that cannot be written (a redirection to a full disk) is an error, not a silent exit 0 with the
     * output lost; a reader that stops reading ({@code | head -1}) is none.
     */
    @Test
    void standardOutputThatCannotBeWrittenIsAFileError() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process full = new ProcessBuilder(java, "-jar", JAR.toString(), "export", "bedlam").directory(dir.toFile())
                .redirectOutput(new java.io.File("/dev/full")).redirectError(dir.resolve("full.log").toFile()).start();
        assertTrue(Processes.finished(full, 60, TimeUnit.SECONDS));
        assertEquals(3, full.exitValue(), log("full.log"));
        assertTrue(log("full.log").contains("polycube: cannot write standard output: No space left on device"), log("full.log"));
        // 140 KB of differences, more than a pipe holds: the writer meets the closed pipe, and diff's own answer stands
        assertEquals(0, run("all.log", "solve", "tetracubes-2x4x4", "-o", "all.txt", "-q", "--no-checkpoint"));
        assertEquals(0, run("ten.log", "solve", "tetracubes-2x4x4", "-o", "ten.txt", "-q", "--no-checkpoint", "--limit", "10"));
        Process head = new ProcessBuilder("bash", "-c", "'" + java + "' -jar '" + JAR + "' diff all.txt ten.txt --show 2000 -q 2>head.log"
                + " | head -1 >/dev/null; echo ${PIPESTATUS[0]} > head.code").directory(dir.toFile()).start();
        assertTrue(Processes.finished(head, 60, TimeUnit.SECONDS));
        assertEquals("1", Files.readString(dir.resolve("head.code")).strip(), "the catalogs differ: " + log("head.log"));
        assertFalse(log("head.log").contains("cannot write"), log("head.log"));
    }

    /**
     * A disk that fills while the run writes (a real one: a 1 MiB tmpfs, where the machine lets the test mount one; the
     * run's journal and Bedlam's catalog each need more): exit 3 with the system's "No space left on device" and the
     * way on; the checkpoint and journal moved to a disk with room, the resumed run writes the published 19,186 classes.
     * A run without a checkpoint says that nothing was kept.
     */
    @Test
    void aDiskThatFillsDuringTheRunLosesNothing() throws Exception {
        Path full = smallDisk("1m");
        try {
            assertEquals(3, run("full.log", "solve", "bedlam", "-o", "full/b.txt", "--threads", "2"), log("full.log"));
            assertTrue(log("full.log").contains("No space left on device") && log("full.log").contains("polycube resume"),
                    log("full.log"));
            assertFalse(Files.exists(full.resolve("b.txt")));
            Path moved = Files.createDirectories(dir.resolve("moved"));
            try (var kept = Files.list(full)) {
                for (Path f : (Iterable<Path>) kept::iterator) {
                    Files.copy(f, moved.resolve(f.getFileName()));
                }
            }
            // without a checkpoint nothing is kept, and the message says so
            assertEquals(3, run("none.log", "solve", "soma", "-o", "full/s.txt", "--no-checkpoint"), log("none.log"));
            assertTrue(log("none.log").contains("No space left on device") && log("none.log").contains("kept no checkpoint"),
                    log("none.log"));
        } finally {
            unmount(full);
        }
        assertEquals(0, run("resume.log", "resume", "moved/b.ckpt", "-o", "moved/b.txt"), log("resume.log"));
        assertTrue(log("resume.log").contains("units done"), "it resumed rather than started over: " + log("resume.log"));
        assertEquals(0, run("verify.log", "verify", "moved/b.txt", "--puzzle", "bedlam"), log("verify.log"));
        assertEquals(19_186, Files.readAllLines(dir.resolve("moved/b.txt")).stream().filter(l -> !l.startsWith("#")).count());
    }

    /**
     * A disk analysis fills: its journal keeps the classes analysed (the message says where and how to go on), a second
     * try on the still full disk leaves that journal as it was (it is rewritten beside itself, then renamed), and once
     * there is room the same command goes on from it and writes the catalog an uninterrupted analysis writes.
     */
    @Test
    void aDiskThatFillsDuringAnAnalysisKeepsWhatWasAnalysed() throws Exception {
        assertEquals(0, run("solve.log", "solve", "bedlam", "-o", "b.txt", "-q", "--no-checkpoint"), log("solve.log"));
        assertEquals(0, run("whole.log", "disassemble", "b.txt", "-o", "whole.txt", "-q"), log("whole.log"));
        Path full = smallDisk("4m");
        try {
            Path filler = full.resolve("filler");
            // about 64 KiB left: less than the journal's 19,186 records and far less than the catalog
            Files.write(filler, new byte[(int) Math.max(0, Files.getFileStore(full).getUsableSpace() - (64 << 10))]);
            assertEquals(3, run("full.log", "disassemble", "b.txt", "-o", "full/d.txt", "-q"), log("full.log"));
            Path journal = full.resolve("d.txt.levels-journal");
            assertTrue(log("full.log").contains("No space left on device") && log("full.log").contains("kept in full/d.txt.levels-journal")
                    && log("full.log").contains("the same command goes on from them"), log("full.log"));
            byte[] kept = Files.readAllBytes(journal);
            assertTrue(kept.length > 1000, "records kept: " + kept.length);
            assertEquals(3, run("again.log", "disassemble", "b.txt", "-o", "full/d.txt", "-q"), log("again.log"));
            assertTrue(java.util.Arrays.equals(kept, Files.readAllBytes(journal)), "the journal as it was");
            Files.delete(filler);
            assertEquals(0, run("room.log", "disassemble", "b.txt", "-o", "full/d.txt", "-q"), log("room.log"));
            assertTrue(log("room.log").contains("analysed before"), log("room.log"));
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(dir.resolve("whole.txt")), Files.readAllBytes(full.resolve("d.txt"))),
                    "the uninterrupted analysis's catalog");
            assertFalse(Files.exists(journal));
        } finally {
            unmount(full);
        }
    }

    /** A directory of the test's on a tmpfs of {@code size}; the test is skipped where the machine lets it mount none. */
    private Path smallDisk(String size) throws Exception {
        Path disk = Files.createDirectories(dir.resolve("full"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", disk.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("mount.log").toFile()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(Processes.finished(mount, 30, TimeUnit.SECONDS) && mount.exitValue() == 0,
                "no tmpfs can be mounted here");
        return disk;
    }

    private static void unmount(Path disk) throws Exception {
        new ProcessBuilder("umount", disk.toString()).start().waitFor(30, TimeUnit.SECONDS);
    }

    /** The size of the atomic writes' temporary files in the test's directory, -1 for none. */
    private long temporaryBytes() throws IOException {
        long n = -1;
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (f.getFileName().toString().endsWith(".tmp")) {
                    try {
                        n = Math.max(n, 0) + Files.size(f);
                    } catch (IOException gone) {
                        // renamed or removed as it was looked at
                    }
                }
            }
        }
        return n;
    }

    /**
     * Memory that runs out anyway (here a heap far too small for Bedlam's tables) ends in a sentence and exit 2,
     * never a raw OutOfMemoryError; and a catalog far larger than the heap is verified, diffed and converted
     * in bounded memory (read one entry at a time, classes spilled to disk).
     */
    @Test
    void memoryIsBoundedAndItsEndIsASentence() throws Exception {
        Process small = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx6m",
                "-jar", JAR.toString(), "solve", "bedlam", "--count-only", "-q").directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("oom.log").toFile()).start();
        assertTrue(Processes.finished(small, 120, TimeUnit.SECONDS));
        assertEquals(2, small.exitValue(), log("oom.log"));
        assertTrue(log("oom.log").contains("memory ran out") && !log("oom.log").contains("OutOfMemoryError"), log("oom.log"));

        // a listing of more solutions than any catalog holds (98 dominoes in 14x14: Kasteleyn's 1.1e23) says what to do instead,
        // under the launchers' parallel collector and under G1, which `java -jar` and embedders get (there the pool's own
        // record of the error once ran out of memory too, and the run waited for ever)
        Files.writeString(dir.resolve("d14.txt"), "name d14\nbox 14 14 1\npiece D 98 (0,0,0) (1,0,0)\n");
        for (String collector : List.of("-XX:+UseParallelGC", "-XX:+UseG1GC")) {
            Process listing = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                    collector, "-jar", JAR.toString(), "solve", "d14.txt", "-q", "--no-checkpoint", "-o", "d14.cat").directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("list.log").toFile()).start();
            assertTrue(Processes.finished(listing, 120, TimeUnit.SECONDS), collector + ": still running after 120 s");
            assertEquals(2, listing.exitValue(), collector + ": " + log("list.log"));
            assertTrue(log("list.log").contains("while listing d14's solutions") && log("list.log").contains("polycube info d14.txt")
                    && log("list.log").contains("--count-only counts them without listing")
                    && !log("list.log").contains("OutOfMemoryError"), collector + ": " + log("list.log"));
            assertFalse(Files.exists(dir.resolve("d14.cat")));
        }

        Files.writeString(dir.resolve("dominoes.txt"), "name dominoes\nbox 2 4 5\npiece D 20 (0,0,0) (1,0,0)\n");
        assertEquals(0, run("solve.log", "solve", "dominoes.txt", "--symmetry", "fixed", "-o", "all.txt", "-q", "--no-checkpoint"));
        String count = log("solve.log").replaceAll("(?s).*?: ([0-9,]+) solutions.*", "$1");
        for (String[] args : List.of(new String[] {"verify", "all.txt"}, new String[] {"diff", "all.txt", "all.txt", "--show", "0"},
                // Ekström's layout: read in the same bounded memory as any other, written in a third of the time JSON
                // Lines takes (944 MB of JSON for these 535,229 entries)
                new String[] {"convert", "all.txt", "all.ekstrom", "--to", "ekstrom"})) {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx48m", "-jar", JAR.toString()));
            cmd.addAll(List.of(args));
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("big.log").toFile()).start();
            assertTrue(Processes.finished(p, 300, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), List.of(args) + ": " + log("big.log"));
            assertTrue(log("big.log").contains(count), "every entry read: " + count + " in " + log("big.log"));
        }
    }
}
