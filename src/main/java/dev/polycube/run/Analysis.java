package dev.polycube.run;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.catalog.Packing;
import dev.polycube.files.Digests;
import dev.polycube.disassembly.Disassembler;
import dev.polycube.disassembly.Disassembly;
import dev.polycube.disassembly.Frames;
import dev.polycube.disassembly.Level;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.StopReason;
import dev.polycube.error.FileAccessException;
import dev.polycube.files.AppendLog;
import dev.polycube.files.ExitCleanup;
import dev.polycube.files.PathInfo;
import dev.polycube.files.TextInput;
import dev.polycube.puzzle.Puzzle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * The disassembly analysis of a catalog's classes: each class taken apart once ({@link Disassembler}), in
 * parallel, the results journaled as they come so a stopped analysis resumes without doing any class twice,
 * then the catalog written again with a level on every line (catalog v3).
 *
 * <p>The journal sits beside the output ({@code OUTPUT.levels-journal}): a first line naming the input
 * (a digest of the puzzle, the rule and the lines), then "INDEX LEVEL" per analysed class. A journal of
 * other input is replaced; a finished analysis deletes it.
 */
public final class Analysis {

    /**
     * What to analyse and how to write it.
     *
     * @param puzzle    the catalog's puzzle
     * @param header    the catalog's header (puzzle, box, rule, definition; its lines are ignored)
     * @param lines     the classes, one native catalog line each, in catalog order
     * @param output    the v3 catalog to write (may be the input: written atomically at the end)
     * @param threads   worker threads
     * @param onlyApart leave out the classes that cannot be taken apart
     * @param minLevel  leave out the classes whose level is below this one (null: keep all)
     * @param byLevel   order the lines by level, hardest first, instead of by cells
     */
    public record Request(Puzzle puzzle, Catalog header, List<String> lines, Path output, int threads, boolean onlyApart,
                          Level minLevel, boolean byLevel) {
        public Request {
            lines = List.copyOf(lines);
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, got " + threads);
            }
        }
    }

    /** What the analysis found (all classes, before any filter). */
    public record Summary(int assemblies, int apart, Map<Level, Integer> levels, int written, Path catalog, int resumed,
                          double seconds) {
    }

    /** Progress: classes analysed so far (this run and resumed), of the total. */
    public interface Progress {
        void analysed(int done, int total);
    }

    private Analysis() {
    }

    /**
     * Bytes the analysis holds for a class besides its line's characters: the line's objects, its slots in the lists,
     * its level as read and as parsed for the writing. Every class is held at once (the lines are written again in
     * their order, with their levels), so a catalog past the heap is refused before it is read, rather than read until
     * the collector thrashes: the 8x8 dominoes' 12,988,816 packings in the fixed frame went silent for ten minutes
     * under the 1 GiB heap.
     */
    static final int BYTES_PER_CLASS = 160;

    /** The heap's share the classes may take: the analysis's work and the writing need the rest. */
    private static final double HEAP_SHARE = 0.75;

    /**
     * Refuses, with the memory it would need, an analysis of {@code classes} classes of {@code cells} cells each that
     * would not fit in {@code heap} bytes.
     */
    public static void requireFits(long classes, int cells, long heap) {
        long need = classes * (cells + (long) BYTES_PER_CLASS);
        if (need > HEAP_SHARE * heap) {
            throw new dev.polycube.error.BadInputException(String.format(java.util.Locale.ROOT, "the disassembly analysis "
                    + "holds every class at once: %,d classes of %d cells need about %,d MiB, more than this run's %,d MiB "
                    + "of heap allows; give Java more memory (POLYCUBE_JAVA_OPTS=\"-Xmx%dg -XX:+UseParallelGC\", say)",
                    classes, cells, need >> 20, heap >> 20, Math.max(2, (long) Math.ceil(need / HEAP_SHARE / (1L << 30)) + 1)));
        }
    }

    /** The journal of an analysis writing {@code output}. */
    public static Path journalOf(Path output) {
        return output.resolveSibling(output.getFileName() + ".levels-journal");
    }

    /** Runs (or resumes) the analysis; null when {@code control} stopped it (the journal keeps what was done). */
    @SuppressWarnings("try") // held for the analysis, not used in it
    public static Summary run(Request r, Progress progress, SearchControl control) throws IOException {
        // a signal that comes while the catalog is written lets it finish before the exit removes unfinished files
        try (ExitCleanup.Hold writing = ExitCleanup.hold()) {
            return analyseAndWrite(r, progress, control);
        }
    }

    private static Summary analyseAndWrite(Request r, Progress progress, SearchControl control) throws IOException {
        long t0 = System.nanoTime();
        int n = r.lines().size();
        String[] levels = new String[n];
        Path journal = journalOf(r.output());
        String id = "# polycube levels journal v1 " + digest(r);
        int resumed = readJournal(journal, id, levels);
        AtomicInteger done = new AtomicInteger(resumed);
        // written afresh, with what an earlier run journaled: a record torn by a crash is gone, not appended to
        StringBuilder kept = new StringBuilder(id).append('\n');
        for (int i = 0; i < n; i++) {
            if (levels[i] != null) {
                kept.append(i).append(' ').append(levels[i]).append('\n');
            }
        }
        try (AppendLog log = AppendLog.replace(journal, "the analysis journal", kept.toString())) {
            analyse(r, levels, log, done, progress, control);
        } catch (IOException e) {
            throw kept(FileAccessException.of("append to the analysis journal", journal, e), journal);
        } catch (FileAccessException e) {
            throw kept(e, journal);
        }
        if (control.isStopped()) {
            return null;
        }
        Summary s;
        try {
            s = write(r, levels, resumed, (System.nanoTime() - t0) / 1e9);
        } catch (FileAccessException e) {
            throw kept(e, journal);
        }
        PathInfo.delete(journal);
        return s;
    }

    /** {@code e} with where the work done so far is kept (a full disk, say, need not cost the classes analysed). */
    private static FileAccessException kept(FileAccessException e, Path journal) {
        if (!PathInfo.exists(journal)) {
            return e;
        }
        return new FileAccessException(e.getMessage() + "; the classes analysed so far are kept in " + journal
                + ": once that is fixed, the same command goes on from them", e);
    }

    private static void analyse(Request r, String[] levels, AppendLog log, AtomicInteger done, Progress progress,
                                SearchControl control) throws IOException {
        int n = levels.length;
        int chunk = 32;
        AtomicInteger next = new AtomicInteger();
        // a worker's failure (the journal cannot be written; a line that is no packing of the puzzle) stops the others and
        // is thrown here, as the caller's own, not printed by the pool's thread as an uncaught exception
        java.util.concurrent.atomic.AtomicReference<Exception> failure = new java.util.concurrent.atomic.AtomicReference<>();
        Frames frames = Frames.of(r.puzzle(), r.header().symmetry());
        ForkJoinPool pool = new ForkJoinPool(r.threads());
        try {
            Runnable work = () -> {
                StringBuilder records = new StringBuilder();
                while (!control.isStopped()) {
                    int from = next.getAndAdd(chunk);
                    if (from >= n) {
                        return;
                    }
                    records.setLength(0);
                    int count = 0;
                    for (int i = from; i < Math.min(n, from + chunk) && !control.isStopped(); i++) {
                        if (levels[i] != null) {
                            continue;
                        }
                        String level;
                        try {
                            level = level(frames, r.lines().get(i), control);
                        } catch (Disassembler.Stopped e) {
                            break;
                        }
                        levels[i] = level;
                        records.append(i).append(' ').append(level).append('\n');
                        count++;
                    }
                    if (count > 0) {
                        synchronized (log) {
                            try {
                                log.append(records.toString());
                            } catch (IOException e) {
                                failure.compareAndSet(null, e);
                                control.stop(StopReason.FAILED);
                                return;
                            }
                        }
                        progress.analysed(done.addAndGet(count), n);
                    }
                }
            };
            Runnable worker = () -> {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                    control.stop(StopReason.FAILED);
                }
            };
            for (int t = 0; t < r.threads(); t++) {
                pool.execute(worker);
            }
            pool.shutdown();
            pool.awaitTermination(Long.MAX_VALUE, TimeUnit.DAYS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            control.stop(StopReason.INTERRUPTED);
        } finally {
            pool.shutdownNow();
        }
        Exception e = failure.get();
        if (e instanceof IOException io) {
            throw io;
        }
        if (e != null) {
            throw (RuntimeException) e;
        }
    }

    /** The level of one catalog line, or "-" when it cannot be taken apart. */
    private static String level(Frames frames, String line, SearchControl control) {
        return Disassembly.of(frames, Packing.fromLine(frames.puzzle(), line), control::isStopped).level();
    }

    private static Summary write(Request r, String[] levels, int resumed, double seconds) throws IOException {
        int n = levels.length;
        Level[] parsed = new Level[n]; // null: cannot be taken apart
        Map<Level, Integer> distribution = new TreeMap<>(Comparator.reverseOrder());
        it.unimi.dsi.fastutil.ints.IntArrayList kept = new it.unimi.dsi.fastutil.ints.IntArrayList();
        int apart = 0;
        for (int i = 0; i < n; i++) {
            boolean ok = !levels[i].equals(Catalog.Levels.NONE);
            if (ok) {
                parsed[i] = Level.parse(levels[i]);
                apart++;
                distribution.merge(parsed[i], 1, Integer::sum);
            }
            if ((ok || !r.onlyApart()) && (r.minLevel() == null || (ok && parsed[i].compareTo(r.minLevel()) >= 0))) {
                kept.add(i);
            }
        }
        if (r.byLevel()) {
            Comparator<Level> hardestFirst = Comparator.nullsLast(Comparator.reverseOrder());
            kept.sort((int a, int b) -> {
                int byLevel = hardestFirst.compare(parsed[a], parsed[b]);
                return byLevel != 0 ? byLevel : r.lines().get(a).compareTo(r.lines().get(b));
            });
        }
        // each line with its level made as it is written, not all of them first (a second copy of every class)
        Iterable<String> out = () -> kept.intStream().mapToObj(i -> r.lines().get(i) + " " + levels[i]).iterator();
        Catalog header = r.header().withLevels(new Catalog.Levels(n, apart, r.byLevel(), r.onlyApart()));
        NativeCatalog.write(r.output(), header, r.puzzle(), kept.size(), out);
        return new Summary(n, apart, distribution, kept.size(), r.output(), resumed, seconds);
    }

    /** Reads a journal of the same input into {@code levels}; returns how many it holds (0 when none or another input's). */
    private static int readJournal(Path journal, String id, String[] levels) {
        if (!PathInfo.exists(journal)) {
            return 0;
        }
        int count = 0;
        try (TextInput.Lines in = TextInput.lines(journal)) {
            String first = in.next();
            if (!id.equals(first)) {
                return 0;
            }
            for (String line; (line = in.next()) != null; ) {
                int space = line.indexOf(' ');
                if (space < 1 || !in.terminated()) {
                    break; // a record torn by a crash: it is analysed again
                }
                int i;
                try {
                    i = Integer.parseInt(line.substring(0, space));
                } catch (NumberFormatException e) {
                    break;
                }
                String level = line.substring(space + 1);
                if (i < 0 || i >= levels.length || !Catalog.Levels.valid(level)) {
                    break;
                }
                if (levels[i] == null) {
                    count++;
                }
                levels[i] = level;
            }
        }
        return count;
    }

    private static String digest(Request r) {
        MessageDigest d = Digests.sha256();
        d.update(String.join("\n", r.header().definition()).getBytes(StandardCharsets.UTF_8));
        d.update(r.header().symmetry().id().getBytes(StandardCharsets.UTF_8));
        for (String l : r.lines()) {
            d.update(l.getBytes(StandardCharsets.UTF_8));
            d.update((byte) '\n');
        }
        return Digests.hex64(d);
    }
}
