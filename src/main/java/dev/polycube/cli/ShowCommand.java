package dev.polycube.cli;

import dev.polycube.error.OptionException;
import dev.polycube.render.LayerText;
import dev.polycube.render.Coloring;
import dev.polycube.render.Palette;
import dev.polycube.puzzle.Puzzle;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "show", mixinStandardHelpOptions = true, header = "Print a solution's layers in the terminal.",
        description = {"Prints a solution's layers in the terminal (z = 0 on the left, y = 0 at the bottom), coloured",
            "with the pieces' picture colours when the output is a terminal.",
            "",
            "Example:  polycube show catalogs/bedlam.txt --index 3"})
final class ShowCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "PUZZLE|CATALOG", completionCandidates = Candidates.Puzzles.class, description = "a catalog file (any layout), a built-in name or a puzzle file")
    private String input;

    @CommandLine.Mixin
    private TurnOptions mirror = new TurnOptions();

    @Option(names = "--index", paramLabel = "N", defaultValue = "1", description = "which solution, from 1 (default: 1)")
    private int index;

    /** --color's values. */
    enum ColorWhen implements OptionValue {
        AUTO, ALWAYS, NEVER
    }

    @Option(names = "--color", paramLabel = "WHEN", completionCandidates = Candidates.ColorWhen.class, defaultValue = "auto", description = "auto (default), always or never")
    private String color;

    @Option(names = "--solution", description = "for a puzzle with hints ('fix' lines): show a solution, not just the hints")
    private boolean solution;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        OptionException.requireRange("--index", index, 1, Integer.MAX_VALUE);
        boolean hintsOnly = !solution && !SolutionSource.isCatalogFile(input)
                && !PuzzleInput.load(input).fixed().isEmpty();
        SolutionSource src = SolutionSource.open(input, index, hintsOnly ? 0 : 1, mirror, quiet.on());
        Puzzle p = src.puzzle();
        String line = hintsOnly ? hints(p) : src.line(index);
        boolean ansi = switch (OptionValue.parse(ColorWhen.class, "--color", color)) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> Terminal.stdout() && System.getenv("NO_COLOR") == null;
        };
        PrintWriter out = spec.commandLine().getOut();
        out.printf(hintsOnly ? "%s: the puzzle (%2$s's hints; '+' is a cell to fill; --solution shows an answer)%n"
                : "%s: solution %d of %s%n", p.title(), hintsOnly ? src.name() : index, src.name());
        var t = p.target();
        List<String> rows = LayerText.rows(line, t.sizeX(), t.sizeY(), t.sizeZ());
        for (int r = 0; r < rows.size(); r++) {
            out.println(ansi && r > 0 ? colour(p, line, rows.get(r)) : rows.get(r));
        }
        return ExitCodes.OK;
    }

    /** The target with only the fixed pieces in it: their labels, '+' for a cell to fill, '.' outside. */
    private static String hints(Puzzle p) {
        var t = p.target();
        char[] cells = new char[t.boxVolume()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = t.containsIndex(i) ? '+' : '.';
        }
        int[] used = new int[p.pieces().size()];
        for (Puzzle.FixedPiece f : p.fixed()) {
            char label = p.pieces().get(f.piece()).labels().charAt(used[f.piece()]++);
            for (var c : f.cells()) {
                cells[t.index(c)] = label;
            }
        }
        return new String(cells);
    }

    private static String colour(Puzzle p, String line, String row) {
        java.util.Map<Character, Integer> colors = line.indexOf('+') >= 0 ? java.util.Map.of() : Coloring.byLabel(p, line);
        StringBuilder sb = new StringBuilder();
        for (char ch : row.toCharArray()) {
            Integer known = colors.get(ch);
            var piece = ch == ' ' || ch == '.' || ch == '+' ? null : p.pieceByLabel(ch);
            if (piece == null) {
                sb.append(ch);
                continue;
            }
            int rgb = known != null ? known : Palette.color(p.pieces().indexOf(piece));
            sb.append(String.format("\033[48;2;%d;%d;%dm\033[38;2;%s%c\033[0m", (rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255,
                    (Palette.isLight(rgb) ? "20;20;20m" : "255;255;255m"), ch));
        }
        return sb.toString();
    }
}
