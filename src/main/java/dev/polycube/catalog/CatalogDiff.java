package dev.polycube.catalog;

import dev.polycube.puzzle.SymmetryMode;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Two catalogs of one puzzle compared as sets of classes under a symmetry rule, so labels, axes, layouts
 * and handedness make no difference.
 *
 * @param a      the first catalog's classes
 * @param b      the second's
 * @param onlyA  classes only in A: first entry number → canonical line
 * @param onlyB  classes only in B, likewise
 * @param common classes in both
 */
public record CatalogDiff(SymmetryMode rule, LoadedCatalog.Classes a, LoadedCatalog.Classes b,
                          SortedMap<Integer, String> onlyA, SortedMap<Integer, String> onlyB, int common) {

    /** Compares {@code a} and {@code b} (both of {@code a}'s puzzle, every entry valid) under {@code rule}. */
    public static CatalogDiff of(LoadedCatalog a, LoadedCatalog b, SymmetryMode rule) {
        a.requireAllValid();
        b.requireAllValid();
        LoadedCatalog.Classes ca = a.classes(rule);
        LoadedCatalog.Classes cb = b.classes(rule);
        SortedMap<Integer, String> onlyA = only(ca.first(), cb.first());
        SortedMap<Integer, String> onlyB = only(cb.first(), ca.first());
        return new CatalogDiff(rule, ca, cb, Collections.unmodifiableSortedMap(onlyA), Collections.unmodifiableSortedMap(onlyB),
                ca.first().size() - onlyA.size());
    }

    public boolean equal() {
        return onlyA.isEmpty() && onlyB.isEmpty();
    }

    private static SortedMap<Integer, String> only(Map<String, Integer> in, Map<String, Integer> notIn) {
        SortedMap<Integer, String> out = new TreeMap<>();
        in.forEach((line, entry) -> {
            if (!notIn.containsKey(line)) {
                out.put(entry, line);
            }
        });
        return out;
    }
}
