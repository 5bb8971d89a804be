package dev.polycube.cli;

import dev.polycube.catalog.Packing;
import dev.polycube.disassembly.Disassembly;
import dev.polycube.disassembly.Frames;
import dev.polycube.engine.PlacementSet;
import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.files.AtomicFiles;
import dev.polycube.geometry.Point;
import dev.polycube.render.Drawing;
import dev.polycube.render.Mesh;
import dev.polycube.render.Pictures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "render", mixinStandardHelpOptions = true, header = "Draw solutions, exploded views, layers, contact sheets, pieces (SVG/PNG).",
        description = {"Draws solutions and pieces as SVG or PNG (by the output's extension). One stable colour per piece",
            "in every picture of a puzzle, a legend, hidden faces culled, thin dark edges.",
            "Views: iso (assembled, isometric), exploded (pieces pulled apart so inner ones show), layers (the",
            "catalog's layers as grids), sheet (the first --count solutions side by side), pieces (the piece gallery:",
            "name, cells, orientations). A catalog defaults to iso; a puzzle to pieces (for a puzzle's solution",
            "views, its first --index solutions are found on the spot).",
            "",
            "Examples:  polycube render catalogs/bedlam.txt --index 1 -o bedlam-1.png",
            "           polycube render catalogs/bedlam.txt --view exploded --index 1 -o bedlam-1-exploded.svg",
            "           polycube render catalogs/soma.txt --view sheet --count 12 -o soma-sheet.png",
            "           polycube render bedlam -o bedlam-pieces.svg"})
final class RenderCommand implements Callable<Integer> {

    /** What --view draws; its id is what --view names (completion offers them, in this order). */
    enum View implements OptionValue {
        ISO, EXPLODED, STEPS, LAYERS, NET, SHEET, PIECES, ORIENTATIONS, PUZZLE, HTML;

        /** The solutions the view needs: none for the piece set and the hints, --count for a sheet, else one. */
        int solutions(int count) {
            return switch (this) {
                case PIECES, PUZZLE, ORIENTATIONS -> 0;
                case SHEET -> count;
                default -> 1;
            };
        }
    }

    /** Where the iso and sheet views look from: two opposite corners, or straight down. */
    enum Camera implements OptionValue {
        ISO, TOP
    }

    /** Limits that keep a picture within memory: a 4000-pixel PNG is 64 MB of pixels already. */
    private static final int MAX_WIDTH = 4000;
    private static final int MAX_SHEET = 400;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "PUZZLE|CATALOG", completionCandidates = Candidates.Puzzles.class, description = "a catalog file (any layout), a built-in name or a puzzle file")
    private String input;

    @Option(names = "--view", paramLabel = "V", completionCandidates = Candidates.Views.class, description = {"iso (assembled, from two opposite corners), exploded (the",
            "pieces apart, labelled), steps (how to build it: the disassembly backwards, a panel and an arrow per move), layers, sheet (--count solutions),",
            "net (a shell unfolded: the six faces, each piece in its colour and orientation, as the foam-cube booklets",
            "draw it), pieces (the gallery), orientations (every orientation of --piece, numbered as info",
            "--orientations), puzzle",
            "(a puzzle's hints in the empty box). Default: iso for a catalog; for a",
            "puzzle, puzzle when it has hints ('fix' lines), else pieces"})
    private String view;

    @CommandLine.Mixin
    private TurnOptions mirror = new TurnOptions();

    @Option(names = "--index", paramLabel = "N", defaultValue = "1", description = "which solution, from 1 (default: 1)")
    private int index;

    @Option(names = "--piece", paramLabel = "NAME", description = "orientations view: only this piece (a name, an alias or its title; default: every piece)")
    private String piece;

    @Option(names = "--count", paramLabel = "N", defaultValue = "9", description = "solutions on a contact sheet, 1.." + MAX_SHEET + " (default: 9)")
    private int count;

    @Option(names = "--width", paramLabel = "PX", defaultValue = "900",
            description = "picture width, " + Pictures.MIN_WIDTH + ".." + MAX_WIDTH + " pixels, every view (default: 900)")
    private int width;

    @Option(names = "--cell", paramLabel = "MM", defaultValue = "10",
            description = "STL only: the edge of one cube in millimetres (default: ${DEFAULT-VALUE})")
    private double cell;

    @Option(names = "--camera", paramLabel = "C", completionCandidates = Candidates.Cameras.class,
            description = "the iso and sheet views seen from two corners (iso) or straight from above (top; the "
                    + "default for a target of one layer, as pentominoes are drawn)")
    private String camera;

    @Option(names = "--dpi", paramLabel = "N", defaultValue = "0",
            description = "the resolution to print at, stored in the PNG (or as the SVG's size in inches): with "
                    + "--width 1200 --dpi 300 the picture prints 4 inches wide (default: none stated)")
    private int dpi;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true,
            description = "FILE.svg or FILE.png (pictures), or FILE.stl (3-D printing: --view pieces for the piece set, "
                    + "else the solution assembled)")
    private Path output;

    @CommandLine.Mixin
    private QuietOption quiet;

    @Override
    public Integer call() throws Exception {
        dev.polycube.files.PathInfo.requireOutput("-o", output,
                java.util.Collections.singletonList(dev.polycube.puzzle.BuiltInPuzzles.inputFile(input)));
        OptionException.requireRange("--index", index, 1, Integer.MAX_VALUE);
        OptionException.requireRange("--dpi", dpi, 0, 10_000);
        OptionException.requireRange("--count", count, 1, MAX_SHEET);
        OptionException.requireRange("--width", width, Pictures.MIN_WIDTH, MAX_WIDTH);
        View v;
        if (view != null) {
            v = OptionValue.parse(View.class, "--view", view);
        } else {
            // a catalog shows its solution; a puzzle its pieces, or its hints in the empty box (no answer given away)
            v = SolutionSource.isCatalogFile(input) ? View.ISO
                    : PuzzleInput.load(input).fixed().isEmpty() ? View.PIECES : View.PUZZLE;
        }
        String name = output.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        if (name.endsWith(".html") || v == View.HTML) {
            return viewer();
        }
        if (name.endsWith(".stl")) {
            if (v == View.ORIENTATIONS || v == View.PUZZLE) {
                throw new OptionException((view == null ? "the puzzle's default view, " + v.id() + " (its hints)," : "--view " + v.id())
                        + " has no STL form: an STL file holds the piece set (--view pieces) or a solution assembled (--index N); "
                        + "draw this view as FILE.svg or FILE.png");
            }
            return stl(SolutionSource.open(input, index, v == View.PIECES ? 0 : 1, mirror, quiet.on()), v);
        }
        SolutionSource src = SolutionSource.open(input, v == View.SHEET ? 1 : index, v.solutions(count), mirror, quiet.on());
        Drawing d;
        Disassembly disassembly = null;
        boolean fromAbove = camera(src.puzzle()) == Camera.TOP;
        try (StatusLine status = new StatusLine("render", quiet.on())) {
            status.update("drawing the " + v.id() + " view");
            d = switch (v) {
                case ISO -> fromAbove
                        ? Pictures.top(src.puzzle(), src.line(index), title(src, index) + ", from above", width)
                        : Pictures.solution(src.puzzle(), src.line(index), title(src, index), width);
                case EXPLODED -> Pictures.exploded(src.puzzle(), src.line(index), title(src, index) + ", its pieces apart", width);
                case STEPS -> {
                    status.update("taking solution " + index + " apart");
                    // taken apart in the frame disassemble takes it in, under the catalog's rule
                    disassembly = Disassembly.of(Frames.of(src.puzzle(), src.rule()),
                            Packing.fromLine(src.puzzle(), src.line(index)), () -> false);
                    status.update("drawing the steps view");
                    yield Pictures.steps(src.puzzle(), src.line(index), disassembly, title(src, index), width);
                }
                case LAYERS -> Pictures.layers(src.puzzle(), src.line(index), title(src, index) + " by layers", width);
                case NET -> Pictures.net(src.puzzle(), src.line(index), title(src, index) + ", unfolded", width);
                case SHEET -> Pictures.sheet(src.puzzle(), src.lines().subList(0, Math.min(count, src.lines().size())), 1,
                        src.puzzle().title() + ": solutions 1-" + Math.min(count, src.lines().size()) + " of " + src.name()
                                + (fromAbove ? ", from above" : ""), width, fromAbove);
                case PUZZLE -> Pictures.puzzle(src.puzzle(), src.puzzle().title(), width);
                case ORIENTATIONS -> Pictures.orientations(src.puzzle(), InfoCommand.selected(src.puzzle(), piece), width);
                case PIECES, HTML -> { // HTML went to the viewer above
                    PlacementSet set = PlacementSet.of(src.puzzle());
                    yield Pictures.gallery(src.puzzle(),
                            IntStream.range(0, src.puzzle().pieces().size()).map(set::orientations).toArray(), width);
                }
            };
            d.write(output, dpi);
        }
        String shown = v == View.ISO && fromAbove ? "top" : v.id();
        spec.commandLine().getOut().printf("%s view of %s -> %s (%dx%d)%s%n", shown, src.name(), output, d.width(), d.height(),
                dpi > 0 ? String.format(java.util.Locale.ROOT, ", %.1f x %.1f in at %d dpi", d.width() / (double) dpi,
                        d.height() / (double) dpi, dpi) : "");
        if (disassembly != null) {
            var plan = disassembly.buildPlan();
            spec.commandLine().getOut().println(plan == null
                    ? "solution " + index + " cannot be taken apart: no build order (the picture says so)"
                    : "built in " + Plural.count(plan.steps().size(), "step") + ", the disassembly (level " + disassembly.level()
                            + ") backwards");
        }
        return ExitCodes.OK;
    }

    /** --camera, else top for a target of one layer, else iso. */
    private Camera camera(dev.polycube.puzzle.Puzzle puzzle) {
        if (camera == null) {
            return puzzle.target().sizeZ() == 1 ? Camera.TOP : Camera.ISO;
        }
        return OptionValue.parse(Camera.class, "--camera", camera);
    }

    /** {@code --view html} or {@code -o X.html}: the interactive viewer, as {@code polycube view} writes it. */
    private int viewer() throws java.io.IOException {
        return ViewCommand.write(spec.commandLine().getOut(), input, output, index, ViewCommand.defaultCount(input, index), mirror,
                quiet.on());
    }

    /**
     * 3-D printing: the piece set laid out on the plate ({@code --view pieces}, a puzzle's default), or a
     * solution assembled, each piece its own solid so a slicer can colour or separate them.
     */
    private int stl(SolutionSource src, View v) {
        if (!(cell >= 1 && cell <= 1000)) { // NaN and the infinities fail this too
            throw new OptionException("--cell must be a length in millimetres from 1 to 1000, got " + cell);
        }
        var puzzle = src.puzzle();
        List<Mesh.Solid> solids = new ArrayList<>();
        if (v == View.PIECES) {
            List<List<Point>> shapes = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (var p : puzzle.pieces()) {
                for (int k = 0; k < p.count(); k++) {
                    shapes.add(p.shape().cells());
                    names.add(p.name() + (p.count() > 1 ? "-" + (k + 1) : ""));
                }
            }
            List<double[]> at = Mesh.layOut(shapes, 1);
            for (int i = 0; i < shapes.size(); i++) {
                solids.add(Mesh.solid(names.get(i), shapes.get(i), cell, at.get(i)));
            }
        } else {
            Packing packing = Packing.fromLine(puzzle, src.line(index));
            var copyCells = packing.cellsByCopy(puzzle.target());
            for (int copy = 0; copy < packing.copyPiece().length; copy++) {
                solids.add(Mesh.solid(puzzle.pieces().get(packing.copyPiece()[copy]).name(),
                        copyCells.get(copy), cell, new double[3]));
            }
        }
        AtomicFiles.writeBytes(output, out -> Mesh.writeStl(out, "polycube " + puzzle.name() + " " + v.id(), solids));
        int triangles = solids.stream().mapToInt(s -> s.triangles().size()).sum();
        spec.commandLine().getOut().printf("%s of %s as STL: %s, %,d triangles, %s mm cubes -> %s%n",
                v == View.PIECES ? "pieces" : "solution " + index, src.name(), Plural.count(solids.size(), "solid"), triangles,
                Format.decimal(cell), output);
        return ExitCodes.OK;
    }

    private static String title(SolutionSource src, int index) {
        return src.puzzle().title() + ": solution " + index + (src.fromCatalog() ? " of " + src.name() : "");
    }
}
