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

/**
 * A set of catalog lines that does not have to fit in memory, read back ascending and without duplicates
 * ({@link #sortedUnique()}), which is exactly the order a catalog needs.
 *
 * <p>Lines are appended to a batch. A full batch is sorted by the thread that filled it, outside the lock,
 * and kept as a <em>block</em>: its distinct lines packed one after another in one char array. Reading merges
 * the blocks; the first read after adding merges them into one, so that counting a catalog and then writing
 * it merges once. Why blocks and not one list of strings sorted at the end: a string is two objects somewhere
 * in the heap, and sorting or merging a million of them costs a cache miss or two per comparison (1.63 M lines
 * of the 8x8 dominoes took 1.7 s to sort as strings), while a block's lines lie side by side and are sorted a
 * batch at a time by the workers that found them. Duplicates are dropped when a batch is sorted and when
 * blocks merge, not when adding: most callers add each line once (a run looks its classes up in a digest set
 * first, or each class has one owner).
 *
 * <p>Writers take the lines as text ({@link #writeText}): merged straight into chunks of characters, with no
 * string per line.
 *
 * <p>When the blocks hold {@link #limit()} lines, they are merged into a run file in a temporary directory and
 * memory starts empty again; reading then merges the runs too. The limit defaults to what a quarter of the
 * maximum heap holds at 2 bytes a character plus 16 per line (a line in a block takes 2 bytes a character and 4
 * more); {@code -Dpolycube.spill.lines=N} sets it. Blocks are merged into one on reading only while they hold at
 * most half the limit, so that the merged copy never takes more than the limit allows. Thread-safe.
 */
public final class LineStore implements Iterable<String>, AutoCloseable {

    /** Lines a batch takes before it is sorted into a block (fewer when the limit is smaller). */
    static final int BATCH = 1 << 14;

    private final int limit;
    private final int batchSize;
    private List<String> batch = new ArrayList<>();
    /** Sorted blocks; a block is never changed once made, so a reader may hold on to this list's blocks. */
    private List<Block> blocks = new ArrayList<>();
    /** Lines in {@link #blocks}. */
    private long inBlocks;
    private final List<Path> runs = new ArrayList<>();
    /** The blocks' lines when they were written out as runs, summed: at least the runs' distinct lines. */
    private long spilledLines;
    private long added;
    /** Batches being sorted and runs being written by adding threads outside the lock. */
    private int working;

    public LineStore(int lineLength) {
        this(defaultLimit(lineLength), 0);
    }

    /** A store that spills after {@code limit} lines (tests use small limits). */
    public static LineStore withLimit(int limit) {
        return new LineStore(limit, 0);
    }

    private LineStore(int limit, int unused) {
        this.limit = Math.max(1, limit);
        this.batchSize = Math.min(this.limit, BATCH);
    }

    static int defaultLimit(int lineLength) {
        Integer forced = Integer.getInteger("polycube.spill.lines");
        if (forced != null) {
            return forced;
        }
        long perLine = 2L * lineLength + 16;
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
     * Adds lines. A caller that fills the batch sorts it into a block after letting go of the lock, and one
     * whose block brings memory to the limit writes the blocks out as a run, so that other threads keep adding
     * meanwhile (at worst one batch or run per adding thread in the making).
     */
    public void addAll(Iterable<String> lines) {
        List<String> full = null;
        synchronized (this) {
            for (String l : lines) {
                batch.add(l);
                added++;
            }
            if (batch.size() >= batchSize) {
                full = batch;
                batch = new ArrayList<>();
                working++;
            }
        }
        if (full == null) {
            return;
        }
        List<Block> spill = null;
        Block block = null;
        try {
            block = Block.sorted(full);
        } finally {
            synchronized (this) {
                working--;
                if (block != null) {
                    blocks.add(block);
                    inBlocks += block.size();
                    if (inBlocks >= limit) {
                        spilledLines += inBlocks;
                        spill = blocks;
                        blocks = new ArrayList<>();
                        inBlocks = 0;
                        working++;
                    }
                }
                notifyAll();
            }
        }
        if (spill != null) {
            Path run = null;
            try {
                List<Block> out = spill;
                run = SpillDirectory.writeRun("run", () -> merged(cursors(out, List.of())));
            } finally {
                synchronized (this) {
                    if (run != null) {
                        runs.add(run);
                    }
                    working--;
                    notifyAll();
                }
            }
        }
    }

    /** Waits until no batch is being sorted and no run written (callers hold the lock). */
    private void awaitWork() {
        while (working > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while lines were sorted or written to disk", e);
            }
        }
    }

    /** Lines added (a line added twice counts twice): an upper bound for progress reports. */
    public synchronized long approximateSize() {
        return added;
    }

    /** True when some lines live in run files. */
    public synchronized boolean spilled() {
        awaitWork();
        return !runs.isEmpty();
    }

    /** The number of distinct lines (one pass over the runs when some were spilled). */
    public synchronized long countUnique() {
        Iterable<String> now = frozen();
        return runs.isEmpty() && blocks.size() <= 1 ? inBlocks : count(now);
    }

    /**
     * How many lines a sequence yields, or a bound from above (lines that spilled runs share are counted in each) when
     * the exact number would mean reading a spilled store: for progress over millions of lines, never for a result.
     */
    public static long countAtMost(Iterable<String> lines) {
        Iterable<String> now = lines instanceof LineStore store ? store.frozen() : lines;
        return now instanceof Frozen f ? f.countWithoutReading() : count(now);
    }

    /** How many lines a (possibly disk-backed) sequence yields, by reading it once (not at all when it is known). */
    public static long count(Iterable<String> lines) {
        if (lines instanceof LineStore store) {
            return store.countUnique();
        }
        if (lines instanceof Frozen f && f.exact()) {
            return f.countWithoutReading();
        }
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
     * later are not in it), with their count as far as it is known without reading ({@link Frozen}): for a
     * checkpoint snapshot, which writes them while workers go on adding. The batch becomes a block, and the blocks
     * one block (when they hold at most half the limit and their characters fit in one array), so that reading
     * again does not merge again.
     */
    public synchronized Frozen frozen() {
        awaitWork();
        if (!batch.isEmpty()) {
            Block b = Block.sorted(batch);
            batch = new ArrayList<>();
            blocks.add(b);
            inBlocks += b.size();
        }
        if (blocks.size() > 1 && inBlocks <= limit / 2 && Block.chars(blocks) <= Integer.MAX_VALUE - 8) {
            Block one = Block.merge(blocks);
            blocks = new ArrayList<>(List.of(one));
            inBlocks = one.size();
        }
        List<Block> blocksNow = List.copyOf(blocks);
        List<Path> runsNow = List.copyOf(runs);
        boolean exact = runsNow.isEmpty() && blocksNow.size() <= 1;
        return new Frozen(blocksNow, runsNow, exact ? inBlocks : inBlocks + spilledLines, exact);
    }

    /**
     * Lines as they stood when frozen, read the same every time, with their number as far as it is known without
     * reading them: exact when nothing was spilled, else the lines of every run and block summed, which counts a
     * line twice only when it was added twice (a caller that adds each line once, as each class has one owner,
     * gets the exact count). {@link #writeCounted} writes the lines with it, and finds out when it was not exact.
     */
    public static final class Frozen implements Iterable<String> {
        private final List<Block> blocks;
        private final List<Path> runs;
        private final long countWithoutReading;
        private final boolean exact;

        private Frozen(List<Block> blocks, List<Path> runs, long countWithoutReading, boolean exact) {
            this.blocks = blocks;
            this.runs = runs;
            this.countWithoutReading = countWithoutReading;
            this.exact = exact;
        }

        public long countWithoutReading() {
            return countWithoutReading;
        }

        public boolean exact() {
            return exact;
        }

        @Override
        public Iterator<String> iterator() {
            return merged(cursors(blocks, runs));
        }
    }

    /** A writer that puts the number of lines before the lines: {@link #writeCounted} calls it. */
    @FunctionalInterface
    public interface CountedWrite {
        void write(long count, Iterable<String> lines);
    }

    /**
     * Writes {@code lines} through {@code write}, which puts their count before them, and returns the lines written.
     * The count is the one {@link Frozen} knows without reading (else the lines are counted first); the lines are
     * checked against it as they are written, and should it prove wrong (a line added twice landed in two runs),
     * {@code write} is called again with the count found. So a writer that puts its file in place only when its
     * write returns (an atomic write) never leaves a wrong count behind, and a spilled store is merged once.
     */
    public static long writeCounted(Iterable<String> lines, CountedWrite write) {
        long expected = lines instanceof Frozen f ? f.countWithoutReading() : count(lines);
        try {
            write.write(expected, new Checked(lines, expected));
            return expected;
        } catch (CountChanged e) {
            write.write(e.count, lines);
            return e.count;
        }
    }

    /** Thrown at the end of {@link Checked}'s lines when there were not as many as expected. */
    private static final class CountChanged extends RuntimeException {
        private final long count;

        CountChanged(long expected, long count) {
            super("expected " + expected + " lines, read " + count, null, false, false);
            this.count = count;
        }
    }

    /**
     * {@code lines} as they are, except that running out of them after other than {@code expected} throws
     * ({@link #writeText} checks the same when it writes them).
     */
    private record Checked(Iterable<String> lines, long expected) implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            Iterator<String> it = lines.iterator();
            return new Iterator<>() {
                private long n;

                @Override
                public boolean hasNext() {
                    if (it.hasNext()) {
                        return true;
                    }
                    if (n != expected) {
                        throw new CountChanged(expected, n);
                    }
                    return false;
                }

                @Override
                public String next() {
                    n++;
                    return it.next();
                }
            };
        }
    }

    /** Receives text: {@code chars[0 .. length)}, whole lines, each ending in a newline. */
    @FunctionalInterface
    public interface TextSink {
        void accept(char[] chars, int length) throws IOException;
    }

    /** Characters a chunk of text holds before it is handed on. */
    private static final int CHUNK = 1 << 16;

    /**
     * Hands {@code sink} the text of {@code lines}, each line as {@code prefix + line + "\n"}, in order, in
     * chunks, and returns how many lines it wrote: the same text as writing them one by one. A frozen store's
     * lines (also through {@link #writeCounted}) are merged straight into the chunks, with no string made per
     * line. On the calling thread: a merge of the blocks in parts by several threads, which this once did, took
     * 0.62 – 0.73 s of the 8x8 dominoes' two-thread run against 0.46 – 0.56 s on one (the parts' merge code ran
     * before C2 had compiled it, beside the compiler and the writer; docs/PERFORMANCE.md).
     */
    public static long writeText(Iterable<String> lines, String prefix, TextSink sink) throws IOException {
        return writeText(lines, prefix, sink, n -> {
        });
    }

    /** As {@link #writeText(Iterable, String, TextSink)}, telling {@code written} the lines handed on so far after each chunk. */
    public static long writeText(Iterable<String> lines, String prefix, TextSink sink, java.util.function.LongConsumer written)
            throws IOException {
        long expected = -1;
        Iterable<String> source = lines;
        if (source instanceof Checked c) {
            expected = c.expected();
            source = c.lines();
        }
        if (!(source instanceof Frozen f)) {
            Chunk chunk = new Chunk(prefix, written);
            for (String line : lines) { // the checked view, when there is one, checks its count itself
                chunk.add(line);
                if (chunk.length >= CHUNK) {
                    chunk.handTo(sink);
                }
            }
            chunk.handTo(sink);
            return chunk.lines;
        }
        long n = writeMerged(cursors(f.blocks, f.runs), prefix, sink, written);
        if (expected >= 0 && n != expected) {
            throw new CountChanged(expected, n);
        }
        return n;
    }

    /** One merge of the sources into chunks, on the calling thread. */
    private static long writeMerged(List<Cursor> sources, String prefix, TextSink sink, java.util.function.LongConsumer written)
            throws IOException {
        Chunk chunk = new Chunk(prefix, written);
        mergeInto(chunk, sources, sink);
        chunk.handTo(sink);
        return chunk.lines;
    }

    /** Adds the distinct lines of {@code sources} to {@code chunk}, handing it to {@code sink} when full. */
    private static void mergeInto(Chunk chunk, List<Cursor> sources, TextSink sink) throws IOException {
        Distinct lines = new Distinct(sources);
        while (lines.next()) {
            Cursor c = lines.at();
            chunk.add(c.buf, c.off, c.len);
            if (chunk.length >= CHUNK) {
                chunk.handTo(sink);
            }
        }
    }

    /** Text being gathered: whole lines, each as prefix, line, newline; {@link #lines} counts them all, handed on or not. */
    private static final class Chunk {
        private final char[] prefix;
        private char[] chars = new char[CHUNK + 256];
        private int length;
        private long lines;
        /** Told {@link #lines} each time the text is handed on. */
        private final java.util.function.LongConsumer written;

        Chunk(String prefix, java.util.function.LongConsumer written) {
            this.prefix = prefix.toCharArray();
            this.written = written;
        }

        void add(String line) {
            room(line.length());
            System.arraycopy(prefix, 0, chars, length, prefix.length);
            length += prefix.length;
            line.getChars(0, line.length(), chars, length);
            length += line.length();
            chars[length++] = '\n';
            lines++;
        }

        void add(char[] buf, int off, int len) {
            room(len);
            System.arraycopy(prefix, 0, chars, length, prefix.length);
            length += prefix.length;
            System.arraycopy(buf, off, chars, length, len);
            length += len;
            chars[length++] = '\n';
            lines++;
        }

        private void room(int len) {
            int need = length + prefix.length + len + 1;
            if (need > chars.length) {
                chars = Arrays.copyOf(chars, Math.max(need, 2 * chars.length));
            }
        }

        /** Hands the text gathered so far to {@code sink} and starts again (the line count goes on). */
        void handTo(TextSink sink) throws IOException {
            if (length > 0) {
                sink.accept(chars, length);
                length = 0;
                written.accept(lines);
            }
        }
    }

    /** A duplicate-free ascending merge of ascending sources. */
    public static Iterator<String> merge(List<Iterator<String>> sources) {
        List<Cursor> cursors = new ArrayList<>();
        for (Iterator<String> s : sources) {
            cursors.add(new LineCursor(s));
        }
        return merged(cursors);
    }

    /** Deletes the run files. */
    @Override
    public synchronized void close() {
        awaitWork();
        for (Path run : runs) {
            run.toFile().delete();
        }
        runs.clear();
    }

    /** Lines ascending and distinct, packed: line i is {@code chars[start[i] .. start[i+1])}. Never changed once made. */
    private record Block(char[] chars, int[] start) {

        int size() {
            return start.length - 1;
        }

        /**
         * {@code lines} sorted, without duplicates. Sorted as an {@code Object[]}, not a {@code String[]}: C2
         * compiled {@code Arrays.sort}'s merges again and again while its array-store profile saw both kinds of
         * array (about 0.4 s of compiling in the 8x8 dominoes' run). A multikey quicksort over the packed chars
         * was tried instead: the same on the dominoes' classes, but 2.5 s slower on their 13 M fixed packings,
         * whose lines share prefixes of most of their length (the strings' comparison is vectorised).
         */
        static Block sorted(List<String> lines) {
            Object[] a = lines.toArray();
            Arrays.sort(a);
            int n = 0;
            long total = 0;
            for (int i = 0; i < a.length; i++) {
                if (n == 0 || !a[i].equals(a[n - 1])) {
                    a[n++] = a[i];
                    total += ((String) a[i]).length();
                }
            }
            char[] chars = new char[Math.toIntExact(total)];
            int[] start = new int[n + 1];
            int at = 0;
            for (int i = 0; i < n; i++) {
                String line = (String) a[i];
                start[i] = at;
                line.getChars(0, line.length(), chars, at);
                at += line.length();
            }
            start[n] = at;
            return new Block(chars, start);
        }

        static long chars(List<Block> blocks) {
            long n = 0;
            for (Block b : blocks) {
                n += b.chars.length;
            }
            return n;
        }

        /** One block of the distinct lines of {@code blocks}. */
        static Block merge(List<Block> blocks) {
            char[] chars = new char[Math.toIntExact(chars(blocks))];
            int lines = 0;
            for (Block b : blocks) {
                lines += b.size();
            }
            int[] start = new int[lines + 1];
            int n = 0;
            int at = 0;
            Distinct distinct = new Distinct(cursors(blocks, List.of()));
            while (distinct.next()) {
                Cursor c = distinct.at();
                start[n++] = at;
                System.arraycopy(c.buf, c.off, chars, at, c.len);
                at += c.len;
            }
            start[n] = at;
            return new Block(at == chars.length ? chars : Arrays.copyOf(chars, at), Arrays.copyOf(start, n + 1));
        }
    }

    /** A sorted source being merged: its current line is {@code buf[off .. off+len)}. */
    private abstract static class Cursor {
        char[] buf;
        int off;
        int len;

        /** Moves to the next line; false (and the source closed) when there is none. */
        abstract boolean advance();

        static int compare(Cursor a, Cursor b) {
            return Arrays.compare(a.buf, a.off, a.off + a.len, b.buf, b.off, b.off + b.len);
        }
    }

    /** The lines of a block. */
    private static final class BlockCursor extends Cursor {
        private final int[] start;
        private int i = -1;
        private final int to;

        BlockCursor(Block b) {
            this.buf = b.chars();
            this.start = b.start();
            this.to = b.size();
        }

        @Override
        boolean advance() {
            if (++i >= to) {
                return false;
            }
            off = start[i];
            len = start[i + 1] - off;
            return true;
        }
    }

    /** Lines from strings (a run file, or another sorted source), copied into a buffer of its own. */
    private static class LineCursor extends Cursor {
        private final Iterator<String> lines;

        LineCursor(Iterator<String> lines) {
            this.lines = lines;
            this.buf = new char[64];
        }

        @Override
        boolean advance() {
            String s = next();
            if (s == null) {
                return false;
            }
            if (s.length() > buf.length) {
                buf = new char[Math.max(s.length(), 2 * buf.length)];
            }
            s.getChars(0, s.length(), buf, 0);
            len = s.length();
            return true;
        }

        String next() {
            return lines.hasNext() ? lines.next() : null;
        }
    }

    /** A run file's lines, closed when read to the end. */
    private static final class FileCursor extends LineCursor {
        private final BufferedReader reader;

        FileCursor(Path run) {
            super(null);
            try {
                this.reader = SpillDirectory.openRun(run);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        String next() {
            try {
                String s = reader.readLine();
                if (s == null) {
                    reader.close();
                }
                return s;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static List<Cursor> cursors(List<Block> blocks, List<Path> runs) {
        List<Cursor> out = new ArrayList<>();
        for (Block b : blocks) {
            out.add(new BlockCursor(b));
        }
        for (Path run : runs) {
            out.add(new FileCursor(run));
        }
        return out;
    }

    /**
     * The sources being merged, the one with the smallest line on top: a binary heap that moves its top source to
     * its next line and sifts it down once, where a priority queue would take it out and put it back (two passes).
     */
    private static final class CursorHeap {
        private final Cursor[] heap;
        private int size;

        CursorHeap(List<Cursor> cursors) {
            heap = new Cursor[cursors.size()];
            for (Cursor c : cursors) {
                if (c.advance()) {
                    heap[size++] = c;
                }
            }
            for (int i = size / 2 - 1; i >= 0; i--) {
                siftDown(i);
            }
        }

        boolean isEmpty() {
            return size == 0;
        }

        Cursor top() {
            return heap[0];
        }

        /** The top source moves on to its next line (or leaves, when it has none). */
        void advanceTop() {
            if (!heap[0].advance()) {
                heap[0] = heap[--size];
                heap[size] = null;
            }
            if (size > 0) {
                siftDown(0);
            }
        }

        private void siftDown(int i) {
            Cursor c = heap[i];
            for (int child = 2 * i + 1; child < size; child = 2 * i + 1) {
                if (child + 1 < size && Cursor.compare(heap[child + 1], heap[child]) < 0) {
                    child++;
                }
                if (Cursor.compare(heap[child], c) >= 0) {
                    break;
                }
                heap[i] = heap[child];
                i = child;
            }
            heap[i] = c;
        }
    }

    /**
     * The distinct lines of sorted, duplicate-free sources, ascending: {@link #next} moves to the next one, which
     * {@link #at} shows in place (no copy is made for the caller). A line equal to the last one shown, from another
     * source, is skipped.
     */
    private static final class Distinct {
        private final CursorHeap heap;
        private Cursor at;
        /** The last line shown, to drop its copies in other sources. */
        private char[] last = new char[64];
        private int lastLen = -1;

        Distinct(List<Cursor> sources) {
            heap = new CursorHeap(sources);
        }

        /** Moves to the next distinct line; false when there is none. */
        boolean next() {
            if (at != null) {
                if (at.len > last.length) {
                    last = new char[Math.max(at.len, 2 * last.length)];
                }
                System.arraycopy(at.buf, at.off, last, 0, at.len);
                lastLen = at.len;
                heap.advanceTop();
                at = null;
            }
            while (!heap.isEmpty()) {
                Cursor c = heap.top();
                if (lastLen < 0 || !Arrays.equals(c.buf, c.off, c.off + c.len, last, 0, lastLen)) {
                    at = c;
                    return true;
                }
                heap.advanceTop();
            }
            return false;
        }

        /** The source whose current line is the line moved to: {@code buf[off .. off+len)}. */
        Cursor at() {
            return at;
        }
    }

    /** The lines of sorted, duplicate-free sources, merged ascending and without duplicates. */
    private static Iterator<String> merged(List<Cursor> cursors) {
        Distinct distinct = new Distinct(cursors);
        return new Iterator<>() {
            private boolean ready;
            private boolean more;

            @Override
            public boolean hasNext() {
                if (!ready) {
                    more = distinct.next();
                    ready = true;
                }
                return more;
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                Cursor c = distinct.at();
                return new String(c.buf, c.off, c.len);
            }
        };
    }
}
