package dev.polycube.catalog;

import dev.polycube.puzzle.SymmetryMode;
import java.util.List;

/**
 * A catalog in memory: the header fields that identify it and the solution lines, sorted.
 *
 * @param puzzle     the puzzle's name
 * @param title      its human title
 * @param box        the bounding box extents {x, y, z}
 * @param symmetry   the symmetry rule its classes are under
 * @param definition the puzzle definition in the puzzle-file format, one line per entry
 * @param lines      the solutions, one catalog line each, in ascending order
 * @param part       for a catalog of part of a run (a shard or unit ranges): which part, the plan's fingerprint and
 *                   unit count ({@code # shard:} or {@code # units:}, {@code # plan:}, {@code # plan-units:}); else null
 * @param limit      for a limited run's catalog ({@code --limit N}), N ({@code # limit:}); else {@link #NO_LIMIT}
 * @param levels     for a catalog whose lines carry disassembly levels (v3), what the analysis found; else null
 * @param countOnly  a count, not a catalog ({@code # count-only:}): a part of a counting run, whose number of classes
 *                   is {@code # solutions:} and which holds no lines; only {@code merge} reads it
 */
public record Catalog(String puzzle, String title, int[] box, SymmetryMode symmetry, List<String> definition, List<String> lines,
                      PartInfo part, long limit, Levels levels, boolean countOnly) {

    /** A catalog of lines (not a count). */
    public Catalog(String puzzle, String title, int[] box, SymmetryMode symmetry, List<String> definition, List<String> lines,
                   PartInfo part, long limit, Levels levels) {
        this(puzzle, title, box, symmetry, definition, lines, part, limit, levels, false);
    }

    public static final long NO_LIMIT = Long.MAX_VALUE;

    /**
     * Which part of a run's work a catalog holds.
     *
     * @param part      "shard K/N" or "units A-B,C-D" (the checkpoint package's {@code Part} spec)
     * @param plan      the run's fingerprint (parts of one run share it)
     * @param planUnits the number of units in the whole plan (-1 when a catalog does not say)
     */
    public record PartInfo(String part, String plan, int planUnits) {
    }

    /**
     * The disassembly analysis a v3 catalog carries (docs/catalog-format.md): every line has a level column.
     *
     * @param assemblies   how many classes were analysed
     * @param apart        how many of them can be taken apart
     * @param byLevel      true when the lines are ordered by level (hardest first), not by their cells
     * @param onlyApart    true when the lines that cannot be taken apart were left out
     */
    public record Levels(long assemblies, long apart, boolean byLevel, boolean onlyApart) {

        /** The level column's text for a packing that cannot be taken apart. */
        public static final String NONE = "-";

        /** A BurrTools level string: numbers from 1 joined by dots (compiled once: it is tested on every line). */
        private static final java.util.regex.Pattern LEVEL = java.util.regex.Pattern.compile("[1-9]\\d{0,8}(\\.[1-9]\\d{0,8})*");

        /** True for "-" or a BurrTools level string ("1", "98.2.4.2"). */
        public static boolean valid(String level) {
            return level.equals(NONE) || LEVEL.matcher(level).matches();
        }
    }

    public Catalog {
        definition = List.copyOf(definition);
        lines = List.copyOf(lines);
    }

    public Catalog withPart(PartInfo info) {
        return new Catalog(puzzle, title, box, symmetry, definition, lines, info, limit, levels, countOnly);
    }

    public Catalog withLines(List<String> solutions) {
        return new Catalog(puzzle, title, box, symmetry, definition, solutions, part, limit, levels, countOnly);
    }

    public Catalog withLimit(long n) {
        return new Catalog(puzzle, title, box, symmetry, definition, lines, part, n, levels, countOnly);
    }

    public Catalog withLevels(Levels l) {
        return new Catalog(puzzle, title, box, symmetry, definition, lines, part, limit, l, countOnly);
    }

    /** This header as a count's: no lines, the number of classes in {@code # solutions:}. */
    public Catalog asCount() {
        return new Catalog(puzzle, title, box, symmetry, definition, List.of(), part, limit, levels, true);
    }

    public boolean limited() {
        return limit != NO_LIMIT;
    }

    public String boxText() {
        return box[0] + "x" + box[1] + "x" + box[2];
    }
}
