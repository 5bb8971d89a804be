package dev.polycube.catalog;

import dev.polycube.files.SpillDirectory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/**
 * A set of catalog lines that does not have to fit in memory. Lines are appended to a list; when it holds
 * {@link #limit()} lines they are sorted, written to a run file in a temporary directory without
 * duplicates, and the list starts empty again. {@link #sortedUnique()} merges the runs and the lines still
 * in memory into one ascending, duplicate-free stream, which is exactly the order a catalog needs. Duplicates
 * are dropped when sorting, not when adding: most callers add each line once (a run looks its classes up
 * in a digest set first), and a list costs a third of a hash set per line.
 *
 * <p>The limit defaults to what a quarter of the maximum heap holds at about 2 times the line length plus
 * the string's and the list's overhead in bytes per line; {@code -Dpolycube.spill.lines=N} sets it.
 * Thread-safe.
 */
public final class LineStore implements Iterable<String>, AutoCloseable {

    private final int limit;
    private List<String> memory = new ArrayList<>();
    /** True while {@link #memory} is ascending and duplicate-free. */
    private boolean memorySorted = true;
    /** True while an iterator may be reading {@link #memory}: the next add copies it first. */
    private boolean memoryShared;
    private final List<Path> runs = new ArrayList<>();
    private long added;
    /** Runs being sorted and written by adding threads outside the lock. */
    private int spilling;

    public LineStore(int lineLength) {
        this(defaultLimit(lineLength), 0);
    }

    /** A store that spills after {@code limit} lines (tests use small limits). */
    public static LineStore withLimit(int limit) {
        return new LineStore(limit, 0);
    }

    private LineStore(int limit, int unused) {
        this.limit = Math.max(1, limit);
    }

    static int defaultLimit(int lineLength) {
        Integer forced = Integer.getInteger("polycube.spill.lines");
        if (forced != null) {
            return forced;
        }
        long perLine = 2L * lineLength + 64;
        return (int) Math.max(10_000, Math.min(Integer.MAX_VALUE - 8, Runtime.getRuntime().maxMemory() / 4 / perLine));
    }

    /** How many lines are kept in memory before a run is written to disk. */
    public int limit() {
        return limit;
    }

    public void add(String line) {
        addAll(List.of(line));
    }

    /**
     * Adds lines. When the list in memory is full, the caller sorts it and writes it out as a run after
     * letting go of the lock, so that other threads keep adding to a fresh list meanwhile (at worst one list
     * being written per adding thread besides the one filling).
     */
    public void addAll(Iterable<String> lines) {
        List<String> full = null;
        synchronized (this) {
            if (memoryShared) {
                memory = new ArrayList<>(memory);
                memoryShared = false;
            }
            for (String l : lines) {
                memory.add(l);
                added++;
            }
            memorySorted = false;
            if (memory.size() >= limit) {
                full = memory;
                memory = new ArrayList<>();
                memorySorted = true;
                spilling++;
            }
        }
        if (full != null) {
            Path run = null;
            try {
                run = SpillDirectory.writeRun("run", sortedDistinct(full));
            } finally {
                synchronized (this) {
                    if (run != null) {
                        runs.add(run);
                    }
                    spilling--;
                    notifyAll();
                }
            }
        }
    }

    /** Waits until no run is being written (callers hold the lock). */
    private void awaitSpills() {
        while (spilling > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while lines were written to disk", e);
            }
        }
    }

    /** Lines added (a line added twice counts twice): an upper bound for progress reports. */
    public synchronized long approximateSize() {
        return added;
    }

    /** True when some lines live in run files. */
    public synchronized boolean spilled() {
        awaitSpills();
        return !runs.isEmpty();
    }

    /**
     * The lines in memory, ascending and without duplicates; kept so until the next add, so that counting
     * and then writing a catalog sorts once.
     */
    private List<String> sortedMemory() {
        if (!memorySorted) {
            memory = sortedDistinct(memory);
            memorySorted = true;
        }
        return memory;
    }

    /** {@code lines} ascending and without duplicates, as a new list. */
    private static List<String> sortedDistinct(List<String> lines) {
        String[] a = lines.toArray(new String[0]);
        if (a.length > 100_000) {
            Arrays.parallelSort(a);
        } else {
            Arrays.sort(a);
        }
        int n = 0;
        for (int i = 0; i < a.length; i++) {
            if (n == 0 || !a[i].equals(a[n - 1])) {
                a[n++] = a[i];
            }
        }
        return new ArrayList<>(Arrays.asList(a).subList(0, n));
    }

    /** The number of distinct lines (one pass over the runs when some were spilled). */
    public synchronized long countUnique() {
        awaitSpills();
        return runs.isEmpty() ? sortedMemory().size() : count(this);
    }

    /** How many lines a (possibly disk-backed) sequence yields, by reading it once. */
    public static long count(Iterable<String> lines) {
        long n = 0;
        for (Iterator<String> it = lines.iterator(); it.hasNext(); it.next()) {
            n++;
        }
        return n;
    }

    @Override
    public Iterator<String> iterator() {
        return sortedUnique();
    }

    /** All distinct lines in ascending order, as they stand now (lines added meanwhile are not seen). */
    public Iterator<String> sortedUnique() {
        return frozen().iterator();
    }

    /**
     * The lines as they stand now, as a sequence that reads the same every time it is iterated (lines added
     * later are not in it): for a checkpoint snapshot, which counts the lines and then writes them while
     * workers go on adding.
     */
    public synchronized Iterable<String> frozen() {
        awaitSpills();
        List<String> memoryNow = sortedMemory();
        memoryShared = true;
        List<Path> runsNow = List.copyOf(runs);
        return () -> {
            List<Iterator<String>> sources = new ArrayList<>();
            sources.add(memoryNow.iterator());
            for (Path run : runsNow) {
                sources.add(fileLines(run));
            }
            return merge(sources);
        };
    }

    /** A duplicate-free ascending merge of ascending sources. */
    public static Iterator<String> merge(List<Iterator<String>> sources) {
        record Head(String line, Iterator<String> rest) {
        }
        PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> a.line().compareTo(b.line()));
        for (Iterator<String> s : sources) {
            if (s.hasNext()) {
                heads.add(new Head(s.next(), s));
            }
        }
        return new Iterator<>() {
            private String last;

            @Override
            public boolean hasNext() {
                while (!heads.isEmpty() && heads.peek().line().equals(last)) {
                    advance(heads.poll());
                }
                return !heads.isEmpty();
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Head h = heads.poll();
                last = h.line();
                advance(h);
                return last;
            }

            private void advance(Head h) {
                if (h.rest().hasNext()) {
                    heads.add(new Head(h.rest().next(), h.rest()));
                }
            }
        };
    }

    private static Iterator<String> fileLines(Path file) {
        try {
            BufferedReader r = SpillDirectory.openRun(file);
            return new Iterator<>() {
                private String next = r.readLine();

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public String next() {
                    if (next == null) {
                        throw new NoSuchElementException();
                    }
                    String out = next;
                    try {
                        next = r.readLine();
                        if (next == null) {
                            r.close();
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    return out;
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes the run files. */
    @Override
    public synchronized void close() {
        awaitSpills();
        for (Path run : runs) {
            run.toFile().delete();
        }
        runs.clear();
    }
}
