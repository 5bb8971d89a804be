package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import dev.polycube.symmetry.SymmetryGroup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Root symmetry breaking: what the search pins so that it meets each class of packings about once instead of once
 * per symmetry. Three kinds of pin are weighed by how often each would meet a class (an estimate from orbit counts,
 * Burnside's lemma):
 * <ul>
 *   <li>a <em>piece</em>: one placement per orbit of its placements under the group; pinning piece p (c copies, o
 *       orbits of its n placements) meets a class about c x |G| x o / n times;</li>
 *   <li>the piece on one <em>cell</em>: the covers of the cell with the largest stabilizer, one per orbit under the
 *       stabilizer; |G| / |Stab(c)| meetings (the centre of a cube about once, a corner 8 times). It beats pinning
 *       a piece when many identical copies make that weak (25 Y-pentacubes);</li>
 *   <li>an <em>orbit of cells</em> covered together ({@link #orbit}): one arrangement of their covers per orbit of
 *       arrangements, |G| x kept / arrangements meetings; tried only where the others meet a class more than
 *       {@link #ORBIT_WORTH} times (the 8x8 dominoes: no cell of an even square is fixed by many symmetries).</li>
 * </ul>
 * Every packing can be turned by a group element into one whose pinned part is kept, so each class is met at least
 * once; the caller's owner test absorbs the classes met more than once ({@link WorkPlan.Pin} says what was kept).
 * The choice depends on the puzzle and the group alone, so a puzzle's work units, hence its checkpoints, stay put.
 */
final class RootPins {

    /** How much more often than the cheapest piece a pinned piece may meet a class, for having fewer orbits. */
    private static final double PIECE_SLACK = 1.5;
    /**
     * Below this estimate of packings met per class, pinning an orbit of cells ({@link #orbit}) is not tried: it must
     * beat the other ways by a quarter, and it meets each class at least about once.
     */
    private static final double ORBIT_WORTH = 4.0 / 3;
    /** The orbits of cells {@link #orbit} tries, the first in box order of their first cell. */
    private static final int ORBITS_TRIED = 16;
    /** The largest orbit of cells {@link #orbit} tries. */
    private static final int ORBIT_CELLS = 8;

    /**
     * The prefixes the split starts from, what was pinned (for {@code info}: a description, the kept orbits and the
     * placements or arrangements they came from) and the pin the owner test reads.
     */
    record Roots(List<int[]> prefixes, String piece, int orbits, int placements, WorkPlan.Pin pin) {

        /** Nothing pinned: the given prefixes (none, or the fixed pieces). */
        static Roots unpinned(int[] prefix) {
            return new Roots(List.of(prefix), null, 1, 0, WorkPlan.Pin.NONE);
        }
    }

    private final Puzzle puzzle;
    private final SymmetryGroup group;
    private final PlacementSet placements;

    /** {@code group}: the symmetries root symmetry breaking may use (unconditional ones only). */
    RootPins(Puzzle puzzle, SymmetryGroup group, PlacementSet placements) {
        this.puzzle = puzzle;
        this.group = group;
        this.placements = placements;
    }

    /** The pin that meets each class the fewest times by estimate, or none when the group is trivial. */
    Roots choose() {
        if (group.size() == 1) {
            return Roots.unpinned(new int[0]);
        }
        Arrangements arrangements = new Arrangements(puzzle, placements, group);
        PieceChoice piece = piece(arrangements);
        CellChoice cell = cell();
        if (cell == null) {
            return piece.roots();
        }
        // the kinds of pin are weighed by how often they meet a class, a piece by the cheapest one's
        double cheapest = Math.min(cell.cost(), piece.cheapest());
        if (cheapest > ORBIT_WORTH) {
            Roots orbit = orbit(arrangements, cheapest);
            if (orbit != null) {
                return orbit;
            }
        }
        if (cell.cost() < piece.cheapest()) {
            int[] cells = {cell.cell()};
            List<int[]> all = arrangements.of(cells);
            return covers(cells, all, arrangements.representatives(all, cell.stabilizer()),
                    "the piece on cell " + puzzle.target().point(cell.cell()));
        }
        return piece.roots();
    }

    /**
     * The piece to pin, if any, and the cheapest piece's estimate of meetings per class ({@link Double#MAX_VALUE}
     * when no piece can be pinned: every piece optional).
     */
    private record PieceChoice(Roots roots, double cheapest) {
    }

    /**
     * Among the pieces that meet a class nearly as seldom as the cheapest ({@link #PIECE_SLACK}), the one with the
     * fewest orbits (times its copies): it roots the fewest subtrees, and a piece with few placements is the hardest
     * to fit late, so placed first it cuts the tree. The one-sided pentominoes' X (16 orbits, 1.14 meetings a class)
     * searches the 9x10 in 40 % of the time the V took (56 orbits, 1 meeting). A piece a solution may leave out
     * cannot be pinned.
     */
    private PieceChoice piece(Arrangements arrangements) {
        int pieces = puzzle.pieces().size();
        List<List<int[]>> reps = new ArrayList<>();
        double[] cost = new double[pieces];
        double cheapest = Double.MAX_VALUE;
        for (int p = 0; p < pieces; p++) {
            List<int[]> r = puzzle.pieces().get(p).min() == 0 ? null : orbitRepresentatives(p, arrangements);
            reps.add(r);
            cost[p] = r == null ? Double.MAX_VALUE
                    : (double) puzzle.pieces().get(p).count() * group.size() * r.size() / placements.placements(p);
            cheapest = Math.min(cheapest, cost[p]);
        }
        int best = -1;
        long bestRoots = Long.MAX_VALUE;
        for (int p = 0; p < pieces; p++) {
            if (reps.get(p) == null || cost[p] > cheapest * PIECE_SLACK) {
                continue;
            }
            long roots = (long) puzzle.pieces().get(p).count() * reps.get(p).size();
            if (roots < bestRoots || (roots == bestRoots && cost[p] < cost[best])) {
                best = p;
                bestRoots = roots;
            }
        }
        return new PieceChoice(best < 0 ? Roots.unpinned(new int[0]) : pieceRoots(reps.get(best), best), cheapest);
    }

    /** The cell with the largest stabilizer (the first such in box order) and that stabilizer. */
    private record CellChoice(int cell, int[] stabilizer, int groupSize) {

        /** Packings met per class when the piece on this cell is pinned. */
        double cost() {
            return (double) groupSize / stabilizer.length;
        }
    }

    /** The cell every solution covers with the largest stabilizer, or null (every cell optional). */
    private CellChoice cell() {
        Target t = puzzle.target();
        CellChoice best = null;
        for (int c = 0; c < t.boxVolume(); c++) {
            if (!t.containsIndex(c) || t.isOptional(c)) {
                continue;
            }
            int cell = c;
            int[] s = IntStream.range(0, group.size()).filter(e -> group.elements().get(e).cellMap()[cell] == cell).toArray();
            if (best == null || s.length > best.stabilizer().length) {
                best = new CellChoice(c, s, group.size());
            }
        }
        return best;
    }

    /**
     * Pinning the covers of a whole orbit of cells together (its arrangements, one per orbit of arrangements),
     * when that is clearly cheaper than the other ways ({@code cheapest}: their estimate of packings met per
     * class), or null. The orbit is mapped onto itself by every element, so a packing's image has the image of
     * the packing's arrangement there, and is met only when that is the kept one: each class is met once per
     * element fixing its arrangement, |G| x kept / arrangements on average (Burnside), against the orbit's size
     * when one of its cells is pinned. That wins where no cell is fixed by many symmetries: the 8x8 dominoes'
     * corner cell meets each class 4 times, the 8 cells next to the corners together about 1.07 times (322 of
     * 2,401 arrangements kept). Tries the first {@value #ORBITS_TRIED} orbits of 2 to {@value #ORBIT_CELLS} cells,
     * each with at most {@value Arrangements#MAX} arrangements; the estimate must beat the others by a quarter,
     * so a near tie keeps the plainer pin (and its units), and a later orbit must beat an earlier one by 5 %: the
     * estimates of the orbits near the box's first cells and of those inside differ by less than that (1.07 and
     * 1.06 on the 8x8 dominoes), and the one inside, with four times the arrangements, searched 3 % slower.
     */
    private Roots orbit(Arrangements arrangements, double cheapest) {
        Target t = puzzle.target();
        int[] all = IntStream.range(0, group.size()).toArray();
        BitSet done = new BitSet();
        Roots best = null;
        double bestCost = cheapest * 0.75;
        int tried = 0;
        for (int c = 0; c < t.boxVolume() && tried < ORBITS_TRIED; c++) {
            if (!t.containsIndex(c) || t.isOptional(c) || done.get(c)) {
                continue;
            }
            int cell = c;
            int[] orbit = group.elements().stream().mapToInt(g -> g.cellMap()[cell]).distinct().sorted().toArray();
            for (int k : orbit) {
                done.set(k);
            }
            if (orbit.length < 2 || orbit.length > ORBIT_CELLS) {
                continue;
            }
            tried++;
            List<int[]> ways = arrangements.of(orbit);
            if (ways == null || ways.isEmpty()) {
                continue;
            }
            List<int[]> kept = arrangements.representatives(ways, all);
            double cost = (double) group.size() * kept.size() / ways.size();
            if (cost < (best == null ? bestCost : bestCost * 0.95)) {
                best = covers(orbit, ways, kept, "the pieces on cells " + Arrays.stream(orbit)
                        .mapToObj(k -> t.point(k).toString()).collect(Collectors.joining(" ")) + " together");
                bestCost = cost;
            }
        }
        return best;
    }

    /** Roots that keep the arrangements {@code kept} of the covers of {@code cells}, out of {@code all}. */
    private static Roots covers(int[] cells, List<int[]> all, List<int[]> kept, String what) {
        return new Roots(kept, what, kept.size(), all.size(), new WorkPlan.Pin(-1, cells, kept.toArray(int[][]::new)));
    }

    private Roots pieceRoots(List<int[]> reps, int piece) {
        int[][] kept = reps.stream().map(r -> new int[] {r[0]}).toArray(int[][]::new); // ascending, as the roots
        return new Roots(reps, "piece " + puzzle.pieces().get(piece).name(), reps.size(), placements.placements(piece),
                new WorkPlan.Pin(piece, new int[0], kept));
    }

    /** One placement of {@code piece} per orbit of its placements under the elements that keep the piece. */
    private List<int[]> orbitRepresentatives(int piece, Arrangements images) {
        List<PlacementSet.Placement> all = placements.all();
        BitSet seen = new BitSet(all.size());
        List<int[]> reps = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).piece() != piece || seen.get(i)) {
                continue;
            }
            reps.add(new int[] {i});
            for (int e = 0; e < group.size(); e++) {
                if (group.elements().get(e).pieceMap()[piece] == piece) {
                    seen.set(images.image(e, i));
                }
            }
        }
        return reps;
    }
}
