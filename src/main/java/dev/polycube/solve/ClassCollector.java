package dev.polycube.solve;

import dev.polycube.catalog.LineStore;
import dev.polycube.engine.SolutionSink;
import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.OrbitLines;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.concurrent.atomic.LongAdder;
import java.util.ArrayList;
import java.util.List;

/**
 * Canonicalizes every packing the engine reports and remembers, per work unit, the classes in the order that
 * unit found them, until the unit is taken up (journaled, or counted towards a limit) and released: that
 * makes "the first N solutions" (a limit) and partial runs deterministic, since unit order is fixed, and so
 * is the search order inside a unit, whatever thread ran it.
 *
 * <p>A whole run ({@code keepAll}) keeps in a unit's list only the classes that unit {@link Ownership owns}:
 * each class is kept by one unit, becomes a string once, and reaches the {@link LineStore} that the catalog
 * is written from once, when its unit is {@link #commit committed} (with nothing pinned, the search meets every
 * image of a packing, and the unit meeting the smallest owns the class). A limited run keeps every class a unit
 * finds, since its limit takes them up in unit order ({@link LimitMonitor}); a resumed one drops the classes it
 * carried over through a {@link DigestSet}.
 *
 * <p>A count ({@code countOnly}) where each class has an owner keeps no lines at all: a unit counts the
 * packings it owns, and that is its number of classes; no packing is canonicalized.
 *
 * <p>When the search pins pieces under a larger group than the catalog's (the fixed frame searched under the
 * rotations, {@link SymmetryGroup#forSearch}), ownership is decided under the larger group, and each owned packing
 * stands for several of the catalog's classes: its distinct images as lines, or their number ({@link OrbitLines}).
 */
public final class ClassCollector implements SolutionSink {

    private final Canonicalizer canonicalizer;
    /** The catalog's classes in each class of the search's larger group, or null when the groups are one. */
    private final OrbitLines orbits;
    /** The catalog's store of lines: made here, or a resumed run's, taken over by {@link #carry} before any unit runs. */
    private LineStore classes;
    /** Which unit owns a class, in a whole run (then there is no {@link #known}). */
    private final Ownership ownership;
    private final DigestSet known;
    private final LongAdder owned = new LongAdder();
    private final LongAdder packings = new LongAdder();
    /** Classes counted and not kept as lines (carried-over ones included). */
    private final LongAdder numberOnly = new LongAdder();
    private final List<String>[] perUnit;
    /**
     * Classes each unit owns, when {@link #counts()}, at {@code unit * COUNT_STRIDE}: a unit runs on one thread at a
     * time, but units next to each other run at the same time on different threads, and counters sharing a cache
     * line would make every count a cache miss on the other core.
     */
    private final long[] perUnitCount;
    /** Longs per unit in {@link #perUnitCount}: 128 bytes, a cache line and the one the hardware prefetches with it. */
    private static final int COUNT_STRIDE = 16;

    /**
     * @param group       the catalog's group
     * @param searchGroup the group the search pins pieces under: {@code group}, or one holding it ({@link
     *                    SymmetryGroup#forSearch}), when each packing the search reports stands for its class under
     *                    the larger group, and so for one or more of the catalog's classes ({@link OrbitLines})
     * @param keepAll     false for a limited run, which keeps its own first N and needs only the per-unit lists
     * @param countOnly   the run wants the number of classes, not their lines (ignored when {@code keepAll} is false)
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public ClassCollector(Puzzle puzzle, SymmetryGroup group, SymmetryGroup searchGroup, WorkPlan plan, boolean keepAll,
                          boolean countOnly) {
        this.canonicalizer = new Canonicalizer(puzzle, group);
        this.orbits = searchGroup == group ? null : new OrbitLines(puzzle, group, searchGroup, canonicalizer);
        this.ownership = keepAll ? Ownership.of(puzzle, searchGroup, plan, orbits == null ? canonicalizer : orbits.wide())
                : null;
        this.known = ownership == null ? new DigestSet() : null;
        int units = plan.size();
        this.classes = new LineStore(puzzle.target().boxVolume());
        this.perUnit = new List[units];
        this.perUnitCount = countOnly && ownership != null ? new long[units * COUNT_STRIDE] : null;
    }

    @Override
    public void accept(int unit, int[] cellCopy, int[] copyPiece) {
        packings.increment();
        if (ownership != null) {
            if (!ownership.owns(unit, cellCopy, copyPiece)) {
                return;
            }
            if (perUnitCount != null) {
                int n = orbits == null ? 1 : orbits.classes(cellCopy, copyPiece);
                owned.add(n);
                perUnitCount[unit * COUNT_STRIDE] += n;
                numberOnly.add(n);
                return;
            }
        }
        if (orbits == null) {
            keep(unit, canonicalizer.canonicalChars(cellCopy, copyPiece));
            return;
        }
        for (char[] line : orbits.lines(cellCopy, copyPiece)) {
            keep(unit, line);
        }
    }

    /**
     * True when {@code unit}'s packings need not be seen: a count whose every packing met by this unit is owned by it
     * and no symmetry but the identity maps onto itself ({@link Ownership#ownsEvery}), so that each stands for the
     * same number of classes.
     */
    @Override
    public boolean countsOnly(int unit) {
        return perUnitCount != null && ownership.ownsEvery(unit);
    }

    /** {@code n} packings of a unit that {@link #countsOnly}: each one class, or under a larger search group as many as it holds. */
    @Override
    public void acceptCount(int unit, long n) {
        long classes = orbits == null ? n : Math.multiplyExact(n, orbits.classesOfAsymmetric());
        packings.add(n);
        owned.add(classes);
        perUnitCount[unit * COUNT_STRIDE] += classes;
        numberOnly.add(classes);
    }

    /** A class the unit found (in a whole run, one it owns): into its list. */
    private void keep(int unit, char[] line) {
        if (ownership != null) {
            owned.increment();
        }
        // a unit runs on one thread at a time, so its own list needs no lock
        List<String> list = perUnit[unit];
        if (list == null) {
            list = new ArrayList<>();
            perUnit[unit] = list;
        }
        list.add(new String(line));
    }

    /**
     * Classes carried over from an earlier run, before any unit runs: known from the start, and in the catalog. A
     * store of them whose number is known ({@code distinct}, else -1) becomes this collector's store when classes have
     * owners (no later unit finds them again): a resumed run of 13 M classes took them one by one for 6 s.
     */
    public void carry(Iterable<String> lines, long distinct) {
        if (ownership != null && distinct >= 0 && lines instanceof LineStore store) {
            classes = store;
            owned.add(distinct);
            return;
        }
        for (String line : lines) {
            if (ownership != null) {
                classes.add(line); // no later unit owns it: the units that did are done
                owned.increment();
            } else if (known.add(line)) {
                classes.add(line);
            }
        }
    }

    /** True when this collector counts classes per unit and keeps no lines (a count where classes have owners). */
    public boolean counts() {
        return perUnitCount != null;
    }

    /** Classes counted, not listed, by an earlier run's finished units. */
    public void carryCount(long n) {
        owned.add(n);
        numberOnly.add(n);
    }

    /** Classes counted and not kept as lines, by any unit so far and carried over: with {@link #store()}'s lines, all. */
    public long countedOnly() {
        return numberOnly.sum();
    }

    /**
     * A whole run's unit is finished: hands it to {@code sink} (its classes, or their number), adds its classes
     * to the catalog's store, and frees what it kept.
     */
    public void handOver(int unit, UnitSink sink) {
        if (perUnitCount != null) {
            sink.counted(unit, perUnitCount[unit * COUNT_STRIDE]);
        } else {
            List<String> mine = unitClasses(unit);
            classes.addAll(mine); // before the sink counts the unit as done (UnitSink#storesIn)
            sink.committed(unit, mine);
        }
        release(unit);
    }

    /** A unit that ended early is never handed over: its list goes (a stopped unit runs again from its start). */
    @Override
    public void unfinished(int unit) {
        release(unit);
    }

    /** Frees a unit's list once nothing needs it. */
    public void release(int unit) {
        perUnit[unit] = null;
    }

    /** Classes found so far (all units, finished or not). */
    public long size() {
        return ownership != null ? owned.sum() : known.size();
    }

    /** Packings reported, before deduplication. */
    public long packings() {
        return packings.sum();
    }

    /** Every class of the committed units and the carried-over ones. */
    public LineStore store() {
        return classes;
    }

    /** Classes found by one unit, in its search order (empty when none). */
    public List<String> unitClasses(int unit) {
        List<String> l = perUnit[unit];
        return l == null ? List.of() : l;
    }

}
