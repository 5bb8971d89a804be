package dev.polycube.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DigestSetTest {

    /**
     * Lines that differ in one character, in length only, or in characters beyond Latin-1 are told apart;
     * a line met again is known; String and char[] lookups agree.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3, 4, 5, 8, 27, 64, 125})
    void tellsNearLinesApart(int length) {
        DigestSet set = new DigestSet();
        Set<String> lines = new HashSet<>();
        char[] base = new char[length];
        java.util.Arrays.fill(base, 'a');
        lines.add(new String(base));
        for (int i = 0; i < length; i++) {
            for (char c : new char[] {'b', '.', '-', '\u0100', '\uFFFF'}) {
                char[] l = base.clone();
                l[i] = c;
                lines.add(new String(l));
            }
        }
        lines.add(new String(base, 0, length - 1));
        lines.add(new String(base) + '\0');
        for (String line : lines) {
            assertTrue(set.add(line.toCharArray()), line);
        }
        for (String line : lines) {
            assertFalse(set.add(line), line);
        }
        assertEquals(lines.size(), set.size());
    }

    /** Seeded: four threads add overlapping random lines; each distinct line is new exactly once. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void eachLineIsNewOnceAcrossThreads(int seed) throws InterruptedException {
        DigestSet set = new DigestSet();
        Set<String> distinct = java.util.concurrent.ConcurrentHashMap.newKeySet();
        AtomicInteger news = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Random random = new Random(seed * 10L + t);
            threads.add(new Thread(() -> {
                for (int i = 0; i < 20_000; i++) {
                    char[] line = new char[16];
                    for (int k = 0; k < line.length; k++) {
                        line[k] = (char) ('a' + random.nextInt(3));
                    }
                    distinct.add(new String(line));
                    if (set.add(line)) {
                        news.incrementAndGet();
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread th : threads) {
            th.join();
        }
        assertEquals(distinct.size(), news.get());
        assertEquals(distinct.size(), set.size());
    }
}
