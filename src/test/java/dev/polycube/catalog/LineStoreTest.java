package dev.polycube.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LineStoreTest {

    @TempDir
    Path dir;

    /**
     * Four threads add overlapping lines while a reader iterates now and then (as a checkpoint snapshot does
     * while workers commit): no reader fails, each sees a sorted, duplicate-free state, and the end state is
     * the union, whatever spilled.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 50, 100000})
    void threadsAddWhileOthersReadAndSpill(int limit) throws Exception {
        TreeSet<String> expected = new TreeSet<>();
        List<List<String>> batches = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Random random = new Random(31 * t + limit);
            List<String> batch = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                batch.add(Integer.toString(random.nextInt(5000), 36));
            }
            expected.addAll(batch);
            batches.add(batch);
        }
        try (LineStore store = LineStore.withLimit(limit)) {
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (List<String> batch : batches) {
                threads.add(new Thread(() -> {
                    try {
                        for (int i = 0; i < batch.size(); i += 10) {
                            store.addAll(batch.subList(i, Math.min(batch.size(), i + 10)));
                            if (i % 500 == 0) {
                                String last = null;
                                for (String line : store) {
                                    assertTrue(last == null || last.compareTo(line) < 0, last + " then " + line);
                                    last = line;
                                }
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(List.of(), failures);
            List<String> back = new ArrayList<>();
            store.forEach(back::add);
            assertEquals(new ArrayList<>(expected), back);
        }
    }

    /**
     * Seeded property test: whatever the spill limit, the store reads back as the sorted set of what went in. (A
     * limit of one or two writes a run file per line or two, so those take fewer lines: the same paths, less disk.)
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 100, 100000})
    void readsBackSortedAndUniqueWhateverItSpilled(int limit) {
        Random random = new Random(limit);
        TreeSet<String> expected = new TreeSet<>();
        try (LineStore store = LineStore.withLimit(limit)) {
            for (int i = 0, lines = limit <= 2 ? 400 : 2000; i < lines; i++) {
                String line = Integer.toString(random.nextInt(700), 36);
                expected.add(line);
                store.add(line);
            }
            List<String> back = new ArrayList<>();
            store.forEach(back::add);
            assertEquals(new ArrayList<>(expected), back);
            assertEquals(expected.size(), store.countUnique());
            assertEquals(limit < expected.size(), store.spilled());
        }
    }

    /**
     * Lines of any characters (labels beyond Latin-1 too) and lengths come back in {@link String#compareTo}
     * order, duplicates dropped within a batch, across blocks and across run files (fewer lines at a limit of one,
     * where each is a run file).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 5, 64, 100000})
    void anyCharactersComeBackInStringOrder(int limit) {
        String alphabet = "ab.-AZ\u00e9\u00ff\u0100\u0416\u4e2d\uff21";
        Random random = new Random(7L * limit);
        TreeSet<String> expected = new TreeSet<>();
        try (LineStore store = LineStore.withLimit(limit)) {
            for (int i = 0, lines = limit == 1 ? 500 : 3000; i < lines; i++) {
                StringBuilder line = new StringBuilder();
                for (int k = random.nextInt(6); k >= 0; k--) {
                    line.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                expected.add(line.toString());
                store.addAll(List.of(line.toString(), line.toString()));
            }
            List<String> back = new ArrayList<>();
            store.forEach(back::add);
            assertEquals(new ArrayList<>(expected), back);
            assertEquals(expected.size(), store.countUnique());
            assertEquals(expected.size(), LineStore.count(store));
        }
    }

    /**
     * The text of a store's lines is the same whether they sit in run files (limit 20,000), in many blocks
     * (150,000: over half the limit, so not merged into one on reading), or in one block: each line once, with its
     * prefix, in {@link String#compareTo} order; lines added twice in different blocks are written once, and {@link
     * LineStore#writeCounted} then finds the count it was given wrong and writes again with the right one. Seeded
     * random lines, two sets per limit.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"20000,1", "20000,2", "150000,1", "150000,2", "150000,3", "10000000,2"})
    void writesTheSameTextWhereverTheLinesAre(int limit, int seed) throws Exception {
        String alphabet = "ab.-AZ\u00e9\u0416\u4e2d";
        Random random = new Random(limit + seed);
        TreeSet<String> expected = new TreeSet<>();
        List<String> added = new ArrayList<>();
        while (expected.size() < 90_000) {
            StringBuilder line = new StringBuilder();
            for (int k = 3 + random.nextInt(8); k >= 0; k--) {
                line.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            expected.add(line.toString());
            added.add(line.toString());
        }
        added.addAll(added.subList(0, 500)); // added again, in later blocks
        StringBuilder text = new StringBuilder();
        for (String l : expected) {
            text.append("line ").append(l).append('\n');
        }
        try (LineStore store = LineStore.withLimit(limit)) {
            for (int i = 0; i < added.size(); i += 1000) {
                store.addAll(added.subList(i, Math.min(added.size(), i + 1000)));
            }
            StringBuilder out = new StringBuilder();
            long n = LineStore.writeText(store.frozen(), "line ", (chars, length) -> out.append(chars, 0, length));
            assertEquals(expected.size(), n);
            assertEquals(text.toString(), out.toString());

            List<Long> counts = new ArrayList<>();
            StringBuilder last = new StringBuilder();
            long written = LineStore.writeCounted(store.frozen(), (count, lines) -> {
                counts.add(count);
                last.setLength(0);
                try {
                    LineStore.writeText(lines, "line ", (chars, length) -> last.append(chars, 0, length));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertEquals(expected.size(), written);
            assertEquals(text.toString(), last.toString());
            assertEquals((long) expected.size(), counts.get(counts.size() - 1), "the count written last is right");
        }
    }

    /** A run that spills its solutions to disk writes the same catalog, byte for byte. */
    @Test
    void aSolveThatSpillsWritesTheSameCatalog() throws Exception {
        Path inMemory = dir.resolve("memory.txt");
        Path spilled = dir.resolve("spilled.txt");
        assertEquals(0, CliRunner.run("solve", "tetracubes-2x4x4", "-o", inMemory.toString(), "-q").code());
        String old = System.getProperty("polycube.spill.lines");
        System.setProperty("polycube.spill.lines", "50");
        try {
            CliRunner.Result r = CliRunner.run("solve", "tetracubes-2x4x4", "-o", spilled.toString(), "-q");
            assertEquals(0, r.code(), r.err());
        } finally {
            if (old == null) {
                System.clearProperty("polycube.spill.lines");
            } else {
                System.setProperty("polycube.spill.lines", old);
            }
        }
        assertEquals(-1L, Files.mismatch(inMemory, spilled));
        assertTrue(Files.readString(spilled).contains("# solutions: 1390"));
    }
}
