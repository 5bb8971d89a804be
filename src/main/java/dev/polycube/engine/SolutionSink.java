package dev.polycube.engine;

/**
 * Receives each packing the search finds. Called from worker threads; must be thread-safe. The arrays are
 * the worker's own and are reused for its next packing: copy what you keep.
 */
@FunctionalInterface
public interface SolutionSink {

    /**
     * @param unit      the work unit whose subtree contained the packing
     * @param cellCopy  for each box index, the placed copy (0..copies-1) covering it, or -1 outside the target
     * @param copyPiece for each placed copy, its piece type
     */
    void accept(int unit, int[] cellCopy, int[] copyPiece);

    /**
     * True when the sink wants only how many packings {@code unit} meets, each of which counts the same whatever its
     * cells: the search may then count them without listing them ({@link #acceptCount}), and a search that can
     * count a subtree once for every time it meets it (boards of identical pieces) does so.
     */
    default boolean countsOnly(int unit) {
        return false;
    }

    /**
     * {@code unit} ended before its subtree did (the run was stopped, or a worker failed): nothing it reported will be
     * asked for, and what the sink keeps for it may go now. After an {@link OutOfMemoryError} that is most of the heap,
     * which the run's other workers and its report need.
     */
    default void unfinished(int unit) {
    }

    /** {@code packings} more packings of {@code unit}, counted and not listed (only when {@link #countsOnly} said so). */
    default void acceptCount(int unit, long packings) {
        throw new UnsupportedOperationException("this sink takes packings one by one (countsOnly is false)");
    }
}
