package dev.polycube.engine;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hands a run's units to its workers, in their order, either one at a time or in contiguous chunks that shrink as
 * the run goes ("guided" scheduling: a chunk is a {@value #SHARE}th of one worker's share of the units left, at
 * least one unit).
 *
 * <p>Why chunks: neighbouring units share their first placements, so a worker that runs them one after another meets
 * boards its own search has already counted ({@link CountedBoards}, one table per worker). Taken in turn, unit by
 * unit, the two workers of the 25 Y-pentacubes' count met 9.2 M nodes; in chunks 8.1 M, as one thread does (8.07 M;
 * docs/PERFORMANCE.md, "Units claimed in chunks"). Why shrinking: the run still ends on single units, so the
 * workers finish together. One at a time is for a run that must go in order: a limited run keeps the first
 * packings by unit, and a worker far ahead of the others would search units whose packings are never kept.
 */
final class UnitClaims {

    /** A chunk is this fraction of one worker's share of the units left (2 and 8 measured alike). */
    static final int SHARE = 4;

    private final int[] ids;
    private final int workers;
    private final boolean chunked;
    /** How many of {@link #ids} have been handed out (a chunk's end may pass the last). */
    private final AtomicInteger claimed = new AtomicInteger();

    /**
     * @param ids     the units to run, in the order to run them
     * @param chunked contiguous shrinking chunks; false: one unit at a time, strictly in order
     */
    UnitClaims(int[] ids, int workers, boolean chunked) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        this.ids = ids;
        this.workers = workers;
        this.chunked = chunked;
    }

    /** One worker's view: its current chunk. Not shared between threads. */
    Worker worker() {
        return new Worker();
    }

    final class Worker {
        private int at;
        private int end;

        private Worker() {
        }

        /** The next unit this worker runs, or -1 when every unit has been handed out. */
        int next() {
            if (at >= end) {
                int size = 1;
                if (chunked) {
                    int left = ids.length - claimed.get();
                    size = Math.max(1, left / (SHARE * workers));
                }
                int from = claimed.getAndAdd(size);
                if (from >= ids.length) {
                    return -1;
                }
                at = from;
                end = Math.min(ids.length, from + size);
            }
            return ids[at++];
        }
    }
}
