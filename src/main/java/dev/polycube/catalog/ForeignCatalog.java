package dev.polycube.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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

    private ForeignCatalog() {
    }

    /** Reads {@code file}; {@code forced} overrides format detection when not null. */
    public static Read read(Path file, CatalogFormat forced) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
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

    private static Read readNative(Path file) throws IOException {
        Catalog c = NativeCatalog.read(file);
        List<RawSolution> out = new ArrayList<>();
        int[] box = c.box();
        int headerLines = 0;
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!l.startsWith("#")) {
                break;
            }
            headerLines++;
        }
        for (int i = 0; i < c.lines().size(); i++) {
            String line = c.lines().get(i);
            String[] labels = new String[line.length()];
            for (int k = 0; k < line.length(); k++) {
                labels[k] = line.charAt(k) == '.' || line.charAt(k) == '-' ? null : String.valueOf(line.charAt(k));
            }
            out.add(new RawSolution(i + 1, headerLines + i + 1, box[0], box[1], box[2], labels));
        }
        return new Read(file, CatalogFormat.NATIVE, out, c);
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
                int sx = box.get(0).asInt();
                int sy = box.get(1).asInt();
                int sz = box.get(2).asInt();
                String[] labels = new String[sx * sy * sz];
                for (JsonNode p : o.get("pieces")) {
                    String label = p.get("label").asText();
                    for (JsonNode c : p.get("cells")) {
                        int x = c.get(0).asInt();
                        int y = c.get(1).asInt();
                        int z = c.get(2).asInt();
                        if (x < 0 || y < 0 || z < 0 || x >= sx || y >= sy || z >= sz) {
                            throw CatalogException.at(file.toString(), i + 1, "entry " + entry + ": cell [" + x + "," + y + ","
                                    + z + "] is outside the box " + sx + "x" + sy + "x" + sz);
                        }
                        labels[x + sx * (y + sy * z)] = label;
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
