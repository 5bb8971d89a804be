package dev.polycube.cli;

import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "list", mixinStandardHelpOptions = true, header = "List the built-in puzzles and their published counts.",
        description = {"Lists the built-in puzzles with their published solution counts.",
            "Counts are per symmetry: 'rotations' counts classes under the rotations of the target,",
            "'rotations+reflections' also identifies mirror images, 'fixed' counts every packing."})
final class ListCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%-21s %-48s %-8s %-7s %s%n", "NAME", "TITLE", "TARGET", "PIECES", "PUBLISHED COUNTS");
        for (BuiltInPuzzles.Entry e : BuiltInPuzzles.entries()) {
            Puzzle p = BuiltInPuzzles.loadBuiltIn(e);
            StringBuilder counts = new StringBuilder();
            for (SymmetryMode rule : new SymmetryMode[] {SymmetryMode.ROTATIONS, SymmetryMode.ROTATIONS_AND_REFLECTIONS,
                SymmetryMode.FIXED}) {
                Puzzle.Expectation x = p.expected().get(rule);
                if (x != null) {
                    counts.append(counts.isEmpty() ? "" : ", ").append(rule.id()).append(' ').append(String.format("%,d", x.value()));
                }
            }
            out.printf("%-21s %-48s %-8s %-7d %s%n", e.name(), p.title(), p.target().describe().split(" ")[0],
                    p.copyCount(), counts.isEmpty() ? "(none known)" : counts);
            if (!e.aliases().isEmpty()) {
                out.printf("%-21s (also: %s)%n", "", String.join(", ", e.aliases()));
            }
        }
        out.println();
        out.println("Any puzzle file works too: polycube solve my-puzzle.txt (format: docs/puzzle-format.md).");
        return ExitCodes.OK;
    }
}
