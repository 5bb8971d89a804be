package dev.polycube.cli;

import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.SymmetryMode;
import picocli.CommandLine;

/** The PUZZLE argument and --symmetry option shared by the commands that take a puzzle. */
final class PuzzleOptions {

    @CommandLine.Parameters(index = "0", paramLabel = "PUZZLE",
            description = "a built-in name (see `polycube list`) or a puzzle file (docs/puzzle-format.md)")
    private String puzzleName;

    @CommandLine.Option(names = "--symmetry", paramLabel = "S", defaultValue = "rotations",
            description = {"which packings count as one solution:",
                "  rotations              turned copies are one (default)",
                "  rotations+reflections  mirror images too (needs a piece set that is its own mirror)",
                "  fixed                  every packing in the fixed frame"})
    private String symmetry;

    Puzzle puzzle() {
        return BuiltInPuzzles.load(puzzleName);
    }

    SymmetryMode symmetry() {
        return SymmetryMode.parse(symmetry);
    }
}
