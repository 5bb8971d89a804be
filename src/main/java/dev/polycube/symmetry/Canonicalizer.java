package dev.polycube.symmetry;

import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import java.util.Arrays;
import java.util.List;

/**
 * Turns a packing into its catalog line: the lexicographically smallest line over all group elements.
 * Copies of one piece type are interchangeable: within a line they get the type's labels in the order in
 * which they first appear (by box index), so the line does not depend on which copy the search placed where.
 */
public final class Canonicalizer {

    private final SymmetryGroup group;
    private final List<SymmetryGroup.Element> elements;
    private final String[] labels;
    private final int boxVolume;
    private final dev.polycube.puzzle.Target target;

    public Canonicalizer(Puzzle puzzle, SymmetryGroup group) {
        this.group = group;
        this.elements = group.elements();
        List<Piece> pieces = puzzle.pieces();
        this.labels = new String[pieces.size()];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = pieces.get(i).labels();
        }
        this.boxVolume = puzzle.target().boxVolume();
        this.target = puzzle.target();
    }

    /**
     * @param cellCopy  for each box index, the copy occupying it (any ids), or -1 outside the target
     * @param copyPiece for each copy id, its piece type
     */
    public String canonical(int[] cellCopy, int[] copyPiece) {
        char[] best = null;
        char[] line = new char[boxVolume];
        int[] image = new int[boxVolume];
        int[] copyChar = new int[copyPiece.length];
        int[] nextLabel = new int[labels.length];
        int[] typeCounts = new int[labels.length];
        for (int type : copyPiece) {
            typeCounts[type]++;
        }
        for (SymmetryGroup.Element g : elements) {
            if (!group.applies(g, typeCounts)) {
                continue;
            }
            Arrays.fill(image, -1);
            int[] map = g.cellMap();
            for (int i = 0; i < boxVolume; i++) {
                if (cellCopy[i] >= 0) {
                    image[map[i]] = cellCopy[i];
                }
            }
            render(image, copyPiece, g.pieceMap(), line, copyChar, nextLabel);
            if (best == null || Arrays.compare(line, best) < 0) {
                best = line.clone();
            }
        }
        return new String(best);
    }

    /** The line for a packing as it stands (no symmetry applied). */
    public String line(int[] cellCopy, int[] copyPiece) {
        char[] line = new char[boxVolume];
        int[] identity = new int[labels.length];
        for (int i = 0; i < identity.length; i++) {
            identity[i] = i;
        }
        render(cellCopy, copyPiece, identity, line, new int[copyPiece.length], new int[labels.length]);
        return new String(line);
    }

    private void render(int[] image, int[] copyPiece, int[] pieceMap, char[] line, int[] copyChar, int[] nextLabel) {
        Arrays.fill(copyChar, -1);
        Arrays.fill(nextLabel, 0);
        for (int i = 0; i < boxVolume; i++) {
            int copy = image[i];
            if (copy < 0) {
                line[i] = target.containsIndex(i) ? '-' : '.'; // '-': a cell that may stay empty, left empty
                continue;
            }
            if (copyChar[copy] < 0) {
                int type = pieceMap[copyPiece[copy]];
                copyChar[copy] = labels[type].charAt(nextLabel[type]++);
            }
            line[i] = (char) copyChar[copy];
        }
    }
}
