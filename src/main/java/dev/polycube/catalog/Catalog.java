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
 */
public record Catalog(String puzzle, String title, int[] box, SymmetryMode symmetry, List<String> definition, List<String> lines,
                      PartInfo part, long limit) {

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

    public Catalog {
        definition = List.copyOf(definition);
        lines = List.copyOf(lines);
    }

    public Catalog withPart(PartInfo info) {
        return new Catalog(puzzle, title, box, symmetry, definition, lines, info, limit);
    }

    public Catalog withLines(List<String> solutions) {
        return new Catalog(puzzle, title, box, symmetry, definition, solutions, part, limit);
    }

    public Catalog withLimit(long n) {
        return new Catalog(puzzle, title, box, symmetry, definition, lines, part, n);
    }

    public boolean limited() {
        return limit != NO_LIMIT;
    }

    public String boxText() {
        return box[0] + "x" + box[1] + "x" + box[2];
    }
}
