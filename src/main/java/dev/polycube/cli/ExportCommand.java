package dev.polycube.cli;

import dev.polycube.files.AtomicFiles;
import dev.polycube.files.PathInfo;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "export", mixinStandardHelpOptions = true, header = "Write a puzzle as an editable puzzle file.",
        description = {"Writes a puzzle in polycube's puzzle-file format (docs/puzzle-format.md), to start your own from.",
            "A built-in comes out as it ships, with its comments and sources; a puzzle file of another kind",
            "(a BurrTools .xmpuzzle) is converted. Without -o the text goes to standard output.",
            "",
            "Examples:  polycube export bedlam -o my-bedlam.txt       (edit it, then: polycube solve my-bedlam.txt)",
            "           polycube export Puzzle.xmpuzzle -o puzzle.txt  (BurrTools to polycube's format)"})
final class ExportCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "PUZZLE", completionCandidates = Candidates.Puzzles.class, description = "a built-in name or a puzzle file")
    private String puzzle;

    @CommandLine.Mixin
    private TurnOptions mirror = new TurnOptions();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "the puzzle file to write (default: stdout)")
    private Path output;

    @Override
    public Integer call() {
        BuiltInPuzzles.Entry builtIn = BuiltInPuzzles.find(puzzle);
        String text;
        String name;
        if (builtIn != null && !mirror.asked()) {
            text = BuiltInPuzzles.sourceText(builtIn); // the built-in's own text, comments and sources included
            name = builtIn.name();
        } else {
            Puzzle p = mirror.apply(PuzzleInput.load(puzzle));
            text = "# " + p.title() + ", converted by `polycube export` from " + puzzle + "\n" + PuzzleWriter.text(p);
            name = p.name();
        }
        PrintWriter out = spec.commandLine().getOut();
        PathInfo.requireOutput("-o", output, java.util.Collections.singletonList(BuiltInPuzzles.inputFile(puzzle)));
        if (output == null) {
            out.print(text);
            out.flush();
            return ExitCodes.OK;
        }
        AtomicFiles.write(output, w -> w.write(text));
        out.printf("%s -> %s (solve it with: polycube solve %s)%n", name, output, output);
        return ExitCodes.OK;
    }
}
