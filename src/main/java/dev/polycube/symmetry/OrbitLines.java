package dev.polycube.symmetry;

import dev.polycube.puzzle.Puzzle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The catalog's classes that one class of a larger group stands for, when the search pins pieces under the larger
 * group ({@link SymmetryGroup#forSearch}) and the catalog identifies packings under a normal subgroup H of it (the
 * fixed frame's, which identifies nothing).
 *
 * <p>The larger group G's class of a packing P is its orbit G·P, which falls apart into the H-classes H·g·P, one
 * for each right coset Hg (two cosets may give the same H-class when P has a symmetry). So the catalog's lines for
 * P are the H-canonical lines of g·P for one g per coset, told apart; and their number is, H being normal in G
 * (the trivial group, the fixed frame's, always is), |G·P| / |H·P| =
 * |G|·|Stab_H(P)| / (|H|·|Stab_G(P)|), which needs no line at all, only which images give P's line back. H is
 * taken as G's elements that act as one of H's (a bar's turns about its own axis move no cell and act as the identity),
 * in |H| and in Stab_H(P) alike.
 */
public final class OrbitLines {

    private final Canonicalizer wide;
    private final Canonicalizer catalog;
    private final int wideSize;
    /** |H|: G's elements that act as one of the catalog group's ({@link #inCatalog}). */
    private final int catalogSize;
    /** Per element of G: whether it lies in H. */
    private final boolean[] inCatalog;
    /** One element of G per right coset of H (the identity first), as preimage arrays and piece maps. */
    private final int[][] repPreimages;
    private final int[][] repPieceMaps;
    private final ThreadLocal<int[][]> scratch;

    /** @param lines the canonicalizer of {@code catalog}, shared with the caller, which renders the catalog's lines too */
    public OrbitLines(Puzzle puzzle, SymmetryGroup catalog, SymmetryGroup wide, Canonicalizer lines) {
        this.wide = new Canonicalizer(puzzle, wide);
        this.catalog = lines;
        this.wideSize = wide.size();
        Set<String> h = new HashSet<>();
        for (SymmetryGroup.Element e : catalog.elements()) {
            h.add(SymmetryGroup.actionKey(e.cellMap(), e.pieceMap()));
        }
        List<SymmetryGroup.Element> g = wide.elements();
        this.inCatalog = new boolean[g.size()];
        Set<String> covered = new HashSet<>();
        Set<String> found = new HashSet<>();
        List<SymmetryGroup.Element> reps = new ArrayList<>();
        for (int i = 0; i < g.size(); i++) {
            SymmetryGroup.Element e = g.get(i);
            String key = SymmetryGroup.actionKey(e.cellMap(), e.pieceMap());
            inCatalog[i] = h.contains(key);
            if (inCatalog[i]) {
                found.add(key);
            }
            if (covered.contains(key)) {
                continue;
            }
            reps.add(e);
            for (SymmetryGroup.Element k : catalog.elements()) { // the coset H·e, as k after e
                covered.add(SymmetryGroup.actionKey(compose(k.cellMap(), e.cellMap()), compose(k.pieceMap(), e.pieceMap())));
            }
        }
        // (a box with a side of one cell is turned onto itself by elements that move no cell: a group may hold
        // elements that act alike, so the cosets are counted by what the elements do, not by the group's size)
        if (!inCatalog[0] || !found.equals(h)) {
            throw new IllegalArgumentException("the catalog's group (" + catalog.describe()
                    + ") is not a subgroup of the search's (" + wide.describe() + ")");
        }
        // H as G's elements that act as one of H's: a bar's turns about its own axis move nothing, so they count as H's
        // identity in the stabilizer, and must count in |H| too (4 classes for 1 came from mixing the two)
        int inH = 0;
        for (boolean b : inCatalog) {
            inH += b ? 1 : 0;
        }
        this.catalogSize = inH;
        this.repPreimages = reps.stream().map(SymmetryGroup.Element::preimage).toArray(int[][]::new);
        this.repPieceMaps = reps.stream().map(SymmetryGroup.Element::pieceMap).toArray(int[][]::new);
        this.scratch = ThreadLocal.withInitial(() -> new int[2][]);
    }

    /** The canonicalizer of the search's group, for the owner test. */
    public Canonicalizer wide() {
        return wide;
    }

    /** How many of the catalog's classes the packing's class under the search's group holds. */
    public int classes(int[] cellCopy, int[] copyPiece) {
        long stab = wide.stabilizer(cellCopy, copyPiece, inCatalog);
        long all = stab >>> 32;
        long inH = stab & 0xFFFF_FFFFL;
        return (int) (wideSize * inH / (catalogSize * all));
    }

    /**
     * How many of the catalog's classes the class of a packing that no element of the search's group but the identity
     * maps onto itself holds: {@link #classes} for such a packing, without looking at it.
     */
    public int classesOfAsymmetric() {
        return wideSize / catalogSize;
    }

    /** The catalog's lines for the packing's class under the search's group, each once, the packing's own first. */
    public List<char[]> lines(int[] cellCopy, int[] copyPiece) {
        int[][] s = scratch.get();
        if (s[0] == null || s[0].length != cellCopy.length || s[1].length != copyPiece.length) {
            s[0] = new int[cellCopy.length];
            s[1] = new int[copyPiece.length];
        }
        int[] imageCells = s[0];
        int[] imagePieces = s[1];
        List<char[]> out = new ArrayList<>(repPreimages.length);
        for (int r = 0; r < repPreimages.length; r++) {
            int[] preimage = repPreimages[r];
            for (int i = 0; i < imageCells.length; i++) {
                imageCells[i] = preimage[i] < 0 ? -1 : cellCopy[preimage[i]];
            }
            for (int k = 0; k < imagePieces.length; k++) {
                imagePieces[k] = repPieceMaps[r][copyPiece[k]];
            }
            char[] line = catalog.canonicalChars(imageCells, imagePieces);
            boolean seen = false;
            for (int j = 0; j < out.size() && !seen; j++) {
                seen = Arrays.equals(out.get(j), line);
            }
            if (!seen) {
                out.add(line);
            }
        }
        return out;
    }

    private static int[] compose(int[] after, int[] first) {
        int[] out = new int[first.length];
        for (int i = 0; i < first.length; i++) {
            out[i] = first[i] < 0 ? -1 : after[first[i]];
        }
        return out;
    }
}
