package dev.polycube.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.polycube.catalog.Packing;
import dev.polycube.disassembly.BuildPlan;
import dev.polycube.disassembly.Disassembly;
import dev.polycube.disassembly.Frames;
import dev.polycube.files.AtomicFiles;
import dev.polycube.files.Progress;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * The interactive 3-D viewer: one self-contained HTML file (resources {@code viewer/viewer.html}) with the
 * catalog's lines, the puzzle's labels, names and colours, and three.js (from its npm package's WebJar,
 * copied into the jar at build time, MIT licence: {@code viewer/three/LICENSE}) inlined as base64, so it
 * opens from disk, offline, in any browser with WebGL. The page decodes only the solution it shows.
 */
public final class HtmlViewer {

    /** The most solutions one page holds (about 65 bytes each for a 64-cell box). */
    public static final int MAX_SOLUTIONS = 200_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    private HtmlViewer() {
    }

    /**
     * Writes the viewer for {@code lines} (native catalog lines of {@code puzzle}, classes under {@code rule}, which
     * fixes the frame each is taken apart in, as {@code disassemble} takes it: {@link Frames}), opening at solution
     * {@code start}, telling {@code progress} how far it is through taking each solution apart for its build steps and
     * then colouring it (about a millisecond each): two steps a solution.
     */
    public static void write(Path file, Puzzle puzzle, SymmetryMode rule, List<String> lines, int start, Progress progress) {
        int steps = 2 * lines.size();
        Plans plans = Plans.of(Frames.of(puzzle, rule), lines, (done, total) -> progress.at(done, steps));
        lines = plans.lines();
        ObjectNode p = JSON.createObjectNode();
        p.put("name", puzzle.name());
        p.put("title", puzzle.title());
        p.putArray("box").add(puzzle.target().sizeX()).add(puzzle.target().sizeY()).add(puzzle.target().sizeZ());
        p.put("start", start);
        ObjectNode pieces = p.putObject("pieces");
        for (int i = 0; i < puzzle.pieces().size(); i++) {
            Piece piece = puzzle.pieces().get(i);
            for (int k = 0; k < piece.count(); k++) {
                // the type's colour; where that is not the pictures' rule, colours() gives one per solution
                int color = Coloring.typeColour(puzzle, i);
                ObjectNode o = pieces.putObject(String.valueOf(piece.labels().charAt(k)));
                String label = String.valueOf(piece.labels().charAt(k));
                String name = piece.name().equals(label) ? "" : piece.name();
                String title = piece.title().equals(piece.name()) ? "" : piece.title();
                o.put("name", name.isEmpty() ? title : title.isEmpty() ? name : name + " \u2013 " + title);
                o.put("color", color);
            }
        }
        colours(p, puzzle, lines, (done, total) -> progress.at(steps / 2 + done, steps));
        progress.at(steps, steps);
        marks(p, puzzle);
        if (!puzzle.fixed().isEmpty()) {
            // a puzzle with hints: the viewer shows them alone in the empty box, the answer on demand
            var hints = p.putArray("hintCells");
            for (Puzzle.FixedPiece f : puzzle.fixed()) {
                for (dev.polycube.geometry.Point c : f.cells()) {
                    hints.add(puzzle.target().index(c));
                }
            }
            var outlines = p.putArray("outlines");
            for (double[][] box : Pictures.boxOutlines(puzzle.target())) {
                outlines.addArray().add(box[0][0]).add(box[0][1]).add(box[0][2]).add(box[7][0]).add(box[7][1]).add(box[7][2]);
            }
        }
        if (!puzzle.containerCells().isEmpty()) {
            var walls = p.putArray("container");
            for (dev.polycube.geometry.Point c : puzzle.containerCells()) {
                walls.addArray().add(c.x()).add(c.y()).add(c.z());
            }
        }
        String html = resource("viewer/viewer.html")
                .replace("@@PUZZLE@@", p.toString().replace("</", "<\\/"))
                .replace("@@LINES@@", String.join("\n", lines))
                .replace("@@PLANS@@", String.join("\n", plans.texts()))
                .replace("@@THREE_CORE@@", base64("viewer/three/build/three.core.min.js"))
                .replace("@@THREE_MODULE@@", base64("viewer/three/build/three.module.min.js"))
                .replace("@@THREE_ORBIT@@", base64("viewer/three/examples/jsm/controls/OrbitControls.js"));
        AtomicFiles.write(file, w -> w.write(html));
    }

    /**
     * Every solution's build plan ({@link BuildPlan}, the disassembly backwards) as the page reads it, one line
     * per solution: "-" when it cannot be taken apart, else its level, a space, and its steps joined by '-',
     * each a kind (P put down, E comes in, S slides), the labels of the pieces that move ('#' the container),
     * then '.'-separated the direction (0..5: +x, -x, +y, -y, +z, -z), the units it moves (for E, from where
     * it waited) and how deep it is built aside (0: in the assembly). Labels never hold '.', '-' or '#'. The
     * lines are the solutions as analysed: a class that goes into its container turned is shown turned.
     */
    record Plans(List<String> lines, List<String> texts) {
        /** The plans of solutions found under the puzzle's own rule. */
        static Plans of(Puzzle puzzle, List<String> lines) {
            return of(Frames.of(puzzle, puzzle.defaultSymmetry()), lines, Progress.NONE);
        }

        static Plans of(Frames frames, List<String> lines, Progress progress) {
            Puzzle puzzle = frames.puzzle();
            List<String[]> out = eachInParallel(lines, progress, line -> {
                Disassembly d = Disassembly.of(frames, Packing.fromLine(puzzle, line), () -> false);
                // the labels by copy as the catalog line numbers them, which the turned line keeps but meets in another order
                return new String[] {d.lineAsAnalysed(line), text(line, d)};
            });
            return new Plans(out.stream().map(a -> a[0]).toList(), out.stream().map(a -> a[1]).toList());
        }

        /** The plan of {@code d}, whose copies are numbered as in {@code line}, the catalog's line it was made from. */
        private static String text(String line, Disassembly d) {
            BuildPlan plan = d.buildPlan();
            if (plan == null) {
                return "-";
            }
            String labels = Packing.copyLabels(line);
            int[] copyOf = d.assembly().copies();
            StringBuilder b = new StringBuilder(d.level()).append(' ');
            for (int k = 0; k < plan.steps().size(); k++) {
                BuildPlan.Step s = plan.steps().get(k);
                b.append(k == 0 ? "" : "-").append(s.kind().name().charAt(0));
                for (int piece : s.moving()) {
                    b.append(copyOf[piece] < 0 ? '#' : labels.charAt(copyOf[piece]));
                }
                b.append('.').append(Math.max(0, s.direction())).append('.').append(s.amount()).append('.').append(s.depth());
            }
            return b.toString();
        }
    }

    /** {@code work} done on every line, on every core, in the lines' order; each line done told to {@code progress}. */
    private static <T> List<T> eachInParallel(List<String> lines, Progress progress, java.util.function.Function<String, T> work) {
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        return java.util.stream.IntStream.range(0, lines.size()).parallel().mapToObj(i -> {
            T t = work.apply(lines.get(i));
            progress.at(done.incrementAndGet(), lines.size());
            return t;
        }).toList();
    }

    /**
     * The pictures' colours for every solution of the page ({@link Coloring}): where one colour per piece type
     * is not enough (copies of a type, more than 20 types), {@code colours} holds a palette index per label
     * and solution, one character each ('0' + index), so touching pieces differ in the viewer as in print.
     */
    private static void colours(ObjectNode p, Puzzle puzzle, List<String> lines, Progress progress) {
        if (Coloring.onePerType(puzzle)) {
            return;
        }
        StringBuilder labels = new StringBuilder();
        for (Piece piece : puzzle.pieces()) {
            labels.append(piece.labels(), 0, piece.count());
        }
        // one row of colours per solution, a colour per label, worked out on every core (CIEDE2000 distances: about
        // a millisecond a solution, 27 s for 30,000 of the 8x8 dominoes on one); then the page's palette, every colour
        // the solutions use in order of first use (palette colours, or real colours and their shades), for which
        // found[n] also holds solution n's colours in the order its copies come, after its row
        int width = labels.length();
        List<int[]> found = eachInParallel(lines, progress, line -> {
            List<Pictures.Copy> copies = Pictures.copies(puzzle, line);
            int[] row = new int[width + copies.size()];
            for (int k = 0; k < copies.size(); k++) {
                Pictures.Copy c = copies.get(k);
                row[labels.indexOf(String.valueOf(c.label()))] = c.color();
                row[width + k] = c.color();
            }
            return row;
        });
        java.util.Map<Integer, Integer> index = new java.util.LinkedHashMap<>();
        int[][] rows = new int[lines.size()][];
        for (int n = 0; n < rows.length; n++) {
            int[] f = found.get(n);
            rows[n] = java.util.Arrays.copyOf(f, width);
            for (int k = width; k < f.length; k++) {
                index.putIfAbsent(f[k], index.size());
            }
        }
        var palette = p.putArray("palette");
        index.keySet().forEach(palette::add);
        StringBuilder colours = new StringBuilder(lines.size() * labels.length());
        for (int[] row : rows) {
            for (int colour : row) {
                colours.append((char) ('0' + index.getOrDefault(colour, 0)));
            }
        }
        p.put("labels", labels.toString());
        p.put("colours", colours.toString());
    }

    /**
     * The colour constraints of the target, one character per box cell ('0' + its colour, '0' for none), for the
     * viewer to mark as it marks them in pictures.
     */
    private static void marks(ObjectNode p, Puzzle puzzle) {
        if (puzzle.colours() == null) {
            return;
        }
        StringBuilder marks = new StringBuilder();
        for (int i = 0; i < puzzle.target().boxVolume(); i++) {
            marks.append((char) ('0' + puzzle.colours().targetColour(i)));
        }
        p.put("marks", marks.toString());
    }

    private static byte[] bytes(String name) {
        try (InputStream in = HtmlViewer.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource /" + name + " (the build copies three.js into the jar)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resource(String name) {
        return new String(bytes(name), StandardCharsets.UTF_8);
    }

    private static String base64(String name) {
        return Base64.getEncoder().encodeToString(bytes(name));
    }
}
