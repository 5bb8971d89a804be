package dev.polycube.checkpoint;

import dev.polycube.puzzle.SymmetryMode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointStoreTest {

    @TempDir
    Path dir;

    private static Set<String> set(Iterable<String> lines) {
        Set<String> out = new TreeSet<>();
        lines.forEach(out::add);
        return out;
    }

    private Checkpoint state(String fingerprint, BitSet done, Set<String> lines) {
        return new Checkpoint("00000000000000aa", "2026-01-01T00:00:00Z", fingerprint, new RunSpec(List.of("name tiny", "box 2 2 1",
                "piece d 2 (0,0,0) (1,0,0) label=dA"), SymmetryMode.ROTATIONS, dir.resolve("tiny.txt"), dev.polycube.checkpoint.Part.ALL, RunSpec.NO_LIMIT),
                10, done, lines, 0);
    }

    @Test
    void snapshotPlusJournalRoundTrips() throws IOException {
        Path file = dir.resolve("run.ckpt");
        BitSet done = new BitSet();
        done.set(0);
        CheckpointStore store = CheckpointStore.open(file, state("f1", done, new TreeSet<>(Set.of("aa"))));
        store.appendUnit(3, List.of("bb", "cc"));
        store.appendUnit(5, List.of());
        store.close();
        Checkpoint c = CheckpointStore.load(file);
        assertEquals("f1", c.fingerprint());
        assertEquals(Set.of(0, 3, 5), c.done().stream().boxed().collect(java.util.stream.Collectors.toSet()));
        assertEquals(Set.of("aa", "bb", "cc"), set(c.lines()));

        CheckpointStore again = CheckpointStore.open(file, c);
        again.snapshot(c);
        again.close();
        assertEquals(0, Files.size(CheckpointStore.journalOf(file)), "the snapshot folds the journal in");
        assertEquals(set(c.lines()), set(CheckpointStore.load(file).lines()));
    }

    /** A spilled store's lines are snapshotted with the count they give without reading, checked as written. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aSpilledStoresSnapshotCarriesTheExactCountWhetherOrNotLinesRepeat(boolean repeats) throws IOException {
        Set<String> distinct = new TreeSet<>();
        try (dev.polycube.catalog.LineStore lines = dev.polycube.catalog.LineStore.withLimit(4)) {
            for (int i = 0; i < 40; i++) {
                String l = "ab".charAt(i % 2) + Integer.toString(100 + i);
                lines.add(l);
                distinct.add(l);
            }
            if (repeats) {
                lines.add("a100"); // its first copy is in a run written long before
            }
            assertTrue(lines.spilled());
            Path file = dir.resolve("run.ckpt");
            CheckpointStore.open(file, state("f1", new BitSet(), set(lines))).close();
            CheckpointStore store = CheckpointStore.open(file, CheckpointStore.load(file));
            store.snapshot(new Checkpoint("00000000000000aa", "2026-01-01T00:00:00Z", "f1", CheckpointStore.load(file).spec(), 10,
                    new BitSet(), lines.frozen(), 0));
            store.close();
            assertTrue(Files.readAllLines(file).contains("solutions " + distinct.size()));
            assertEquals(distinct, set(CheckpointStore.load(file).lines()));
        }
    }

    @Test
    void aTornLastJournalRecordIsIgnoredAndItsUnitRunsAgain() throws IOException {
        Path file = dir.resolve("run.ckpt");
        CheckpointStore store = CheckpointStore.open(file, state("f1", new BitSet(), new TreeSet<>()));
        store.appendUnit(1, List.of("aa"));
        store.appendUnit(2, List.of("bb", "cc"));
        store.close();
        Path journal = CheckpointStore.journalOf(file);
        String text = Files.readString(journal);
        Files.writeString(journal, text.substring(0, text.length() - 4)); // killed in the middle of a write
        Checkpoint c = CheckpointStore.load(file);
        assertEquals(BitSet.valueOf(new long[] {0b10}), c.done());
        assertEquals(Set.of("aa"), set(c.lines()));
    }

    @Test
    void aDamagedJournalRecordBeforeTheEndIsRefused() throws IOException {
        Path file = dir.resolve("run.ckpt");
        CheckpointStore store = CheckpointStore.open(file, state("f1", new BitSet(), new TreeSet<>()));
        store.appendUnit(1, List.of("aa"));
        store.appendUnit(2, List.of("bb"));
        store.close();
        Path journal = CheckpointStore.journalOf(file);
        Files.writeString(journal, Files.readString(journal).replaceFirst("aa", "ab"));
        CheckpointException e = assertThrows(CheckpointException.class, () -> CheckpointStore.load(file));
        assertTrue(e.getMessage().contains("journal record for unit 1 does not belong to this run or is corrupt"), e.getMessage());
    }

    private Checkpoint countState(BitSet done, long counted) {
        return new Checkpoint("00000000000000aa", "2026-01-01T00:00:00Z", "f1", new RunSpec(List.of("name tiny", "box 2 2 1",
                "piece d 2 (0,0,0) (1,0,0) label=dA"), SymmetryMode.ROTATIONS, null, Part.ALL, RunSpec.NO_LIMIT, true),
                10, done, new TreeSet<>(), counted);
    }

    /**
     * A count keeps numbers, not lines (docs/checkpoint-format.md, "Counts"): the snapshot's {@code counted} plus
     * each journal record's; a record of a unit the snapshot already counts (written again after a crash between
     * the snapshot's rename and the journal's clearing) is not counted twice, and a torn last record is ignored.
     */
    @Test
    void aCountsJournalAddsUpEachUnitOnce() throws IOException {
        Path file = dir.resolve("run.count.ckpt");
        BitSet done = new BitSet();
        done.set(0);
        CheckpointStore store = CheckpointStore.open(file, countState(done, 7));
        store.appendCount(3, 5);
        store.appendCount(0, 7); // already in the snapshot
        store.appendCount(4, 0);
        store.appendCount(6, 11);
        store.close();
        Path journal = CheckpointStore.journalOf(file);
        String text = Files.readString(journal);
        Files.writeString(journal, text.substring(0, text.length() - 3)); // killed while writing unit 6's record
        Checkpoint c = CheckpointStore.load(file);
        assertEquals(7 + 5, c.counted());
        assertEquals(Set.of(0, 3, 4), c.done().stream().boxed().collect(java.util.stream.Collectors.toSet()));
        assertEquals(Set.of(), set(c.lines()));
        assertTrue(Files.readString(file).contains("\ncounted 7\n"), "the snapshot names its count");

        CheckpointStore again = CheckpointStore.open(file, c);
        again.close();
        assertEquals(12, CheckpointStore.load(file).counted(), "a snapshot holds what the journal added");
    }

    @Test
    void aForgedCountRecordOrACountInACatalogRunIsRefused() throws IOException {
        Path file = dir.resolve("run.count.ckpt");
        CheckpointStore store = CheckpointStore.open(file, countState(new BitSet(), 0));
        store.appendCount(1, 5);
        store.appendCount(2, 6);
        store.close();
        Path journal = CheckpointStore.journalOf(file);
        Files.writeString(journal, Files.readString(journal).replaceFirst("count 1 5 ", "count 1 50 "));
        CheckpointException e = assertThrows(CheckpointException.class, () -> CheckpointStore.load(file));
        assertTrue(e.getMessage().contains("journal record for unit 1 does not belong to this run or is corrupt"), e.getMessage());

        Path listing = dir.resolve("run.ckpt");
        CheckpointStore lines = CheckpointStore.open(listing, state("f1", new BitSet(), new TreeSet<>()));
        lines.appendCount(1, 5); // a count record in a run that writes a catalog
        lines.close();
        e = assertThrows(CheckpointException.class, () -> CheckpointStore.load(listing));
        assertTrue(e.getMessage().contains("a count record in the journal of a run that keeps lines"), e.getMessage());
    }

    @Test
    void truncatedCorruptAndForeignSnapshotsAreRefused() throws IOException {
        Path file = dir.resolve("run.ckpt");
        CheckpointStore.open(file, state("f1", new BitSet(), new TreeSet<>(Set.of("aa", "bb")))).close();
        String text = Files.readString(file);

        Path truncated = dir.resolve("truncated.ckpt");
        Files.writeString(truncated, text.substring(0, text.length() / 2));
        assertTrue(assertThrows(CheckpointException.class, () -> CheckpointStore.load(truncated)).getMessage().contains("truncated"));

        Path corrupt = dir.resolve("corrupt.ckpt");
        Files.writeString(corrupt, text.replace("line aa", "line ab"));
        assertTrue(assertThrows(CheckpointException.class, () -> CheckpointStore.load(corrupt)).getMessage().contains("corrupt"));

        // a field that cannot be read (a flipped byte) is damage too; every damaged one says how to start over
        Path badField = dir.resolve("bad-field.ckpt");
        Files.writeString(badField, text.replaceFirst("(?m)^started .*$", "started yesterday"));
        for (Path damaged : List.of(truncated, corrupt, badField)) {
            String message = assertThrows(CheckpointException.class, () -> CheckpointStore.load(damaged)).getMessage();
            assertTrue(message.contains("To start over, delete " + damaged + " and " + damaged + ".journal"), message);
        }
        assertTrue(assertThrows(CheckpointException.class, () -> CheckpointStore.load(badField)).getMessage()
                .contains("bad-field.ckpt:3: corrupt field 'started'"));

        Path foreign = dir.resolve("foreign.ckpt");
        Files.writeString(foreign, "# polycube catalog v1\n", StandardCharsets.UTF_8);
        String message = assertThrows(CheckpointException.class, () -> CheckpointStore.load(foreign)).getMessage();
        assertTrue(message.contains("not a polycube checkpoint") && !message.contains("start over"), message);
    }

    /**
     * A checkpoint of another puzzle definition (valid file, other fingerprint) is refused, before anything says it
     * resumes, and left as it was.
     */
    @Test
    void resumeRefusesAForeignCheckpointAndChangesNothing() throws IOException {
        Path file = dir.resolve("soma.ckpt");
        List<String> soma = dev.polycube.puzzle.PuzzleWriter.lines(dev.polycube.TestPuzzles.builtIn("soma"));
        CheckpointStore.open(file, new Checkpoint("00000000000000aa", "2026-01-01T00:00:00Z", "0123456789abcdef0123456789abcdef", new RunSpec(soma,
                SymmetryMode.ROTATIONS, dir.resolve("soma.txt"), dev.polycube.checkpoint.Part.ALL, RunSpec.NO_LIMIT), 480, new BitSet(), new TreeSet<>(), 0)).close();
        byte[] before = Files.readAllBytes(file);
        CliRunner.Result r = CliRunner.run("resume", file.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("made by another version of polycube or for another puzzle definition"), r.err());
        // refused before it is said to resume: its units are not this plan's
        assertTrue(!r.err().contains("resuming"), r.err());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(file)));
        assertTrue(!Files.exists(dir.resolve("soma.txt")));
    }

    @Test
    void solveRefusesToStartOverAnExistingCheckpoint() throws IOException {
        Path out = dir.resolve("soma.txt");
        Files.writeString(dir.resolve("soma.ckpt"), "anything");
        CliRunner.Result r = CliRunner.run("solve", "soma", "-o", out.toString(), "-q");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("polycube resume"), r.err());
    }

    @Test
    void shardsMergeIntoTheSingleRunCatalog() throws IOException {
        Path whole = dir.resolve("whole.txt");
        assertEquals(0, CliRunner.run("solve", "tetracubes-2x4x4", "-o", whole.toString(), "-q").code());
        for (int k = 1; k <= 3; k++) {
            assertEquals(0, CliRunner.run("solve", "tetracubes-2x4x4", "--shard", k + "/3", "-o",
                    dir.resolve("s" + k + ".txt").toString(), "-q").code());
        }
        Path merged = dir.resolve("merged.txt");
        CliRunner.Result r = CliRunner.run("merge", merged.toString(), dir.resolve("s1.txt").toString(),
                dir.resolve("s2.txt").toString(), dir.resolve("s3.txt").toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(-1L, Files.mismatch(whole, merged));

        r = CliRunner.run("merge", merged.toString(), dir.resolve("s1.txt").toString(), dir.resolve("s3.txt").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("missing 2/3") && r.err().contains("no catalog covers units"), r.err());
    }
}
