package dev.polycube.checkpoint;

import dev.polycube.puzzle.SymmetryMode;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything that decides what a run's catalog holds, as the checkpoint records it, so that {@code resume}
 * needs no other input and reproduces the uninterrupted run's catalog and messages.
 *
 * @param definition the puzzle in the puzzle-file format (fixed pieces and published counts included)
 * @param symmetry   the symmetry rule
 * @param output     the catalog the run will write; for a count, the count file a part writes, or null (a whole count
 *                   prints its number and writes nothing)
 * @param part       the units the run covers ({@link Part#ALL}, a shard or unit ranges)
 * @param limit      {@code --limit}: the first N classes only; {@link #NO_LIMIT} for all
 * @param countOnly  {@code --count-only}: the run prints its count and writes no catalog
 */
public record RunSpec(List<String> definition, SymmetryMode symmetry, Path output, Part part, long limit,
                      boolean countOnly) {

    public static final long NO_LIMIT = Long.MAX_VALUE;

    public RunSpec {
        definition = List.copyOf(definition);
        if (output == null && !countOnly) {
            throw new IllegalArgumentException("a run that writes a catalog needs its path");
        }
    }

    /** A run that writes {@code output}. */
    public RunSpec(List<String> definition, SymmetryMode symmetry, Path output, Part part, long limit) {
        this(definition, symmetry, output, part, limit, false);
    }

    public boolean limited() {
        return limit != NO_LIMIT;
    }
}
