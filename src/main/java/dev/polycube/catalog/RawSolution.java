package dev.polycube.catalog;

/**
 * One catalog entry as read, before it is matched to a puzzle: a label per cell of an
 * {@code sx × sy × sz} box (index x + sx*(y + sy*z); null where the entry has no piece).
 *
 * @param entry the entry's number in its file (1-based position)
 * @param line  the file line where the entry starts, for messages
 */
public record RawSolution(int entry, int line, int sx, int sy, int sz, String[] labels) {

    /** The largest box side and volume an entry may declare (far beyond any puzzle; keeps memory bounded). */
    public static final int MAX_EXTENT = 1024;
    public static final int MAX_BOX_CELLS = 1 << 20;

    /** A native catalog line: one character per cell of the box, '.' (or '-') where no piece is. */
    public static RawSolution ofLine(int entry, int line, int sx, int sy, int sz, String text) {
        String[] labels = new String[text.length()];
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            labels[k] = c == '.' || c == '-' ? null : c < ONE_CHAR.length ? ONE_CHAR[c] : String.valueOf(c);
        }
        return new RawSolution(entry, line, sx, sy, sz, labels);
    }

    /** The one-character labels of the ASCII range, made once (a catalog of millions of lines reuses them). */
    private static final String[] ONE_CHAR = new String[128];

    static {
        for (char c = 0; c < ONE_CHAR.length; c++) {
            ONE_CHAR[c] = String.valueOf(c);
        }
    }

    public String label(int x, int y, int z) {
        return labels[x + sx * (y + sy * z)];
    }
}
