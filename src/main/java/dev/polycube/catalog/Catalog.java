package dev.polycube.catalog;

import java.util.List;

/**
 * A catalog in memory: the header fields that identify it and the solution lines, sorted.
 *
 * @param puzzle     the puzzle's name
 * @param title      its human title
 * @param box        the bounding box extents {x, y, z}
 * @param symmetry   the symmetry id ("rotations", ...)
 * @param definition the puzzle definition in the puzzle-file format, one line per entry
 * @param lines      the solutions, one catalog line each, in ascending order
 * @param shard      for a shard's catalog, "K/N" and the plan fingerprint ({@code # shard:}, {@code # plan:}); else null
 * @param limit      for a limited run's catalog ({@code --limit N}), N ({@code # limit:}); else {@link #NO_LIMIT}
 */
public record Catalog(String puzzle, String title, int[] box, String symmetry, List<String> definition, List<String> lines,
                      ShardInfo shard, long limit) {

    public static final long NO_LIMIT = Long.MAX_VALUE;

    /** Which part of the work a shard catalog holds. */
    public record ShardInfo(String shard, String plan) {
    }

    public Catalog {
        definition = List.copyOf(definition);
        lines = List.copyOf(lines);
    }

    public Catalog withShard(ShardInfo info) {
        return new Catalog(puzzle, title, box, symmetry, definition, lines, info, limit);
    }

    public Catalog withLimit(long n) {
        return new Catalog(puzzle, title, box, symmetry, definition, lines, shard, n);
    }

    public boolean limited() {
        return limit != NO_LIMIT;
    }

    public String boxText() {
        return box[0] + "x" + box[1] + "x" + box[2];
    }
}
