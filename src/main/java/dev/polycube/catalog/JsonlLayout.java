package dev.polycube.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.polycube.error.OptionException;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * JSON Lines: one object per line,
 * {@code {"solution":N,"puzzle":..,"box":[X,Y,Z],"pieces":[{"label":..,"piece":..,"cells":[[x,y,z],..]},..]}}.
 * Read and written with Jackson (jackson-databind), which the full jar carries; the core jar does not, and
 * there this layout says what it needs instead of failing with a missing class.
 */
final class JsonlLayout extends EntryLayout {

    JsonlLayout() {
        super("jsonl", "JSON Lines: one object per solution with its box and each piece's label, name and cells");
    }

    /** Loaded on first use, so that the layout can be listed where Jackson is absent. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    private static ObjectMapper json() {
        try {
            return Json.MAPPER;
        } catch (LinkageError e) {
            throw new OptionException("the jsonl layout needs jackson-databind on the class path (the polycube jar has it; "
                    + "the polycube-core jar does not): " + e);
        }
    }

    @Override
    public int recognise(List<String> head) {
        return firstLine(head, l -> l.startsWith("{"));
    }

    @Override
    List<RawSolution> entries(Path file, List<String> lines) {
        ObjectMapper json = json();
        List<RawSolution> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.isEmpty()) {
                continue;
            }
            int entry = out.size() + 1;
            try {
                JsonNode o = json.readTree(l);
                JsonNode box = o.get("box");
                if (box == null || !box.isArray() || box.size() != 3) {
                    throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": \"box\" must be [X,Y,Z]");
                }
                int sx = coordinate(box.get(0), file, i + 1, entry, "box size", 1, RawSolution.MAX_EXTENT);
                int sy = coordinate(box.get(1), file, i + 1, entry, "box size", 1, RawSolution.MAX_EXTENT);
                int sz = coordinate(box.get(2), file, i + 1, entry, "box size", 1, RawSolution.MAX_EXTENT);
                if ((long) sx * sy * sz > RawSolution.MAX_BOX_CELLS) {
                    throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": box " + sx + "x" + sy + "x" + sz
                            + " has more than " + RawSolution.MAX_BOX_CELLS + " cells, the most a catalog entry may have");
                }
                String[] labels = new String[sx * sy * sz];
                for (JsonNode p : o.get("pieces")) {
                    JsonNode labelNode = p.get("label");
                    if (labelNode == null || !labelNode.isValueNode() || labelNode.asText().isEmpty()) {
                        throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": a piece without a \"label\"");
                    }
                    String label = labelNode.asText();
                    for (JsonNode c : p.get("cells")) {
                        if (!c.isArray() || c.size() != 3) {
                            throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": piece " + label
                                    + ": a cell must be [x,y,z], got " + c);
                        }
                        int x = coordinate(c.get(0), file, i + 1, entry, "x", 0, sx - 1);
                        int y = coordinate(c.get(1), file, i + 1, entry, "y", 0, sy - 1);
                        int z = coordinate(c.get(2), file, i + 1, entry, "z", 0, sz - 1);
                        int k = x + sx * (y + sy * z);
                        if (labels[k] != null) {
                            throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": cell [" + x + "," + y + ","
                                    + z + "] is covered twice (by " + labels[k] + " and " + label + "); pieces may not overlap");
                        }
                        labels[k] = label;
                    }
                }
                out.add(new RawSolution(entry, i + 1, sx, sy, sz, labels));
            } catch (IOException | NullPointerException e) {
                throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": not a solution object "
                        + "({\"box\":[X,Y,Z],\"pieces\":[{\"label\":..,\"cells\":[[x,y,z],..]},..]}): " + e.getMessage());
            }
        }
        return out;
    }

    /** A whole number in [min, max] from a JSON value, or an error naming the entry and the value. */
    private static int coordinate(JsonNode n, Path file, int line, int entry, String what, int min, int max) {
        if (n == null || !n.canConvertToLong() || !n.isIntegralNumber() || n.asLong() < min || n.asLong() > max) {
            throw CatalogException.at(file.toString(), line, "entry " + entry + ": " + what + " " + n
                    + " is not a whole number from " + min + " to " + max);
        }
        return n.asInt();
    }

    @Override
    void writeEntry(Writer w, Puzzle puzzle, Packing p, int index) throws IOException {
        ObjectMapper json = json();
        String[] labels = labels(puzzle, p, false);
        Target t = puzzle.target();
        ObjectNode o = json.createObjectNode();
        o.put("solution", index + 1);
        o.put("puzzle", puzzle.name());
        o.putArray("box").add(t.sizeX()).add(t.sizeY()).add(t.sizeZ());
        ArrayNode pieces = o.putArray("pieces");
        for (int copy = 0; copy < p.copyPiece().length; copy++) {
            ObjectNode piece = pieces.addObject();
            piece.put("label", labels[copy]);
            piece.put("piece", puzzle.pieces().get(p.copyPiece()[copy]).name());
            ArrayNode cells = piece.putArray("cells");
            for (var q : p.cellsOf(copy, t)) {
                cells.addArray().add(q.x()).add(q.y()).add(q.z());
            }
        }
        w.write(json.writeValueAsString(o) + "\n");
    }
}
