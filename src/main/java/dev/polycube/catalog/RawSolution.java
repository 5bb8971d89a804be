package dev.polycube.catalog;

/**
 * One catalog entry as read, before it is matched to a puzzle: a label per cell of an
 * {@code sx × sy × sz} box (index x + sx*(y + sy*z); null where the entry has no piece).
 *
 * @param entry the entry's number in its file (1-based position)
 * @param line  the file line where the entry starts, for messages
 */
public record RawSolution(int entry, int line, int sx, int sy, int sz, String[] labels) {

    public String label(int x, int y, int z) {
        return labels[x + sx * (y + sy * z)];
    }
}
