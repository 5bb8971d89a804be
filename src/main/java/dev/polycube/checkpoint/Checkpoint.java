package dev.polycube.checkpoint;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;

/**
 * What a checkpoint holds: enough to continue a run with no other input.
 *
 * @param fingerprint see {@link Fingerprint}
 * @param definition  the puzzle in the puzzle-file format
 * @param symmetry    the symmetry id
 * @param output      the catalog the run will write
 * @param shard       the shard the run covers ({@link Shard#ALL} for a whole run)
 * @param units       the number of work units in the plan
 * @param done        the finished units
 * @param lines       the classes found by the finished units (ascending and unique when iterated; may be
 *                    partly on disk)
 */
public record Checkpoint(String fingerprint, List<String> definition, String symmetry, Path output, Shard shard,
                         int units, BitSet done, Iterable<String> lines) {
}
