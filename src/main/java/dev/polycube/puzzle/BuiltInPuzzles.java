package dev.polycube.puzzle;

import dev.polycube.files.TextInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import dev.polycube.files.PathInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The puzzles that ship with polycube, read from resource files ({@code /puzzles/INDEX} lists them) and
 * the single place that turns a command-line PUZZLE argument (a built-in name, an alias, or a file) into
 * a {@link Puzzle}.
 */
public final class BuiltInPuzzles {

    /** A built-in: the name users type, the resource, and accepted aliases. */
    public record Entry(String name, String resource, List<String> aliases) {
    }

    private static final List<Entry> ENTRIES = readIndex();

    private BuiltInPuzzles() {
    }

    public static List<Entry> entries() {
        return ENTRIES;
    }

    public static List<String> names() {
        return ENTRIES.stream().map(Entry::name).toList();
    }

    /** Loads a built-in by name or alias (case-insensitive), or a puzzle file by path. */
    public static Puzzle load(String nameOrPath) {
        return load(nameOrPath, 0);
    }

    /**
     * As {@link #load(String)}, taking problem {@code problem} (1-based) of a BurrTools file that has several;
     * 0 means the first. Any other puzzle has one problem: asking for another is an error.
     */
    public static Puzzle load(String nameOrPath, int problem) {
        Entry e = find(nameOrPath);
        if (e != null) {
            requireOneProblem(nameOrPath, problem);
            return loadBuiltIn(e);
        }
        Path path = Path.of(nameOrPath);
        if (PathInfo.isRegularFile(path)) {
            return loadFile(path, problem);
        }
        if (nameOrPath.isEmpty() || nameOrPath.equals("-") || PathInfo.existsNoFollow(path)) {
            PathInfo.requireReadableFile(path); // something is there: say what (a directory, a pipe, a dangling link)
        }
        String nearest = nearest(nameOrPath);
        throw new PuzzleException("unknown puzzle '" + nameOrPath + "': not a built-in name and no such file."
                + (nearest != null ? " Did you mean '" + nearest + "'?" : "")
                + " Built-ins: " + String.join(", ", names()) + " (see `polycube list`).");
    }

    /** The file {@code nameOrPath} names when it is not a built-in's name (for output checks), else null. */
    public static Path inputFile(String nameOrPath) {
        return nameOrPath == null || find(nameOrPath) != null ? null : Path.of(nameOrPath);
    }

    /** A puzzle file: our text format, or BurrTools XML (plain or gzip, inflated with a size limit). */
    public static Puzzle loadFile(Path path) {
        return loadFile(path, 0);
    }

    private static Puzzle loadFile(Path path, int problem) {
        byte[] bytes = TextInput.readBytes(path, TextInput.MAX_PUZZLE_BYTES);
        String base = path.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        if (path.toString().endsWith(".xmpuzzle") || BurrToolsReader.looksLike(bytes)) {
            return BurrToolsReader.read(bytes, path.toString(), base, problem);
        }
        requireOneProblem(path.toString(), problem);
        return PuzzleParser.parse(TextInput.decode(bytes, path.toString()), path.toString(), base);
    }

    private static void requireOneProblem(String puzzle, int problem) {
        if (problem > 1) {
            throw new PuzzleException(puzzle + " has one problem; --problem picks one of a BurrTools file's problems");
        }
    }

    /** A built-in's puzzle file as it ships, comments and sources included. */
    public static String sourceText(Entry e) {
        return resource(e.resource());
    }

    public static Puzzle loadBuiltIn(Entry e) {
        return PuzzleParser.parse(resource(e.resource()), "built-in:" + e.resource(), e.name());
    }

    public static Entry find(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (Entry e : ENTRIES) {
            if (e.name().equals(n) || e.aliases().contains(n)) {
                return e;
            }
        }
        return null;
    }

    private static String nearest(String name) {
        List<String> all = new ArrayList<>();
        for (Entry e : ENTRIES) {
            all.add(e.name());
            all.addAll(e.aliases());
        }
        String best = NearestName.of(name, all);
        Entry e = best == null ? null : find(best);
        return e == null ? best : e.name();
    }

    private static List<Entry> readIndex() {
        List<Entry> out = new ArrayList<>();
        for (String line : resource("INDEX").split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] t = l.split("\\s+");
            out.add(new Entry(t[0], t[1], List.of(t).subList(2, t.length)));
        }
        return List.copyOf(out);
    }

    /** A resource under {@code /puzzles/} as text (built-ins and piece sets). */
    static String resource(String name) {
        try (InputStream in = BuiltInPuzzles.class.getResourceAsStream("/puzzles/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource /puzzles/" + name + " (broken build?)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
