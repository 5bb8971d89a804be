package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every unit is handed out exactly once, whatever the workers and the way; one at a time goes strictly in order;
 * chunks are contiguous runs of the order that shrink, down to single units at the end.
 */
class UnitClaimsTest {

    @ParameterizedTest
    @CsvSource({"1, true", "1, false", "2, true", "2, false", "3, true", "8, true", "8, false"})
    void everyUnitOnceAcrossWorkers(int workers, boolean chunked) throws InterruptedException {
        int[] ids = IntStream.range(0, 20_000).map(i -> 3 * i + 1).toArray(); // not 0..n-1: ids, not indices
        UnitClaims claims = new UnitClaims(ids, workers, chunked);
        ConcurrentLinkedQueue<int[]> taken = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            UnitClaims.Worker worker = claims.worker();
            Thread t = new Thread(() -> {
                List<Integer> mine = new ArrayList<>();
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int u = worker.next(); u >= 0; u = worker.next()) {
                    mine.add(u);
                }
                assertEquals(-1, worker.next(), "done stays done");
                taken.add(mine.stream().mapToInt(Integer::intValue).toArray());
            });
            threads.add(t);
            t.start();
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        int[] all = taken.stream().flatMapToInt(IntStream::of).sorted().toArray();
        assertEquals(ids.length, all.length, "units handed out");
        for (int i = 0; i < ids.length; i++) {
            assertEquals(ids[i], all[i], "unit " + ids[i] + " exactly once");
        }
        for (int[] mine : taken) {
            for (int i = 1; i < mine.length; i++) {
                assertTrue(mine[i] > mine[i - 1], "a worker takes its units in the run's order");
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"2", "4"})
    void chunksAreContiguousAndShrinkToOneUnit(int workers) {
        int[] ids = IntStream.range(0, 10_000).toArray();
        UnitClaims claims = new UnitClaims(ids, workers, true);
        // the workers take turns chunk by chunk: each chunk a run of consecutive units
        List<UnitClaims.Worker> views = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            views.add(claims.worker());
        }
        List<Integer> sizes = new ArrayList<>();
        int expected = 0;
        for (int turn = 0; expected < ids.length; turn++) {
            UnitClaims.Worker worker = views.get(turn % workers);
            int first = worker.next();
            assertEquals(expected, first, "chunks follow one another in the order");
            int size = 1;
            int left = ids.length - first;
            int chunk = Math.max(1, left / (UnitClaims.SHARE * workers));
            for (int k = 1; k < chunk; k++) {
                assertEquals(first + k, worker.next(), "a chunk is contiguous");
                size++;
            }
            sizes.add(size);
            expected = first + size;
        }
        assertEquals(ids.length / (UnitClaims.SHARE * workers), sizes.get(0), "the first chunk");
        for (int i = 1; i < sizes.size(); i++) {
            assertTrue(sizes.get(i) <= sizes.get(i - 1), "chunks shrink: " + sizes);
        }
        assertEquals(1, sizes.get(sizes.size() - 1), "the run ends on single units");
    }
}
