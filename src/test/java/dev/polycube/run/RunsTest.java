package dev.polycube.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.checkpoint.Part;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.StopReason;
import dev.polycube.files.RunLock;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.solve.Solver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A run's life through the library, as the command line and an embedding program use it. */
class RunsTest {

    @TempDir
    Path dir;

    /** Soma's 480 classes under rotations: Lepage's published list (catalogs/published). */
    private static final long SOMA = 480;

    private static List<Path> hidden(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(".")).toList();
        }
    }

    /** A listener that stops the run (as Ctrl-C does) at the first unit done when {@code when(units done, solutions kept)}. */
    private static RunListener stopWhen(SearchControl control, java.util.function.BiPredicate<Integer, Long> when) {
        AtomicInteger units = new AtomicInteger();
        return new RunListener() {
            @Override
            public SearchMonitor progress(LongSupplier solutions, int alreadyDone) {
                return new SearchMonitor() {
                    @Override
                    public void onUnitDone(int unit, long nodes) {
                        if (when.test(units.incrementAndGet(), solutions.getAsLong())) {
                            control.stop(StopReason.INTERRUPTED);
                        }
                    }
                };
            }
        };
    }

    /**
     * Stops once the run has kept some solutions: a stop after a fixed number of units may come before any (Soma's 480
     * classes lie in few of its 12,099 units, and the first units run are a shuffled sample).
     */
    private static RunListener stopOnceFound(SearchControl control) {
        return stopWhen(control, (units, found) -> found > 0);
    }

    /** Stops once {@code n} units are done. */
    private static RunListener stopAfter(int n, SearchControl control) {
        return stopWhen(control, (units, found) -> units == n);
    }

    private RunRequest soma(Path out) {
        Puzzle soma = TestPuzzles.builtIn("soma");
        return new RunRequest(soma, Solver.Options.defaults().withThreads(2), Part.ALL, out, dir.resolve("soma.ckpt"),
                Duration.ofSeconds(30), false);
    }

    /**
     * A run stopped while a periodic snapshot is being written (here one every millisecond, so one nearly always is)
     * lets that snapshot finish, warns of nothing and saves its last snapshot, from which it resumes to the published
     * count. Stopping once interrupted the snapshot under way, which closed the journal's file: the last snapshot then
     * failed (ClosedChannelException), or, seen on the one-sided 9x10's listing stopped by SIGTERM, the run warned
     * "checkpoint snapshot failed: ... ClosedByInterruptException" above a checkpoint that was saved. Later, a tick
     * left running past the stop reached the store after the run had closed it ("checkpoint snapshot failed: null", a
     * ClosedChannelException): 1 in 300 runs of this test under six busy loops, none in 600 since the stop waits for it.
     */
    @Test
    void aStopDuringASnapshotWarnsOfNothing() throws IOException {
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        SearchControl control = new SearchControl();
        RunListener stopAfterForty = stopAfter(40, control);
        RunListener listener = new RunListener() {
            @Override
            public SearchMonitor progress(LongSupplier solutions, int alreadyDone) {
                return stopAfterForty.progress(solutions, alreadyDone);
            }

            @Override
            public void warning(String message) {
                warnings.add(message);
            }
        };
        Puzzle tetracubes = TestPuzzles.builtIn("tetracubes-2x4x4");
        Path ckpt = dir.resolve("t.ckpt");
        RunRequest request = new RunRequest(tetracubes, Solver.Options.defaults().withThreads(2), Part.ALL, dir.resolve("t.txt"),
                ckpt, Duration.ofMillis(1), false);
        assertInstanceOf(RunOutcome.Stopped.class, Runs.solve(request, listener, control));
        assertEquals(List.of(), warnings);
        RunOutcome.Finished f = assertInstanceOf(RunOutcome.Finished.class,
                Runs.resume(ckpt, 2, Duration.ofSeconds(30), RunListener.NONE, new SearchControl()));
        assertEquals(1390, f.solutions()); // the published count (Polyform Puzzler's documentation, reference/pieces)
    }

    /**
     * A snapshot is rewritten at a tick once the run has gone on ten times as long as the last one took (the first
     * tick always: nothing has been written but the start); the ticks in between only force the journal to disk.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} ns after a snapshot of {1} ns: {2}")
    @org.junit.jupiter.params.provider.CsvSource({"30000000000, 0, true", "999, 100, false", "1000, 100, true",
            "30000000000, 4000000000, false", "40000000000, 4000000000, true"})
    void aSnapshotWaitsTenTimesAsLongAsTheLastTook(long sinceLast, long lastTook, boolean due) {
        assertEquals(due, Journal.snapshotDue(sinceLast, lastTook));
    }

    @Test
    void aFinishedRunWritesItsCatalogAndLeavesNoRunFilesBehind() throws IOException {
        RunOutcome o = Runs.solve(soma(dir.resolve("soma.txt")), RunListener.NONE, new SearchControl());
        RunOutcome.Finished f = assertInstanceOf(RunOutcome.Finished.class, o);
        assertEquals(SOMA, f.solutions());
        assertTrue(f.verdict().matches(), "the built-in's published count is checked once, in the run");
        assertTrue(Files.isRegularFile(dir.resolve("soma.txt")));
        assertFalse(Files.exists(dir.resolve("soma.ckpt")));
        assertEquals(List.of(), hidden(dir), "no lock file left behind");
    }

    @Test
    void aStoppedRunKeepsItsCheckpointButNoLockFileAndResumesToTheSameCount() throws IOException {
        SearchControl control = new SearchControl();
        RunListener stopAfterTen = stopAfter(10, control);
        RunOutcome o = Runs.solve(soma(dir.resolve("soma.txt")), stopAfterTen, control);
        RunOutcome.Stopped s = assertInstanceOf(RunOutcome.Stopped.class, o);
        assertEquals(dir.resolve("soma.ckpt"), s.checkpoint());
        assertTrue(s.unitsDone() >= 10 && s.unitsDone() < s.unitsInPart(), s.toString());
        assertEquals(List.of(), hidden(dir), "a stopped run leaves its checkpoint, not its lock");
        AtomicInteger resumedFrom = new AtomicInteger(-1);
        RunOutcome again = Runs.resume(dir.resolve("soma.ckpt"), 2, Duration.ofSeconds(30), new RunListener() {
            @Override
            public void resuming(Path checkpoint, int done, int inPart, long carried) {
                resumedFrom.set(done);
            }
        }, new SearchControl());
        assertEquals(s.unitsDone(), resumedFrom.get());
        assertEquals(SOMA, assertInstanceOf(RunOutcome.Finished.class, again).solutions());
        assertEquals(List.of(), hidden(dir));
    }

    /**
     * A run stopped, then resumed to write elsewhere (its disk full, say): the catalog there is the uninterrupted run's,
     * byte for byte, and a second stop and resume without a new path goes on writing to the new one, which the
     * checkpoint now names. A whole count, which writes no file, is refused a path.
     */
    @Test
    void aResumeWritesWhereItIsToldAndTheCheckpointKeepsIt() throws IOException {
        Path whole = dir.resolve("whole.txt");
        Runs.solve(RunRequest.of(TestPuzzles.builtIn("soma"), Solver.Options.defaults().withThreads(2), whole), RunListener.NONE,
                new SearchControl());
        SearchControl control = new SearchControl();
        assertInstanceOf(RunOutcome.Stopped.class, Runs.solve(soma(dir.resolve("soma.txt")), stopAfter(10, control), control));
        Path elsewhere = Files.createDirectories(dir.resolve("other")).resolve("soma.txt");
        SearchControl again = new SearchControl();
        assertInstanceOf(RunOutcome.Stopped.class, Runs.resume(dir.resolve("soma.ckpt"), 2, Duration.ofSeconds(30), elsewhere,
                stopAfter(20, again), again));
        RunOutcome o = Runs.resume(dir.resolve("soma.ckpt"), 2, Duration.ofSeconds(30), RunListener.NONE, new SearchControl());
        assertEquals(SOMA, assertInstanceOf(RunOutcome.Finished.class, o).solutions());
        assertFalse(Files.exists(dir.resolve("soma.txt")), "the first path is not written");
        assertEquals(-1L, Files.mismatch(whole, elsewhere));

        SearchControl count = new SearchControl();
        RunRequest counting = new RunRequest(TestPuzzles.builtIn("soma"), Solver.Options.defaults().withThreads(1)
                .withCountOnly(true).withSymmetry(dev.polycube.puzzle.SymmetryMode.BURRTOOLS), Part.ALL, null,
                dir.resolve("count.ckpt"), Duration.ofSeconds(30), true);
        assertInstanceOf(RunOutcome.Stopped.class, Runs.solve(counting, stopAfter(5, count), count));
        dev.polycube.error.OptionException refused = org.junit.jupiter.api.Assertions.assertThrows(
                dev.polycube.error.OptionException.class, () -> Runs.resume(dir.resolve("count.ckpt"), 1,
                        Duration.ofSeconds(30), elsewhere, RunListener.NONE, new SearchControl()));
        assertTrue(refused.getMessage().contains("writes no file"), refused.getMessage());
    }

    /** The last figures a {@link dev.polycube.files.Progress} was told, and whether it was closed. */
    private static final class Told implements dev.polycube.files.Progress {
        volatile long done = -1;
        volatile long total = -1;
        volatile boolean closed;

        @Override
        public synchronized void at(long done, long total) {
            assertFalse(closed, "told after it was closed");
            assertTrue(done >= this.done && done <= total, done + " of " + total + " after " + this.done);
            this.done = done;
            this.total = total;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /**
     * A resumed run tells its listener how far it has read its checkpoint (to the bytes of the snapshot and journal),
     * checked the classes saved in it (all of them), saved them in its first snapshot and written the catalog (the
     * puzzle's published count of lines); each pass is closed when it ends.
     */
    @Test
    void aResumedRunTellsHowFarEachPassOverItsFilesHasGot() throws IOException {
        SearchControl control = new SearchControl();
        RunOutcome.Stopped s = assertInstanceOf(RunOutcome.Stopped.class,
                Runs.solve(soma(dir.resolve("soma.txt")), stopWhen(control, (units, found) -> found >= 100), control));
        Path ckpt = dir.resolve("soma.ckpt");
        long bytes = Files.size(ckpt) + (Files.exists(dir.resolve("soma.ckpt.journal")) ? Files.size(dir.resolve("soma.ckpt.journal")) : 0);
        Told reading = new Told();
        Told checking = new Told();
        Told saving = new Told();
        Told writing = new Told();
        AtomicInteger carried = new AtomicInteger(-1);
        RunOutcome again = Runs.resume(ckpt, 2, Duration.ofSeconds(30), new RunListener() {
            @Override
            public dev.polycube.files.Progress reading(Path checkpoint) {
                return reading;
            }

            @Override
            public dev.polycube.files.Progress checking(Path checkpoint) {
                return checking;
            }

            @Override
            public dev.polycube.files.Progress saving(Path checkpoint) {
                return saving;
            }

            @Override
            public dev.polycube.files.Progress writing(Path catalog) {
                assertTrue(reading.closed && checking.closed && saving.closed);
                return writing;
            }

            @Override
            public void resuming(Path checkpoint, int done, int inPart, long classes) {
                assertTrue(reading.closed && checking.closed, "said once the saved classes are checked");
                carried.set((int) classes);
            }
        }, new SearchControl());
        assertEquals(SOMA, assertInstanceOf(RunOutcome.Finished.class, again).solutions());
        assertTrue(s.solutionsSoFar() > 0 && carried.get() == s.solutionsSoFar(), carried + " " + s);
        assertEquals(bytes, reading.done);
        assertEquals(bytes, reading.total);
        assertEquals(carried.get(), checking.done);
        assertTrue(checking.total >= checking.done, checking.total + "");
        assertEquals(carried.get(), saving.done);
        assertEquals(carried.get(), saving.total);
        assertEquals(SOMA, writing.done);
        assertEquals(SOMA, writing.total);
        assertTrue(reading.closed && checking.closed && saving.closed && writing.closed);
    }

    /**
     * A resume asked to stop while it reads or checks its checkpoint (Ctrl-C during the minute a checkpoint of millions
     * of classes takes) stops there, says so, and leaves the checkpoint as it was; resumed again, it finishes.
     */
    @Test
    void aResumeStoppedBeforeItsRunStartsLeavesTheCheckpointAsItWas() throws IOException {
        SearchControl control = new SearchControl();
        assertInstanceOf(RunOutcome.Stopped.class, Runs.solve(soma(dir.resolve("soma.txt")), stopOnceFound(control), control));
        Path ckpt = dir.resolve("soma.ckpt");
        Path journal = dir.resolve("soma.ckpt.journal");
        byte[] snapshot = Files.readAllBytes(ckpt);
        byte[] records = Files.exists(journal) ? Files.readAllBytes(journal) : new byte[0];
        SearchControl stopped = new SearchControl();
        stopped.stop(StopReason.INTERRUPTED);
        RunOutcome.Stopped early = assertInstanceOf(RunOutcome.Stopped.class,
                Runs.resume(ckpt, 2, Duration.ofSeconds(30), new RunListener() { }, stopped));
        assertTrue(early.beforeStart(), early.toString());
        assertEquals(ckpt, early.checkpoint());
        assertTrue(java.util.Arrays.equals(snapshot, Files.readAllBytes(ckpt)), "the snapshot as it was");
        assertTrue(java.util.Arrays.equals(records, Files.exists(journal) ? Files.readAllBytes(journal) : new byte[0]),
                "the journal as it was");
        assertTrue(hidden(dir).isEmpty(), "no lock left: " + hidden(dir));
        RunOutcome again = Runs.resume(ckpt, 2, Duration.ofSeconds(30), new RunListener() { }, new SearchControl());
        assertEquals(SOMA, assertInstanceOf(RunOutcome.Finished.class, again).solutions());
    }

    /**
     * A run that ends before its catalog is written (here its write fails) keeps every unit in its checkpoint; resumed,
     * with no unit left, it rewrites nothing (the checkpoint's bytes are as they were when its catalog is written, so
     * a crash then would resume from them again), writes the catalog and leaves no run file behind.
     */
    @Test
    void aResumedRunWithNothingLeftRewritesNoCheckpoint() throws IOException {
        Path out = dir.resolve("soma.txt");
        Path ckpt = dir.resolve("soma.ckpt");
        Path journal = dir.resolve("soma.ckpt.journal");
        RunListener failingWrite = new RunListener() {
            @Override
            public dev.polycube.files.Progress writing(Path catalog) {
                throw new dev.polycube.error.FileAccessException("the disk is full (simulated)", null);
            }
        };
        org.junit.jupiter.api.Assertions.assertThrows(dev.polycube.error.FileAccessException.class,
                () -> Runs.solve(soma(out), failingWrite, new SearchControl()));
        assertFalse(Files.exists(out));
        byte[] snapshot = Files.readAllBytes(ckpt);
        byte[] records = Files.readAllBytes(journal);
        assertTrue(records.length > 0, "the journal holds the units");
        boolean[] saved = new boolean[1];
        RunOutcome again = Runs.resume(ckpt, 2, Duration.ofSeconds(30), new RunListener() {
            @Override
            public dev.polycube.files.Progress saving(Path checkpoint) {
                saved[0] = true;
                return dev.polycube.files.Progress.NONE;
            }

            @Override
            public dev.polycube.files.Progress writing(Path catalog) {
                try {
                    assertTrue(java.util.Arrays.equals(snapshot, Files.readAllBytes(ckpt)), "the snapshot as it was");
                    assertTrue(java.util.Arrays.equals(records, Files.readAllBytes(journal)), "the journal as it was");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                return dev.polycube.files.Progress.NONE;
            }
        }, new SearchControl());
        assertEquals(SOMA, assertInstanceOf(RunOutcome.Finished.class, again).solutions());
        assertFalse(saved[0], "no snapshot written");
        assertFalse(Files.exists(ckpt) || Files.exists(journal));
        assertTrue(hidden(dir).isEmpty(), hidden(dir).toString());
    }

    /**
     * A checkpoint whose digest is right but one of whose saved lines is not a class of the puzzle (a forged or
     * buggy snapshot) is refused when resumed, naming the problem, whichever of the checking threads meets it;
     * a saved line that is a real class but not in canonical form is refused too.
     */
    @Test
    void aResumedCheckpointWithAnInvalidLineIsRefused() throws Exception {
        SearchControl control = new SearchControl();
        RunOutcome o = Runs.solve(soma(dir.resolve("soma.txt")), stopOnceFound(control), control);
        assertInstanceOf(RunOutcome.Stopped.class, o);
        Path ckpt = dir.resolve("soma.ckpt");
        List<String> text = Files.readAllLines(ckpt);
        List<Integer> lines = new java.util.ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            if (text.get(i).startsWith("line ")) {
                lines.add(i);
            }
        }
        assertTrue(lines.size() > 0, "the stopped run saved some solutions");
        String good = text.get(lines.get(lines.size() - 1)).substring("line ".length());
        String[] forgeries = {
            "V".repeat(good.length()), // not a packing of the pieces at all
            new StringBuilder(good).reverse().toString(), // a packing, turned: not the canonical line
        };
        for (String forged : forgeries) {
            List<String> damaged = new java.util.ArrayList<>(text.subList(0, text.size() - 1));
            damaged.set(lines.get(lines.size() - 1), "line " + forged);
            java.security.MessageDigest d = java.security.MessageDigest.getInstance("SHA-256");
            for (String l : damaged) {
                d.update((l + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            damaged.add("end " + java.util.HexFormat.of().formatHex(d.digest(), 0, 8));
            Files.write(ckpt, damaged);
            dev.polycube.checkpoint.CheckpointException e = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.polycube.checkpoint.CheckpointException.class,
                    () -> Runs.resume(ckpt, 2, Duration.ofSeconds(30), RunListener.NONE, new SearchControl()));
            assertTrue(e.getMessage().contains("a saved solution is not a valid class of soma"), e.getMessage());
            assertTrue(e.getMessage().contains("the checkpoint is damaged"), e.getMessage());
        }
        assertFalse(Files.exists(dir.resolve("soma.txt")), "nothing written from a damaged checkpoint");
    }

    @Test
    void aCountOnlyRunWritesNothing() throws IOException {
        RunOutcome o = Runs.solve(RunRequest.count(TestPuzzles.builtIn("soma"), Solver.Options.defaults()), RunListener.NONE,
                new SearchControl());
        RunOutcome.Finished f = assertInstanceOf(RunOutcome.Finished.class, o);
        assertEquals(SOMA, f.solutions());
        assertNull(f.catalog());
    }

    /**
     * A count (the eight tetracubes in 2x4x4: too many kinds of piece for the memoised count, so it searches)
     * stopped after ten units keeps a checkpoint that says it is a count; the resume prints the same number as a
     * whole run and writes no catalog (the published 1,390, Polyform Puzzler's documentation, reference/pieces).
     */
    @Test
    void aStoppedCountResumesToTheSameCountAndWritesNoCatalog() throws IOException {
        Puzzle tetracubes = TestPuzzles.builtIn("tetracubes-2x4x4");
        Path ckpt = dir.resolve("t.count.ckpt");
        RunRequest count = new RunRequest(tetracubes, Solver.Options.defaults().withThreads(2).withCountOnly(true), Part.ALL, null,
                ckpt, Duration.ofSeconds(30), true);
        SearchControl control = new SearchControl();
        RunListener stopAfterTen = stopAfter(10, control);
        assertInstanceOf(RunOutcome.Stopped.class, Runs.solve(count, stopAfterTen, control));
        String saved = Files.readString(ckpt);
        assertTrue(saved.contains("\ncount-only yes\n"));
        assertTrue(saved.contains("\nsolutions 0\n") && !saved.contains("\nline "), "a count keeps numbers, not lines");
        RunOutcome again = Runs.resume(ckpt, 2, Duration.ofSeconds(30), RunListener.NONE, new SearchControl());
        RunOutcome.Finished f = assertInstanceOf(RunOutcome.Finished.class, again);
        assertEquals(1390, f.solutions());
        assertNull(f.catalog());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "no catalog, no checkpoint, no lock");
        }
    }

    /**
     * A part of a count stopped and resumed writes its count file (a number, no lines); the parts' files merge into
     * the published Soma count (480, reference/pieces), and a set mixing a count with a catalog is refused.
     */
    @Test
    void aStoppedCountShardResumesToItsCountFileAndTheCountsMerge() throws IOException {
        Puzzle soma = TestPuzzles.builtIn("soma");
        List<Path> parts = new java.util.ArrayList<>();
        for (int k = 1; k <= 2; k++) {
            Path file = dir.resolve("soma.shard-" + k + "-of-2.count.txt");
            parts.add(file);
            RunRequest shard = new RunRequest(soma, Solver.Options.defaults().withCountOnly(true),
                    dev.polycube.checkpoint.Shard.parse(k + "/2"), file, dir.resolve("s" + k + ".ckpt"), Duration.ofSeconds(30),
                    true);
            SearchControl control = new SearchControl();
            RunOutcome o = Runs.solve(shard, k == 1 ? stopAfter(10, control) : RunListener.NONE, control);
            if (k == 1) {
                assertInstanceOf(RunOutcome.Stopped.class, o);
                assertFalse(Files.exists(file));
                o = Runs.resume(dir.resolve("s1.ckpt"), 1, Duration.ofSeconds(30), RunListener.NONE, new SearchControl());
            }
            RunOutcome.Finished f = assertInstanceOf(RunOutcome.Finished.class, o);
            assertEquals(file, f.catalog());
            dev.polycube.catalog.Catalog c = dev.polycube.catalog.NativeCatalog.load(file);
            assertTrue(c.countOnly() && c.lines().isEmpty(), "a count part holds its number, not lines");
            assertTrue(Files.readString(file).contains("\n# solutions: " + f.solutions() + "\n"));
        }
        Path merged = dir.resolve("soma.count.txt");
        Merge.Result r = Merge.merge(merged, parts, (stage, lines) -> { });
        assertEquals(SOMA, r.solutions());
        assertTrue(dev.polycube.catalog.NativeCatalog.load(merged).countOnly());

        Path catalog = dir.resolve("soma.shard-2-of-2.txt");
        Runs.solve(new RunRequest(soma, Solver.Options.defaults(), dev.polycube.checkpoint.Shard.parse("2/2"), catalog, null,
                Duration.ofSeconds(30), false), RunListener.NONE, new SearchControl());
        dev.polycube.catalog.CatalogException mixed = org.junit.jupiter.api.Assertions.assertThrows(
                dev.polycube.catalog.CatalogException.class, () -> Merge.merge(dir.resolve("m.txt"), List.of(parts.get(0), catalog),
                        (stage, lines) -> { }));
        assertTrue(mixed.getMessage().contains("is a catalog but") && mixed.getMessage().contains("is a count"),
                mixed.getMessage());
    }

    /** Each class belongs to one unit, so the counts of a count's shards add up to the whole count. */
    @Test
    void shardCountsAddUpToTheWholeCount() throws IOException {
        // the last: BurrTools' mirrors identify only some packings, so nothing is pinned and every unit meets every image
        // of its packings (an independent counter found these shards summing to 2,144 for 1,280)
        Puzzle conditional = TestPuzzles.parse("name b54\nbox 4 2 2\nhole 3 0 0\npiece P0 0..5 (0,0,0) (0,1,0) (0,1,1)\n"
                + "piece P1 0..5 (0,0,0) (0,1,0) (0,1,1)\n");
        for (Puzzle p : List.of(TestPuzzles.builtIn("soma"), TestPuzzles.builtIn("tetracubes-2x4x4"), conditional)) {
            Solver.Options options = Solver.Options.defaults().withSymmetry(p == conditional
                    ? dev.polycube.puzzle.SymmetryMode.BURRTOOLS : dev.polycube.puzzle.SymmetryMode.ROTATIONS);
            long whole = ((RunOutcome.Finished) Runs.solve(RunRequest.count(p, options), RunListener.NONE,
                    new SearchControl())).solutions();
            List<String> listed = Solver.solve(p, options).lines();
            assertEquals(listed.size(), whole, p.name() + ": the count against the catalog's lines");
            long sum = 0;
            for (int k = 1; k <= 3; k++) {
                RunRequest shard = new RunRequest(p, options, dev.polycube.checkpoint.Shard.parse(k + "/3"), null,
                        null, Duration.ofSeconds(30), true);
                sum += ((RunOutcome.Finished) Runs.solve(shard, RunListener.NONE, new SearchControl())).solutions();
            }
            assertEquals(whole, sum, p.name());
        }
    }

    /**
     * A bar's turns about its own axis move no cell. The fixed frame is searched under the bar's rotations and each
     * packing counted for its images; the count by search mixed elements that act alike with the group's size and gave
     * 4 for each packing (every packing of a bar is fixed by those turns; the shards of a 6-cell bar summed 8 for 2). Dominoes and I-trominoes tile a
     * 1 x n strip in as many ways as n has compositions into 2s and 3s: Padovan's numbers, OEIS A000931(n + 3),
     * 1, 0, 1, 1, 1, 2, 2, 3, 4, 5, 7, 9, 12 for n = 0 .. 12.
     */
    @ParameterizedTest
    @CsvSource({"6, 2", "7, 3", "11, 9", "12, 12"})
    void aBarsFixedCountByShardsIsPadovans(int n, long padovan) throws IOException {
        Puzzle bar = TestPuzzles.parse("name bar\nbox " + n + " 1 1\npiece D 0.." + n / 2 + " (0,0,0) (1,0,0)\n"
                + "piece I 0.." + n / 3 + " (0,0,0) (1,0,0) (2,0,0)\n");
        Solver.Options fixed = Solver.Options.defaults().withSymmetry(dev.polycube.puzzle.SymmetryMode.FIXED);
        assertEquals(padovan, Solver.solve(bar, fixed).lines().size(), "listed");
        long sum = 0;
        for (int k = 1; k <= 3; k++) {
            RunRequest shard = new RunRequest(bar, fixed.withCountOnly(true), dev.polycube.checkpoint.Shard.parse(k + "/3"), null, null,
                    Duration.ofSeconds(30), true);
            sum += ((RunOutcome.Finished) Runs.solve(shard, RunListener.NONE, new SearchControl())).solutions();
        }
        assertEquals(padovan, sum, "the shards' counts summed");
    }

    /**
     * A limited run that stops with classes left out is never called whole, even when its workers happened to finish
     * every unit before the limit was seen (a loaded machine once let one worker finish soma's 12,099 units while the
     * other still held the unit before the first solution: its one solution was held against the published 480 and
     * the run failed). A bar of 7 or 12 cells has 2 units of which the first finishes them all; the counts are
     * Padovan's numbers (above). Past the count the run is whole and is held against it.
     */
    @ParameterizedTest
    @CsvSource({"7, 3, 1", "7, 3, 2", "12, 12, 1", "12, 12, 2"})
    void aLimitThatLeavesClassesOutIsNeverWhole(int n, long padovan, int threads) throws IOException {
        Puzzle bar = TestPuzzles.parse("name bar\nbox " + n + " 1 1\npiece D 0.." + n / 2 + " (0,0,0) (1,0,0)\n"
                + "piece I 0.." + n / 3 + " (0,0,0) (1,0,0) (2,0,0)\nexpect fixed " + padovan + "\n");
        for (long limit = 1; limit <= padovan + 1; limit++) {
            Solver.Options options = Solver.Options.defaults().withSymmetry(dev.polycube.puzzle.SymmetryMode.FIXED)
                    .withThreads(threads).withLimit(limit);
            Path out = dir.resolve("bar-" + n + "-" + limit + ".txt");
            RunRequest request = new RunRequest(bar, options, Part.ALL, out, null,
                    Duration.ofSeconds(30), false);
            RunOutcome.Finished done = (RunOutcome.Finished) Runs.solve(request, RunListener.NONE, new SearchControl());
            String at = "limit " + limit;
            assertEquals(Math.min(limit, padovan), done.solutions(), at);
            if (limit < padovan) {
                assertFalse(done.search().complete(), at);
                assertTrue(done.limitReached(), at);
                assertNull(done.verdict(), at + ": a cut catalog is not held against the published count");
                assertTrue(Files.readString(out).contains("# limit: " + limit + " "), at);
            } else if (limit > padovan) {
                assertTrue(done.search().complete(), at);
                assertTrue(done.verdict() != null && done.verdict().matches(), at);
                assertFalse(Files.readString(out).contains("# limit:"), at);
            } else if (done.search().complete()) { // the limit met on the last class: whole only if nothing was cut
                assertFalse(done.limitReached(), at);
                assertTrue(done.verdict().matches(), at);
            }
        }
    }

    @Test
    void aLockFileMarkedReleasedIsTakenAndRemoved() throws IOException {
        Path ckpt = dir.resolve("x.ckpt");
        Path lockFile = RunLock.fileFor(ckpt);
        Files.writeString(lockFile, "released\n"); // a holder killed between marking and removing it
        try (RunLock lock = RunLock.acquire(ckpt, "test")) {
            assertNotNull(lock);
            assertTrue(Files.readString(lockFile).startsWith("pid "), "the new holder names itself");
        }
        assertFalse(Files.exists(lockFile));
    }
}
