package dev.polycube.geometry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One of the 48 symmetries of the cube lattice that fix the origin: a signed permutation matrix.
 * The 24 with determinant +1 are the proper rotations a physical piece can undergo; the other 24 add a
 * mirror and are used only where a puzzle allows mirrored pieces or identifies mirror-image packings.
 *
 * <p>The order of {@link #proper()} and {@link #all()} is fixed (identity first), so everything derived
 * from it (orientation lists, group elements, canonical forms) is deterministic.
 */
public final class Rotation {

    private static final List<Rotation> ALL = build();
    private static final List<Rotation> PROPER = ALL.stream().filter(Rotation::isProper).toList();
    private static final List<Rotation> ABOUT_Z = PROPER.stream().filter(Rotation::keepsUp).toList();

    /** Row i has a single non-zero entry {@code sign[i]} in column {@code axis[i]}. */
    private final int[] axis;
    private final int[] sign;
    private final int index;

    private Rotation(int[] axis, int[] sign, int index) {
        this.axis = axis;
        this.sign = sign;
        this.index = index;
    }

    /** The 24 proper rotations, identity first. */
    public static List<Rotation> proper() {
        return PROPER;
    }

    /** All 48 symmetries: the 24 proper rotations first, then the 24 improper ones. */
    public static List<Rotation> all() {
        return ALL;
    }

    /** The four quarter turns about the z axis (identity first): how a one-sided flat piece may turn. */
    public static List<Rotation> aboutZ() {
        return ABOUT_Z;
    }

    /** True when this keeps the z axis pointing up (a turn about z, or a mirror in a vertical plane). */
    public boolean keepsUp() {
        return apply(new Point(0, 0, 1)).equals(new Point(0, 0, 1));
    }

    public static Rotation identity() {
        return ALL.get(0);
    }

    public boolean isProper() {
        return determinant() == 1;
    }

    /** Position in {@link #all()}; stable across runs. */
    public int index() {
        return index;
    }

    public Point apply(Point p) {
        int[] v = {p.x(), p.y(), p.z()};
        return new Point(sign[0] * v[axis[0]], sign[1] * v[axis[1]], sign[2] * v[axis[2]]);
    }

    /** The image of an axis-aligned box's extents (always positive). */
    public Point applyToExtent(Point extent) {
        int[] v = {extent.x(), extent.y(), extent.z()};
        return new Point(v[axis[0]], v[axis[1]], v[axis[2]]);
    }

    public int determinant() {
        // sign of the permutation times the product of the signs
        int parity = 1;
        int[] a = axis.clone();
        for (int i = 0; i < 3; i++) {
            while (a[i] != i) {
                int t = a[a[i]];
                a[a[i]] = a[i];
                a[i] = t;
                parity = -parity;
            }
        }
        return parity * sign[0] * sign[1] * sign[2];
    }

    private static List<Rotation> build() {
        int[][] perms = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        List<int[][]> proper = new ArrayList<>();
        List<int[][]> improper = new ArrayList<>();
        for (int[] perm : perms) {
            for (int s = 0; s < 8; s++) {
                int[] sign = {(s & 1) == 0 ? 1 : -1, (s & 2) == 0 ? 1 : -1, (s & 4) == 0 ? 1 : -1};
                Rotation probe = new Rotation(perm, sign, -1);
                (probe.determinant() == 1 ? proper : improper).add(new int[][] {perm, sign});
            }
        }
        List<Rotation> all = new ArrayList<>(48);
        for (int[][] r : proper) {
            all.add(new Rotation(r[0], r[1], all.size()));
        }
        for (int[][] r : improper) {
            all.add(new Rotation(r[0], r[1], all.size()));
        }
        return Collections.unmodifiableList(all);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(x,y,z)->(");
        String names = "xyz";
        for (int i = 0; i < 3; i++) {
            sb.append(sign[i] < 0 ? "-" : "").append(names.charAt(axis[i])).append(i < 2 ? "," : ")");
        }
        return sb.toString();
    }
}
