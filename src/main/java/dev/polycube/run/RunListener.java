package dev.polycube.run;

import dev.polycube.engine.SearchMonitor;
import dev.polycube.files.Progress;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * What a run tells its caller while it goes: the command line draws a progress line and prints warnings;
 * an embedding program may ignore all of it ({@link #NONE}). Callbacks may come from worker threads.
 */
public interface RunListener {

    RunListener NONE = new RunListener() {
    };

    /** A resumed run starts with {@code done} of its {@code inPart} units finished and {@code carried} classes saved. */
    default void resuming(Path checkpoint, int done, int inPart, long carried) {
    }

    /** What watches {@code checkpoint} read at a resume's start: bytes of its snapshot and journal (closed once read). */
    default Progress reading(Path checkpoint) {
        return Progress.NONE;
    }

    /** What watches the classes {@code checkpoint} saved checked against the puzzle, a resume's next step: lines. */
    default Progress checking(Path checkpoint) {
        return Progress.NONE;
    }

    /** What watches the run's first snapshot written to {@code checkpoint}: lines (a resumed run's hold every class so far). */
    default Progress saving(Path checkpoint) {
        return Progress.NONE;
    }

    /** What watches the catalog written to {@code catalog} once the run is over: lines. */
    default Progress writing(Path catalog) {
        return Progress.NONE;
    }

    /**
     * The monitor that watches the search (progress), made once the run knows its units: {@code solutions}
     * counts the classes found so far, {@code alreadyDone} the units finished before this run started.
     */
    default SearchMonitor progress(LongSupplier solutions, int alreadyDone) {
        return SearchMonitor.NONE;
    }

    /**
     * As {@link #progress(LongSupplier, int)}, with {@code packings} counting the packings the search met so far
     * (each class once or more), for a progress line that shows how fast a dense puzzle's packings come.
     */
    default SearchMonitor progress(LongSupplier solutions, LongSupplier packings, int alreadyDone) {
        return progress(solutions, alreadyDone);
    }

    /**
     * As {@link #progress(LongSupplier, LongSupplier, int)} for a run that stops after {@code limit} classes
     * ({@code --limit}; {@link Long#MAX_VALUE} for none), so that an estimate can go by the classes still wanted.
     */
    default SearchMonitor progress(LongSupplier solutions, LongSupplier packings, int alreadyDone, long limit) {
        return progress(solutions, packings, alreadyDone);
    }

    /** What watches a count without listing (a progress line), made when such a count starts. */
    default dev.polycube.solve.MemoCount.Progress countProgress() {
        return dev.polycube.solve.MemoCount.Progress.NONE;
    }

    /** How the run counts, when it is not the usual search (a memoised count, or why it fell back). */
    default void note(String message) {
    }

    /** Something failed that the run survives (a periodic snapshot could not be written). */
    default void warning(String message) {
    }
}
