package dev.polycube.catalog;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.List;

/**
 * A packing of a puzzle's target in the puzzle's frame: for each box index the piece copy covering it
 * (-1 outside the target), and each copy's piece type. The form the canonicalizer and the writers take.
 */
public record Packing(int[] cellCopy, int[] copyPiece) {

    /**
     * Each copy's cells (copy k's at k, in box-index order), in {@code target}'s coordinates: one pass over the box for
     * all the copies (a writer asks for every copy of every entry).
     */
    public List<List<Point>> cellsByCopy(Target target) {
        List<List<Point>> out = new ArrayList<>(copyPiece.length);
        for (int copy = 0; copy < copyPiece.length; copy++) {
            out.add(new ArrayList<>(8));
        }
        for (int i = 0; i < cellCopy.length; i++) {
            if (cellCopy[i] >= 0) {
                out.get(cellCopy[i]).add(target.point(i));
            }
        }
        return out;
    }

    /** The labels of a native catalog line's copies, copy k's at k: in order of first appearance, as {@link #fromLine} numbers them. */
    public static String copyLabels(String line) {
        StringBuilder out = new StringBuilder();
        java.util.BitSet seen = new java.util.BitSet(128);
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c != '.' && c != '-' && !seen.get(c)) {
                seen.set(c);
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Reads a native catalog line of {@code puzzle} (labels as in the puzzle); copies numbered by first appearance. */
    public static Packing fromLine(Puzzle puzzle, String line) {
        int[] cellCopy = new int[line.length()];
        // labels may lie beyond ASCII (catalog v2): a table for ASCII, a map beyond it only when met
        int[] asciiCopy = new int[128];
        java.util.Arrays.fill(asciiCopy, -1);
        it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap otherCopy = null;
        int[] copyPiece = new int[puzzle.copyCount()];
        int copies = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '.' || c == '-') {
                cellCopy[i] = -1;
                continue;
            }
            int copy;
            if (c < 128) {
                copy = asciiCopy[c];
            } else {
                if (otherCopy == null) {
                    otherCopy = new it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap();
                    otherCopy.defaultReturnValue(-1);
                }
                copy = otherCopy.get(c);
            }
            if (copy < 0) {
                Piece p = puzzle.pieceByLabel(c);
                if (p == null || copies == copyPiece.length) {
                    throw new CatalogException("label '" + c + "' is not a piece of " + puzzle.name());
                }
                copyPiece[copies] = puzzle.pieces().indexOf(p);
                copy = copies++;
                if (c < 128) {
                    asciiCopy[c] = copy;
                } else {
                    otherCopy.put(c, copy);
                }
            }
            cellCopy[i] = copy;
        }
        return new Packing(cellCopy, java.util.Arrays.copyOf(copyPiece, copies));
    }
}
