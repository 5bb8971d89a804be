package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;

/**
 * The search for one puzzle: its tables, and the word-width variant of the search that runs on them (one
 * word up to 64 cells, two up to 128, any number beyond). The variants of each search are generated from one
 * template (src/main/templates/dev/polycube/engine: BoardSearch.java, LiveSetSearch.java), so they run the same
 * algorithm; which search runs is the puzzle's {@link Branching}.
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
        return of(puzzle, set, checkCover, null);
    }

    /** {@code branching} null: the puzzle's ({@link Branching#of}); else that one (tests run both on one puzzle). */
    static Engine of(Puzzle puzzle, PlacementSet set, boolean checkCover, Branching branching) {
        BoardTables t = new BoardTables(puzzle, set);
        Branching rule = branching != null ? branching : Branching.of(puzzle, t, checkCover);
        if (rule == Branching.FEWEST_LIVE && (t.anyOptional || t.choices != null)) {
            throw new IllegalArgumentException("the live-set search needs every cell covered and every copy placed; "
                    + puzzle.name() + " has " + (t.anyOptional ? "optional cells" : "optional pieces or groups")
                    + ": use the board search (Branching.CORRIDORS)");
        }
        LiveSetTables live = rule == Branching.FEWEST_LIVE ? new LiveSetTables(t) : null;
        long entries = t.entryId.length;
        // per entry: its mask window, four int columns (id, piece, skip, word) and the piece bit; then the starts
        long bytes = entries * (8L * t.span + 4 * 4 + 8) + 4L * (t.deadEndStart.length + t.corridorStart.length
                + t.firstStart.length + t.coverStart.length) + (live == null ? 0 : live.bytes());
        Enumerator.TableSize size = new Enumerator.TableSize(t.words, entries, t.span, bytes);
        return new Engine(t.toSetIndex, t.fromSetIndex, size, rule) {
            @Override
            Search newSearch(SolutionSink sink, SearchControl control, SearchMonitor monitor) {
                if (live != null) {
                    return t.words == 2 ? new LiveSet2Search(t, live, sink, control, monitor)
                            : new LiveSetWideSearch(t, live, sink, control, monitor);
                }
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
    private final Branching branching;

    private Engine(int[] toSetIndex, int[] fromSetIndex, Enumerator.TableSize tableSize, Branching branching) {
        this.toSetIndex = toSetIndex;
        this.fromSetIndex = fromSetIndex;
        this.tableSize = tableSize;
        this.branching = branching;
    }

    Branching branching() {
        return branching;
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
