package dev.polycube.puzzle;

import dev.polycube.error.Plural;
import dev.polycube.geometry.Point;
import dev.polycube.geometry.Shape;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads BurrTools puzzle files ({@code .xmpuzzle}: gzip-compressed or plain XML) on the cube grid. One
 * problem is used (the first, or the one asked for; a file with several names the puzzle NAME-K): its result
 * shape is the target, its shape list the pieces and counts. A voxel string has
 * one character per cell, index {@code x + X*(y + Y*z)}: '_' empty, '#' filled, '+' a cell that may stay
 * empty (in a piece: filled); a decimal colour number may follow '#' or '+'. Count ranges {@code min..max}
 * become optional pieces.
 */
public final class BurrToolsReader {

    private BurrToolsReader() {
    }

    /** True when the bytes look like a BurrTools file (gzip, or XML with a puzzle root). */
    public static boolean looksLike(byte[] head) {
        if (head.length >= 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B) {
            return true;
        }
        String s = new String(head, 0, Math.min(head.length, 200), java.nio.charset.StandardCharsets.UTF_8);
        return s.contains("<puzzle");
    }

    /** The largest result or piece grid a BurrTools shape may declare. */
    private static final int MAX_VOXELS = 1 << 20;
    /** The deepest element nesting read (BurrTools writes about five levels). */
    private static final int MAX_DEPTH = 100;

    /** Parse errors become exceptions, reported once by us; warnings are dropped. */
    private static final org.xml.sax.ErrorHandler SILENT = new org.xml.sax.ErrorHandler() {
        @Override
        public void warning(org.xml.sax.SAXParseException e) {
        }

        @Override
        public void error(org.xml.sax.SAXParseException e) throws org.xml.sax.SAXException {
            throw e;
        }

        @Override
        public void fatalError(org.xml.sax.SAXParseException e) throws org.xml.sax.SAXException {
            throw e;
        }
    };

    /**
     * Reads a BurrTools file's bytes, already inflated when the file was gzip (callers read files through
     * {@code TextInput}, which bounds what a compressed file may inflate to).
     */
    public static Puzzle read(byte[] bytes, String origin, String defaultName) {
        return read(bytes, origin, defaultName, 0);
    }

    /** As {@link #read(byte[], String, String)}, taking problem {@code problem} (1-based; 0 = the first). */
    public static Puzzle read(byte[] bytes, String origin, String defaultName, int problem) {
        try {
            return parse(bytes, origin, defaultName, problem);
        } catch (NumberFormatException | IndexOutOfBoundsException | NullPointerException e) {
            // every attribute is checked below; this is the net for a shape of file we did not foresee
            throw new PuzzleException(origin + ": not a BurrTools puzzle polycube can read (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
        }
    }

    /**
     * True for a file older BurrTools versions (or an editor) saved in Latin-1 without saying so: not valid
     * UTF-8 and no {@code encoding=} in its XML declaration, which XML would otherwise read as UTF-8 and refuse.
     */
    static boolean latin1(byte[] bytes) {
        String head = new String(bytes, 0, Math.min(bytes.length, 200), java.nio.charset.StandardCharsets.ISO_8859_1);
        if (head.startsWith("<?xml") && head.substring(0, Math.max(0, head.indexOf("?>"))).contains("encoding")) {
            return false;
        }
        try {
            java.nio.charset.StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes));
            return false;
        } catch (java.nio.charset.CharacterCodingException notUtf8) {
            return true;
        }
    }

    private static Puzzle parse(byte[] bytes, String origin, String defaultName, int problemNumber) {
        if (bytes.length >= 2 && (bytes[0] & 0xFF) == 0x1F && (bytes[1] & 0xFF) == 0x8B) {
            throw new IllegalStateException("BurrToolsReader.read takes inflated bytes; read files with BuiltInPuzzles.loadFile");
        }
        Document doc;
        try (InputStream in = new ByteArrayInputStream(bytes)) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            // a BurrTools file nests a handful of levels; thousands would only exhaust the parser's stack
            f.setAttribute("http://www.oracle.com/xml/jaxp/properties/maxElementDepth", String.valueOf(MAX_DEPTH));
            javax.xml.parsers.DocumentBuilder builder = f.newDocumentBuilder();
            builder.setErrorHandler(SILENT); // the parser's own "[Fatal Error]" lines never reach the terminal
            org.xml.sax.InputSource source = new org.xml.sax.InputSource(in);
            if (latin1(bytes)) {
                source.setEncoding("ISO-8859-1");
            }
            doc = builder.parse(source);
        } catch (org.xml.sax.SAXParseException e) {
            throw new PuzzleException(origin + ":" + e.getLineNumber() + ": not a readable BurrTools file: " + e.getMessage(), e);
        } catch (IOException | javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException
                 | IllegalArgumentException e) {
            throw new PuzzleException(origin + ": not a readable BurrTools file: " + e.getMessage(), e);
        }
        Element root = doc.getDocumentElement();
        if (!root.getTagName().equals("puzzle")) {
            throw new PuzzleException(origin + ": not a BurrTools puzzle (root element <" + root.getTagName() + ">)");
        }
        Element grid = first(root, "gridType");
        String type = grid == null ? "0" : grid.getAttribute("type");
        if (!type.equals("0")) {
            throw new PuzzleException(origin + ": BurrTools grid type " + type + " (spheres, prisms, ...) is not supported; "
                    + "polycube reads the cube grid (type 0) only");
        }
        List<Element> voxels = children(first(root, "shapes"), "voxel");
        List<Element> problems = children(first(root, "problems"), "problem");
        if (problems.isEmpty()) {
            throw new PuzzleException(origin + ": the file defines no problem");
        }
        if (problemNumber > problems.size()) {
            StringBuilder names = new StringBuilder();
            for (int i = 0; i < problems.size(); i++) {
                names.append(i == 0 ? "" : ", ").append(i + 1).append(" \"").append(label(problems.get(i).getAttribute("name")))
                        .append('"');
            }
            throw new PuzzleException(origin + ": there is no problem " + problemNumber + "; the file has " + problems.size()
                    + " (" + names + ")");
        }
        int chosen = Math.max(problemNumber, 1);
        Element problem = problems.get(chosen - 1);
        Element result = first(problem, "result");
        if (result == null) {
            throw new PuzzleException(origin + ": the problem has no <result> (the shape to fill)");
        }
        Voxels target = voxels(shape(voxels, result, origin), origin);
        List<Piece> pieces = new ArrayList<>();
        Map<String, Integer> names = new LinkedHashMap<>();
        StringBuilder text = new StringBuilder();
        for (Element s : children(first(problem, "shapes"), "shape")) {
            Element shape = shape(voxels, s, origin);
            int id = Integer.parseInt(s.getAttribute("id"));
            String count;
            if (s.hasAttribute("count")) {
                count = String.valueOf(attribute(s, "count", 0, 10_000, origin));
            } else {
                int min = attribute(s, "min", 0, 10_000, origin);
                int max = attribute(s, "max", min, 10_000, origin);
                count = min == max ? String.valueOf(min) : min + ".." + max;
            }
            Voxels v = voxels(shape, origin);
            List<Point> cells = new ArrayList<>(v.filled);
            cells.addAll(v.optional);
            Point min = Point.min(cells);
            String name = label(voxels.get(id).getAttribute("name")).replace(' ', '_');
            if (name.isEmpty() || names.containsKey(name)) {
                name = "S" + id;
            }
            names.put(name, id);
            StringBuilder line = new StringBuilder("piece " + name + " " + count);
            for (Point p : Shape.of(cells).cells()) {
                line.append(' ').append(p);
                int colour = v.colours.getOrDefault(p.plus(min), 0);
                if (colour > 0) {
                    line.append('@').append(colour);
                }
            }
            String glued = s.getAttribute("group").strip();
            if (!glued.isEmpty() && !glued.equals("0")) {
                // BurrTools' piece group: pieces of one group need not come apart from each other
                line.append(" glued=").append(glued);
            }
            String weight = voxels.get(id).getAttribute("weight").strip();
            if (!weight.isEmpty() && !weight.equals("1")) {
                // BurrTools' shape weight: in a disassembly the heavier side stays put (a frame, a box)
                line.append(" weight=").append(weight);
            }
            text.append(line).append('\n');
        }
        StringBuilder all = new StringBuilder();
        String title = label(problem.getAttribute("name"));
        all.append("name ").append(problems.size() > 1 ? defaultName + "-" + chosen : defaultName).append('\n');
        String which = problems.size() > 1 ? "problem " + chosen + " of " + problems.size()
                + (problemNumber == 0 ? "; --problem N picks another" : "") : "";
        if (!title.isBlank() || !which.isEmpty()) {
            all.append("title ").append(title.strip()).append(title.isBlank() || which.isEmpty() ? "" : " ")
                    .append(which.isEmpty() ? "" : "(" + which + ")").append('\n');
        }
        all.append("symmetry burrtools\n");
        String stored = problem.getAttribute("assemblies").strip();
        if (problem.getAttribute("state").strip().equals("2") && stored.matches("\\d{1,18}")) {
            // state 2: BurrTools searched the problem to the end, so "assemblies" is its complete count
            all.append("expect ").append(PuzzleParser.STORED_BY_BURRTOOLS).append(' ').append(stored).append('\n');
            all.append("# status(").append(PuzzleParser.STORED_BY_BURRTOOLS).append("): the count BurrTools stored in the file ")
                    .append("(problem \"").append(title.strip()).append("\", assemblies=").append(stored).append(")\n");
        }
        all.append(colourLines(root, problem, target, origin));
        all.append("box ").append(target.sx).append(' ').append(target.sy).append(' ').append(target.sz).append('\n');
        for (Point h : target.holes) {
            all.append("hole ").append(h.x()).append(' ').append(h.y()).append(' ').append(h.z()).append('\n');
        }
        for (Point o : target.optional) {
            all.append("optional ").append(o.x()).append(' ').append(o.y()).append(' ').append(o.z()).append('\n');
        }
        all.append(text);
        return PuzzleParser.parse(all.toString(), origin + " (as read from BurrTools)", defaultName);
    }

    private record Voxels(int sx, int sy, int sz, List<Point> filled, List<Point> optional, List<Point> holes,
                          Map<Point, Integer> colours) {
    }

    /** The most colours polycube reads (BurrTools' own limit is far lower). */
    private static final int MAX_COLOURS = 1000;

    /**
     * The colour statements: {@code colours N} from the file's {@code <colors>}, an {@code allow} per
     * {@code <pair>} of the problem's {@code <bitmap>} and a {@code colour} per coloured result cell. Mind
     * BurrTools' offset: a voxel's colour counts the {@code <color>} entries from 1 (0 neutral), a pair's
     * from 0, so {@code <pair piece="0" result="1"/>} lets colour 1 sit on colour 2.
     */
    private static String colourLines(Element root, Element problem, Voxels target, String origin) {
        int count = children(first(root, "colors"), "color").size();
        if (count == 0) {
            return "";
        }
        if (count > MAX_COLOURS) {
            throw new PuzzleException(origin + ": " + count + " colours; polycube reads at most " + MAX_COLOURS);
        }
        StringBuilder out = new StringBuilder("colours ").append(count).append('\n');
        for (Element pair : children(first(problem, "bitmap"), "pair")) {
            int a = attribute(pair, "piece", 0, count - 1, origin) + 1;
            int b = attribute(pair, "result", 0, count - 1, origin) + 1;
            out.append("allow ").append(a).append(' ').append(b).append('\n');
        }
        target.colours.forEach((p, c) -> out.append("colour ").append(c).append(' ').append(p.x()).append(' ')
                .append(p.y()).append(' ').append(p.z()).append('\n'));
        return out.toString();
    }

    /**
     * A name from the file as a plain label: one line, no control characters, no '#' (which would start a
     * comment), at most 80 characters. Names are text to show, never statements or paths.
     */
    static String label(String name) {
        String s = name.replaceAll("[\\p{Cntrl}#]+", " ").replaceAll("\\s+", " ").strip();
        return s.length() > 80 ? s.substring(0, 80).strip() : s;
    }

    /**
     * How a message names a shape: {@code shape 'NAME'}, or for one without a name the piece name the reader gives it,
     * {@code shape S4 (no name; id 4)}: its place among the {@code <voxel>}s from 0, the id a problem refers to it by.
     */
    private static String shapeName(Element v) {
        String name = label(v.getAttribute("name"));
        if (!name.isEmpty()) {
            return "shape '" + name + "'";
        }
        int id = 0;
        for (org.w3c.dom.Node n = v.getPreviousSibling(); n != null; n = n.getPreviousSibling()) {
            if (n instanceof Element e && e.getTagName().equals("voxel")) {
                id++;
            }
        }
        return "shape S" + id + " (no name; id " + id + ")";
    }

    /** The {@code <voxel>} that {@code ref}'s {@code id} attribute names. */
    private static Element shape(List<Element> voxels, Element ref, String origin) {
        if (voxels.isEmpty()) {
            throw new PuzzleException(origin + ": the file has no <shapes> to take pieces and the result from");
        }
        int id = attribute(ref, "id", 0, voxels.size() - 1, origin);
        return voxels.get(id);
    }

    /** An integer attribute within [min, max], or an error naming the element, attribute and value. */
    private static int attribute(Element e, String name, int min, int max, String origin) {
        String v = e.getAttribute(name).strip();
        try {
            long n = Long.parseLong(v);
            if (n >= min && n <= max) {
                return (int) n;
            }
        } catch (NumberFormatException ex) {
            // below
        }
        throw new PuzzleException(origin + ": <" + e.getTagName() + "> attribute " + name + "=\"" + v
                + "\" must be a whole number from " + min + " to " + max);
    }

    private static Voxels voxels(Element v, String origin) {
        int sx = attribute(v, "x", 1, MAX_VOXELS, origin);
        int sy = attribute(v, "y", 1, MAX_VOXELS, origin);
        int sz = attribute(v, "z", 1, MAX_VOXELS, origin);
        if ((long) sx * sy * sz > MAX_VOXELS) {
            throw new PuzzleException(origin + ": " + shapeName(v) + " is " + sx + "x" + sy + "x" + sz
                    + ", more than the " + MAX_VOXELS + " cells a shape may have");
        }
        if (!v.getAttribute("type").isEmpty() && !v.getAttribute("type").equals("0")) {
            throw new PuzzleException(origin + ": " + shapeName(v) + " is of voxel type "
                    + v.getAttribute("type") + "; only the cube grid is supported");
        }
        String state = v.getTextContent().strip();
        List<Point> filled = new ArrayList<>();
        List<Point> optional = new ArrayList<>();
        List<Point> holes = new ArrayList<>();
        Map<Point, Integer> colours = new LinkedHashMap<>();
        int index = 0;
        for (int i = 0; i < state.length(); i++) {
            char c = state.charAt(i);
            if (Character.isDigit(c)) {
                // a colour number after '#' or '+': the cell just read
                int end = i;
                while (end < state.length() && Character.isDigit(state.charAt(end))) {
                    end++;
                }
                String digits = state.substring(i, end);
                char before = i > 0 ? state.charAt(i - 1) : '_';
                if (before != '#' && before != '+' || digits.length() > 4) {
                    throw new PuzzleException(origin + ": " + shapeName(v) + ": colour number '"
                            + digits + "' in its voxel string does not follow a '#' or '+' cell");
                }
                int colour = Integer.parseInt(digits);
                if (colour > 0) {
                    colours.put(new Point((index - 1) % sx, ((index - 1) / sx) % sy, (index - 1) / (sx * sy)), colour);
                }
                i = end - 1;
                continue;
            }
            if (c != '_' && c != '#' && c != '+') {
                throw new PuzzleException(origin + ": " + shapeName(v) + ": unexpected character '" + c
                        + "' in its voxel string");
            }
            if (index >= sx * sy * sz) {
                throw new PuzzleException(origin + ": " + shapeName(v) + ": its voxel string has more cells than its size "
                        + sx + "x" + sy + "x" + sz + " holds");
            }
            Point p = new Point(index % sx, (index / sx) % sy, index / (sx * sy));
            (c == '#' ? filled : c == '+' ? optional : holes).add(p);
            index++;
        }
        if (index != sx * sy * sz) {
            throw new PuzzleException(origin + ": " + shapeName(v) + ": its voxel string has " + Plural.count(index, "cell")
                    + ", its size " + sx + "x" + sy + "x" + sz + " needs " + (sx * sy * sz));
        }
        return new Voxels(sx, sy, sz, filled, optional, holes, colours);
    }

    private static Element first(Element parent, String tag) {
        if (parent == null) {
            return null;
        }
        List<Element> c = children(parent, tag);
        return c.isEmpty() ? null : c.get(0);
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        if (parent == null) {
            return out;
        }
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element e && e.getTagName().equals(tag)) {
                out.add(e);
            }
        }
        return out;
    }
}
