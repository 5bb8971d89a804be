package dev.polycube.generate;

import dev.polycube.catalog.Packing;
import dev.polycube.error.Plural;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.solve.Solver;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Makes puzzles from solutions (the idea of Melaerts & Khemar's tetracube generator, done properly): pick a solution, show some of its pieces as
 * hints, and keep the hint set only if the other pieces complete it in exactly one way; or, when uniqueness is
 * not asked for, keep any hint set (the solution it came from completes it, so it is solvable), down to none
 * at all (a blank box). Completions are counted in the fixed frame (every placement of the remaining pieces
 * counts), up to 2 when only uniqueness matters, up to {@link #CAP} for the report. Everything is drawn from one {@link Random} seeded by the user, so the same seed
 * gives the same puzzle. No I/O.
 */
public final class Generator {

    /** {@link Request#hints} asking for the fewest hints that keep the completion unique ({@code --min-hints}). */
    public static final int FEWEST = -1;

    /**
     * @param hints    how many hint pieces (0: a blank box), or {@link #FEWEST}
     * @param unique   true when the hints must leave exactly one completion; false for a puzzle that is merely
     *                 solvable
     * @param seed     the random seed
     * @param threads  worker threads for the counting searches
     * @param tries    random hint sets to try per hint count before giving up
     */
    public record Request(Puzzle puzzle, int hints, boolean unique, long seed, int threads, int tries, Consumer<String> progress) {

        public Request {
            if (hints == FEWEST && !unique) {
                throw new dev.polycube.error.OptionException("the fewest hints are asked for a unique completion; "
                        + "without uniqueness no hint at all is needed (give --hints 0)");
            }
        }
    }

    /**
     * @param puzzle        the puzzle with the hints fixed
     * @param solution      the catalog line of the full solution
     * @param hints         the hint pieces (as fixed pieces)
     * @param completions   completions with all the hints (1 when unique; capped at {@link #CAP})
     * @param oneFewer      for each hint, how many completions there are without it (capped at {@link #CAP})
     * @param nodes         search nodes of solving the generated puzzle
     * @param tried         hint sets examined
     */
    public record Result(Puzzle puzzle, String solution, List<Puzzle.FixedPiece> hints, long completions, List<Long> oneFewer,
                         long nodes, int tried) {

        /**
         * The hints that add nothing: without one of them the completions are as many as with it (known only
         * below {@link #CAP}).
         */
        public List<Integer> idle() {
            List<Integer> out = new ArrayList<>();
            for (int i = 0; i < oneFewer.size(); i++) {
                if (oneFewer.get(i) == completions && completions < CAP) {
                    out.add(i);
                }
            }
            return out;
        }
    }

    /** Completions are counted up to this many when reporting difficulty. */
    public static final long CAP = 1000;

    /**
     * The solution to start from is one of the puzzle's first this many (in the search's fixed unit order, so the
     * same for every thread count): a puzzle with millions of solutions starts at once instead of listing them all.
     */
    public static final long START_POOL = 1000;

    private Generator() {
    }

    public static Result generate(Request r) {
        Puzzle base = r.puzzle();
        Solver.Options options = Solver.Options.defaults().withThreads(r.threads());
        r.progress().accept("solving " + base.name() + " for a solution to start from (one of its first " + START_POOL + ")");
        List<String> solutions = Solver.solve(base, options.withLimit(START_POOL)).lines();
        if (solutions.isEmpty()) {
            throw new dev.polycube.puzzle.PuzzleException(base.name() + " has no solution to make a puzzle from");
        }
        Random random = new Random(r.seed());
        String solution = solutions.get(random.nextInt(solutions.size()));
        // a puzzle that has fixed pieces already keeps them: the hints are chosen among the solution's other pieces
        List<Puzzle.FixedPiece> pieces = notFixed(base, piecesOf(base, solution));
        int tried = 0;
        List<Puzzle.FixedPiece> found = null;
        int from = r.hints() != FEWEST ? r.hints() : 1;
        int to = r.hints() != FEWEST ? r.hints() : pieces.size();
        if (from > pieces.size()) {
            throw new dev.polycube.error.OptionException("--hints " + from + " is more than the " + pieces.size() + " pieces of "
                    + base.name() + (base.fixed().isEmpty() ? "" : " that are not fixed already"));
        }
        for (int k = from; k <= to && found == null; k++) {
            for (int t = 0; t < (k == 0 ? 1 : r.tries()) && found == null; t++) { // no hints: one set to try
                List<Puzzle.FixedPiece> shuffled = new ArrayList<>(pieces);
                Collections.shuffle(shuffled, random);
                List<Puzzle.FixedPiece> subset = sorted(base, shuffled.subList(0, k));
                tried++;
                r.progress().accept(Plural.count(k, "hint") + ": hint set " + (t + 1) + " of at most " + r.tries());
                if (!r.unique() || completions(base, subset, 2, r.threads()) == 1) {
                    found = subset;
                }
            }
        }
        if (found == null) {
            throw new dev.polycube.puzzle.PuzzleException("no set of " + (r.hints() != FEWEST ? r.hints() + " " : "") + "hints with a unique "
                    + "completion found in " + tried + " tries; use more hints, another seed, more --tries, or --unique no"
                    + " for a puzzle that is merely solvable");
        }
        if (r.hints() == FEWEST) {
            r.progress().accept("dropping hints that are not needed (" + found.size() + " now)");
            found = reduce(base, found, r.threads());
        }
        List<Long> oneFewer = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            r.progress().accept("difficulty: completions without hint " + (i + 1) + " of " + found.size());
            List<Puzzle.FixedPiece> less = new ArrayList<>(found);
            less.remove(i);
            oneFewer.add(completions(base, less, CAP, r.threads()));
        }
        long completions = r.unique() ? 1 : completions(base, found, CAP, r.threads());
        Puzzle made = base.withFixed(found);
        r.progress().accept("solving the puzzle made, for its search nodes");
        Solver.Outcome check = Solver.solve(made, options.withSymmetry(SymmetryMode.FIXED).withLimit(CAP));
        return new Result(made, solution, found, completions, oneFewer, check.nodes(), tried);
    }

    /** Drops hints while the completion stays unique, so that removing any one of the rest breaks uniqueness. */
    private static List<Puzzle.FixedPiece> reduce(Puzzle base, List<Puzzle.FixedPiece> hints, int threads) {
        List<Puzzle.FixedPiece> out = new ArrayList<>(hints);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < out.size(); i++) {
                List<Puzzle.FixedPiece> less = new ArrayList<>(out);
                less.remove(i);
                if (completions(base, less, 2, threads) == 1) {
                    out = less;
                    changed = true;
                    break;
                }
            }
        }
        return out;
    }

    /** Completions of {@code base} with {@code hints} in place, counted up to {@code cap}. */
    public static long completions(Puzzle base, List<Puzzle.FixedPiece> hints, long cap, int threads) {
        Puzzle p = base.withFixed(hints);
        return Solver.solve(p, Solver.Options.defaults().withSymmetry(SymmetryMode.FIXED).withThreads(threads).withLimit(cap))
                .lines().size();
    }

    /** The solution's pieces as fixed pieces, in catalog order of first appearance. */
    static List<Puzzle.FixedPiece> piecesOf(Puzzle puzzle, String line) {
        Packing packing = Packing.fromLine(puzzle, line);
        List<Puzzle.FixedPiece> out = new ArrayList<>();
        var copyCells = packing.cellsByCopy(puzzle.target());
        for (int copy = 0; copy < packing.copyPiece().length; copy++) {
            out.add(new Puzzle.FixedPiece(packing.copyPiece()[copy], copyCells.get(copy)));
        }
        return out;
    }

    /** {@code pieces} without those the puzzle has fixed already (the same piece on the same cells). */
    private static List<Puzzle.FixedPiece> notFixed(Puzzle puzzle, List<Puzzle.FixedPiece> pieces) {
        java.util.Set<java.util.Map.Entry<Integer, java.util.Set<?>>> fixed = new java.util.HashSet<>();
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            fixed.add(java.util.Map.entry(f.piece(), java.util.Set.copyOf(f.cells())));
        }
        List<Puzzle.FixedPiece> out = new ArrayList<>();
        for (Puzzle.FixedPiece p : pieces) {
            if (!fixed.contains(java.util.Map.entry(p.piece(), java.util.Set.copyOf(p.cells())))) {
                out.add(p);
            }
        }
        return out;
    }

    private static List<Puzzle.FixedPiece> sorted(Puzzle puzzle, List<Puzzle.FixedPiece> hints) {
        List<Puzzle.FixedPiece> out = new ArrayList<>(hints);
        out.sort((a, b) -> a.piece() != b.piece() ? Integer.compare(a.piece(), b.piece())
                : a.cells().get(0).compareTo(b.cells().get(0)));
        return out;
    }
}
