package dev.polycube.solve;

import dev.polycube.catalog.LineStore;
import dev.polycube.engine.SearchControl;
import dev.polycube.engine.SearchMonitor;
import dev.polycube.engine.StopReason;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * {@code --limit N}: keeps the first N distinct classes in (unit order, order found inside the unit), and
 * stops the search once it has them. Units are taken up strictly in unit order, as the contiguous prefix of
 * finished units grows, never "whatever threads happened to find", so the same N come out with any thread
 * count, and after any interruption: a resumed run starts from the kept classes and the next unit.
 *
 * <p>Memory: the kept lines live in a {@link LineStore} (spilled to disk when large); membership is tested
 * on 128-bit digests ({@link DigestSet}); a finished unit's own list is dropped once it is taken up.
 */
final class LimitMonitor implements SearchMonitor {

    private final ClassCollector collector;
    private final long limit;
    private final SearchControl control;
    private final BitSet finished;
    private final IntPredicate included;
    private final UnitSink sink;
    private final DigestSet seen = new DigestSet();
    private final LineStore kept;
    private final int units;
    private long keptCount;
    private int prefix;
    /** A class found was left out at the limit: the catalog holds the first N, not all. */
    private boolean leftOut;

    LimitMonitor(ClassCollector collector, int units, long limit, SearchControl control, IntPredicate include,
                 Iterable<String> carried, UnitSink sink, int lineLength) {
        this.collector = collector;
        this.units = units;
        this.limit = limit;
        this.control = control;
        this.included = include;
        this.sink = sink;
        this.kept = new LineStore(lineLength);
        this.finished = new BitSet(units);
        for (int u = 0; u < units; u++) {
            if (!include.test(u)) {
                finished.set(u); // finished earlier or not part of this run: never blocks the prefix
            }
        }
        for (String line : carried) {
            if (seen.add(line)) {
                kept.add(line);
                keptCount++;
            }
        }
        if (keptCount >= limit) {
            control.stop(StopReason.LIMIT_REACHED);
        }
    }

    @Override
    public synchronized void onUnitDone(int unit, long nodes) {
        finished.set(unit);
        while (keptCount < limit && prefix < units && finished.get(prefix)) {
            if (included.test(prefix)) {
                List<String> admitted = new ArrayList<>();
                for (String line : collector.unitClasses(prefix)) {
                    if (keptCount >= limit) {
                        if (seen.add(line)) { // nothing is admitted past the limit, so the set may take it
                            leftOut = true;
                            break;
                        }
                        continue;
                    }
                    if (seen.add(line)) {
                        admitted.add(line);
                        keptCount++;
                    }
                }
                kept.addAll(admitted);
                sink.committed(prefix, admitted);
                collector.release(prefix);
            }
            prefix++;
        }
        if (keptCount >= limit) {
            control.stop(StopReason.LIMIT_REACHED);
        }
    }

    /**
     * Whether the limit cut the catalog short: it was reached with a class left out, or before every unit was taken
     * up (what those units hold is not known). Not when it was reached on the last class of the last unit: the
     * catalog is then whole. The answer depends on the plan alone, never on which thread finished first: a run
     * whose workers happened to finish every unit before the limit was seen is still cut (soma --limit 1 was once
     * called whole, and its one solution held against the published 480).
     */
    synchronized boolean cut() {
        return keptCount >= limit && (leftOut || prefix < units);
    }

    /** The kept classes: the carried-over ones and those taken up since. */
    synchronized LineStore kept() {
        return kept;
    }
}
