package dev.polycube.disassembly;

import dev.polycube.catalog.Packing;
import dev.polycube.puzzle.Puzzle;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The disassembly of one catalog class of a puzzle, the entry point the run and the pictures use.
 *
 * <p>Without a container the class is analysed in the frame BurrTools analyses it in where that is known, else as
 * its line stands ({@link Frames}): a level may depend on the frame. With a container the packing may go into the
 * box in any of the box's rotations (the same class, turned): each is tried, in the symmetry group's order, and the easiest one that comes out kept (lowest level; the first of
 * equal ones), so "can it be built" means "can it be put into the box some way round".
 *
 * @param separation how it comes apart, or null when it cannot
 * @param assembly   the pieces in the orientation analysed
 * @param packing    the packing in that orientation (the catalog's, or the class turned to go into its box)
 */
public record Disassembly(Separation separation, Assemblies assembly, Packing packing) {

    /** The lowest level there is: every part comes free in one move (a level is a sequence of numbers from 1 up). */
    private static final Level EASIEST = new Level(new int[] {1});

    /** The level text, or "-" when the packing cannot be taken apart. */
    public String level() {
        return separation == null ? dev.polycube.catalog.Catalog.Levels.NONE : separation.level();
    }

    /** How to build it (the disassembly backwards), or null when it cannot be taken apart. */
    public BuildPlan buildPlan() {
        return BuildPlan.of(separation, assembly.assembly());
    }

    /**
     * {@code line} (the catalog line this was made from) as analysed: the same line, or, where the class was turned
     * (into BurrTools' frame, or to go into its container), the turned class written with the same labels.
     */
    public String lineAsAnalysed(String line) {
        String label = Packing.copyLabels(line); // a turn keeps the copies' numbers
        StringBuilder out = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            int copy = packing.cellCopy()[i];
            out.append(copy >= 0 ? label.charAt(copy) : line.charAt(i) == '.' ? '.' : '-');
        }
        return out.toString();
    }

    /**
     * One class's disassembly under the puzzle's own symmetry rule ({@code stop} ends the search early, with no
     * separation). A catalog under another rule is analysed with {@link #of(Frames, Packing, BooleanSupplier)}.
     */
    public static Disassembly of(Puzzle puzzle, Packing packing, BooleanSupplier stop) {
        return of(Frames.of(puzzle, puzzle.defaultSymmetry()), packing, stop);
    }

    /** The same, with the puzzle's frames made once for many classes. */
    public static Disassembly of(Frames frames, Packing packing, BooleanSupplier stop) {
        Puzzle puzzle = frames.puzzle();
        List<Packing> turns = puzzle.container() == null ? List.of(frames.asBurrToolsKeepsIt(packing)) : frames.turns(packing);
        Disassembly best = null;
        for (Packing p : turns) {
            Assemblies a = Assemblies.of(frames, p);
            Separation s = Disassembler.analyse(a.assembly(), stop);
            if (best == null || (s != null && (best.separation == null || Level.of(s).compareTo(Level.of(best.separation)) < 0))) {
                best = new Disassembly(s, a, p);
                if (s != null && Level.of(s).equals(EASIEST)) {
                    break; // no turn can come out easier, and the first of equal ones is kept
                }
            }
        }
        return best;
    }
}
