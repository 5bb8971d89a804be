package dev.polycube.disassembly;

import dev.polycube.catalog.Catalog;
import java.util.Arrays;

/**
 * A disassembly level as BurrTools writes it, "98.2.4.2": the moves that free the first part, then those of
 * the parts after it. Ordered as BurrTools compares them: number by number, a longer one above its prefix.
 */
public record Level(int[] moves) implements Comparable<Level> {

    public Level {
        moves = moves.clone();
        if (moves.length == 0) {
            throw new IllegalArgumentException("a level has at least one number");
        }
    }

    /** Parses "98.2.4.2"; the message names the text and the form wanted. */
    public static Level parse(String text) {
        if (text.equals(Catalog.Levels.NONE) || !Catalog.Levels.valid(text)) {
            throw new IllegalArgumentException("'" + text + "' is not a level: expected numbers from 1 up joined by dots, "
                    + "e.g. 3 or 98.2.4.2");
        }
        String[] parts = text.split("\\.");
        int[] m = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            m[i] = Integer.parseInt(parts[i]);
        }
        return new Level(m);
    }

    public static Level of(Separation s) {
        return parse(s.level());
    }

    /** The first number: the moves until the first part comes free. */
    public int first() {
        return moves[0];
    }

    @Override
    public int compareTo(Level o) {
        return Arrays.compare(moves, o.moves);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Level l && Arrays.equals(moves, l.moves);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(moves);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < moves.length; i++) {
            b.append(i == 0 ? "" : ".").append(moves[i]);
        }
        return b.toString();
    }
}
