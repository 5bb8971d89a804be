package dev.polycube.catalog;

import dev.polycube.error.Plural;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.puzzle.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A catalog read once ({@link CatalogFile#scan}): each valid entry's class under a rule, kept as
 * "canonical line, tab, entry number" in a spilling {@link LineStore}, so that sorted they group each class's
 * entries together, earliest first, in bounded memory; and the entries that are no packing of the puzzle.
 * {@link #verify} and {@link CatalogDiff} read it.
 */
public final class CatalogScan implements AutoCloseable {

    /** How many problem messages are kept (the count is always exact). */
    public static final int KEPT = 1000;

    /** A class and the first entry (in file order) that has it. */
    public record ClassEntry(String line, int entry) {
    }

    private final CatalogFile source;
    private final SymmetryMode rule;
    private final List<String> problems;
    private final long problemCount;
    private final Map<String, String> labelToPiece;
    private final LineStore classes;

    private CatalogScan(Builder b) {
        this.source = b.file;
        this.rule = b.rule;
        this.problems = List.copyOf(b.problems);
        this.problemCount = b.problemCount;
        this.labelToPiece = b.labelToPiece == null ? Map.of() : Map.copyOf(b.labelToPiece);
        this.classes = b.classes;
    }

    /** Collects a scan as {@link CatalogFile#scan} reads. */
    static final class Builder {
        private final CatalogFile file;
        private final SymmetryMode rule;
        private final List<String> problems = new ArrayList<>();
        private long problemCount;
        private Map<String, String> labelToPiece;
        private final LineStore classes;
        /** Digits of an entry number in a class store's line: entry numbers are {@code int}s. */
        private static final int ENTRY_DIGITS = 10;

        Builder(CatalogFile file, SymmetryMode rule) {
            this.file = file;
            this.rule = rule;
            this.classes = new LineStore(file.puzzle().target().boxVolume() + 12);
        }

        void problem(String message) {
            problemCount++;
            if (problems.size() < KEPT) {
                problems.add(message);
            }
        }

        void entry(int number, String canonical, Map<String, String> labels) {
            if (labelToPiece == null) {
                labelToPiece = labels;
            }
            classes.add(keyed(canonical, number));
        }

        /** As {@link #entry}, the line {@link #keyed} already made (on a scan's worker thread). */
        void keyedEntry(String keyed) {
            classes.add(keyed);
        }

        /**
         * "canonical line, tab, entry number in ten digits": sorted as text, a class's entries come together, earliest
         * first. Built by hand, not by {@code String.format}, which cost a fifth of a million-entry scan's thread.
         */
        static String keyed(String canonical, int number) {
            char[] c = new char[canonical.length() + 1 + ENTRY_DIGITS];
            canonical.getChars(0, canonical.length(), c, 0);
            c[canonical.length()] = '\t';
            int n = number;
            for (int i = c.length - 1; i > canonical.length(); i--) {
                c[i] = (char) ('0' + n % 10);
                n /= 10;
            }
            return new String(c);
        }

        CatalogScan build() {
            return new CatalogScan(this);
        }
    }

    /** The catalog read (read to its end: its entry counts are final). */
    public CatalogFile source() {
        return source;
    }

    public SymmetryMode rule() {
        return rule;
    }

    /** The first {@link #KEPT} entries that are no packing of the puzzle, in file order. */
    public List<String> invalid() {
        return problems;
    }

    public long invalidCount() {
        return problemCount;
    }

    /** How the first valid entry's labels map to the puzzle's pieces (label → piece name). */
    public Map<String, String> labelToPiece() {
        return labelToPiece;
    }

    /** Refuses (naming the first bad entry) a catalog with entries that are not packings of its puzzle. */
    public CatalogScan requireAllValid() {
        Path file = source.file();
        Puzzle puzzle = source.puzzle();
        if (problemCount > 0 && problemCount == source.entries()) {
            throw new CatalogException(file + " is not a catalog of " + puzzle.name() + ": " + (source.entries() == 1
                    ? "its one entry is not a packing of it (" : "none of its " + source.entries()
                    + " entries is a packing of it (first: ") + problems.get(0) + ")");
        }
        if (problemCount > 0) {
            throw new CatalogException(Plural.count(problemCount, "entry", "entries") + " of " + file
                    + (problemCount == 1 ? " is not a packing of " : " are not packings of ") + puzzle.name() + "; first: " + problems.get(0)
                    + " (run `polycube verify` for the list)");
        }
        return this;
    }

    /** The classes of the valid entries: each canonical line once, ascending (the lines of a native catalog). */
    public List<String> classLines() {
        List<String> out = new java.util.ArrayList<>();
        for (Iterator<ClassEntry> it = sorted(); it.hasNext(); ) {
            String line = it.next().line();
            if (out.isEmpty() || !out.get(out.size() - 1).equals(line)) {
                out.add(line);
            }
        }
        return out;
    }

    /** Every valid entry as (class, entry), sorted by class, each class's entries in file order. */
    Iterator<ClassEntry> sorted() {
        Iterator<String> in = classes.sortedUnique();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return in.hasNext();
            }

            @Override
            public ClassEntry next() {
                if (!in.hasNext()) {
                    throw new NoSuchElementException();
                }
                String s = in.next();
                int tab = s.length() - Builder.ENTRY_DIGITS - 1;
                int entry = 0;
                for (int i = tab + 1; i < s.length(); i++) {
                    entry = 10 * entry + (s.charAt(i) - '0');
                }
                return new ClassEntry(s.substring(0, tab), entry);
            }
        };
    }

    /**
     * What {@code verify} reports: entries that are no packing of the puzzle, and entries that repeat a
     * solution under the rule, are problems.
     *
     * @param valid        distinct valid solutions
     * @param problems     the first {@link #KEPT} problems: invalid entries in file order, then repeats by entry
     * @param problemCount every problem
     * @param verdict      {@code valid} against the published count, or null when none is published
     */
    public record Verification(int entries, long valid, List<String> problems, long problemCount, Verdict verdict) {

        public boolean ok() {
            return problemCount == 0;
        }
    }

    public Verification verify() {
        long valid = 0;
        long repeats = 0;
        List<String> kept = new ArrayList<>(problems);
        List<int[]> repeated = new ArrayList<>();
        ClassEntry previous = null;
        for (Iterator<ClassEntry> it = sorted(); it.hasNext(); ) {
            ClassEntry c = it.next();
            if (previous != null && previous.line().equals(c.line())) {
                repeats++;
                if (repeated.size() < KEPT) {
                    repeated.add(new int[] {c.entry(), previous.entry()});
                }
                continue; // previous stays the class's first entry
            }
            valid++;
            previous = c;
        }
        repeated.sort(Comparator.comparingInt(r -> r[0]));
        for (int[] r : repeated) {
            if (kept.size() < KEPT) {
                kept.add(source.file() + ": entry " + r[0] + " is the same solution as entry " + r[1] + " under " + rule.id());
            }
        }
        return new Verification(source.entries(), valid, List.copyOf(kept), problemCount + repeats,
                source.puzzle().verdict(rule, valid));
    }

    @Override
    public void close() {
        classes.close();
    }
}
