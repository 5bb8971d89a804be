package dev.polycube.puzzle;

import dev.polycube.error.Plural;
import dev.polycube.geometry.Point;
import dev.polycube.geometry.Shape;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the plain-text puzzle format (docs/puzzle-format.md). It is a superset of the piece files in the
 * project's reference data ({@code box}, {@code hole}, {@code piece NAME COUNT (x,y,z)...}, {@code expect}),
 * so those files load unchanged. Every error names the origin, the line number and the line.
 */
public final class PuzzleParser {

    private static final Pattern CELL = Pattern.compile("\\(\\s*(-?\\d+)\\s*,\\s*(-?\\d+)\\s*,\\s*(-?\\d+)\\s*\\)");
    private static final Pattern ATTRIBUTE = Pattern.compile("([A-Za-z][\\w-]*)=(\"[^\"]*\"|\\S+)");
    private static final Pattern BOX = Pattern.compile("(\\d+)\\s+(\\d+)\\s+(\\d+)(?:\\s+at\\s+(-?\\d+)\\s+(-?\\d+)\\s+(-?\\d+))?(\\s+hollow)?");
    private static final Pattern HOLE = Pattern.compile("(-?\\d+)\\s+(-?\\d+)\\s+(-?\\d+)");
    /** Characters that may label a piece copy in a catalog, in the order they are handed out. */
    static final String LABEL_POOL =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&*+/:<=>?@^_~";
    /** Characters a catalog line uses for "no piece here": '.' outside the target, '-' an optional cell left empty. */
    static final String NOT_LABELS = ".-";

    private final String origin;
    private String name;
    private String title;
    private final List<Point> boxCells = new ArrayList<>();
    /** Each hole and the line that made it (for an error naming that line). */
    private final Map<Point, SourceLine> holes = new LinkedHashMap<>();
    private final List<RawPiece> pieces = new ArrayList<>();
    private final Map<SymmetryMode, Puzzle.Expectation> expected = new LinkedHashMap<>();
    private Puzzle.Expectation stored;
    private boolean mirrored;
    private boolean oneSided;
    /** The lines that said {@code mirrored-pieces yes} and {@code one-sided yes}, for the error when both do. */
    private SourceLine mirroredLine;
    private SourceLine oneSidedLine;
    private SymmetryMode symmetry;
    private Container container;
    private String lastExpectKey; // the rule id of the last expect line, or STORED_BY_BURRTOOLS

    /** A line of the file: its number and text. */
    private record SourceLine(int no, String text) {
    }

    private record CellColour(int colour, SourceLine at) {
    }

    private record RawPiece(String name, int count, int min, List<Point> cells, String label, String title,
                            Map<String, String> tags, int line, String text, Map<Point, Integer> colours) {
    }

    /** A piece cell with an optional colour: {@code (x,y,z)} or {@code (x,y,z)@2}. */
    private static final Pattern PIECE_CELL = Pattern.compile(CELL.pattern() + "(?:@(\\d+))?");
    /** The most colours a puzzle may declare. */
    private static final int MAX_COLOURS = 1000;

    /** {@code colours N}, its line, or 0 when the file declares none. */
    private int colourCount;
    private int colourLine;
    private final List<int[]> allowedPairs = new ArrayList<>();
    /** The target cells given a colour, with the line that gave it. */
    private final Map<Point, CellColour> cellColours = new LinkedHashMap<>();
    /** Where each colour use was read, for the error when no {@code colours} line declares it: line, text. */
    private final List<Object[]> colourUses = new ArrayList<>();

    private PuzzleParser(String origin, String defaultName) {
        this.origin = origin;
        this.name = defaultName;
    }

    /**
     * Parses {@code text}; {@code origin} is used in messages, {@code defaultName} when the file has no
     * {@code name} line.
     */
    public static Puzzle parse(String text, String origin, String defaultName) {
        PuzzleParser p = new PuzzleParser(origin, defaultName);
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text; // a byte-order mark is no part of line 1
        String[] lines = body.split("\r\n|\r|\n", -1); // LF, CRLF, or CR alone (old Mac editors)
        for (int i = 0; i < lines.length; i++) {
            p.line(i + 1, lines[i]);
        }
        return p.build();
    }

    /**
     * True when these first lines of a file read as a puzzle statement (a {@code box} or {@code piece} line, or
     * BurrTools XML): said when such a file is given where a catalog is wanted.
     */
    public static boolean looksLikeStatement(List<String> head) {
        for (String line : head) {
            String t = line.strip();
            if (t.startsWith("box ") || t.startsWith("piece ") || t.startsWith("<puzzle")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads one {@code PIECE (x,y,z) ...} pre-placement for {@code puzzle} (cells in the catalog's frame),
     * as given to {@code solve --fix}.
     */
    public static Puzzle.FixedPiece parseFix(Puzzle puzzle, String text, String origin) {
        PuzzleParser p = new PuzzleParser(origin, puzzle.name());
        p.fix(1, "fix " + text, text.strip());
        RawFix f = p.fixes.get(0);
        int piece = puzzle.pieceIndex(f.piece);
        if (piece < 0) {
            throw PuzzleException.at(origin, 1, text, "unknown piece '" + f.piece + "'; pieces: "
                    + puzzle.pieces().stream().map(Piece::name).toList() + "." + NearestName.hint(f.piece, names(puzzle.pieces())));
        }
        return new Puzzle.FixedPiece(piece, f.cells);
    }

    /**
     * {@code pieces SET [COUNT]}: the pieces of a built-in piece set ({@link #PIECE_SETS}), read as if written
     * here, each with COUNT copies ({@code 2}, or {@code 0..1} for "at most one") instead of the set's own.
     * Errors in the set's lines point at this line.
     */
    private void pieceSet(int no, String raw, String rest) {
        String[] t = rest.split("\\s+");
        if (rest.isEmpty() || t.length > 2) {
            throw PuzzleException.at(origin, no, raw, "expected 'pieces SET [COUNT]', e.g. 'pieces pentominoes' or "
                    + "'pieces pentominoes 0..1'; sets: " + String.join(", ", PIECE_SETS.keySet()));
        }
        String resource = PIECE_SETS.get(t[0]);
        if (resource == null) {
            List<String> sets = List.copyOf(PIECE_SETS.keySet());
            throw PuzzleException.at(origin, no, raw, "no built-in piece set '" + t[0] + "'; sets: " + String.join(", ", sets) + "."
                    + NearestName.hint(t[0], sets));
        }
        if (t.length == 2 && !t[1].matches("\\d+(\\.\\.\\d+)?")) {
            throw PuzzleException.at(origin, no, raw, "the count of each piece must be N or MIN..MAX, got '" + t[1] + "'");
        }
        if (++setDepth > 4) {
            throw PuzzleException.at(origin, no, raw, "piece sets nested more than 4 deep (a set that takes itself?)");
        }
        for (String line : BuiltInPuzzles.resource("pieces/" + resource).split("\n")) {
            String l = line;
            if (t.length == 2 && l.startsWith("piece ")) {
                String[] f = l.split("\\s+", 4);
                l = "piece " + f[1] + " " + t[1] + (f.length > 3 ? " " + f[3] : "");
            }
            line(no, l);
        }
        setDepth--;
    }

    private int setDepth;

    /** The built-in piece sets, by name: {@code /puzzles/pieces/INDEX}. */
    static final Map<String, String> PIECE_SETS = pieceSets();

    private static Map<String, String> pieceSets() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String line : BuiltInPuzzles.resource("pieces/INDEX").split("\n")) {
            String l = line.strip();
            if (!l.isEmpty() && !l.startsWith("#")) {
                String[] f = l.split("\\s+");
                out.put(f[0], f[1]);
            }
        }
        return out;
    }

    /** A drawn block being read: its opening line, and the rows so far. */
    private record Drawing(int line, String opening, String head, List<String> rows) {
    }

    private Drawing drawing;

    private void line(int no, String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if ((c < 0x20 && c != '\t') || (c >= 0x7F && c <= 0x9F)) {
                throw PuzzleException.at(origin, no, raw, String.format("a control character (U+%04X) at column %d; a puzzle "
                        + "file is plain text (an escape sequence here could drive the terminal that shows it)", (int) c, i + 1));
            }
        }
        String text = raw.strip();
        if (drawing != null) {
            if (text.equals("end")) {
                finishDrawing();
            } else if (!text.isEmpty()) {
                drawing.rows.add(text);
            }
            return;
        }
        if (text.startsWith("#") && lastExpectKey != null && text.contains("status(")) {
            // the reference files put an expectation's source on the comment line after it
            String source = text.substring(1).strip();
            if (lastExpectKey.equals(STORED_BY_BURRTOOLS)) {
                stored = new Puzzle.Expectation(stored.value(), source);
            } else {
                SymmetryMode rule = SymmetryMode.byId(lastExpectKey);
                expected.put(rule, new Puzzle.Expectation(expected.get(rule).value(), source));
            }
            return;
        }
        int hash = text.indexOf('#');
        if (hash >= 0 && !text.startsWith("piece")) {
            text = text.substring(0, hash).strip();
        } else if (hash >= 0) {
            text = stripTrailingComment(text);
        }
        if (text.isEmpty()) {
            return;
        }
        String keyword = text.split("\\s+", 2)[0];
        String rest = text.substring(keyword.length()).strip();
        lastExpectKey = null;
        if (List.of("name", "title", "mirrored-pieces", "one-sided", "symmetry", "container").contains(keyword)) {
            once(no, raw, keyword);
        }
        switch (keyword) {
            case "name" -> name = single(no, raw, rest, "name NAME");
            case "title" -> title = rest;
            case "box" -> box(no, raw, rest);
            case "hole" -> holes.putIfAbsent(cell(no, raw, rest, "'hole X Y Z'"), new SourceLine(no, raw));
            case "piece" -> {
                String[] t = rest.split("\\s+");
                if (t.length >= 3 && t[2].equals("drawn")) {
                    drawing = new Drawing(no, raw, rest, new ArrayList<>());
                } else {
                    piece(no, raw, rest);
                }
            }
            case "target" -> {
                if (!rest.equals("drawn")) {
                    throw PuzzleException.at(origin, no, raw, "expected 'target drawn', then the layers, then 'end'");
                }
                drawing = new Drawing(no, raw, null, new ArrayList<>());
            }
            case "expect" -> expect(no, raw, rest);
            case "mirrored-pieces" -> {
                mirrored = yesNo(no, raw, rest);
                mirroredLine = new SourceLine(no, raw);
            }
            case "one-sided" -> {
                oneSided = yesNo(no, raw, rest);
                oneSidedLine = new SourceLine(no, raw);
            }
            case "symmetry" -> symmetry = symmetryRule(no, raw, rest);
            case "colours", "colors" -> {
                if (colourCount > 0) {
                    throw PuzzleException.at(origin, no, raw, "a second 'colours' line (the first is line " + colourLine + ")");
                }
                colourCount = number(no, raw, single(no, raw, rest, "colours N"), "the number of colours", 1, MAX_COLOURS);
                colourLine = no;
            }
            case "allow" -> {
                String[] ab = rest.split("\\s+");
                if (ab.length != 2) {
                    throw PuzzleException.at(origin, no, raw, "expected 'allow PIECE-COLOUR TARGET-COLOUR' (e.g. 'allow 1 1')");
                }
                int a = number(no, raw, ab[0], "a piece colour", 1, MAX_COLOURS);
                int b = number(no, raw, ab[1], "a target colour", 1, MAX_COLOURS);
                allowedPairs.add(new int[] {a, b});
                colourUses.add(new Object[] {no, raw, Math.max(a, b)});
            }
            case "colour", "color" -> {
                String[] parts = rest.split("\\s+", 2);
                if (parts.length != 2) {
                    throw PuzzleException.at(origin, no, raw, "expected 'colour C X Y Z' (the target cell X Y Z has colour C)");
                }
                int c = number(no, raw, parts[0], "a colour", 1, MAX_COLOURS);
                Point p = cell(no, raw, parts[1], "'colour C X Y Z'");
                CellColour earlier = cellColours.putIfAbsent(p, new CellColour(c, new SourceLine(no, raw)));
                if (earlier != null) {
                    throw PuzzleException.at(origin, no, raw, "target cell " + p + " is given a colour twice (first on line "
                            + earlier.at().no() + ")");
                }
                colourUses.add(new Object[] {no, raw, c});
            }
            case "fix" -> fix(no, raw, rest);
            case "group" -> group(no, raw, rest);
            case "optional" -> optionalCells.add(cell(no, raw, rest, "'optional X Y Z' (a target cell that may stay empty)"));
            case "container" -> container = container(no, raw, rest);
            case "pieces" -> pieceSet(no, raw, rest);
            default -> throw PuzzleException.at(origin, no, raw, "unknown keyword '" + keyword + "'; expected one of: "
                    + String.join(", ", KEYWORDS) + "." + NearestName.hint(keyword, KEYWORDS));
        }
    }

    /** The statements a puzzle file may hold, for the message that names an unknown one. */
    private static final List<String> KEYWORDS = List.of("name", "title", "box", "target", "hole", "optional", "piece",
            "pieces", "group", "fix", "expect", "symmetry", "mirrored-pieces", "one-sided", "colours", "colour", "allow",
            "container");

    /**
     * Turns a drawn block into cells: each row holds the layers z = 0, 1, ... side by side, separated by
     * spaces; the first row is the highest y. '.' or '_' is no cell, anything else a cell (the layout that
     * {@code polycube show} prints).
     */
    private void finishDrawing() {
        Drawing d = drawing;
        drawing = null;
        if (d.rows.isEmpty()) {
            throw PuzzleException.at(origin, d.line, d.opening, "the drawing is empty");
        }
        List<Point> cells = new ArrayList<>();
        int layers = -1;
        int width = -1;
        int sy = d.rows.size();
        for (int r = 0; r < sy; r++) {
            String[] tokens = d.rows.get(r).split("\\s+");
            if (layers < 0) {
                layers = tokens.length;
                width = tokens[0].length();
            }
            if (tokens.length != layers) {
                throw PuzzleException.at(origin, d.line + 1 + r, d.rows.get(r), "this row has "
                        + Plural.count(tokens.length, "layer") + ", the first row has " + layers);
            }
            for (int z = 0; z < layers; z++) {
                if (tokens[z].length() != width) {
                    throw PuzzleException.at(origin, d.line + 1 + r, d.rows.get(r), "layer " + z + " is " + tokens[z].length()
                            + " cells wide, the first is " + width);
                }
                for (int x = 0; x < width; x++) {
                    char c = tokens[z].charAt(x);
                    if (c == '+' && d.head == null) {
                        optionalCells.add(new Point(x, sy - 1 - r, z));
                    } else if (c != '.' && c != '_') {
                        cells.add(new Point(x, sy - 1 - r, z));
                    }
                }
            }
        }
        if (d.head == null) {
            if ((long) cells.size() + boxCells.size() > MAX_TARGET_CELLS) {
                throw PuzzleException.at(origin, d.line, d.opening, "the target would have more than " + MAX_TARGET_CELLS
                        + " cells, the most a puzzle file may describe");
            }
            boxCells.addAll(cells);
            return;
        }
        String[] t = d.head.split("\\s+", 4);
        StringBuilder rest = new StringBuilder(t[0] + " " + t[1]);
        for (Point c : cells) {
            rest.append(' ').append(c);
        }
        if (t.length > 3) {
            rest.append(' ').append(t[3]);
        }
        piece(d.line, d.opening, rest.toString());
    }

    /** In a piece line '#' can be a label, so a comment must be preceded by white space. */
    private static String stripTrailingComment(String text) {
        int at = text.indexOf(" #");
        return at < 0 ? text : text.substring(0, at).strip();
    }

    private String single(int no, String raw, String rest, String usage) {
        if (rest.isEmpty() || !rest.matches("\\S+") || rest.codePoints().anyMatch(Character::isISOControl)) {
            throw PuzzleException.at(origin, no, raw, "expected '" + usage + "'");
        }
        return rest;
    }

    /**
     * The colour constraints, or null when the file declares none. Colours must be declared ({@code colours
     * N}) and every target colour must be on a target cell; piece colours move with the piece's cells to its
     * stored frame (translated to the origin).
     */
    private Colours colours(Target t, Point shift) {
        for (Object[] use : colourUses) {
            if ((int) use[2] > colourCount) {
                throw PuzzleException.at(origin, (int) use[0], (String) use[1], colourCount == 0
                        ? "colour " + use[2] + " is used but no 'colours N' line declares the colours"
                        : "colour " + use[2] + " is beyond the " + colourCount + " declared on line " + colourLine);
            }
        }
        if (colourCount == 0) {
            return null;
        }
        boolean[][] allowed = new boolean[colourCount + 1][colourCount + 1];
        for (int[] pair : allowedPairs) {
            allowed[pair[0]][pair[1]] = true;
        }
        int[] target = new int[t.boxVolume()];
        for (Map.Entry<Point, CellColour> e : cellColours.entrySet()) {
            Point p = e.getKey().minus(shift);
            CellColour c = e.getValue();
            if (!t.contains(p)) {
                throw PuzzleException.at(origin, c.at().no(), c.at().text(), "colour " + c.colour() + " is given to "
                        + e.getKey() + ", which is not a target cell");
            }
            target[t.index(p)] = c.colour();
        }
        List<Map<Point, Integer>> pieceColours = new ArrayList<>();
        for (RawPiece r : pieces) {
            Point min = Point.min(r.cells);
            Map<Point, Integer> m = new LinkedHashMap<>();
            r.colours.forEach((p, c) -> m.put(p.minus(min), c));
            pieceColours.add(m);
        }
        return new Colours(colourCount, allowed, target, pieceColours);
    }

    /**
     * The {@code expect} key of the count a BurrTools file stores for its problem: shown beside ours, never
     * checked, since BurrTools' GUI may have counted by another rule than {@code burrTxt} (SolidSixPieceBurrs
     * stores 1,063, the count keeping mirror images; {@code burrTxt} prints 588).
     */
    public static final String STORED_BY_BURRTOOLS = "stored-by-burrtools";

    /** "container closed", or "container open FACE..." with faces +x -x +y -y +z -z (top, bottom). */
    private Container container(int no, String raw, String rest) {
        String[] t = rest.isEmpty() ? new String[0] : rest.split("\\s+");
        String usage = "expected 'container closed' or 'container open FACE...' with faces among +x -x +y -y +z -z "
                + "(top = +z, bottom = -z), e.g. 'container open top'";
        if (t.length == 1 && t[0].equals("closed")) {
            return new Container(java.util.Set.of());
        }
        if (t.length < 2 || !t[0].equals("open")) {
            throw PuzzleException.at(origin, no, raw, usage);
        }
        java.util.Set<Container.Face> open = java.util.EnumSet.noneOf(Container.Face.class);
        for (int i = 1; i < t.length; i++) {
            Container.Face f = Container.Face.parse(t[i]);
            if (f == null) {
                throw PuzzleException.at(origin, no, raw, "'" + t[i] + "' is not a face; " + usage);
            }
            if (!open.add(f)) {
                throw PuzzleException.at(origin, no, raw, "face " + f.id() + " is named twice");
            }
        }
        return new Container(open);
    }

    private SymmetryMode symmetryRule(int no, String raw, String rest) {
        SymmetryMode rule = SymmetryMode.byId(rest);
        if (rule == null) {
            throw PuzzleException.at(origin, no, raw, "unknown symmetry rule '" + rest + "'; use one of " + SymmetryMode.ids());
        }
        return rule;
    }

    private boolean yesNo(int no, String raw, String rest) {
        return switch (rest) {
            case "yes", "true" -> true;
            case "no", "false" -> false;
            default -> throw PuzzleException.at(origin, no, raw, "expected 'yes' or 'no', got '" + rest + "'");
        };
    }

    private void box(int no, String raw, String rest) {
        Matcher m = BOX.matcher(rest);
        if (!m.matches()) {
            throw PuzzleException.at(origin, no, raw, "expected 'box X Y Z' or 'box X Y Z at X0 Y0 Z0', either followed by "
                    + "'hollow' for the box's surface only");
        }
        int sx = number(no, raw, m.group(1), "box size", 1, MAX_COORDINATE);
        int sy = number(no, raw, m.group(2), "box size", 1, MAX_COORDINATE);
        int sz = number(no, raw, m.group(3), "box size", 1, MAX_COORDINATE);
        if ((long) sx * sy * sz + boxCells.size() > MAX_TARGET_CELLS) {
            throw PuzzleException.at(origin, no, raw, "the target would have more than " + MAX_TARGET_CELLS
                    + " cells, the most a puzzle file may describe");
        }
        int ox = m.group(4) == null ? 0 : number(no, raw, m.group(4), "box corner", -MAX_COORDINATE, MAX_COORDINATE);
        int oy = m.group(5) == null ? 0 : number(no, raw, m.group(5), "box corner", -MAX_COORDINATE, MAX_COORDINATE);
        int oz = m.group(6) == null ? 0 : number(no, raw, m.group(6), "box corner", -MAX_COORDINATE, MAX_COORDINATE);
        Set<Point> existing = new HashSet<>(boxCells);
        for (int z = 0; z < sz; z++) {
            for (int y = 0; y < sy; y++) {
                for (int x = 0; x < sx; x++) {
                    if (m.group(7) != null && x > 0 && y > 0 && z > 0 && x < sx - 1 && y < sy - 1 && z < sz - 1) {
                        continue; // hollow: the surface only, as the foam cubes' shells
                    }
                    Point p = new Point(ox + x, oy + y, oz + z);
                    if (!existing.add(p)) {
                        throw PuzzleException.at(origin, no, raw, "this box overlaps an earlier box at " + p);
                    }
                    boxCells.add(p);
                }
            }
        }
    }

    /** One cell written "X Y Z" or "(X,Y,Z)", as {@code hole} and {@code optional} take it. */
    private Point cell(int no, String raw, String rest, String usage) {
        Matcher m = HOLE.matcher(rest.replaceAll("[(),]", " ").strip());
        if (!m.matches()) {
            throw PuzzleException.at(origin, no, raw, "expected " + usage);
        }
        return point(no, raw, m);
    }

    /** The most target cells a puzzle file may describe (boxes, drawn cells and optional cells together). */
    static final int MAX_TARGET_CELLS = 1_000_000;

    /** The largest coordinate a puzzle file may use (far beyond any box polycube can solve). */
    static final int MAX_COORDINATE = 1 << 20;

    /** (x,y,z) from a match's first three groups, each within +-{@link #MAX_COORDINATE}. */
    private Point point(int no, String raw, Matcher m) {
        return new Point(number(no, raw, m.group(1), "coordinate", -MAX_COORDINATE, MAX_COORDINATE),
                number(no, raw, m.group(2), "coordinate", -MAX_COORDINATE, MAX_COORDINATE),
                number(no, raw, m.group(3), "coordinate", -MAX_COORDINATE, MAX_COORDINATE));
    }

    /** A whole number in [min, max], or an error naming the line and the value. */
    private int number(int no, String raw, String text, String what, long min, long max) {
        try {
            long v = Long.parseLong(text.strip());
            if (v >= min && v <= max) {
                return (int) v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw PuzzleException.at(origin, no, raw, what + " '" + text + "' is not a whole number from " + min + " to " + max);
    }

    private void piece(int no, String raw, String rest) {
        String[] head = rest.split("\\s+", 3);
        if (head.length < 3) {
            String set = PIECE_SETS.containsKey(head[0]) ? "; " + head[0] + " is a built-in set, written 'pieces " + rest
                    + "'" : "";
            throw PuzzleException.at(origin, no, raw, "expected 'piece NAME COUNT (x,y,z) (x,y,z) ...'" + set);
        }
        String pieceName = head[0];
        int[] range = range(no, raw, head[1], "piece " + pieceName + ": COUNT");
        int min = range[0];
        int count = range[1];
        if (count < 1) {
            throw PuzzleException.at(origin, no, raw, "piece " + pieceName + ": COUNT must be at least 1, got " + count);
        }
        List<Point> cells = new ArrayList<>();
        Map<Point, Integer> colours = new LinkedHashMap<>();
        Map<String, String> attrs = new LinkedHashMap<>();
        String body = head[2];
        if (body.startsWith("mirror ") || body.equals("mirror")) {
            // the mirror image of a piece given before: one-sided sets list a chiral piece's other hand this way
            String[] f = body.split("\\s+", 3);
            RawPiece of = f.length < 2 ? null : pieces.stream().filter(r -> r.name().equals(f[1])).findFirst().orElse(null);
            if (of == null) {
                throw PuzzleException.at(origin, no, raw, "piece " + pieceName + ": 'mirror PIECE' names a piece given before it, got '"
                        + (f.length < 2 ? "" : f[1]) + "'");
            }
            for (Point c : of.cells()) {
                cells.add(new Point(-c.x(), c.y(), c.z()));
            }
            body = f.length > 2 ? f[2] : "";
        }
        if (body.startsWith("foam ") || body.equals("foam")) {
            String[] f = body.split("\\s+", 3);
            try {
                cells.addAll(FoamNotation.cells(f.length > 1 ? f[1] : ""));
            } catch (IllegalArgumentException e) {
                throw PuzzleException.at(origin, no, raw, "piece " + pieceName + ": " + e.getMessage()
                        + "; e.g. 'piece B1 1 foam 0010001000100010'");
            }
            body = f.length > 2 ? f[2] : "";
        }
        int pos = 0;
        Matcher cell = PIECE_CELL.matcher(body);
        Matcher attr = ATTRIBUTE.matcher(body);
        while (pos < body.length()) {
            if (Character.isWhitespace(body.charAt(pos))) {
                pos++;
                continue;
            }
            if (cell.find(pos) && cell.start() == pos) {
                Point p = point(no, raw, cell);
                cells.add(p);
                if (cell.group(4) != null) {
                    int c = number(no, raw, cell.group(4), "a colour", 1, MAX_COLOURS);
                    colours.put(p, c);
                    colourUses.add(new Object[] {no, raw, c});
                }
                pos = cell.end();
            } else if (attr.find(pos) && attr.start() == pos) {
                String v = attr.group(2);
                attrs.put(attr.group(1), v.startsWith("\"") ? v.substring(1, v.length() - 1) : v);
                pos = attr.end();
            } else {
                int end = body.indexOf(' ', pos);
                String bad = body.substring(pos, end < 0 ? body.length() : end);
                throw PuzzleException.at(origin, no, raw, "piece " + pieceName + ": cannot read '" + bad
                        + "'; cells are written (x,y,z) or (x,y,z)@COLOUR, attributes key=value");
            }
        }
        if (cells.isEmpty()) {
            throw PuzzleException.at(origin, no, raw, "piece " + pieceName + " has no cells");
        }
        if (new HashSet<>(cells).size() != cells.size()) {
            throw PuzzleException.at(origin, no, raw, "piece " + pieceName + " lists a cell twice");
        }
        for (RawPiece other : pieces) {
            if (other.name.equals(pieceName)) {
                throw PuzzleException.at(origin, no, raw, "piece name '" + pieceName + "' is used twice (first on line " + other.line + ")");
            }
        }
        String label = attrs.remove("label");
        if (label != null && label.length() != count) {
            throw PuzzleException.at(origin, no, raw, "piece " + pieceName + ": label= needs one character per copy (" + count + "), got '" + label + "'");
        }
        String pieceTitle = attrs.remove("title");
        String weight = attrs.get("weight");
        if (weight != null && !weight.matches("[1-9]\\d{0,8}")) {
            throw PuzzleException.at(origin, no, raw, "piece " + pieceName + ": weight= must be a whole number from 1 to "
                    + "999999999 (BurrTools' shape weight: in a disassembly the heavier side stays put), got '" + weight + "'");
        }
        for (String key : attrs.keySet()) {
            if (!KNOWN_TAGS.contains(key)) {
                warnings.add(origin + ":" + no + ": piece " + pieceName + ": unknown attribute '" + key + "=' (known: label=, "
                        + "title=, " + String.join("=, ", KNOWN_TAGS) + "=); it is kept as a tag and has no effect");
            }
        }
        pieces.add(new RawPiece(pieceName, count, min, cells, label, pieceTitle, attrs, no, raw, colours));
    }

    private record RawFix(String piece, List<Point> cells, int line, String text) {
    }

    private final List<RawFix> fixes = new ArrayList<>();

    private void fix(int no, String raw, String rest) {
        String[] head = rest.split("\\s+", 2);
        List<Point> cells = new ArrayList<>();
        Matcher cell = CELL.matcher(head.length > 1 ? head[1] : "");
        int pos = 0;
        String body = head.length > 1 ? head[1] : "";
        while (cell.find()) {
            if (!body.substring(pos, cell.start()).isBlank()) {
                break;
            }
            cells.add(point(no, raw, cell));
            pos = cell.end();
        }
        if (cells.isEmpty() || !body.substring(pos).isBlank()) {
            throw PuzzleException.at(origin, no, raw, "expected 'fix PIECE (x,y,z) (x,y,z) ...' (the cells the piece occupies)");
        }
        fixes.add(new RawFix(head[0], cells, no, raw));
    }

    /** "N" (exactly N) or "MIN..MAX". */
    private int[] range(int no, String raw, String text, String what) {
        try {
            int dots = text.indexOf("..");
            int[] r = dots < 0 ? new int[] {Integer.parseInt(text), Integer.parseInt(text)}
                    : new int[] {Integer.parseInt(text.substring(0, dots)), Integer.parseInt(text.substring(dots + 2))};
            if (r[0] < 0 || r[0] > r[1]) {
                throw PuzzleException.at(origin, no, raw, what + " range must have 0 <= MIN <= MAX, got '" + text + "'");
            }
            return r;
        } catch (NumberFormatException e) {
            if (text.matches("\\d+(\\.\\.\\d+)?")) { // whole numbers, one past an int: say so, not "not a number"
                throw PuzzleException.at(origin, no, raw, what + " '" + text + "' is too large: a puzzle holds at most "
                        + LABEL_COUNT + " piece copies (one catalog label each)");
            }
            throw PuzzleException.at(origin, no, raw, what + " must be a whole number or MIN..MAX, got '" + text + "'");
        }
    }

    private record RawGroup(String name, int min, int max, List<String> pieces, int line, String text) {
    }

    private final List<RawGroup> groups = new ArrayList<>();
    private final List<Point> optionalCells = new ArrayList<>();

    private void group(int no, String raw, String rest) {
        String[] t = rest.split("\\s+");
        if (t.length < 3) {
            throw PuzzleException.at(origin, no, raw, "expected 'group NAME MIN..MAX PIECE PIECE ...'");
        }
        int[] r = range(no, raw, t[1], "group " + t[0]);
        groups.add(new RawGroup(t[0], r[0], r[1], List.of(t).subList(2, t.length), no, raw));
    }

    /** Where each statement that may appear once was given: a second one is a contradiction, not an override. */
    private final Map<String, Integer> givenAt = new java.util.HashMap<>();

    private void once(int no, String raw, String statement) {
        Integer first = givenAt.putIfAbsent(statement, no);
        if (first != null) {
            throw PuzzleException.at(origin, no, raw, "a second '" + statement + "' line (the first is line " + first
                    + "); say it once");
        }
    }

    /** Piece attributes besides label= and title= that mean something to polycube. */
    private static final List<String> KNOWN_TAGS = List.of("kurowski", "kurowski-name", "weight", "glued", Piece.ALIASES, Piece.COLOUR);
    private final List<String> warnings = new ArrayList<>();

    private void expect(int no, String raw, String rest) {
        String[] t = rest.split("\\s+");
        if (t.length == 2) {
            once(no, raw, "expect " + t[0]);
        }
        SymmetryMode rule = t.length == 2 ? SymmetryMode.byId(t[0]) : null;
        if (t.length != 2 || !(rule != null || t[0].equals(STORED_BY_BURRTOOLS))) {
            throw PuzzleException.at(origin, no, raw, "expected 'expect " + String.join("|", SymmetryMode.ids()) + " COUNT'");
        }
        try {
            java.math.BigInteger count = new java.math.BigInteger(t[1].replace(",", ""));
            if (count.signum() < 0) {
                throw new NumberFormatException("negative");
            }
            Puzzle.Expectation e = new Puzzle.Expectation(count, "");
            if (rule != null) {
                expected.put(rule, e);
            } else {
                stored = e;
            }
        } catch (NumberFormatException e) {
            throw PuzzleException.at(origin, no, raw, "expected count is not a whole number of 0 or more: '" + t[1] + "'");
        }
        lastExpectKey = t[0];
    }

    private Puzzle build() {
        if (drawing != null) {
            throw PuzzleException.at(origin, drawing.line, drawing.opening, "this drawing has no 'end' line");
        }
        if (boxCells.isEmpty()) {
            throw new PuzzleException(origin + ": no target: add a 'box X Y Z' line");
        }
        if (pieces.isEmpty()) {
            throw new PuzzleException(origin + ": no pieces: add 'piece NAME COUNT (x,y,z) ...' lines");
        }
        Set<Point> target = new LinkedHashSet<>(boxCells);
        for (Point o : optionalCells) {
            target.add(o);
        }
        for (Map.Entry<Point, SourceLine> h : holes.entrySet()) {
            if (!target.contains(h.getKey())) { // every hole is checked before any is removed: target is still the boxes
                throw PuzzleException.at(origin, h.getValue().no(), h.getValue().text(), "hole " + h.getKey() + " is not "
                        + "inside any box (the boxes span " + Point.min(target) + " to " + Point.max(target) + ")");
            }
        }
        target.removeAll(holes.keySet());
        if (target.isEmpty()) {
            throw new PuzzleException(origin + ": the holes remove every cell of the target");
        }
        List<Piece> built = new ArrayList<>();
        String[] labels = assignLabels();
        for (int i = 0; i < pieces.size(); i++) {
            RawPiece r = pieces.get(i);
            Shape shape = Shape.of(r.cells);
            if (!shape.isConnected()) {
                throw PuzzleException.at(origin, r.line, r.text, "piece " + r.name + " is not face-connected");
            }
            Piece piece = new Piece(r.name, labels[i], r.title == null ? r.name : r.title, shape, r.count, r.min, r.tags);
            try {
                piece.realColour();
            } catch (IllegalArgumentException bad) {
                throw PuzzleException.at(origin, r.line, r.text, "piece " + r.name + ": " + bad.getMessage());
            }
            for (String alias : piece.aliases()) {
                int other = Piece.indexOf(built, alias);
                if (alias.isBlank() || other >= 0) {
                    throw PuzzleException.at(origin, r.line, r.text, "piece " + r.name + ": aka=" + alias + (alias.isBlank()
                            ? " is empty; give names separated by commas, e.g. aka=Pyramid,Tripod"
                            : " is already piece " + built.get(other).name() + "'s name or alias; a name must say one piece"));
                }
            }
            built.add(piece);
        }
        Point shift = Point.min(target);
        Set<Point> required = new LinkedHashSet<>(target);
        required.removeAll(optionalCells);
        Target t = Target.of(required, optionalCells);
        List<Puzzle.FixedPiece> fixed = new ArrayList<>();
        for (RawFix f : fixes) {
            int piece = Piece.indexOf(built, f.piece);
            if (piece < 0) {
                throw PuzzleException.at(origin, f.line, f.text, "fix names an unknown piece '" + f.piece + "'."
                        + NearestName.hint(f.piece, names(built)));
            }
            List<Point> cells = new ArrayList<>();
            for (Point p : f.cells) {
                cells.add(p.minus(shift));
            }
            fixed.add(new Puzzle.FixedPiece(piece, cells));
        }
        List<Puzzle.Group> builtGroups = new ArrayList<>();
        for (RawGroup g : groups) {
            List<Integer> members = new ArrayList<>();
            for (String pn : g.pieces) {
                int idx = Piece.indexOf(built, pn);
                if (idx < 0) {
                    throw PuzzleException.at(origin, g.line, g.text, "group " + g.name + " names an unknown piece '"
                            + pn + "'." + NearestName.hint(pn, names(built)));
                }
                members.add(idx);
            }
            builtGroups.add(new Puzzle.Group(g.name, g.min, g.max, members));
        }
        if (mirrored && oneSided) {
            throw PuzzleException.at(origin, Math.max(mirroredLine.no(), oneSidedLine.no()), (mirroredLine.no() > oneSidedLine.no()
                    ? mirroredLine : oneSidedLine).text(), "'mirrored-pieces yes' and 'one-sided yes' (line "
                    + Math.min(mirroredLine.no(), oneSidedLine.no()) + ") contradict each other: one-sided "
                    + "pieces keep their upper side, so they are never mirrored (list a piece's mirror image as its own piece)");
        }
        Puzzle puzzle = new Puzzle(name, title == null ? name : title, built, t, mirrored, oneSided, expected, stored, origin, fixed, builtGroups,
                symmetry, colours(t, shift), container, warnings);
        FixedPieces.Problem bad = FixedPieces.problem(puzzle, shift);
        if (bad != null) {
            RawFix f = fixes.get(bad.index());
            throw PuzzleException.at(origin, f.line, f.text, bad.message());
        }
        return puzzle;
    }

    /**
     * Labels beyond {@link #LABEL_POOL}'s 78 ASCII characters, for puzzles with more piece copies (catalog
     * format v2): letters of fixed Unicode blocks, one UTF-16 unit each, listed here rather than taken from
     * the JDK's Unicode tables so that every Java version assigns the same labels. About 21,000 in all.
     */
    private static final char[][] WIDE_LABEL_RANGES = {
        {'\u00C0', '\u00D6'}, {'\u00D8', '\u00F6'}, {'\u00F8', '\u017F'}, // Latin-1 letters, Latin Extended-A
        {'\u0391', '\u03A1'}, {'\u03A3', '\u03A9'}, {'\u03B1', '\u03C9'}, // Greek
        {'\u0410', '\u044F'}, // Cyrillic
        {'\u4E00', '\u9FFF'}, // CJK unified ideographs
    };

    /** How many labels there are: the ASCII pool, then the wide ranges. */
    public static final int LABEL_COUNT;

    static {
        int n = LABEL_POOL.length();
        for (char[] r : WIDE_LABEL_RANGES) {
            n += r[1] - r[0] + 1;
        }
        LABEL_COUNT = n;
    }

    /** Label number {@code k} of all {@link #LABEL_COUNT}: the ASCII pool first, so small puzzles never change. */
    static char poolLabel(int k) {
        if (k < LABEL_POOL.length()) {
            return LABEL_POOL.charAt(k);
        }
        k -= LABEL_POOL.length();
        for (char[] r : WIDE_LABEL_RANGES) {
            if (k <= r[1] - r[0]) {
                return (char) (r[0] + k);
            }
            k -= r[1] - r[0] + 1;
        }
        throw new IllegalArgumentException("label number " + k + " beyond " + LABEL_COUNT);
    }

    /**
     * A character that can label a piece copy in a catalog line: printable ASCII except '.', '-' (empty cells
     * in catalogs) and '#' (a comment), or a character of the wide ranges.
     */
    static boolean usableLabel(char c) {
        if (c >= 33 && c <= 126) {
            return NOT_LABELS.indexOf(c) < 0 && c != '#';
        }
        for (char[] r : WIDE_LABEL_RANGES) {
            if (c >= r[0] && c <= r[1]) {
                return true;
            }
        }
        return false;
    }

    /**
     * An ASCII label, the only kind taken from a piece's name: a puzzle whose copies fit in the ASCII pool
     * keeps catalog format v1 even when a name starts with another letter ("Ü").
     */
    private static boolean asciiLabel(char c) {
        return c <= 126 && usableLabel(c);
    }

    /** True when every label of {@code puzzle} is ASCII: its catalogs keep format v1. */
    public static boolean asciiLabels(Puzzle puzzle) {
        for (Piece p : puzzle.pieces()) {
            for (char c : p.labels().toCharArray()) {
                if (c > 126) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Each piece's labels, by its index: explicit labels first, then a one-character name, then its first character, then the pool. */
    private String[] assignLabels() {
        Set<Character> used = new HashSet<>();
        for (RawPiece r : pieces) {
            if (r.label != null) {
                for (char c : r.label.toCharArray()) {
                    if (!usableLabel(c) || !used.add(c)) {
                        throw PuzzleException.at(origin, r.line, r.text, "label '" + c + "' is reserved ('.' and '-' mark empty "
                                + "cells in catalogs; '#' starts a comment) or used twice; labels are printable ASCII or "
                                + "letters of the ranges in docs/puzzle-format.md");
                    }
                }
            }
        }
        int n = pieces.size();
        String[] first = new String[n]; // by piece index (a piece's record is not hashed: it holds every cell and tag)
        for (int i = 0; i < n; i++) {
            RawPiece r = pieces.get(i);
            if (r.label == null && r.name.length() == 1 && asciiLabel(r.name.charAt(0)) && used.add(r.name.charAt(0))) {
                first[i] = r.name;
            }
        }
        for (int i = 0; i < n; i++) {
            RawPiece r = pieces.get(i);
            if (r.label == null && first[i] == null && asciiLabel(r.name.charAt(0)) && used.add(r.name.charAt(0))) {
                first[i] = String.valueOf(r.name.charAt(0));
            }
        }
        String[] all = new String[n];
        int pool = 0;
        for (int i = 0; i < n; i++) {
            RawPiece r = pieces.get(i);
            StringBuilder labels = new StringBuilder(r.label != null ? r.label : first[i] != null ? first[i] : "");
            while (labels.length() < r.count) {
                while (pool < LABEL_COUNT && used.contains(poolLabel(pool))) {
                    pool++;
                }
                if (pool == LABEL_COUNT) {
                    throw PuzzleException.at(origin, r.line, r.text, "more piece copies than catalog labels ("
                            + LABEL_COUNT + " at most)");
                }
                used.add(poolLabel(pool));
                labels.append(poolLabel(pool));
            }
            all[i] = labels.toString();
        }
        return all;
    }

    /** The pieces' names and their aliases, for {@link NearestName}. */
    private static List<String> names(List<Piece> pieces) {
        List<String> out = new ArrayList<>();
        for (Piece p : pieces) {
            out.add(p.name());
            out.addAll(p.aliases());
        }
        return out;
    }
}
