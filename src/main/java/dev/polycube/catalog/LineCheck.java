package dev.polycube.catalog;

import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;

/**
 * Decides whether a native catalog line is exactly what polycube itself would write for a class of the
 * puzzle: a complete packing (every required cell covered once, exactly the puzzle's pieces within their
 * counts and groups, fixed pieces in place) and in canonical form under the symmetry. Checkpoints, journals
 * and shard catalogs are read through it, so a damaged or forged line never reaches a catalog.
 * Not thread-safe (the interpreter caches shapes).
 */
public final class LineCheck {

    private final Interpreter interpreter;
    private final Canonicalizer canonicalizer;
    private final Target target;

    public LineCheck(Puzzle puzzle, SymmetryGroup group) {
        this.interpreter = new Interpreter(puzzle);
        this.canonicalizer = new Canonicalizer(puzzle, group);
        this.target = puzzle.target();
    }

    /** Null when {@code line} is a canonical class of the puzzle; otherwise what is wrong with it. */
    public String problem(String line) {
        if (line.length() != target.boxVolume()) {
            return "it has " + line.length() + " characters; the " + target.sizeX() + "x" + target.sizeY() + "x"
                    + target.sizeZ() + " box needs " + target.boxVolume();
        }
        Interpreter.Match m;
        try {
            m = interpreter.match(RawSolution.ofLine(1, 1, target.sizeX(), target.sizeY(), target.sizeZ(), line), "line");
        } catch (CatalogException e) {
            String msg = e.getMessage();
            int at = msg.indexOf("entry 1 ");
            return at < 0 ? msg : msg.substring(at + "entry 1 ".length());
        }
        if (m.mirrored()) {
            return "it uses the mirror images of the pieces";
        }
        String canonical = canonicalizer.canonical(m.packing().cellCopy(), m.packing().copyPiece());
        return canonical.equals(line) ? null : "it is not in the canonical form polycube writes (a turned or relabelled copy)";
    }

    /** Throws {@code CatalogException} "WHERE: solution ... is not valid: why" unless the line is valid. */
    public void require(String where, String line) {
        String p = problem(line);
        if (p != null) {
            throw new CatalogException(where + ": this solution line is not a valid solution of the puzzle: " + p);
        }
    }
}
