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

    /** The cells (in box-index order) that copy {@code copy} covers, in {@code target}'s coordinates. */
    public List<Point> cellsOf(int copy, Target target) {
        List<Point> out = new ArrayList<>();
        for (int i = 0; i < cellCopy.length; i++) {
            if (cellCopy[i] == copy) {
                out.add(target.point(i));
            }
        }
        return out;
    }

    /** Reads a native catalog line of {@code puzzle} (labels as in the puzzle); copies numbered by first appearance. */
    public static Packing fromLine(Puzzle puzzle, String line) {
        int[] cellCopy = new int[line.length()];
        int[] labelToCopy = new int[128];
        java.util.Arrays.fill(labelToCopy, -1);
        int[] copyPiece = new int[puzzle.copyCount()];
        int copies = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '.' || c == '-') {
                cellCopy[i] = -1;
                continue;
            }
            if (c >= 128 || labelToCopy[c] < 0) {
                Piece p = c < 128 ? puzzle.pieceByLabel(c) : null;
                if (p == null || copies == copyPiece.length) {
                    throw new CatalogException("label '" + c + "' is not a piece of " + puzzle.name());
                }
                copyPiece[copies] = puzzle.pieces().indexOf(p);
                labelToCopy[c] = copies++;
            }
            cellCopy[i] = labelToCopy[c];
        }
        return new Packing(cellCopy, java.util.Arrays.copyOf(copyPiece, copies));
    }
}
