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
        // a line for what a puzzle is, then its published counts and its other names: the list fits 80 columns
        int nameWidth = "NAME".length();
        for (BuiltInPuzzles.Entry e : BuiltInPuzzles.entries()) {
            nameWidth = Math.max(nameWidth, e.name().length());
        }
        String row = "%-" + nameWidth + "s  %-6s %6s  %s";
        String indent = " ".repeat(nameWidth + 2);
        int titleColumn = String.format(row, "", "", "", "").length(); // a long title wraps under itself
        out.println(String.format(row, "NAME", "TARGET", "PIECES", "TITLE").stripTrailing());
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
            Format.println(out, String.format(row, e.name(), p.target().describe().split(" ")[0], p.copyCount(), p.title()),
                    titleColumn);
            Format.println(out, indent + (counts.isEmpty() ? "no published count" : counts), nameWidth + 4);
            if (!e.aliases().isEmpty()) {
                Format.println(out, indent + "also: " + String.join(", ", e.aliases()), nameWidth + 4);
            }
        }
        out.println();
        out.println("Any puzzle file works too: polycube solve my-puzzle.txt");
        out.println("(the format: docs/puzzle-format.md; examples/ holds more puzzles).");
        return ExitCodes.OK;
    }
}
