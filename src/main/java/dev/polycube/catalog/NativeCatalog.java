package dev.polycube.catalog;

import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleParser;
import dev.polycube.puzzle.PuzzleWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * polycube's own catalog format (docs/catalog-format.md): '#' header lines, then one solution per line,
 * cell (x,y,z) at character x + X*(y + Y*z). The header carries the puzzle definition, so a catalog can be
 * verified or diffed without the puzzle file.
 */
public final class NativeCatalog {

    public static final String MAGIC = "# polycube catalog v1";
    private static final String DEFINITION = "# definition: ";

    private NativeCatalog() {
    }

    /** A catalog for {@code puzzle} holding {@code lines} (sorted here). */
    public static Catalog of(Puzzle puzzle, String symmetry, List<String> lines) {
        List<String> sorted = new ArrayList<>(lines);
        sorted.sort(null);
        var t = puzzle.target();
        return new Catalog(puzzle.name(), puzzle.title(), new int[] {t.sizeX(), t.sizeY(), t.sizeZ()}, symmetry,
                PuzzleWriter.lines(puzzle), sorted, null);
    }

    /** Writes atomically: a reader never sees half a catalog. */
    public static void write(Path file, Catalog c, Puzzle puzzle) throws IOException {
        AtomicFiles.write(file, w -> write(w, c, puzzle, c.lines().size(), c.lines()));
    }

    /**
     * Writes a catalog whose lines come as a stream ({@code count} of them, ascending and unique), for
     * catalogs too big for memory ({@link LineStore}); {@code header}'s own lines are ignored.
     */
    public static void write(Path file, Catalog header, Puzzle puzzle, long count, Iterable<String> lines) throws IOException {
        AtomicFiles.write(file, w -> write(w, header, puzzle, count, lines));
    }

    public static void write(Writer w, Catalog c, Puzzle puzzle) throws IOException {
        write(w, c, puzzle, c.lines().size(), c.lines());
    }

    private static void write(Writer w, Catalog c, Puzzle puzzle, long count, Iterable<String> lines) throws IOException {
        int x = c.box()[0];
        int y = c.box()[1];
        w.write(MAGIC + "\n");
        w.write("# puzzle: " + c.puzzle() + "\n");
        w.write("# title: " + c.title() + "\n");
        w.write("# box: " + c.boxText() + "\n");
        w.write("# symmetry: " + c.symmetry() + "\n");
        w.write("# solutions: " + count + "\n");
        if (c.shard() != null) {
            w.write("# shard: " + c.shard().shard() + "\n");
            w.write("# plan: " + c.shard().plan() + "\n");
        }
        w.write("# layout: character x + " + x + "*(y + " + y + "*z) of a line is cell (x,y,z); '.' is outside the target\n");
        for (Piece p : puzzle.pieces()) {
            for (int k = 0; k < p.count(); k++) {
                String copy = p.count() > 1 ? " copy " + (k + 1) + " of " + p.count() : "";
                String title = p.title().equals(p.name()) ? "" : " \"" + p.title() + "\"";
                w.write("# label " + p.labels().charAt(k) + ": piece " + p.name() + title + copy + ", " + p.size() + " cells\n");
            }
        }
        for (String d : c.definition()) {
            w.write(DEFINITION + d + "\n");
        }
        for (String line : lines) {
            w.write(line);
            w.write('\n');
        }
    }

    /** True when the file starts like a native catalog. */
    public static boolean looksNative(String firstLine) {
        return firstLine != null && firstLine.startsWith(MAGIC);
    }

    public static Catalog read(Path file) throws IOException {
        String name = file.toString();
        String puzzle = null;
        String title = null;
        String symmetry = null;
        int[] box = null;
        long declared = -1;
        String shard = null;
        String plan = null;
        List<String> definition = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line = r.readLine();
            if (!looksNative(line)) {
                throw CatalogException.at(name, 1, "not a polycube catalog: the first line must be '" + MAGIC + "'");
            }
            int no = 1;
            while ((line = r.readLine()) != null) {
                no++;
                if (line.startsWith(DEFINITION)) {
                    definition.add(line.substring(DEFINITION.length()));
                } else if (line.startsWith("#")) {
                    String h = line.substring(1).strip();
                    int colon = h.indexOf(": ");
                    if (colon < 0) {
                        continue;
                    }
                    String key = h.substring(0, colon);
                    String value = h.substring(colon + 2).strip();
                    switch (key) {
                        case "puzzle" -> puzzle = value;
                        case "title" -> title = value;
                        case "symmetry" -> symmetry = value;
                        case "solutions" -> declared = parseCount(name, no, value);
                        case "box" -> box = parseBox(name, no, value);
                        case "shard" -> shard = value;
                        case "plan" -> plan = value;
                        default -> {
                        }
                    }
                } else if (!line.isEmpty()) {
                    if (box == null) {
                        throw CatalogException.at(name, no, "solution line before the '# box:' header");
                    }
                    int want = box[0] * box[1] * box[2];
                    if (line.length() != want) {
                        throw CatalogException.at(name, no, "solution " + (lines.size() + 1) + " has " + line.length()
                                + " characters, the " + box[0] + "x" + box[1] + "x" + box[2] + " box needs " + want);
                    }
                    lines.add(line);
                }
            }
        }
        if (puzzle == null || box == null || symmetry == null) {
            throw new CatalogException(name + ": header incomplete: needs '# puzzle:', '# box:' and '# symmetry:' lines");
        }
        if (declared >= 0 && declared != lines.size()) {
            throw new CatalogException(name + ": header says " + declared + " solutions but the file has " + lines.size()
                    + " (truncated or edited?)");
        }
        return new Catalog(puzzle, title == null ? puzzle : title, box, symmetry, definition, lines,
                shard == null ? null : new Catalog.ShardInfo(shard, plan));
    }

    /** The puzzle stored in a catalog's header, or null when it has none. */
    public static Puzzle definedPuzzle(Catalog c, String origin) {
        if (c.definition().isEmpty()) {
            return null;
        }
        return PuzzleParser.parse(String.join("\n", c.definition()), origin + " (definition header)", c.puzzle());
    }

    private static long parseCount(String file, int no, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw CatalogException.at(file, no, "'# solutions:' is not a number: " + v);
        }
    }

    private static int[] parseBox(String file, int no, String v) {
        String[] t = v.split("x");
        try {
            if (t.length == 3) {
                return new int[] {Integer.parseInt(t[0]), Integer.parseInt(t[1]), Integer.parseInt(t[2])};
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw CatalogException.at(file, no, "'# box:' must look like 4x4x4, got " + v);
    }
}
