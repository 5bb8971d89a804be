package dev.polycube.engine;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * Everything the board tables need that does not depend on the board's word size, computed once per
 * puzzle; {@link BoardTables} turns it into masks of board words.
 *
 * <ul>
 *   <li>Engine placement ids: placements sorted by (lowest cell, piece type, set index), so that
 *       {@code groupStart[c*types+p] .. groupStart[c*types+p+1]} are exactly the placements of piece p whose
 *       lowest cell is c: the candidates when c is the first empty cell.</li>
 *   <li>The entry table: every list the search branches on or scans, concatenated. Entry e places
 *       {@code entryId[e]} (of piece type {@code entryPiece[e]}), or, when {@code entryId[e] < 0}, leaves the
 *       optional cell {@code -1 - entryId[e]} empty ({@code entryPiece[e] = -1}). {@code entrySkip[e]} is the
 *       first entry after e's run of one piece type within its list, so a used-up piece is skipped as a block.
 *       The lists:
 *       <ul>
 *         <li>first-cell lists, {@code firstStart[l] .. firstStart[l+1]} with l = c*8+upper: the candidates when
 *             c is the first empty cell and {@code upper} says which of its neighbours in +x, +y, +z are empty (bits
 *             0, 1, 2; every cell below c is full): the placements whose lowest cell is c and whose cells next to c
 *             are among those, by piece; an optional c's "leave it empty" entry first. The list for upper 7 holds them
 *             all. The others leave out only entries that cannot fit, so the search meets the same placements in the
 *             same order, in a shorter scan;</li>
 *         <li>dead-end lists, {@code deadEndStart[l] .. deadEndStart[l+1]} with l = (c*6+d)*64+pattern: for
 *             a cell c whose one empty neighbour n lies in direction d (+x,-x,+y,-y,+z,-z), the placements
 *             covering c that use no other neighbour of c and whose cells next to n all lie in the 6-bit
 *             pattern of n's empty neighbours. When c is a dead end these are exactly the placements that can
 *             still cover it. Highest placement first: everything below the first empty cell tends to be
 *             full, so placements reaching upward are the likelier to fit, and a scan for one stops early.
 *             Only patterns a board can show are filled (directions that stay in the box, c's own among them);</li>
 *         <li>corridor lists, {@code corridorStart[l] .. corridorStart[l+1]} with l = c*64+pattern, pattern
 *             two of c's six directions: the placements covering c whose cells next to c lie within the
 *             pattern (those that can cover c when those are its only empty neighbours; filled for in-box
 *             directions only), by piece type,
 *             highest first within a piece.</li>
 *       </ul></li>
 *   <li>Cell sets as box-index bit sets: the target, its optional cells, and for each direction the cells
 *       that have a neighbour that way ({@code canStep[d]}).</li>
 * </ul>
 */
final class TableLayout {

    private static final int[][] DIRECTIONS = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

    final int types;
    final int[] counts;
    final Choices choices;
    /** True when every piece has at least two cells, so an empty cell without empty neighbours is dead. */
    final boolean noMonominoes;
    final int[] toSetIndex;
    final int[] fromSetIndex;
    final int[] pieceOf;
    /** The box indices each engine placement covers, ascending. */
    final int[][] cells;
    final int[] groupStart;
    final int[] entryId;
    final int[] entryPiece;
    /** Each entry's piece type as a bit (0 for "leave it empty"), tested against the search's blocked types. */
    final long[] entryPieceBit;
    final int[] entrySkip;
    final int[] firstStart;
    final int[] deadEndStart;
    final int[] corridorStart;
    /**
     * Cover lists, {@code coverStart[c] .. coverStart[c+1]}: every placement that covers cell c, by piece type,
     * highest first within a piece. Only for targets with optional cells (otherwise empty): there the search
     * branches on the first empty cell that must be covered, whose covering placements may reach below it
     * into optional cells not yet settled.
     */
    final int[] coverStart;
    final BitSet target = new BitSet();
    final BitSet optional = new BitSet();
    final BitSet[] canStep = new BitSet[6];
    final int stepY;
    final int stepZ;

    TableLayout(Puzzle puzzle, PlacementSet set) {
        Target t = puzzle.target();
        int volume = t.boxVolume();
        types = puzzle.pieces().size();
        counts = new int[types];
        boolean multi = true;
        for (int p = 0; p < types; p++) {
            counts[p] = puzzle.pieces().get(p).count();
            multi &= puzzle.pieces().get(p).size() > 1;
        }
        noMonominoes = multi;
        choices = Choices.of(puzzle);

        int n = set.size();
        List<Integer> order = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        order.sort(Comparator.<Integer>comparingInt(i -> set.all().get(i).cells()[0])
                .thenComparingInt(i -> set.all().get(i).piece())
                .thenComparingInt(i -> i));
        toSetIndex = new int[n];
        fromSetIndex = new int[n];
        pieceOf = new int[n];
        cells = new int[n][];
        groupStart = new int[volume * types + 1];
        for (int k = 0; k < n; k++) {
            int i = order.get(k);
            toSetIndex[k] = i;
            fromSetIndex[i] = k;
            pieceOf[k] = set.all().get(i).piece();
            cells[k] = set.all().get(i).cells();
            groupStart[cells[k][0] * types + pieceOf[k] + 1]++;
        }
        prefixSums(groupStart);

        int[] neighbour = new int[volume * 6];
        for (int d = 0; d < 6; d++) {
            canStep[d] = new BitSet(volume);
        }
        for (int i = 0; i < volume; i++) {
            Point q = t.point(i);
            if (t.containsIndex(i)) {
                target.set(i);
                if (t.isOptional(i)) {
                    optional.set(i);
                }
            }
            for (int d = 0; d < 6; d++) {
                Point r = new Point(q.x() + DIRECTIONS[d][0], q.y() + DIRECTIONS[d][1], q.z() + DIRECTIONS[d][2]);
                neighbour[i * 6 + d] = t.inBox(r) ? t.index(r) : -1;
                if (t.inBox(r)) {
                    canStep[d].set(i);
                }
            }
        }
        stepY = t.sizeX();
        stepZ = t.sizeX() * t.sizeY();

        Lists cover = Lists.build(volume * 6, add -> {
            for (int k = n - 1; k >= 0; k--) {
                for (int c : cells[k]) {
                    int used = uses(k, c, neighbour);
                    for (int d = 0; d < 6; d++) {
                        if (used == 0 || used == 1 << d) {
                            add.to(c * 6 + d, k);
                        }
                    }
                }
            }
        });
        Lists deadEnd = Lists.build(volume * 6 * 64, add -> {
            for (int g = 0; g < volume * 6; g++) {
                int nb = neighbour[g];
                if (nb < 0) {
                    continue; // a dead end's one empty neighbour is in the box
                }
                for (int e = cover.start[g]; e < cover.start[g + 1]; e++) {
                    int k = cover.ids[e];
                    // the patterns a board can show: n's in-box neighbours, c among them (always empty)
                    int need = uses(k, nb, neighbour);
                    int free = inBox(nb, neighbour) & ~need;
                    for (int sub = free; ; sub = (sub - 1) & free) {
                        add.to(g * 64 + (need | sub), k);
                        if (sub == 0) {
                            break;
                        }
                    }
                }
            }
        });
        Lists corridor = Lists.build(volume * 64, add -> {
            for (int piece = 0; piece < types; piece++) {
                for (int k = n - 1; k >= 0; k--) {
                    if (pieceOf[k] != piece) {
                        continue;
                    }
                    for (int c : cells[k]) {
                        int need = uses(k, c, neighbour);
                        if (Integer.bitCount(need) > 2) {
                            continue; // uses three of c's neighbours: never covers a corridor cell
                        }
                        int free = inBox(c, neighbour) & ~need;
                        for (int sub = free; ; sub = (sub - 1) & free) {
                            if (Integer.bitCount(need | sub) == 2) {
                                add.to(c * 64 + (need | sub), k);
                            }
                            if (sub == 0) {
                                break;
                            }
                        }
                    }
                }
            }
        });

        boolean anyOptional = !optional.isEmpty();
        Lists covering = Lists.build(volume, add -> {
            if (!anyOptional) {
                return;
            }
            for (int piece = 0; piece < types; piece++) {
                for (int k = n - 1; k >= 0; k--) {
                    if (pieceOf[k] == piece) {
                        for (int c : cells[k]) {
                            if (!optional.get(c)) {
                                add.to(c, k);
                            }
                        }
                    }
                }
            }
        });

        // a placement whose lowest cell is c goes in the lists of the upper patterns that leave the cells it takes
        // next to c (in +x, +y, +z) empty
        int[] upperUsed = new int[n];
        int firstEntries = 0;
        for (int k = 0; k < n; k++) {
            upperUsed[k] = upper(uses(k, cells[k][0], neighbour));
            firstEntries += 1 << (3 - Integer.bitCount(upperUsed[k]));
        }
        int size = firstEntries + UPPER_PATTERNS * optional.cardinality() + deadEnd.ids.length + corridor.ids.length
                + covering.ids.length;
        entryId = new int[size];
        entryPiece = new int[size];
        entrySkip = new int[size];
        firstStart = new int[volume * UPPER_PATTERNS + 1];
        int e = 0;
        for (int c = 0; c < volume; c++) {
            for (int upper = 0; upper < UPPER_PATTERNS; upper++) {
                firstStart[c * UPPER_PATTERNS + upper] = e;
                if (optional.get(c)) {
                    entryId[e] = -1 - c;
                    entryPiece[e++] = -1;
                }
                for (int k = groupStart[c * types]; k < groupStart[(c + 1) * types]; k++) {
                    if ((upperUsed[k] & ~upper) == 0) {
                        entryId[e] = k;
                        entryPiece[e++] = pieceOf[k];
                    }
                }
            }
        }
        firstStart[volume * UPPER_PATTERNS] = e;
        deadEndStart = deadEnd.appendTo(this, e);
        e += deadEnd.ids.length;
        corridorStart = corridor.appendTo(this, e);
        e += corridor.ids.length;
        coverStart = covering.appendTo(this, e);
        skips(firstStart);
        skips(deadEndStart);
        skips(corridorStart);
        skips(coverStart);
        entryPieceBit = new long[size];
        for (int i = 0; i < size; i++) {
            entryPieceBit[i] = entryPiece[i] < 0 ? 0 : 1L << (entryPiece[i] & 63); // see SearchCore#gone
        }
    }

    /** Sets {@link #entrySkip} for every list delimited by {@code start}. */
    private void skips(int[] start) {
        for (int list = 0; list + 1 < start.length; list++) {
            for (int i = start[list + 1] - 1; i >= start[list]; i--) {
                entrySkip[i] = i + 1 < start[list + 1] && entryPiece[i + 1] == entryPiece[i] ? entrySkip[i + 1] : i + 1;
            }
        }
    }

    /** Upper patterns of a first empty cell: which of its neighbours in +x, +y and +z are empty (bits 0, 1, 2). */
    static final int UPPER_PATTERNS = 8;
    /** Everything above the first empty cell empty: its list holds every placement whose lowest cell it is. */
    static final int ALL_UPPER = UPPER_PATTERNS - 1;

    /** The upper pattern (bits 0, 1, 2: +x, +y, +z) within a six-direction pattern (bits 0, 2, 4 of +x,-x,+y,-y,+z,-z). */
    static int upper(int directions) {
        return (directions & 1) | (directions >>> 1 & 2) | (directions >>> 2 & 4);
    }

    /** The directions (as bits) in which cell c has a neighbour in the box. */
    private static int inBox(int c, int[] neighbour) {
        int dirs = 0;
        for (int d = 0; d < 6; d++) {
            dirs |= neighbour[c * 6 + d] >= 0 ? 1 << d : 0;
        }
        return dirs;
    }

    /** The directions (as bits) in which placement k has a cell next to cell c. */
    private int uses(int k, int c, int[] neighbour) {
        int used = 0;
        for (int d = 0; d < 6; d++) {
            int x = neighbour[c * 6 + d];
            if (x >= 0 && java.util.Arrays.binarySearch(cells[k], x) >= 0) {
                used |= 1 << d;
            }
        }
        return used;
    }

    /** Numbered lists of placement ids, concatenated: list l is {@code ids[start[l] .. start[l+1]]}. */
    private record Lists(int[] start, int[] ids) {

        interface Sink {
            void to(int list, int id);
        }

        /** Copies the lists into the entry table from {@code at} on; returns their starts there. */
        int[] appendTo(TableLayout l, int at) {
            for (int i = 0; i < ids.length; i++) {
                l.entryId[at + i] = ids[i];
                l.entryPiece[at + i] = l.pieceOf[ids[i]];
            }
            int[] shifted = new int[start.length];
            for (int list = 0; list < start.length; list++) {
                shifted[list] = at + start[list];
            }
            return shifted;
        }

        /** Runs {@code emit} twice, once to count each list and once to fill it, keeping the emitted order. */
        static Lists build(int lists, java.util.function.Consumer<Sink> emit) {
            int[] start = new int[lists + 1];
            emit.accept((list, id) -> start[list + 1]++);
            prefixSums(start);
            int[] ids = new int[start[lists]];
            int[] fill = java.util.Arrays.copyOf(start, lists);
            emit.accept((list, id) -> ids[fill[list]++] = id);
            return new Lists(start, ids);
        }
    }

    private static void prefixSums(int[] a) {
        for (int g = 1; g < a.length; g++) {
            a[g] += a[g - 1];
        }
    }
}
