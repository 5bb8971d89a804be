package dev.polycube.solve;

import java.util.List;

/**
 * Receives each work unit once it counts for the catalog, with the classes it adds: for a whole run every
 * unit the moment it finishes, with all its classes; for a limited run ({@code --limit N}) the units in
 * unit order, each with only the new classes that still fit under the limit; for a count-only run that lists
 * nothing, each unit with its number of classes ({@link #counted}). A checkpoint journals exactly this, so a
 * resumed run carries over what an uninterrupted one would have kept.
 */
@FunctionalInterface
public interface UnitSink {

    UnitSink NONE = (unit, classes) -> { };

    /**
     * Called once, before any unit is handed over: the store every committed unit's classes go to (carried-over
     * ones already in it), each unit's before {@link #committed} is called for it. A sink that saves the run
     * reads the classes so far from it rather than keeping a second copy.
     */
    default void storesIn(dev.polycube.catalog.LineStore catalog) {
    }

    /**
     * Called from worker threads: for a whole run from several at once (implementations synchronize), for a
     * limited run one unit at a time, in unit order.
     */
    void committed(int unit, List<String> classes);

    /**
     * A count-only run's unit, whose classes are counted and not listed ({@link ClassCollector#counts()}): it
     * owns {@code classes} of them. Called like {@link #committed}, instead of it.
     */
    default void counted(int unit, long classes) {
        committed(unit, List.of());
    }
}
