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
    private final int[][] preimages;

    public Canonicalizer(Puzzle puzzle, SymmetryGroup group) {
        this.group = group;
        this.elements = group.elements();
        List<Piece> pieces = puzzle.pieces();
        this.labels = new String[pieces.size()];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = pieces.get(i).labels();
        }
        this.boxVolume = puzzle.target().boxVolume();
        this.preimages = preimages(elements, boxVolume);
    }

    /**
     * @param cellCopy  for each box index, the copy occupying it (any ids), or -1 outside the target
     * @param copyPiece for each copy id, its piece type
     */
    public String canonical(int[] cellCopy, int[] copyPiece) {
        int[] typeCounts = new int[labels.length];
        for (int type : copyPiece) {
            typeCounts[type]++;
        }
        int[] copyChar = new int[copyPiece.length];
        int[] nextLabel = new int[labels.length];
        char[] best = new char[boxVolume];
        char[] line = new char[boxVolume];
        // element 0 is the identity, which every packing's class contains
        renderAll(cellCopy, preimages[0], copyPiece, elements.get(0).pieceMap(), best, copyChar, nextLabel);
        for (int e = 1; e < elements.size(); e++) {
            SymmetryGroup.Element g = elements.get(e);
            if (group.applies(g, typeCounts)
                    && renderIfSmaller(cellCopy, preimages[e], copyPiece, g.pieceMap(), best, line, copyChar, nextLabel)) {
                char[] swap = best;
                best = line;
                line = swap;
            }
        }
        return new String(best);
    }

    /**
     * How many distinct packings in the fixed frame the packing's class holds: its images under the group's
     * elements that apply to it, told apart as lines. A symmetric packing has fewer than the group's size.
     */
    public int orbitSize(int[] cellCopy, int[] copyPiece) {
        int[] typeCounts = new int[labels.length];
        for (int type : copyPiece) {
            typeCounts[type]++;
        }
        java.util.Set<String> images = new java.util.HashSet<>();
        char[] line = new char[boxVolume];
        int[] copyChar = new int[copyPiece.length];
        int[] nextLabel = new int[labels.length];
        for (int e = 0; e < elements.size(); e++) {
            SymmetryGroup.Element g = elements.get(e);
            if (e == 0 || group.applies(g, typeCounts)) {
                renderAll(cellCopy, preimages[e], copyPiece, g.pieceMap(), line, copyChar, nextLabel);
                images.add(new String(line));
            }
        }
        return images.size();
    }

    /** The line for a packing as it stands (no symmetry applied). */
    public String line(int[] cellCopy, int[] copyPiece) {
        char[] line = new char[boxVolume];
        renderAll(cellCopy, preimages[0], copyPiece, elements.get(0).pieceMap(), line, new int[copyPiece.length],
                new int[labels.length]);
        return new String(line);
    }

    private void renderAll(int[] cellCopy, int[] preimage, int[] copyPiece, int[] pieceMap, char[] line,
            int[] copyChar, int[] nextLabel) {
        Arrays.fill(copyChar, -1);
        Arrays.fill(nextLabel, 0);
        for (int i = 0; i < boxVolume; i++) {
            line[i] = charAt(i, cellCopy, preimage, copyPiece, pieceMap, copyChar, nextLabel);
        }
    }

    /**
     * Renders the image left to right while it still equals {@code best}, and gives up at the first cell
     * where it is larger: most images differ from the best within a few cells, so most of the box is never
     * rendered. Labels are handed out in order of first appearance, so a prefix of the line depends only on
     * the same prefix of the image and stopping early is exact.
     *
     * @return whether the image is smaller than best (then {@code line} holds all of it)
     */
    private boolean renderIfSmaller(int[] cellCopy, int[] preimage, int[] copyPiece, int[] pieceMap, char[] best,
            char[] line, int[] copyChar, int[] nextLabel) {
        Arrays.fill(copyChar, -1);
        Arrays.fill(nextLabel, 0);
        boolean smaller = false;
        for (int i = 0; i < boxVolume; i++) {
            char c = charAt(i, cellCopy, preimage, copyPiece, pieceMap, copyChar, nextLabel);
            if (!smaller) {
                if (c > best[i]) {
                    return false;
                }
                smaller = c < best[i];
            }
            line[i] = c;
        }
        return smaller;
    }

    /** The character of box cell i in the image whose cell i holds what {@code preimage[i]} holds. */
    private char charAt(int i, int[] cellCopy, int[] preimage, int[] copyPiece, int[] pieceMap, int[] copyChar,
            int[] nextLabel) {
        int from = preimage[i];
        int copy = from < 0 ? -1 : cellCopy[from];
        if (copy < 0) {
            return from < 0 ? '.' : '-'; // '-': a cell that may stay empty, left empty
        }
        if (copyChar[copy] < 0) {
            int type = pieceMap[copyPiece[copy]];
            copyChar[copy] = labels[type].charAt(nextLabel[type]++);
        }
        return (char) copyChar[copy];
    }

    /** For each element, the inverse of its cell map: which target cell lands on box cell j (-1 if none). */
    private static int[][] preimages(List<SymmetryGroup.Element> elements, int boxVolume) {
        int[][] out = new int[elements.size()][];
        for (int e = 0; e < out.length; e++) {
            int[] map = elements.get(e).cellMap();
            int[] inverse = new int[boxVolume];
            Arrays.fill(inverse, -1);
            for (int i = 0; i < boxVolume; i++) {
                if (map[i] >= 0) {
                    inverse[map[i]] = i;
                }
            }
            out[e] = inverse;
        }
        return out;
    }
}
