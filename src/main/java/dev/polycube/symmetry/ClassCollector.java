package dev.polycube.symmetry;

import dev.polycube.engine.SolutionSink;
import dev.polycube.puzzle.Puzzle;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Canonicalizes every packing the engine reports and keeps the classes in a concurrent set. It also
 * remembers, per work unit, the classes in the order that unit found them, which makes "the first N
 * solutions" (a limit) and partial runs deterministic: unit order is fixed, and so is the search order
 * inside a unit, whatever thread ran it.
 */
public final class ClassCollector implements SolutionSink {

    private final Canonicalizer canonicalizer;
    private final Set<String> classes = ConcurrentHashMap.newKeySet();
    private final List<String>[] perUnit;

    @SuppressWarnings("unchecked")
    public ClassCollector(Puzzle puzzle, SymmetryGroup group, int units) {
        this.canonicalizer = new Canonicalizer(puzzle, group);
        this.perUnit = new List[units];
    }

    @Override
    public void accept(int unit, int[] cellCopy, int[] copyPiece) {
        String line = canonicalizer.canonical(cellCopy, copyPiece);
        classes.add(line);
        // a unit runs on one thread at a time, so its own list needs no lock
        List<String> list = perUnit[unit];
        if (list == null) {
            list = new ArrayList<>();
            perUnit[unit] = list;
        }
        list.add(line);
    }

    /** Classes found so far (all units, finished or not). */
    public int size() {
        return classes.size();
    }

    /** Classes found by one unit, in its search order (empty when none). */
    public List<String> unitClasses(int unit) {
        List<String> l = perUnit[unit];
        return l == null ? List.of() : l;
    }

    /** Drops what an unfinished unit reported, so a resumed or limited run does not keep half a subtree. */
    public void forgetUnit(int unit) {
        perUnit[unit] = null;
    }

    /** All distinct classes from the given units, in unit order then discovery order, at most {@code limit}. */
    public List<String> classesOf(Iterable<Integer> units, long limit) {
        Set<String> out = new LinkedHashSet<>();
        for (int u : units) {
            for (String s : unitClasses(u)) {
                if (out.size() >= limit) {
                    return new ArrayList<>(out);
                }
                out.add(s);
            }
        }
        return new ArrayList<>(out);
    }
}
