package dev.polycube.run;

import dev.polycube.checkpoint.Part;
import dev.polycube.checkpoint.RunSpec;
import dev.polycube.error.OptionException;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.solve.Solver;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What to run and where to put it.
 *
 * @param puzzle          the puzzle (fixed pieces included)
 * @param options         the solver's options: symmetry rule, threads, limit; for a count, whether it keeps the classes'
 *                        lines ({@link Solver.Options#countOnly()} false: Kurowski's figures need them) or only their number
 * @param part            the units this run executes ({@link Part#ALL}, a shard, unit ranges)
 * @param output          the catalog to write; for a count, the count file of a part (ignored for a whole count, which
 *                        writes nothing)
 * @param checkpoint      where to keep the checkpoint, or null to keep none (a stopped run then starts over)
 * @param checkpointEvery how often the snapshot is rewritten; every finished unit is journaled at once between
 * @param countOnly       count, write no catalog
 */
public record RunRequest(Puzzle puzzle, Solver.Options options, Part part, Path output, Path checkpoint,
                         Duration checkpointEvery, boolean countOnly) {

    public RunRequest {
        if (!countOnly) {
            options = options.withCountOnly(false); // a catalog needs every class's line
        }
        if (checkpointEvery.isNegative() || checkpointEvery.isZero()) {
            throw new OptionException("the checkpoint interval must be positive, got " + checkpointEvery);
        }
    }

    /** A whole run of {@code puzzle} with these options, writing {@code output}, keeping no checkpoint. */
    public static RunRequest of(Puzzle puzzle, Solver.Options options, Path output) {
        return new RunRequest(puzzle, options, Part.ALL, output, null, Duration.ofSeconds(30), false);
    }

    /** A whole run of {@code puzzle} that counts and writes nothing. */
    public static RunRequest count(Puzzle puzzle, Solver.Options options) {
        return new RunRequest(puzzle, options.withCountOnly(true), Part.ALL, null, null, Duration.ofSeconds(30), true);
    }

    public SymmetryMode symmetry() {
        return options.symmetry();
    }

    /** What the checkpoint records of this request, so that a resume needs nothing else. */
    RunSpec spec() {
        return new RunSpec(PuzzleWriter.lines(puzzle), symmetry(), writes(), part, options.limit(), countOnly);
    }

    /** The file the run writes at the end: the catalog, a part's count file, or null (a whole count prints only). */
    public Path writes() {
        return countOnly && part.isAll() ? null : output;
    }
}
