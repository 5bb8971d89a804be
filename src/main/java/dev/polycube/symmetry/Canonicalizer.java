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
    /** Per piece type, the labels of its copies (one char each), in the order copies appear along a line. */
    private final char[][] labels;
    private final int boxVolume;
    private final int[][] preimages;
    private final int[][] pieceMaps;
    /** Each worker's working arrays for {@link #canonicalChars}, which runs once per packing found. */
    private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

    private static final class Scratch {
        int[] typeCounts = new int[0];
        int[] alive = new int[0];
        int[] copyChar = new int[0];
        int[] nextLabel = new int[0];
        char[] now = new char[0];
        /** The packing's own line, as far as {@link #compareImage} has rendered it ({@link #rendered} cells). */
        char[] own = new char[0];
        int rendered;
        /** The smallest character of the last {@link #knockOut} round. */
        char min;

        Scratch fit(int elements, int copies, int types, int boxVolume) {
            if (alive.length != elements || typeCounts.length != types || copyChar.length < elements * copies) {
                typeCounts = new int[types];
                alive = new int[elements];
                copyChar = new int[elements * copies];
                nextLabel = new int[elements * types];
                now = new char[elements];
            }
            if (own.length < boxVolume) {
                own = new char[boxVolume];
            }
            return this;
        }
    }

    public Canonicalizer(Puzzle puzzle, SymmetryGroup group) {
        this.group = group;
        this.elements = group.elements();
        List<Piece> pieces = puzzle.pieces();
        this.labels = new char[pieces.size()][];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = pieces.get(i).labels().toCharArray();
        }
        this.boxVolume = puzzle.target().boxVolume();
        this.preimages = elements.stream().map(SymmetryGroup.Element::preimage).toArray(int[][]::new);
        this.pieceMaps = elements.stream().map(SymmetryGroup.Element::pieceMap).toArray(int[][]::new);
    }

    /**
     * @param cellCopy  for each box index, the copy occupying it (any ids), or -1 outside the target
     * @param copyPiece for each copy id, its piece type
     */
    public String canonical(int[] cellCopy, int[] copyPiece) {
        return new String(canonicalChars(cellCopy, copyPiece));
    }

    /**
     * {@link #canonical} as characters, for callers that look a line up before they keep it as a string.
     *
     * <p>All images are rendered side by side, one box cell at a time, as a knock-out: at each cell the
     * images still in the running give their character, the smallest goes into the line, and those that gave
     * a larger one drop out. An image is rendered only as far as it stays tied with the smallest, most drop
     * out within a few cells, and no line is rendered in full more than once (keeping a running best and
     * re-rendering each image that beats it costs about twice as much on the dense puzzles). Labels are
     * handed out in order of first appearance, so a prefix of an image depends only on the same prefix of
     * the packing and dropping out early is exact. Images that tie to the end are symmetries of the packing.
     */
    public char[] canonicalChars(int[] cellCopy, int[] copyPiece) {
        int n = elements.size();
        int copies = copyPiece.length;
        Scratch scratch = this.scratch.get().fit(n, copies, labels.length, boxVolume);
        int[] typeCounts = scratch.typeCounts;
        boolean conditional = group.mirrorTest(); // else every element applies: no counts, no list lookup per element
        if (conditional) {
            SymmetryGroup.countTypes(copyPiece, typeCounts);
        }
        int[] alive = scratch.alive;
        int live = 0;
        for (int e = 0; e < n; e++) {
            // element 0 is the identity, which every packing's class contains
            if (e == 0 || !conditional || group.applies(elements.get(e), typeCounts)) {
                alive[live++] = e;
            }
        }
        resetLabels(scratch, n, copies);
        char[] out = new char[boxVolume];
        for (int i = 0; i < boxVolume; i++) {
            if (live == 1) { // the winner is known: the rest of the line is its image
                int e = alive[0];
                for (; i < boxVolume; i++) {
                    out[i] = charAt(i, cellCopy, preimages[e], copyPiece, pieceMaps[e], scratch.copyChar, e * copies,
                            scratch.nextLabel, e * labels.length);
                }
                break;
            }
            live = knockOut(i, live, cellCopy, copyPiece, scratch);
            out[i] = scratch.min;
        }
        return out;
    }

    /** Per element: no copy has a label yet (-1), and each type's next label is its first. */
    private static void resetLabels(Scratch scratch, int elements, int copies) {
        Arrays.fill(scratch.copyChar, 0, elements * copies, -1);
        Arrays.fill(scratch.nextLabel, 0);
    }

    /**
     * One round of the knock-out at box cell {@code i}: each image still in the running ({@code alive[0 .. live)})
     * gives its character, and those larger than the smallest drop out, the others keeping their order. Returns
     * how many stay; the smallest character is left in {@code scratch.min}.
     */
    private int knockOut(int i, int live, int[] cellCopy, int[] copyPiece, Scratch scratch) {
        int copies = copyPiece.length;
        int[] alive = scratch.alive;
        char[] now = scratch.now;
        char min = Character.MAX_VALUE;
        for (int k = 0; k < live; k++) {
            int e = alive[k];
            char c = charAt(i, cellCopy, preimages[e], copyPiece, pieceMaps[e], scratch.copyChar, e * copies,
                    scratch.nextLabel, e * labels.length);
            now[k] = c;
            if (c < min) {
                min = c;
            }
        }
        int kept = 0;
        for (int k = 0; k < live; k++) {
            if (now[k] == min) {
                alive[kept++] = alive[k];
            }
        }
        scratch.min = min;
        return kept;
    }

    /**
     * Whether the packing's own line is not larger than its image's under any element {@code e} with
     * {@code among[e]}. Runs once per packing a search reports (the owner test), so it compares the packing's
     * line with one image at a time, each only as far as their first difference, and renders the packing's own
     * line once, as far as the longest comparison needed: a knock-out of all of them round by round (as
     * {@link #canonicalChars} does) cost 1.7 times as much on the 8x8 dominoes, whose images tie for about ten cells.
     */
    public boolean isSmallestAmong(int[] cellCopy, int[] copyPiece, boolean[] among) {
        Scratch scratch = comparing(copyPiece.length);
        for (int e = 1; e < elements.size(); e++) {
            if (among[e] && compareImage(e, cellCopy, copyPiece, scratch) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The packing's stabilizer: how many of the group's elements give its own line back (the identity included),
     * in the high 32 bits, and how many of those are marked in {@code marked}, in the low 32. Each image is
     * compared with the packing's line only up to their first difference, so a packing with no symmetry costs
     * a few cells per element. For a group whose every element applies to every packing (not BurrTools' rule).
     */
    public long stabilizer(int[] cellCopy, int[] copyPiece, boolean[] marked) {
        Scratch scratch = comparing(copyPiece.length);
        long all = 1;
        long inMarked = marked[0] ? 1 : 0;
        for (int e = 1; e < elements.size(); e++) {
            if (compareImage(e, cellCopy, copyPiece, scratch) == 0) {
                all++;
                inMarked += marked[e] ? 1 : 0;
            }
        }
        return all << 32 | inMarked;
    }

    /** This thread's working arrays, set for comparing a packing of {@code copies} copies with its images. */
    private Scratch comparing(int copies) {
        Scratch scratch = this.scratch.get().fit(elements.size(), copies, labels.length, boxVolume);
        Arrays.fill(scratch.copyChar, 0, copies, -1);
        Arrays.fill(scratch.nextLabel, 0, labels.length, 0);
        scratch.rendered = 0;
        return scratch;
    }

    /**
     * How the line of the packing's image under element {@code e} compares with the packing's own (negative: the
     * image's is smaller; 0: the same line), each rendered only as far as their first difference. The own line is
     * rendered once per packing ({@link #comparing}), as far as the longest comparison needed it.
     */
    private int compareImage(int e, int[] cellCopy, int[] copyPiece, Scratch scratch) {
        int copies = copyPiece.length;
        int types = labels.length;
        int[] copyChar = scratch.copyChar;
        int[] nextLabel = scratch.nextLabel;
        char[] own = scratch.own;
        Arrays.fill(copyChar, e * copies, (e + 1) * copies, -1);
        Arrays.fill(nextLabel, e * types, (e + 1) * types, 0);
        int[] preimage = preimages[e];
        int[] pieceMap = pieceMaps[e];
        for (int i = 0; i < boxVolume; i++) {
            if (i == scratch.rendered) {
                own[scratch.rendered++] = charAt(i, cellCopy, preimages[0], copyPiece, pieceMaps[0], copyChar, 0, nextLabel, 0);
            }
            char c = charAt(i, cellCopy, preimage, copyPiece, pieceMap, copyChar, e * copies, nextLabel, e * types);
            if (c != own[i]) {
                return c < own[i] ? -1 : 1;
            }
        }
        return 0;
    }

    /** The target cell that element {@code e} carries onto box cell {@code cell}, or -1 when none does. */
    public int preimage(int e, int cell) {
        return preimages[e][cell];
    }

    /**
     * How many distinct packings in the fixed frame the packing's class holds: its images under the group's
     * elements that apply to it, told apart as lines. A symmetric packing has fewer than the group's size.
     * By orbit and stabilizer: the applying elements, divided by those that give the packing's own line back
     * (each image compared with the packing's line up to their first difference; no set of images).
     */
    public int orbitSize(int[] cellCopy, int[] copyPiece) {
        Scratch scratch = comparing(copyPiece.length);
        int[] typeCounts = scratch.typeCounts;
        SymmetryGroup.countTypes(copyPiece, typeCounts);
        int applying = 1;
        int fixing = 1;
        for (int e = 1; e < elements.size(); e++) {
            if (group.applies(elements.get(e), typeCounts)) {
                applying++;
                fixing += compareImage(e, cellCopy, copyPiece, scratch) == 0 ? 1 : 0;
            }
        }
        return applying / fixing;
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
            line[i] = charAt(i, cellCopy, preimage, copyPiece, pieceMap, copyChar, 0, nextLabel, 0);
        }
    }

    /** The character of box cell i in the image whose cell i holds what {@code preimage[i]} holds. */
    private char charAt(int i, int[] cellCopy, int[] preimage, int[] copyPiece, int[] pieceMap, int[] copyChar,
            int copyBase, int[] nextLabel, int labelBase) {
        int from = preimage[i];
        int copy = from < 0 ? -1 : cellCopy[from];
        if (copy < 0) {
            return from < 0 ? '.' : '-'; // '-': a cell that may stay empty, left empty
        }
        int c = copyChar[copyBase + copy];
        if (c < 0) {
            int type = pieceMap[copyPiece[copy]];
            c = labels[type][nextLabel[labelBase + type]++];
            copyChar[copyBase + copy] = c;
        }
        return (char) c;
    }

}
