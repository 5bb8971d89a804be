package dev.polycube.puzzle;

import dev.polycube.geometry.Point;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The box a puzzle goes into: walls one cell thick around the target's bounding box, missing on the open
 * faces. It takes no part in counting packings; for the disassembly analysis it is one more piece, the
 * heaviest, so "can it be taken apart" means "can the pieces be taken out of the box" (and, reversed, put in).
 *
 * @param open the faces with no wall
 */
public record Container(Set<Face> open) {

    /** A face of the bounding box, by the direction one leaves the box through it. */
    public enum Face {
        PLUS_X("+x"), MINUS_X("-x"), PLUS_Y("+y"), MINUS_Y("-y"), PLUS_Z("+z"), MINUS_Z("-z");

        private final String id;

        Face(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        /** "+z", or the words "top" (+z) and "bottom" (-z); null when the text names no face. */
        public static Face parse(String text) {
            String t = text.toLowerCase(Locale.ROOT);
            for (Face f : values()) {
                if (f.id.equals(t)) {
                    return f;
                }
            }
            return switch (t) {
                case "top" -> PLUS_Z;
                case "bottom" -> MINUS_Z;
                default -> null;
            };
        }
    }

    public Container {
        open = open.isEmpty() ? EnumSet.noneOf(Face.class) : EnumSet.copyOf(open);
    }

    /** The wall cells around a box {@code sx × sy × sz} whose cells run from 0 to size-1 on each axis. */
    public List<Point> walls(int sx, int sy, int sz) {
        List<Point> out = new ArrayList<>();
        for (int z = -1; z <= sz; z++) {
            for (int y = -1; y <= sy; y++) {
                for (int x = -1; x <= sx; x++) {
                    boolean inside = x >= 0 && x < sx && y >= 0 && y < sy && z >= 0 && z < sz;
                    if (inside || (x == sx && open.contains(Face.PLUS_X)) || (x == -1 && open.contains(Face.MINUS_X))
                            || (y == sy && open.contains(Face.PLUS_Y)) || (y == -1 && open.contains(Face.MINUS_Y))
                            || (z == sz && open.contains(Face.PLUS_Z)) || (z == -1 && open.contains(Face.MINUS_Z))) {
                        continue;
                    }
                    out.add(new Point(x, y, z));
                }
            }
        }
        return out;
    }

    /** The statement that describes it in a puzzle file: "container" or "container open +z". */
    public String statement() {
        if (open.isEmpty()) {
            return "container closed";
        }
        StringBuilder b = new StringBuilder("container open");
        for (Face f : open) {
            b.append(' ').append(f.id());
        }
        return b.toString();
    }
}
