package dev.polycube.solve;

import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.symmetry.ClassCollector;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Stops the search once the finished units 0..k (a contiguous prefix) hold {@code limit} distinct classes.
 * Counting only a finished prefix, never "whatever threads happened to find", is what makes
 * {@code --limit N} give the same N solutions with any thread count.
 */
final class LimitMonitor implements SearchMonitor {

    private final ClassCollector collector;
    private final long limit;
    private final SearchControl control;
    private final BitSet done;
    private final Set<String> seen = new HashSet<>();
    private int prefix;

    LimitMonitor(ClassCollector collector, int units, long limit, SearchControl control) {
        this.collector = collector;
        this.limit = limit;
        this.control = control;
        this.done = new BitSet(units);
    }

    @Override
    public synchronized void onUnitDone(int unit, long nodes) {
        done.set(unit);
        while (done.get(prefix)) {
            seen.addAll(collector.unitClasses(prefix));
            prefix++;
        }
        if (seen.size() >= limit) {
            control.stop("limit of " + limit + " solutions reached");
        }
    }

    /** Units 0..k-1 that all finished. */
    synchronized List<Integer> finishedPrefix() {
        List<Integer> out = new ArrayList<>(prefix);
        for (int u = 0; u < prefix; u++) {
            out.add(u);
        }
        return out;
    }
}
