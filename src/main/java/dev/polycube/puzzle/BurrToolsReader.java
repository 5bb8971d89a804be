package dev.polycube.puzzle;

import dev.polycube.geometry.Point;
import dev.polycube.geometry.Shape;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads BurrTools puzzle files ({@code .xmpuzzle}: gzip-compressed or plain XML) on the cube grid. The first
 * problem is used: its result shape is the target, its shape list the pieces and counts. A voxel string has
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

    public static Puzzle read(byte[] bytes, String origin, String defaultName) {
        Document doc;
        try (InputStream in = (bytes.length >= 2 && (bytes[0] & 0xFF) == 0x1F && (bytes[1] & 0xFF) == 0x8B)
                ? new GZIPInputStream(new ByteArrayInputStream(bytes)) : new ByteArrayInputStream(bytes)) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            doc = f.newDocumentBuilder().parse(in);
        } catch (IOException | javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException e) {
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
        Element problem = first(first(root, "problems"), "problem");
        if (problem == null) {
            throw new PuzzleException(origin + ": the file defines no problem");
        }
        Element result = first(problem, "result");
        int resultId = Integer.parseInt(result.getAttribute("id"));
        Voxels target = voxels(voxels.get(resultId), origin);
        List<Piece> pieces = new ArrayList<>();
        Map<String, Integer> names = new LinkedHashMap<>();
        StringBuilder text = new StringBuilder();
        for (Element s : children(first(problem, "shapes"), "shape")) {
            int id = Integer.parseInt(s.getAttribute("id"));
            String count;
            if (s.hasAttribute("count")) {
                count = s.getAttribute("count");
            } else {
                int min = Integer.parseInt(s.getAttribute("min"));
                int max = Integer.parseInt(s.getAttribute("max"));
                count = min == max ? String.valueOf(min) : min + ".." + max;
            }
            Voxels v = voxels(voxels.get(id), origin);
            List<Point> cells = new ArrayList<>(v.filled);
            cells.addAll(v.optional);
            String name = voxels.get(id).getAttribute("name").strip().replace(' ', '_');
            if (name.isEmpty() || names.containsKey(name)) {
                name = "S" + id;
            }
            names.put(name, id);
            StringBuilder line = new StringBuilder("piece " + name + " " + count);
            for (Point p : Shape.of(cells).cells()) {
                line.append(' ').append(p);
            }
            text.append(line).append('\n');
        }
        StringBuilder all = new StringBuilder();
        String title = problem.getAttribute("name");
        all.append("name ").append(defaultName).append('\n');
        if (!title.isBlank()) {
            all.append("title ").append(title.strip()).append('\n');
        }
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

    private record Voxels(int sx, int sy, int sz, List<Point> filled, List<Point> optional, List<Point> holes) {
    }

    private static Voxels voxels(Element v, String origin) {
        int sx = Integer.parseInt(v.getAttribute("x"));
        int sy = Integer.parseInt(v.getAttribute("y"));
        int sz = Integer.parseInt(v.getAttribute("z"));
        if (!v.getAttribute("type").isEmpty() && !v.getAttribute("type").equals("0")) {
            throw new PuzzleException(origin + ": shape '" + v.getAttribute("name") + "' is of voxel type "
                    + v.getAttribute("type") + "; only the cube grid is supported");
        }
        String state = v.getTextContent().strip();
        List<Point> filled = new ArrayList<>();
        List<Point> optional = new ArrayList<>();
        List<Point> holes = new ArrayList<>();
        int index = 0;
        for (int i = 0; i < state.length(); i++) {
            char c = state.charAt(i);
            if (Character.isDigit(c)) {
                continue; // a colour number after '#' or '+'
            }
            if (c != '_' && c != '#' && c != '+') {
                throw new PuzzleException(origin + ": shape '" + v.getAttribute("name") + "': unexpected character '" + c
                        + "' in its voxel string");
            }
            Point p = new Point(index % sx, (index / sx) % sy, index / (sx * sy));
            (c == '#' ? filled : c == '+' ? optional : holes).add(p);
            index++;
        }
        if (index != sx * sy * sz) {
            throw new PuzzleException(origin + ": shape '" + v.getAttribute("name") + "' has " + index + " cells, "
                    + sx + "x" + sy + "x" + sz + " needs " + (sx * sy * sz));
        }
        return new Voxels(sx, sy, sz, filled, optional, holes);
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
