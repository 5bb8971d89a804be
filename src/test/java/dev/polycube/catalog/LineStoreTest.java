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

    /** Seeded property test: whatever the spill limit, the store reads back as the sorted set of what went in. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 100, 100000})
    void readsBackSortedAndUniqueWhateverItSpilled(int limit) {
        Random random = new Random(limit);
        TreeSet<String> expected = new TreeSet<>();
        try (LineStore store = LineStore.withLimit(limit)) {
            for (int i = 0; i < 2000; i++) {
                String line = Integer.toString(random.nextInt(700), 36);
                expected.add(line);
                store.add(line);
            }
            List<String> back = new ArrayList<>();
            store.forEach(back::add);
            assertEquals(new ArrayList<>(expected), back);
            assertEquals(expected.size(), store.countUnique());
            assertEquals(limit < 700, store.spilled());
        }
    }

    /**
     * Lines of any characters (labels beyond Latin-1 too) and lengths come back in {@link String#compareTo}
     * order, duplicates dropped within a batch, across blocks and across run files.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 5, 64, 100000})
    void anyCharactersComeBackInStringOrder(int limit) {
        String alphabet = "ab.-AZ\u00e9\u00ff\u0100\u0416\u4e2d\uff21";
        Random random = new Random(7L * limit);
        TreeSet<String> expected = new TreeSet<>();
        try (LineStore store = LineStore.withLimit(limit)) {
            for (int i = 0; i < 3000; i++) {
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
