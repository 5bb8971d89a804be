package dev.polycube.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.polycube.files.AtomicFiles;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
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

    /** Writes the viewer for {@code lines} (native catalog lines of {@code puzzle}), opening at solution {@code start}. */
    public static void write(Path file, Puzzle puzzle, List<String> lines, int start) {
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
                int color = Palette.color(i);
                ObjectNode o = pieces.putObject(String.valueOf(piece.labels().charAt(k)));
                String label = String.valueOf(piece.labels().charAt(k));
                String name = piece.name().equals(label) ? "" : piece.name();
                String title = piece.title().equals(piece.name()) ? "" : piece.title();
                o.put("name", name.isEmpty() ? title : title.isEmpty() ? name : name + " \u2013 " + title);
                o.put("color", color);
            }
        }
        colours(p, puzzle, lines);
        marks(p, puzzle);
        String html = resource("viewer/viewer.html")
                .replace("@@PUZZLE@@", p.toString().replace("</", "<\\/"))
                .replace("@@LINES@@", String.join("\n", lines))
                .replace("@@THREE_CORE@@", base64("viewer/three/build/three.core.min.js"))
                .replace("@@THREE_MODULE@@", base64("viewer/three/build/three.module.min.js"))
                .replace("@@THREE_ORBIT@@", base64("viewer/three/examples/jsm/controls/OrbitControls.js"));
        AtomicFiles.write(file, w -> w.write(html));
    }

    /**
     * The pictures' colours for every solution of the page ({@link Coloring}): where one colour per piece type
     * is not enough (copies of a type, more than 20 types), {@code colours} holds a palette index per label
     * and solution, one character each ('0' + index), so touching pieces differ in the viewer as in print.
     */
    private static void colours(ObjectNode p, Puzzle puzzle, List<String> lines) {
        if (Coloring.onePerType(puzzle)) {
            return;
        }
        int paletteSize = Coloring.paletteSize(puzzle);
        java.util.Map<Integer, Integer> index = new java.util.HashMap<>();
        var palette = p.putArray("palette");
        for (int i = 0; i < paletteSize; i++) {
            index.putIfAbsent(Palette.color(i), i);
            palette.add(Palette.color(i));
        }
        StringBuilder labels = new StringBuilder();
        for (Piece piece : puzzle.pieces()) {
            labels.append(piece.labels(), 0, piece.count());
        }
        StringBuilder colours = new StringBuilder(lines.size() * labels.length());
        for (String line : lines) {
            char[] row = new char[labels.length()];
            java.util.Arrays.fill(row, '0');
            for (Pictures.Copy c : Pictures.copies(puzzle, line)) {
                row[labels.indexOf(String.valueOf(c.label()))] = (char) ('0' + index.getOrDefault(c.color(), 0));
            }
            colours.append(row);
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
