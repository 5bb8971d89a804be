package dev.polycube.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Isometric drawing of unit cubes seen from the (+x, +y, +z) direction: +x runs right and down, +y left and
 * down, +z up. Only the three faces turned to the viewer (top, +x, +y) can show; a face is culled when the
 * neighbouring cube of the same group covers it, and cubes are painted far to near (by x + y + z).
 */
public final class Isometric {

    static final double C = Math.cos(Math.PI / 6);
    static final double S = 0.5;

    /**
     * A cube at (x, y, z) (its low corner; fractional for exploded views), with a colour and a group, and the
     * puzzle colour its cell carries (a colour constraint, marked on its faces), 0 for none.
     */
    public record Cube(double x, double y, double z, int color, int group, int mark) {

        public Cube(double x, double y, double z, int color, int group) {
            this(x, y, z, color, group, 0);
        }
    }

    /**
     * A projected face: polygon in projection units, fill colour, which face (0 top, 1 +x, 2 +y), and for each
     * of its four edges (corner k to k+1) how to draw it: {@link #NONE} inside a flat side of one piece,
     * {@link #CREASE} where two visible sides of one piece meet, {@link #OUTLINE} where the piece meets
     * another piece or the air.
     */
    public record Face(double[] xs, double[] ys, int color, int face, int[] edges, int mark) {
    }

    public static final int NONE = 0;
    public static final int CREASE = 1;
    public static final int OUTLINE = 2;

    /** For each face: its outward normal, and for each edge the in-plane direction away from the face. */
    private static final int[][] NORMAL = {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}};
    private static final int[][][] ACROSS = {
        {{0, -1, 0}, {1, 0, 0}, {0, 1, 0}, {-1, 0, 0}},
        {{0, 0, -1}, {0, 1, 0}, {0, 0, 1}, {0, -1, 0}},
        {{0, 0, -1}, {1, 0, 0}, {0, 0, 1}, {-1, 0, 0}},
    };

    private Isometric() {
    }

    /** The projection of a point: {@code {(x - y) cos 30°, (x + y) / 2 - z}} (screen y grows downwards). */
    public static double[] project(double x, double y, double z) {
        return new double[] {(x - y) * C, (x + y) * S - z};
    }

    /** Visible, shaded faces of the cubes, in painting order. */
    public static List<Face> faces(List<Cube> cubes) {
        Set<String> occupied = new HashSet<>();
        for (Cube c : cubes) {
            occupied.add(key(c.group(), c.x(), c.y(), c.z()));
        }
        List<Cube> order = new ArrayList<>(cubes);
        order.sort(Comparator.comparingDouble((Cube c) -> c.x() + c.y() + c.z()).thenComparingDouble(Cube::z));
        List<Face> out = new ArrayList<>();
        for (Cube c : order) {
            double x = c.x();
            double y = c.y();
            double z = c.z();
            if (!occupied.contains(key(c.group(), x, y, z + 1))) {
                out.add(face(c, 0, new double[][] {{x, y, z + 1}, {x + 1, y, z + 1}, {x + 1, y + 1, z + 1}, {x, y + 1, z + 1}},
                        occupied));
            }
            if (!occupied.contains(key(c.group(), x + 1, y, z))) {
                out.add(face(c, 1, new double[][] {{x + 1, y, z}, {x + 1, y + 1, z}, {x + 1, y + 1, z + 1}, {x + 1, y, z + 1}},
                        occupied));
            }
            if (!occupied.contains(key(c.group(), x, y + 1, z))) {
                out.add(face(c, 2, new double[][] {{x, y + 1, z}, {x + 1, y + 1, z}, {x + 1, y + 1, z + 1}, {x, y + 1, z + 1}},
                        occupied));
            }
        }
        return out;
    }

    private static Face face(Cube c, int which, double[][] corners, Set<String> occupied) {
        int[] n = NORMAL[which];
        int[] edges = new int[4];
        for (int k = 0; k < 4; k++) {
            int[] d = ACROSS[which][k];
            boolean beside = occupied.contains(key(c.group(), c.x() + d[0], c.y() + d[1], c.z() + d[2]));
            boolean aboveBeside = occupied.contains(key(c.group(), c.x() + d[0] + n[0], c.y() + d[1] + n[1], c.z() + d[2] + n[2]));
            if (beside && !aboveBeside) {
                edges[k] = NONE; // the same flat side goes on
            } else if (aboveBeside) {
                edges[k] = CREASE; // a fold into the piece
            } else {
                // a fold over this cube's own side towards d: visible (and the same piece) when it faces us
                edges[k] = d[0] + d[1] + d[2] > 0 ? CREASE : OUTLINE;
            }
        }
        double[] xs = new double[4];
        double[] ys = new double[4];
        for (int i = 0; i < 4; i++) {
            double[] p = project(corners[i][0], corners[i][1], corners[i][2]);
            xs[i] = p[0];
            ys[i] = p[1];
        }
        return new Face(xs, ys, Palette.shade(c.color(), which), which, edges, c.mark());
    }

    private static String key(int group, double x, double y, double z) {
        return group + ":" + Math.round(x * 1000) + ":" + Math.round(y * 1000) + ":" + Math.round(z * 1000);
    }

    /** Bounds {minX, minY, maxX, maxY} of the faces in projection units. */
    static double[] bounds(List<Face> faces) {
        double[] b = {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (Face f : faces) {
            for (int i = 0; i < f.xs().length; i++) {
                b[0] = Math.min(b[0], f.xs()[i]);
                b[1] = Math.min(b[1], f.ys()[i]);
                b[2] = Math.max(b[2], f.xs()[i]);
                b[3] = Math.max(b[3], f.ys()[i]);
            }
        }
        return b;
    }
}
