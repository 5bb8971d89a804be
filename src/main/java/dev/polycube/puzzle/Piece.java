package dev.polycube.puzzle;

import dev.polycube.geometry.Shape;
import java.util.Map;

/**
 * A piece type of a puzzle: {@code count} identical copies of one polycube.
 *
 * @param name   the name users and files use ("A", "4<", "squiggle-b")
 * @param labels one catalog character per copy; {@code labels.charAt(0)} is the piece's label
 * @param title  a longer human name ("Little Corner"), or the name again
 * @param shape  the cells as given, translated to the origin (handedness kept)
 * @param count  how many identical copies the puzzle has (the most a solution may use)
 * @param min    how many of them a solution must use ({@code count} unless the piece is optional)
 * @param tags   extra attributes from the puzzle file, e.g. {@code kurowski=C}
 */
public record Piece(String name, String labels, String title, Shape shape, int count, int min, Map<String, String> tags) {

    public Piece {
        if (count < 1) {
            throw new IllegalArgumentException("piece " + name + ": count must be at least 1, got " + count);
        }
        if (min < 0 || min > count) {
            throw new IllegalArgumentException("piece " + name + ": needs 0 <= min <= count, got " + min + ".." + count);
        }
        if (labels.length() != count) {
            throw new IllegalArgumentException("piece " + name + ": needs " + count + " labels, got '" + labels + "'");
        }
        tags = Map.copyOf(tags);
    }

    /** The attribute that gives a piece other names ({@code aka=Pyramid} or {@code aka=Z-mirror,Z_mirror}). */
    public static final String ALIASES = "aka";

    /** Other names the piece goes by (another author's), from its {@code aka=} attribute; none when it has none. */
    public java.util.List<String> aliases() {
        String aka = tags.get(ALIASES);
        return aka == null ? java.util.List.of() : java.util.List.of(aka.split(","));
    }

    /** The attribute that gives a piece its real colour ({@code colour=blue}, {@code colour=#2C6FCF}). */
    public static final String COLOUR = "colour";

    /** The piece's real colour as 0xRRGGBB, or -1 when it has no {@code colour=} attribute. */
    public int realColour() {
        String c = tags.get(COLOUR);
        return c == null ? -1 : PieceColours.parse(c);
    }

    /** True when {@code typed} is this piece's name, or one of its aliases in any case. */
    public boolean answersTo(String typed) {
        if (name.equals(typed)) {
            return true;
        }
        for (String a : aliases()) {
            if (a.equalsIgnoreCase(typed)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The index of the piece {@code typed} names (its name first, then an alias, then its title in any case when no other
     * piece has that title: Bedlam's K answers to "cross"), or -1.
     */
    public static int indexOf(java.util.List<Piece> pieces, String typed) {
        for (int i = 0; i < pieces.size(); i++) {
            if (pieces.get(i).name().equals(typed)) {
                return i;
            }
        }
        for (int i = 0; i < pieces.size(); i++) {
            if (pieces.get(i).answersTo(typed)) {
                return i;
            }
        }
        int titled = -1;
        for (int i = 0; i < pieces.size(); i++) {
            String title = pieces.get(i).title();
            if (title != null && title.equalsIgnoreCase(typed)) {
                if (titled >= 0) {
                    return -1; // two pieces of that title: the name says which
                }
                titled = i;
            }
        }
        return titled;
    }

    public char label() {
        return labels.charAt(0);
    }

    public boolean isOptional() {
        return min < count;
    }

    public int size() {
        return shape.size();
    }
}
