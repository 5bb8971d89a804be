package dev.polycube.catalog;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Chunks of a sequence worked on by several threads, their results taken up in the sequence's order on the
 * caller's thread: for work of microseconds an item (a catalog entry matched and canonicalised, a saved line
 * checked), read and taken up as if one thread did everything. The caller {@link #add}s items one by one; every
 * {@code chunkSize} of them go to the threads as a chunk, and {@link #finish} hands over the rest. At most twice as
 * many chunks as threads are in flight, so memory stays bounded whatever the sequence's length. A failure in the
 * work, or one the taking-up throws, reaches the caller from {@link #add} or {@link #finish}; {@link #close} stops
 * the threads.
 *
 * @param <T> an item of the sequence
 * @param <R> what the work makes of a chunk
 */
public final class OrderedChunks<T, R> implements AutoCloseable {

    private final int threads;
    private final ExecutorService pool;
    private final Function<List<T>, R> work;
    private final Consumer<R> take;
    private final ArrayDeque<Future<R>> inFlight = new ArrayDeque<>();
    private final int chunkSize;
    private List<T> chunk;

    /**
     * @param name      the threads' name
     * @param chunkSize items a thread takes at a time: enough to pay for handing them over, few enough to keep
     *                  every thread busy
     * @param work      runs on a pool thread (thread-confined helpers: a {@code ThreadLocal} of the caller's)
     * @param take      runs on the caller's thread, chunk after chunk in the order of their items
     */
    public OrderedChunks(String name, int threads, int chunkSize, Function<List<T>, R> work, Consumer<R> take) {
        this.chunkSize = chunkSize;
        this.chunk = new ArrayList<>(chunkSize);
        this.threads = threads;
        this.work = work;
        this.take = take;
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** The sequence's next item; a full chunk goes to the threads. */
    public void add(T item) {
        chunk.add(item);
        if (chunk.size() == chunkSize) {
            submitChunk();
        }
    }

    /** Hands the chunk to the threads, first taking up finished chunks while too many are in flight. */
    private void submitChunk() {
        List<T> full = chunk;
        chunk = new ArrayList<>(chunkSize);
        if (full.isEmpty()) {
            return;
        }
        inFlight.add(pool.submit(() -> work.apply(full)));
        while (inFlight.size() > 2 * threads) {
            takeNext();
        }
    }

    /** Hands over the last items and takes up every chunk still in flight, in order. */
    public void finish() {
        submitChunk();
        while (!inFlight.isEmpty()) {
            takeNext();
        }
    }

    private void takeNext() {
        R result;
        try {
            result = inFlight.poll().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while chunks were worked on", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        take.accept(result);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
