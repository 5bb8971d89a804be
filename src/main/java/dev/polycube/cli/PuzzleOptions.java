package dev.polycube.cli;

import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import picocli.CommandLine;

/** The PUZZLE argument and the --symmetry, --mirrored-pieces and --problem options shared by the commands that take a puzzle. */
final class PuzzleOptions {

    @CommandLine.Parameters(index = "0", paramLabel = "PUZZLE", completionCandidates = Candidates.Puzzles.class,
            description = "a built-in name (see `polycube list`) or a puzzle file (docs/puzzle-format.md)")
    private String puzzleName;

    @CommandLine.Option(names = "--symmetry", paramLabel = "S", completionCandidates = Candidates.Symmetries.class,
            description = {"which packings count as one solution: `rotations`, turned copies are one; `rotations+reflections`,",
                "mirror images too (the piece set must be its own mirror); `fixed`, every packing in the fixed frame;",
                "`burrtools`, BurrTools' rule: turned copies are one, mirror images too when the piece set passes",
                "BurrTools' mirror test. Default: the puzzle's own `symmetry` line, else rotations (burrtools for a",
                "BurrTools file)"})
    private String symmetry;

    @CommandLine.Mixin
    private TurnOptions mirror = new TurnOptions();

    @CommandLine.Option(names = "--problem", paramLabel = "N",
            description = "which problem of a BurrTools file that has several (1, 2, ...; default: the first)")
    private Integer problem;

    /** The PUZZLE argument as given (a built-in name or a file), for messages that show a command to type. */
    String argument() {
        return puzzleName;
    }

    /** The puzzle file this command reads, or null for a built-in name. */
    java.nio.file.Path inputFile() {
        return BuiltInPuzzles.inputFile(puzzleName);
    }

    Puzzle puzzle() {
        if (problem != null) {
            dev.polycube.error.OptionException.requireRange("--problem", problem, 1, 100_000);
        }
        return mirror.apply(PuzzleInput.load(puzzleName, problem == null ? 0 : problem));
    }

    /** The rule asked for, else the puzzle's own, else rotations. */
    SymmetryMode symmetry(Puzzle puzzle) {
        return symmetry != null ? SymmetryMode.parse(symmetry) : puzzle.defaultSymmetry();
    }
}
