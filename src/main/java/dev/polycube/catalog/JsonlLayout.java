package dev.polycube.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.polycube.error.OptionException;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/**
 * JSON Lines: one object per line,
 * {@code {"solution":N,"puzzle":..,"box":[X,Y,Z],"pieces":[{"label":..,"piece":..,"orientation":K,"anchor":[x,y,z],
 * "cells":[[x,y,z],..]},..]}}; a reader needs only the box, the labels and the cells.
 * Read and written with Jackson (jackson-databind), which the full jar carries; the core jar does not, and
 * there this layout says what it needs instead of failing with a missing class.
 */
final class JsonlLayout extends EntryLayout {

    JsonlLayout() {
        super("jsonl", "JSON Lines: one object per solution with its box and each piece's label, name and cells");
    }

    /** Loaded on first use, so that the layout can be listed where Jackson is absent. */
    private static final class Json {
        // a second value or junk after the object is an error, never ignored
        static final ObjectMapper MAPPER = new ObjectMapper()
                .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
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

    /** One object per non-blank line; anything else on a line (a second object, trailing junk) is an error. */
    @Override
    RawSolution next(Source in) {
        ObjectMapper json = json();
        Path file = in.file;
        String l;
        do {
            l = in.take();
            if (l == null) {
                return null;
            }
            l = l.strip();
        } while (l.isEmpty());
        int line = in.line();
        int entry = in.nextEntry();
        try {
            JsonNode o = json.readTree(l);
            if (o == null || !o.isObject()) {
                throw CatalogException.at(file.toString(), line, "entry " + entry + ": not a JSON object");
            }
            JsonNode box = o.get("box");
            if (box == null || !box.isArray() || box.size() != 3) {
                throw CatalogException.at(file.toString(), line, "entry " + entry + ": \"box\" must be [X,Y,Z]");
            }
            int sx = coordinate(box.get(0), file, line, entry, "box size", 1, RawSolution.MAX_EXTENT);
            int sy = coordinate(box.get(1), file, line, entry, "box size", 1, RawSolution.MAX_EXTENT);
            int sz = coordinate(box.get(2), file, line, entry, "box size", 1, RawSolution.MAX_EXTENT);
            if ((long) sx * sy * sz > RawSolution.MAX_BOX_CELLS) {
                throw CatalogException.at(file.toString(), line, "entry " + entry + ": box " + sx + "x" + sy + "x" + sz
                        + " has more than " + RawSolution.MAX_BOX_CELLS + " cells, the most a catalog entry may have");
            }
            String[] labels = new String[sx * sy * sz];
            JsonNode pieces = o.get("pieces");
            if (pieces == null || !pieces.isArray()) {
                throw CatalogException.at(file.toString(), line, "entry " + entry + ": \"pieces\" must be an array");
            }
            for (JsonNode p : pieces) {
                JsonNode labelNode = p.get("label");
                if (labelNode == null || !labelNode.isValueNode() || labelNode.asText().isEmpty()) {
                    throw CatalogException.at(file.toString(), line, "entry " + entry + ": a piece without a \"label\"");
                }
                String label = labelNode.asText();
                JsonNode cells = p.get("cells");
                if (cells == null || !cells.isArray()) {
                    throw CatalogException.at(file.toString(), line, "entry " + entry + ": piece " + label
                            + ": \"cells\" must be an array of [x,y,z]");
                }
                for (JsonNode c : cells) {
                    if (!c.isArray() || c.size() != 3) {
                        throw CatalogException.at(file.toString(), line, "entry " + entry + ": piece " + label
                                + ": a cell must be [x,y,z], got " + c);
                    }
                    int x = coordinate(c.get(0), file, line, entry, "x", 0, sx - 1);
                    int y = coordinate(c.get(1), file, line, entry, "y", 0, sy - 1);
                    int z = coordinate(c.get(2), file, line, entry, "z", 0, sz - 1);
                    int k = x + sx * (y + sy * z);
                    if (labels[k] != null) {
                        throw CatalogException.at(file.toString(), line, "entry " + entry + ": cell [" + x + "," + y + ","
                                + z + "] is covered twice (by " + labels[k] + " and " + label + "); pieces may not overlap");
                    }
                    labels[k] = label;
                }
            }
            return new RawSolution(entry, line, sx, sy, sz, labels);
        } catch (IOException e) { // Jackson's parse errors; caught by this type so the class loads without Jackson
            throw CatalogException.at(file.toString(), line, "entry " + entry + ": not one solution object "
                    + "({\"box\":[X,Y,Z],\"pieces\":[{\"label\":..,\"cells\":[[x,y,z],..]},..]}) alone on its line: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
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
        String[] labels = labels(puzzle, p, false);
        Target t = puzzle.target();
        // streamed field by field (a tree of nodes per entry cost more than the rest of a conversion)
        // neither closing nor flushing the writer at each entry's end (a flush per entry was a write call per entry)
        try (com.fasterxml.jackson.core.JsonGenerator g = json().getFactory().createGenerator(w)
                .disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .disable(com.fasterxml.jackson.core.JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM)) {
            g.writeStartObject();
            g.writeNumberField("solution", index + 1);
            g.writeStringField("puzzle", puzzle.name());
            g.writeFieldName("box");
            triple(g, t.sizeX(), t.sizeY(), t.sizeZ());
            g.writeArrayFieldStart("pieces");
            java.util.List<java.util.List<dev.polycube.geometry.Point>> cells = p.cellsByCopy(t);
            for (int copy = 0; copy < p.copyPiece().length; copy++) {
                dev.polycube.puzzle.Piece type = puzzle.pieces().get(p.copyPiece()[copy]);
                java.util.List<dev.polycube.geometry.Point> at = cells.get(copy);
                g.writeStartObject();
                g.writeStringField("label", labels[copy]);
                g.writeStringField("piece", type.name());
                // the way the seed tabulates a placement: which orientation (as `info --orientations` numbers
                // them) and the anchor, the low corner of the piece's bounding box
                g.writeNumberField("orientation",
                        type.shape().orientationIndex(puzzle.turns(), dev.polycube.geometry.Shape.of(at)) + 1);
                dev.polycube.geometry.Point anchor = dev.polycube.geometry.Point.min(at);
                g.writeFieldName("anchor");
                triple(g, anchor.x(), anchor.y(), anchor.z());
                g.writeArrayFieldStart("cells");
                for (var q : at) {
                    triple(g, q.x(), q.y(), q.z());
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        w.write('\n');
    }

    /** {@code [x,y,z]}: a box, an anchor or a cell. */
    private static void triple(com.fasterxml.jackson.core.JsonGenerator g, int x, int y, int z) throws IOException {
        g.writeStartArray();
        g.writeNumber(x);
        g.writeNumber(y);
        g.writeNumber(z);
        g.writeEndArray();
    }
}
