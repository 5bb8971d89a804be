package dev.polycube.solve;

import dev.polycube.catalog.LineStore;
import dev.polycube.engine.SolutionSink;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.concurrent.atomic.AtomicLong;
import java.util.ArrayList;
import java.util.List;

/**
 * Canonicalizes every packing the engine reports and keeps the classes in a {@link LineStore} (a set that
 * spills to disk when it outgrows memory). It also remembers, per work unit, the classes in the order that
 * unit found them, until the unit is taken up (journaled, or counted towards a limit) and released: that
 * makes "the first N solutions" (a limit) and partial runs deterministic, since unit order is fixed, and so
 * is the search order inside a unit, whatever thread ran it.
 */
public final class ClassCollector implements SolutionSink {

    private final Canonicalizer canonicalizer;
    private final LineStore classes;
    private final AtomicLong packings = new AtomicLong();
    private final List<String>[] perUnit;
    private final boolean keepAll;

    /**
     * @param keepAll false for a limited run, which keeps its own first N and needs only the per-unit lists
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public ClassCollector(Puzzle puzzle, SymmetryGroup group, int units, boolean keepAll) {
        this.canonicalizer = new Canonicalizer(puzzle, group);
        this.classes = new LineStore(puzzle.target().boxVolume());
        this.perUnit = new List[units];
        this.keepAll = keepAll;
    }

    @Override
    public void accept(int unit, int[] cellCopy, int[] copyPiece) {
        String line = canonicalizer.canonical(cellCopy, copyPiece);
        if (keepAll) {
            classes.add(line);
        }
        packings.incrementAndGet();
        // a unit runs on one thread at a time, so its own list needs no lock
        List<String> list = perUnit[unit];
        if (list == null) {
            list = new ArrayList<>();
            perUnit[unit] = list;
        }
        list.add(line);
    }

    /** Classes found so far (all units, finished or not; an upper bound once lines spilled to disk). */
    public long size() {
        return classes.approximateSize();
    }

    /** Packings reported, before deduplication. */
    public long packings() {
        return packings.get();
    }

    /** Every class found. */
    public LineStore store() {
        return classes;
    }

    /** Frees a finished unit's list once nothing needs it (runs without a limit). */
    public void release(int unit) {
        perUnit[unit] = null;
    }

    /** Classes found by one unit, in its search order (empty when none). */
    public List<String> unitClasses(int unit) {
        List<String> l = perUnit[unit];
        return l == null ? List.of() : l;
    }

}
