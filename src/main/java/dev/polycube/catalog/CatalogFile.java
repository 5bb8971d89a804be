package dev.polycube.catalog;

import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.IntConsumer;

/**
 * A catalog file of any layout, read once, one entry at a time, and matched to its puzzle; never held in
 * memory whole (a catalog may have millions of lines). {@link #scan} is the one loop that canonicalises a
 * catalog's entries: {@code verify}, {@code diff} and the API use it; {@link #packings()} feeds
 * {@code convert}.
 *
 * <p>Handedness is decided once per catalog: the first entry that is a packing says whether the catalog is
 * drawn with the puzzle's pieces or with their mirror images (another program's axes may mirror them all);
 * an entry drawn with the other set is not a packing of this catalog. A native catalog's header names its
 * puzzle, so its entries are never mirrored.
 */
public final class CatalogFile implements AutoCloseable {

    /**
     * One entry as read: matched to the puzzle, or why it is not a packing of it.
     *
     * @param match   the packing in the puzzle's frame, or null
     * @param problem why the entry is not a packing (naming the file, line and entry), or null
     */
    public record Entry(int number, int line, Interpreter.Match match, String problem) {
    }

    private final Path file;
    private final CatalogLayout layout;
    private final CatalogLayout.EntryReader reader;
    private final Catalog header;
    private final Puzzle puzzle;
    private final Interpreter interpreter;
    private RawSolution pending;
    private Boolean mirrored;
    private int handednessEntry;
    private int entries;
    private int mirroredEntries;

    private CatalogFile(Path file, CatalogLayout layout, CatalogLayout.EntryReader reader, Catalog header, Puzzle puzzle,
                        RawSolution first) {
        this.file = file;
        this.layout = layout;
        this.reader = reader;
        this.header = header;
        this.puzzle = puzzle;
        this.interpreter = new Interpreter(puzzle);
        this.pending = first;
        this.mirrored = header != null ? Boolean.FALSE : null;
    }

    /**
     * Opens {@code file} and settles its puzzle: {@code puzzle} when given, else the one a native header
     * defines, else the built-in whose pieces the first entry is drawn with.
     *
     * @param forced null to recognise the layout
     */
    public static CatalogFile open(Path file, CatalogLayout forced, Puzzle puzzle) throws IOException {
        CatalogLayout layout = CatalogLayouts.layoutOf(file, forced);
        CatalogLayout.EntryReader reader = layout.open(file);
        try {
            Catalog header = reader.header();
            RawSolution first = reader.next();
            // an empty native catalog is a run's true answer (a puzzle with no packing, or a part with none);
            // an empty file of any other layout is more likely the wrong file
            if (first == null && header == null) {
                throw new CatalogException(file + ": no solutions found in this " + layout.name() + " catalog");
            }
            Puzzle p = puzzle;
            if (p == null && header != null) {
                p = NativeCatalog.definedPuzzle(header, file.toString());
            }
            if (p == null && first == null) {
                throw new CatalogException(file + ": no solutions and no '# definition:' header, so there is no puzzle "
                        + "to read it as; name the puzzle with --puzzle");
            }
            if (p == null) {
                p = recognise(first, file);
            }
            return new CatalogFile(file, layout, reader, header, p, first);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private static Puzzle recognise(RawSolution first, Path file) {
        for (String name : BuiltInPuzzles.names()) {
            Puzzle candidate = BuiltInPuzzles.load(name);
            try {
                new Interpreter(candidate).match(first, file.toString());
                return candidate;
            } catch (CatalogException notThisOne) {
                // try the next built-in
            }
        }
        throw new CatalogException(file + ": its first entry is not a packing of any built-in puzzle; name the puzzle with --puzzle");
    }

    public Path file() {
        return file;
    }

    public CatalogLayout layout() {
        return layout;
    }

    public Puzzle puzzle() {
        return puzzle;
    }

    /** A native catalog's header (without its lines), else null. */
    public Catalog header() {
        return header;
    }

    /** The next entry, or null at the end of the file. A malformed file is an error (naming file and line). */
    public Entry next() {
        RawSolution raw = pending != null ? pending : reader.next();
        pending = null;
        if (raw == null) {
            return null;
        }
        entries++;
        String f = file.toString();
        try {
            Interpreter.Match m;
            if (mirrored == null) {
                m = interpreter.match(raw, f);
                mirrored = m.mirrored();
                handednessEntry = raw.entry();
            } else {
                m = interpreter.matchHanded(raw, f, mirrored);
            }
            mirroredEntries += m.mirrored() ? 1 : 0;
            return new Entry(raw.entry(), raw.line(), m, null);
        } catch (CatalogException e) {
            return new Entry(raw.entry(), raw.line(), null, otherHand(interpreter, raw, f) ? handMessage(raw) : e.getMessage());
        }
    }

    /** True when the entry would be a packing with the piece set this catalog does not use. */
    private boolean otherHand(Interpreter in, RawSolution raw, String f) {
        if (mirrored == null) {
            return false;
        }
        try {
            in.matchHanded(raw, f, !mirrored);
            return true;
        } catch (CatalogException e) {
            return false;
        }
    }

    private String handMessage(RawSolution raw) {
        String at = file + ":" + raw.line() + ": entry " + raw.entry();
        if (header != null) {
            return at + " is drawn with the mirror images of " + puzzle.name() + "'s pieces, which no real piece set "
                    + "can make; a native catalog always uses the puzzle's own pieces";
        }
        return at + " is drawn with the " + (mirrored ? "real" : "mirror-image") + " piece set, but entry " + handednessEntry
                + " with the " + (mirrored ? "mirror-image" : "real") + " one; a catalog is drawn with one set, so the two "
                + "cannot both be packings of real pieces";
    }

    /**
     * Reads past the remaining entries without interpreting them and returns the file's entries in all, telling
     * {@code progress} the entries read now and then: for a count shown beside the first entries of a large catalog
     * (a viewer's page); nothing past the entries read before is checked.
     */
    public int skipRest(IntConsumer progress) {
        skip(Long.MAX_VALUE, progress);
        return entries;
    }

    /**
     * Reads past the next {@code n} entries (fewer at the end of the file) without interpreting them, telling
     * {@code progress} the entries read now and then; returns how many were passed. For the entries after them (a
     * picture of entry 12,000,000 keeps nothing of the entries before it, and checks none of them).
     */
    public long skip(long n, IntConsumer progress) {
        long passed = 0;
        if (n > 0 && pending != null) {
            pending = null;
            entries++;
            passed++;
        }
        while (passed < n && reader.next() != null) {
            passed++;
            if ((++entries & 0xFFF) == 0) {
                progress.accept(entries);
            }
        }
        return passed;
    }

    /** How many entries the file says it holds (a native catalog's header), or -1 when it does not say: for progress. */
    public long declaredEntries() {
        return reader.declaredEntries();
    }

    /** Entries read so far. */
    public int entries() {
        return entries;
    }

    /** Entries read so far that were drawn with the mirror-image piece set (and mirrored back). */
    public int mirroredEntries() {
        return mirroredEntries;
    }

    /**
     * Every remaining entry's packing, for one pass (convert): an entry that is not a packing stops it with an
     * error naming the entry, so nothing half-checked is ever written.
     */
    public Iterable<Packing> packings() {
        return () -> new Iterator<>() {
            private Entry next = advance();

            private Entry advance() {
                Entry e = CatalogFile.this.next();
                if (e != null && e.problem() != null) {
                    throw new CatalogException(e.problem() + " (run `polycube verify` for every problem)");
                }
                return e;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Packing next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                Packing p = next.match().packing();
                next = advance();
                return p;
            }
        };
    }

    /**
     * Reads every remaining entry and canonicalises each packing under {@code rule}: the one pass that
     * {@code verify} and {@code diff} need. {@code progress} hears the number of entries read, often.
     *
     * <p>Matching and canonicalising an entry costs a few microseconds (46 s for the 13 M entries of the 8x8
     * dominoes in the fixed frame), so once the first packing has settled the catalog's handedness, the entries
     * are read here and interpreted on every core, a chunk at a time; their results are taken up in the
     * catalog's order, so the scan is the same as one read on a single thread.
     */
    public CatalogScan scan(SymmetryMode rule, IntConsumer progress) {
        Canonicalizer canon = new Canonicalizer(puzzle, SymmetryGroup.of(puzzle, rule));
        CatalogScan.Builder scan = new CatalogScan.Builder(this, rule);
        Entry first;
        while (mirrored == null && (first = next()) != null) {
            progress.accept(entries);
            take(scan, first, canon);
        }
        ThreadLocal<Interpreter> interpreters = ThreadLocal.withInitial(() -> new Interpreter(puzzle));
        try (OrderedChunks<RawSolution, List<Scanned>> chunks = new OrderedChunks<>("polycube-scan",
                Runtime.getRuntime().availableProcessors(), SCAN_CHUNK, chunk -> interpret(chunk, interpreters.get(), canon),
                results -> takeUp(scan, results, progress))) {
            for (RawSolution raw; (raw = nextRaw()) != null; ) {
                chunks.add(raw);
            }
            chunks.finish();
        }
        return scan.build();
    }

    /** Entries a scan hands to a thread at a time. */
    private static final int SCAN_CHUNK = 4096;

    /** What a scan keeps of an entry: its canonical line and number ({@link CatalogScan.Builder#keyed}), or why it is not a packing. */
    private record Scanned(String keyed, boolean mirrored, String problem) {
    }

    private void take(CatalogScan.Builder scan, Entry e, Canonicalizer canon) {
        if (e.problem() != null) {
            scan.problem(e.problem());
        } else {
            Packing p = e.match().packing();
            scan.entry(e.number(), canon.canonical(p.cellCopy(), p.copyPiece()), e.match().labelToPiece());
        }
    }

    /** A chunk's entries, counted and handed to the scan as {@link #next()} and {@link #take} would. */
    private void takeUp(CatalogScan.Builder scan, List<Scanned> results, IntConsumer progress) {
        for (Scanned r : results) {
            entries++;
            mirroredEntries += r.mirrored() ? 1 : 0;
            progress.accept(entries);
            if (r.problem() != null) {
                scan.problem(r.problem());
            } else {
                scan.keyedEntry(r.keyed());
            }
        }
    }

    private RawSolution nextRaw() {
        RawSolution raw = pending != null ? pending : reader.next();
        pending = null;
        return raw;
    }

    /** {@link #next()}'s matching, once the handedness is settled, with a thread's own interpreter. */
    private List<Scanned> interpret(List<RawSolution> chunk, Interpreter in, Canonicalizer canon) {
        String f = file.toString();
        List<Scanned> out = new ArrayList<>(chunk.size());
        for (RawSolution raw : chunk) {
            try {
                Interpreter.Match m = in.matchHanded(raw, f, mirrored);
                Packing p = m.packing();
                String canonical = canon.canonical(p.cellCopy(), p.copyPiece());
                out.add(new Scanned(CatalogScan.Builder.keyed(canonical, raw.entry()), m.mirrored(), null));
            } catch (CatalogException e) {
                out.add(new Scanned(null, false, otherHand(in, raw, f) ? handMessage(raw) : e.getMessage()));
            }
        }
        return out;
    }

    @Override
    public void close() {
        reader.close();
    }
}
