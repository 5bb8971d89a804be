package dev.polycube.catalog;

import dev.polycube.error.Plural;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The layered text layouts (Kurowski's, Ekström's, Lepage's): a "Solution" line, then one text row per y
 * from the top (y = Y-1) down, each row holding the z layers side by side, separated by two or more spaces.
 * A subclass says which header line starts an entry, how a layer splits into cells and which way z runs.
 */
abstract class LayeredTextLayout extends EntryLayout {

    /** "Solution N", the header of Kurowski's and Lepage's entries (compiled once: tested on every line read). */
    private static final java.util.regex.Pattern SOLUTION = java.util.regex.Pattern.compile("Solution \\d+");
    /** What separates two layers of a row: two or more spaces. */
    private static final java.util.regex.Pattern LAYER_GAP = java.util.regex.Pattern.compile("\\s{2,}");

    LayeredTextLayout(String name, String description) {
        super(name, description);
    }

    /** True when {@code stripped} starts an entry: "Solution N" unless the layout says otherwise. */
    boolean isEntryHeader(String stripped) {
        return SOLUTION.matcher(stripped).matches();
    }

    /** The cells of one layer of a row, x = 0 first. */
    abstract List<String> cells(String layer);

    /** True for a row that draws nothing (a rule line between rows). */
    boolean isRule(String stripped) {
        return false;
    }

    /** z of layer {@code b} (0 = leftmost) of {@code sz}: left to right, unless the layout says otherwise. */
    int z(int b, int sz) {
        return b;
    }

    /**
     * The next "Solution" line and the rows under it, up to a blank line, the next "Solution" line or a
     * closing summary ("All ...", "Total ..."). Lines before an entry (a solver's preamble) are skipped; a line
     * that starts with "Solution" but is not this layout's header is an error, never a silently lost entry.
     */
    @Override
    final RawSolution next(Source in) {
        while (true) {
            String l = in.take();
            if (l == null) {
                return null;
            }
            String s = l.strip();
            if (isEntryHeader(s)) {
                break;
            }
            if (s.startsWith("Solution")) {
                throw CatalogException.at(in.file.toString(), in.line(), "'" + dev.polycube.error.UserException.abbreviate(s) + "' is not an entry header of "
                        + "a " + name() + " catalog; " + description());
            }
        }
        int header = in.line();
        int entry = in.nextEntry();
        List<List<List<String>>> rows = new ArrayList<>(); // row -> layer -> cells
        List<Integer> rowLines = new ArrayList<>();
        for (String row; (row = in.peek()) != null; ) {
            String s = row.strip();
            if (s.isEmpty() || s.startsWith("Solution") || s.startsWith("All ") || s.startsWith("Total")) {
                break;
            }
            in.take();
            if (isRule(s)) {
                continue;
            }
            if (rows.size() == RawSolution.MAX_EXTENT) {
                throw CatalogException.at(in.file.toString(), in.line(), "entry " + entry + " has more than "
                        + RawSolution.MAX_EXTENT + " rows, more than a catalog entry may have");
            }
            List<List<String>> layers = new ArrayList<>();
            for (String group : LAYER_GAP.split(s)) {
                layers.add(cells(group));
            }
            rows.add(layers);
            rowLines.add(in.line());
        }
        return toRaw(in.file, entry, header, rows, rowLines);
    }

    private RawSolution toRaw(Path file, int entry, int line, List<List<List<String>>> rows, List<Integer> rowLines) {
        if (rows.isEmpty()) {
            throw CatalogException.at(file.toString(), line, "entry " + entry + " has no rows");
        }
        int sy = rows.size();
        int sz = rows.get(0).size();
        int sx = rows.get(0).get(0).size();
        if (sx == 0 || sx > RawSolution.MAX_EXTENT || sz > RawSolution.MAX_EXTENT
                || (long) sx * sy * sz > RawSolution.MAX_BOX_CELLS) {
            throw CatalogException.at(file.toString(), line, "entry " + entry + ": a box of " + sx + "x" + sy + "x" + sz
                    + " cells; an entry has 1 to " + RawSolution.MAX_EXTENT + " cells a side and at most "
                    + RawSolution.MAX_BOX_CELLS + " in all");
        }
        String[] labels = new String[sx * sy * sz];
        for (int k = 0; k < sy; k++) {
            List<List<String>> row = rows.get(k);
            if (row.size() != sz) {
                throw CatalogException.at(file.toString(), rowLines.get(k), "entry " + entry + ": row has " + Plural.count(row.size(), "layer")
                        + ", the first row has " + sz);
            }
            for (int b = 0; b < sz; b++) {
                if (row.get(b).size() != sx) {
                    throw CatalogException.at(file.toString(), rowLines.get(k), "entry " + entry + ": layer " + (b + 1) + " has "
                            + row.get(b).size() + " cells, expected " + sx);
                }
                for (int c = 0; c < sx; c++) {
                    int y = sy - 1 - k;
                    String label = row.get(b).get(c);
                    labels[c + sx * (y + sy * z(b, sz))] = label.equals(".") ? null : label;
                }
            }
        }
        return new RawSolution(entry, line, sx, sy, sz, labels);
    }

    /** The first line that is an entry header followed by a line ({@code next} tells whether it is ours), or -1. */
    static int firstHeader(List<String> head, java.util.function.Predicate<String> header,
                           java.util.function.Predicate<String> next) {
        for (int i = 0; i < head.size(); i++) {
            String l = head.get(i).strip();
            if (header.test(l) && i + 1 < head.size() && next.test(head.get(i + 1).strip())) {
                return i;
            }
        }
        return -1;
    }
}
