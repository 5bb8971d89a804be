package dev.polycube.catalog;

import dev.polycube.error.OptionException;
import java.util.Arrays;
import java.util.List;

/**
 * The catalog layouts polycube reads and writes. Axes of the foreign layouts (docs/catalog-format.md):
 * <ul>
 *   <li>kurowski: {@code Solution N}, then Y lines; each line holds Z layers of X space-separated labels;
 *       line k is y = Y-1-k, layer b is z = Z-1-b (top layer on the left), token c is x = c;</li>
 *   <li>ekstrom: {@code Solution #N}, then Y lines of Z blocks of X letters; line k is y = Y-1-k, block b is
 *       z = b, character c is x = c;</li>
 *   <li>lepage: {@code Solution N}, then boxed grids: slices z = 0.. from left to right, rows y from the top
 *       (Y-1) down, cells x from left to right, labels of any width between '|';</li>
 *   <li>jsonl: one JSON object per line: {@code {"solution":N,"pieces":[{"label":..,"piece":..,"cells":[[x,y,z],..]}]}}.</li>
 * </ul>
 */
public enum CatalogFormat {
    NATIVE("native"), KUROWSKI("kurowski"), EKSTROM("ekstrom"), LEPAGE("lepage"), JSONL("jsonl");

    private final String id;

    CatalogFormat(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static CatalogFormat parse(String text) {
        for (CatalogFormat f : values()) {
            if (f.id.equalsIgnoreCase(text)) {
                return f;
            }
        }
        throw new OptionException("unknown catalog format '" + text + "'; use one of "
                + Arrays.stream(values()).map(CatalogFormat::id).toList());
    }

    /** Guesses the format from the first lines of a file; null when none fits. */
    public static CatalogFormat detect(List<String> head) {
        if (!head.isEmpty() && NativeCatalog.looksNative(head.get(0))) {
            return NATIVE;
        }
        for (int i = 0; i < head.size(); i++) {
            String l = head.get(i).strip();
            if (l.startsWith("{")) {
                return JSONL;
            }
            if (l.startsWith("Solution #")) {
                return EKSTROM;
            }
            if (l.matches("Solution \\d+") && i + 1 < head.size()) {
                return head.get(i + 1).strip().startsWith("+-") ? LEPAGE : KUROWSKI;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return id;
    }
}
