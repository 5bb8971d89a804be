package dev.polycube.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.polycube.files.TextInput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a catalog in any supported layout into {@link RawSolution}s (labels per cell, no puzzle yet).
 * Every malformed entry is reported with the file, the entry number and the line.
 */
public final class ForeignCatalog {

    /** What was read: the layout, the entries, and for a native catalog its parsed header. */
    public record Read(Path file, CatalogFormat format, List<RawSolution> entries, Catalog nativeCatalog) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The largest box side and volume an entry may declare (far beyond any puzzle; keeps memory bounded). */
    static final int MAX_EXTENT = 1024;
    static final int MAX_BOX_CELLS = 1 << 20;

    private ForeignCatalog() {
    }

    /** Reads {@code file}; {@code forced} overrides format detection when not null. */
    public static Read read(Path file, CatalogFormat forced) throws IOException {
        List<String> lines = TextInput.readAllLines(file);
        CatalogFormat format = forced != null ? forced : CatalogFormat.detect(lines);
        if (format == null) {
            throw new CatalogException(file + ": cannot tell the catalog format (native, kurowski, ekstrom, lepage, jsonl); "
                    + "use --format");
        }
        return switch (format) {
            case NATIVE -> readNative(file);
            case KUROWSKI -> new Read(file, format, readBlocks(file, lines, "Solution ", format), null);
            case EKSTROM -> new Read(file, format, readBlocks(file, lines, "Solution #", format), null);
            case LEPAGE -> new Read(file, format, readBlocks(file, lines, "Solution ", format), null);
            case JSONL -> new Read(file, format, readJsonl(file, lines), null);
        };
    }

    /** One pass over a native catalog: each entry with the file line it is on. */
    private static Read readNative(Path file) {
        List<RawSolution> out = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        try (NativeCatalog.Reader r = NativeCatalog.open(file)) {
            int[] box = r.header().box();
            for (String line; (line = r.next()) != null; ) {
                lines.add(line);
                out.add(RawSolution.ofLine(lines.size(), r.lineNumber(), box[0], box[1], box[2], line));
            }
            return new Read(file, CatalogFormat.NATIVE, out, r.header().withLines(lines));
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

    /** The three layered text layouts: a "Solution" header line, then the rows of one entry. */
    private static List<RawSolution> readBlocks(Path file, List<String> lines, String marker, CatalogFormat format) {
        List<RawSolution> out = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String l = lines.get(i).strip();
            if (!l.startsWith(marker) || (format != CatalogFormat.EKSTROM && !l.matches("Solution \\d+"))) {
                i++;
                continue;
            }
            int header = i + 1; // 1-based line of "Solution ..."
            List<List<List<String>>> rows = new ArrayList<>(); // row -> layer -> cells
            List<Integer> rowLines = new ArrayList<>();
            int j = i + 1;
            for (; j < lines.size(); j++) {
                String row = lines.get(j);
                String s = row.strip();
                if (s.isEmpty() || s.startsWith("Solution") || s.startsWith("All ") || s.startsWith("Total")) {
                    break;
                }
                if (format == CatalogFormat.LEPAGE && s.startsWith("+")) {
                    continue;
                }
                rows.add(splitRow(row, format));
                rowLines.add(j + 1);
            }
            out.add(toRaw(file, out.size() + 1, header, rows, rowLines, format));
            i = j;
        }
        return out;
    }

    private static List<List<String>> splitRow(String row, CatalogFormat format) {
        List<List<String>> layers = new ArrayList<>();
        for (String group : row.strip().split("\\s{2,}")) {
            List<String> cells = new ArrayList<>();
            switch (format) {
                case KUROWSKI -> cells.addAll(List.of(group.strip().split("\\s+")));
                case EKSTROM -> group.chars().forEach(c -> cells.add(String.valueOf((char) c)));
                default -> {
                    for (String c : group.split("\\|")) {
                        if (!c.isBlank()) {
                            cells.add(c.strip());
                        }
                    }
                }
            }
            layers.add(cells);
        }
        return layers;
    }

    private static RawSolution toRaw(Path file, int entry, int line, List<List<List<String>>> rows, List<Integer> rowLines,
                                     CatalogFormat format) {
        if (rows.isEmpty()) {
            throw CatalogException.at(file.toString(), line, "entry " + entry + " has no rows");
        }
        int sy = rows.size();
        int sz = rows.get(0).size();
        int sx = rows.get(0).get(0).size();
        String[] labels = new String[sx * sy * sz];
        for (int k = 0; k < sy; k++) {
            List<List<String>> row = rows.get(k);
            if (row.size() != sz) {
                throw CatalogException.at(file.toString(), rowLines.get(k), "entry " + entry + ": row has " + row.size()
                        + " layers, the first row has " + sz);
            }
            for (int b = 0; b < sz; b++) {
                if (row.get(b).size() != sx) {
                    throw CatalogException.at(file.toString(), rowLines.get(k), "entry " + entry + ": layer " + (b + 1) + " has "
                            + row.get(b).size() + " cells, expected " + sx);
                }
                for (int c = 0; c < sx; c++) {
                    int y = sy - 1 - k;
                    int z = format == CatalogFormat.KUROWSKI ? sz - 1 - b : b;
                    String label = row.get(b).get(c);
                    labels[c + sx * (y + sy * z)] = label.equals(".") ? null : label;
                }
            }
        }
        return new RawSolution(entry, line, sx, sy, sz, labels);
    }

    private static List<RawSolution> readJsonl(Path file, List<String> lines) {
        List<RawSolution> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.isEmpty()) {
                continue;
            }
            int entry = out.size() + 1;
            try {
                JsonNode o = JSON.readTree(l);
                JsonNode box = o.get("box");
                if (box == null || !box.isArray() || box.size() != 3) {
                    throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": \"box\" must be [X,Y,Z]");
                }
                int sx = coordinate(box.get(0), file, i + 1, entry, "box size", 1, MAX_EXTENT);
                int sy = coordinate(box.get(1), file, i + 1, entry, "box size", 1, MAX_EXTENT);
                int sz = coordinate(box.get(2), file, i + 1, entry, "box size", 1, MAX_EXTENT);
                if ((long) sx * sy * sz > MAX_BOX_CELLS) {
                    throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": box " + sx + "x" + sy + "x" + sz
                            + " has more than " + MAX_BOX_CELLS + " cells, the most a catalog entry may have");
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
}
