package dev.polycube.catalog;

import dev.polycube.puzzle.SymmetryMode;
import java.util.Collections;
import java.util.Iterator;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Two catalogs of one puzzle compared as sets of classes under a symmetry rule, so labels, axes, layouts
 * and handedness make no difference. Both are walked in class order from their scans, so neither has to
 * fit in memory.
 *
 * @param distinctA classes in A
 * @param distinctB classes in B
 * @param common    classes in both
 * @param onlyA     how many classes only A has
 * @param onlyB     how many classes only B has
 * @param firstOnlyA the first {@link CatalogScan#KEPT} classes only in A: first entry number → canonical line
 * @param firstOnlyB likewise for B
 */
public record CatalogDiff(SymmetryMode rule, long distinctA, long distinctB, long common, long onlyA, long onlyB,
                          SortedMap<Integer, String> firstOnlyA, SortedMap<Integer, String> firstOnlyB) {

    /** Compares two scans under the same rule; both must hold only valid entries. */
    public static CatalogDiff of(CatalogScan a, CatalogScan b) {
        if (a.rule() != b.rule()) {
            throw new IllegalArgumentException("scans under different rules: " + a.rule() + ", " + b.rule());
        }
        a.requireAllValid();
        b.requireAllValid();
        Classes ia = new Classes(a.sorted());
        Classes ib = new Classes(b.sorted());
        long common = 0;
        long onlyA = 0;
        long onlyB = 0;
        TreeMap<Integer, String> firstA = new TreeMap<>();
        TreeMap<Integer, String> firstB = new TreeMap<>();
        while (ia.current != null || ib.current != null) {
            int c = ia.current == null ? 1 : ib.current == null ? -1 : ia.current.line().compareTo(ib.current.line());
            if (c == 0) {
                common++;
                ia.advance();
                ib.advance();
            } else if (c < 0) {
                onlyA++;
                keep(firstA, ia.current);
                ia.advance();
            } else {
                onlyB++;
                keep(firstB, ib.current);
                ib.advance();
            }
        }
        return new CatalogDiff(a.rule(), ia.distinct, ib.distinct, common, onlyA, onlyB,
                Collections.unmodifiableSortedMap(firstA), Collections.unmodifiableSortedMap(firstB));
    }

    public boolean equal() {
        return onlyA == 0 && onlyB == 0;
    }

    private static void keep(TreeMap<Integer, String> first, CatalogScan.ClassEntry e) {
        first.put(e.entry(), e.line());
        if (first.size() > CatalogScan.KEPT) {
            first.pollLastEntry();
        }
    }

    /** A scan's classes, one at a time: each class once, with its first entry. */
    private static final class Classes {
        private final Iterator<CatalogScan.ClassEntry> in;
        private CatalogScan.ClassEntry current;
        private CatalogScan.ClassEntry lookahead;
        private long distinct;

        Classes(Iterator<CatalogScan.ClassEntry> in) {
            this.in = in;
            this.lookahead = in.hasNext() ? in.next() : null;
            advance();
        }

        void advance() {
            current = lookahead;
            if (current == null) {
                return;
            }
            distinct++;
            lookahead = null;
            while (in.hasNext()) {
                CatalogScan.ClassEntry e = in.next();
                if (!e.line().equals(current.line())) {
                    lookahead = e;
                    break;
                }
            }
        }
    }
}
