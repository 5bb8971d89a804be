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
}
