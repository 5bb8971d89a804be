package dev.polycube.solve;

import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.solve.ClassCollector;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

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
    private final IntPredicate included;
    private int prefix;

    LimitMonitor(ClassCollector collector, int units, long limit, SearchControl control, IntPredicate include) {
        this.collector = collector;
        this.limit = limit;
        this.control = control;
        this.done = new BitSet(units);
        for (int u = 0; u < units; u++) {
            if (!include.test(u)) {
                done.set(u); // not part of this run: never blocks the prefix
            }
        }
        this.included = include;
    }

    @Override
    public synchronized void onUnitDone(int unit, long nodes) {
        done.set(unit);
        advance();
        if (seen.size() >= limit) {
            control.stop("limit of " + limit + " solutions reached");
        }
    }

    private void advance() {
        while (done.get(prefix)) {
            if (included.test(prefix)) {
                seen.addAll(collector.unitClasses(prefix));
            }
            prefix++;
        }
    }

    /** The units of this run among 0..k-1, where all of 0..k-1 finished or are not part of the run. */
    synchronized List<Integer> finishedPrefix() {
        advance();
        List<Integer> out = new ArrayList<>(prefix);
        for (int u = 0; u < prefix; u++) {
            if (included.test(u)) {
                out.add(u);
            }
        }
        return out;
    }
}
