package dev.polycube.solve;

import java.util.List;

/**
 * Receives each work unit once it counts for the catalog, with the classes it adds: for a whole run every
 * unit the moment it finishes, with all its classes; for a limited run ({@code --limit N}) the units in
 * unit order, each with only the new classes that still fit under the limit. A checkpoint journals exactly
 * this, so a resumed run carries over what an uninterrupted one would have kept.
 */
@FunctionalInterface
public interface UnitSink {

    UnitSink NONE = (unit, classes) -> { };

    /**
     * Called from worker threads: for a whole run from several at once (implementations synchronize), for a
     * limited run one unit at a time, in unit order.
     */
    void committed(int unit, List<String> classes);
}
