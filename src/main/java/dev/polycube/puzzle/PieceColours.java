package dev.polycube.puzzle;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A piece's real colour, from its {@code colour=} attribute: a name (the foam sets' blue, red, violet, yellow,
 * orange, green, and a few more) or {@code #RRGGBB}. Pictures and the viewer draw a piece in it (render.Coloring).
 */
public final class PieceColours {

    /** The names {@code colour=} takes, with the colour each stands for (the foam sets' as they look). */
    public static final Map<String, Integer> NAMED = named();

    private PieceColours() {
    }

    private static Map<String, Integer> named() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("blue", 0x2C6FCF);
        m.put("red", 0xD2312E);
        m.put("violet", 0x8449C0);
        m.put("yellow", 0xF4CB2A);
        m.put("orange", 0xF28A1E);
        m.put("green", 0x3A9C3E);
        m.put("white", 0xF2F2F2);
        m.put("black", 0x2A2A2A);
        m.put("grey", 0x8A8A8A);
        m.put("brown", 0x8A5A2B);
        m.put("pink", 0xEE8FB8);
        return Map.copyOf(m);
    }

    /** The colour {@code text} names, as 0xRRGGBB; a message listing the names when it names none. */
    public static int parse(String text) {
        String t = text.toLowerCase(java.util.Locale.ROOT);
        if (t.matches("#[0-9a-f]{6}")) {
            return Integer.parseInt(t.substring(1), 16);
        }
        Integer c = NAMED.get(t.equals("purple") ? "violet" : t.equals("gray") ? "grey" : t);
        if (c == null) {
            throw new IllegalArgumentException("colour=" + text + " is not a colour: give #RRGGBB or one of "
                    + String.join(", ", new java.util.TreeSet<>(NAMED.keySet())));
        }
        return c;
    }
}
