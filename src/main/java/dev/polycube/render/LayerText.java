package dev.polycube.render;

import java.util.ArrayList;
import java.util.List;

/**
 * A catalog line drawn as text layers side by side: layer z = 0 on the left, each layer with y = 0 at the
 * bottom and x growing to the right, the way the catalog's cell order reads.
 */
public final class LayerText {

    private LayerText() {
    }

    /** The rows of the drawing (no trailing newline), with a "z=k" caption row on top. */
    public static List<String> rows(String line, int sx, int sy, int sz) {
        List<String> out = new ArrayList<>();
        StringBuilder caption = new StringBuilder();
        for (int z = 0; z < sz; z++) {
            String c = "z=" + z;
            caption.append(c).append(" ".repeat(Math.max(1, sx + 3 - c.length())));
        }
        out.add(caption.toString().stripTrailing());
        for (int y = sy - 1; y >= 0; y--) {
            StringBuilder row = new StringBuilder();
            for (int z = 0; z < sz; z++) {
                for (int x = 0; x < sx; x++) {
                    row.append(line.charAt(x + sx * (y + sy * z)));
                }
                row.append("   ");
            }
            out.add(row.toString().stripTrailing());
        }
        return out;
    }

    public static String render(String line, int sx, int sy, int sz) {
        return String.join("\n", rows(line, sx, sy, sz));
    }
}
