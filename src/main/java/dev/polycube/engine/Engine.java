package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;

/**
 * The search for one puzzle: its tables, and the word-width variant of the search that runs on them (one
 * word up to 64 cells, two up to 128, any number beyond). All variants are generated from one template,
 * src/main/templates/dev/polycube/engine/BoardSearch.java, so they run the same algorithm.
 */
abstract class Engine {

    /** One search instance per worker thread, run on one work unit after another. */
    interface Search {
        /** Places {@code prefix}, then enumerates the whole subtree below it. Returns the nodes expanded. */
        long run(int unit, int[] prefix);

        /** One random dive below {@code prefix}: its estimate of the subtree's nodes, or -1 once {@code stop} says so. */
        double dive(int[] prefix, java.util.SplittableRandom random, java.util.function.BooleanSupplier stop);
    }

    static Engine of(Puzzle puzzle, PlacementSet set, boolean checkCover) {
        BoardTables t = new BoardTables(puzzle, set);
        long entries = t.entryId.length;
        // per entry: its mask window, four int columns (id, piece, skip, word) and the piece bit; then the starts
        long bytes = entries * (8L * t.span + 4 * 4 + 8) + 4L * (t.deadEndStart.length + t.corridorStart.length
                + t.firstStart.length + t.coverStart.length);
        Enumerator.TableSize size = new Enumerator.TableSize(t.words, entries, t.span, bytes);
        return new Engine(t.toSetIndex, t.fromSetIndex, size) {
            @Override
            Search newSearch(SolutionSink sink, SearchControl control, SearchMonitor monitor) {
                return switch (t.words) {
                    case 1 -> new Board1Search(t, sink, control, monitor, checkCover);
                    case 2 -> new Board2Search(t, sink, control, monitor, checkCover);
                    default -> new BoardWideSearch(t, sink, control, monitor, checkCover);
                };
            }
        };
    }

    private final int[] toSetIndex;
    private final int[] fromSetIndex;
    private final Enumerator.TableSize tableSize;

    private Engine(int[] toSetIndex, int[] fromSetIndex, Enumerator.TableSize tableSize) {
        this.toSetIndex = toSetIndex;
        this.fromSetIndex = fromSetIndex;
        this.tableSize = tableSize;
    }

    Enumerator.TableSize tableSize() {
        return tableSize;
    }

    abstract Search newSearch(SolutionSink sink, SearchControl control, SearchMonitor monitor);

    /** Engine placement id → index in the {@link PlacementSet}. */
    int toSetIndex(int enginePlacement) {
        return toSetIndex[enginePlacement];
    }

    /** {@link PlacementSet} index → engine placement id. */
    int fromSetIndex(int setIndex) {
        return fromSetIndex[setIndex];
    }
}
