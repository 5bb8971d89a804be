package dev.polycube.catalog;

import dev.polycube.files.SpillDirectory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * A set of catalog lines that does not have to fit in memory. Lines are deduplicated in a hash set; when it
 * holds {@link #limit()} lines they are sorted and written to a run file in a temporary directory, and the
 * set starts empty again. {@link #sortedUnique()} merges the runs and the lines still in memory into one
 * ascending, duplicate-free stream, which is exactly the order a catalog needs.
 *
 * <p>The limit defaults to what a quarter of the maximum heap holds at about 3 times the line length in
 * bytes per line (the hash set's overhead included); {@code -Dpolycube.spill.lines=N} sets it.
 * Thread-safe.
 */
public final class LineStore implements Iterable<String>, AutoCloseable {

    private final int limit;
    private Set<String> memory = new HashSet<>();
    private final List<Path> runs = new ArrayList<>();
    private long added;

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
        long perLine = 3L * lineLength + 120;
        return (int) Math.max(10_000, Math.min(Integer.MAX_VALUE - 8, Runtime.getRuntime().maxMemory() / 4 / perLine));
    }

    /** How many lines are kept in memory before a run is written to disk. */
    public int limit() {
        return limit;
    }

    public synchronized void add(String line) {
        if (memory.add(line)) {
            added++;
            if (memory.size() >= limit) {
                spill();
            }
        }
    }

    public synchronized void addAll(Iterable<String> lines) {
        for (String l : lines) {
            add(l);
        }
    }

    /** Lines added (a line spilled in two runs counts twice): an upper bound for progress reports. */
    public synchronized long approximateSize() {
        return added;
    }

    /** True when some lines live in run files. */
    public synchronized boolean spilled() {
        return !runs.isEmpty();
    }

    private void spill() {
        List<String> sorted = new ArrayList<>(memory);
        Collections.sort(sorted);
        runs.add(SpillDirectory.writeRun("run", sorted));
        memory = new HashSet<>();
    }

    /** The number of distinct lines (one pass over the runs when some were spilled). */
    public synchronized long countUnique() {
        return runs.isEmpty() ? memory.size() : count(this);
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

    /** All distinct lines in ascending order. Do not add lines while iterating. */
    public synchronized Iterator<String> sortedUnique() {
        List<String> sorted = new ArrayList<>(memory);
        Collections.sort(sorted);
        List<Iterator<String>> sources = new ArrayList<>();
        sources.add(sorted.iterator());
        for (Path run : runs) {
            sources.add(fileLines(run));
        }
        return merge(sources);
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
        for (Path run : runs) {
            run.toFile().delete();
        }
        runs.clear();
    }
}
