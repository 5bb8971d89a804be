package dev.polycube.render;

import dev.polycube.geometry.Point;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Triangle meshes of pieces for 3-D printing, written as binary STL. A piece is the union of its unit
 * cubes: each cube face that does not touch another cube of the same piece becomes two triangles, wound
 * counter-clockwise seen from outside (outward normals), so the surface is closed and consistently
 * oriented. Several pieces go into one file side by side ({@link #layOut}) or in place (a solution).
 */
public final class Mesh {

    /** One solid: a name for the STL header and its triangles, nine floats each (three corners). */
    public record Solid(String name, List<float[]> triangles) {
    }

    /** Face directions: outward normal, then two edge vectors spanning the face from its low corner. */
    private static final int[][][] FACES = {
        {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
        {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
        {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, -1}, {0, 1, 0}, {1, 0, 0}},
    };

    private Mesh() {
    }

    /**
     * The closed surface of {@code cells} scaled by {@code cell} (millimetres per cube), shifted by
     * {@code offset} (in cells).
     */
    public static Solid solid(String name, List<Point> cells, double cell, double[] offset) {
        Set<Point> in = new HashSet<>(cells);
        List<float[]> tris = new ArrayList<>();
        for (Point p : cells) {
            for (int[][] f : FACES) {
                int[] n = f[0];
                if (in.contains(new Point(p.x() + n[0], p.y() + n[1], p.z() + n[2]))) {
                    continue;
                }
                // the face's low corner: on the +side for a positive normal
                double[] o = {p.x() + Math.max(0, n[0]), p.y() + Math.max(0, n[1]), p.z() + Math.max(0, n[2])};
                int[] u = f[1];
                int[] v = f[2];
                double[][] q = new double[4][];
                q[0] = o;
                q[1] = add(o, u, 1, v, 0);
                q[2] = add(o, u, 1, v, 1);
                q[3] = add(o, u, 0, v, 1);
                tris.add(triangle(q[0], q[1], q[2], cell, offset));
                tris.add(triangle(q[0], q[2], q[3], cell, offset));
            }
        }
        return new Solid(name, tris);
    }

    private static double[] add(double[] o, int[] u, int a, int[] v, int b) {
        return new double[] {o[0] + a * u[0] + b * v[0], o[1] + a * u[1] + b * v[1], o[2] + a * u[2] + b * v[2]};
    }

    private static float[] triangle(double[] a, double[] b, double[] c, double cell, double[] offset) {
        float[] t = new float[9];
        double[][] corners = {a, b, c};
        for (int k = 0; k < 3; k++) {
            for (int d = 0; d < 3; d++) {
                t[3 * k + d] = (float) ((corners[k][d] + offset[d]) * cell);
            }
        }
        return t;
    }

    /** Offsets that put pieces side by side in rows on the build plate, {@code gap} cells apart. */
    public static List<double[]> layOut(List<List<Point>> pieces, double gap) {
        List<double[]> out = new ArrayList<>();
        int perRow = (int) Math.ceil(Math.sqrt(pieces.size()));
        double x = 0;
        double y = 0;
        double rowDepth = 0;
        for (int i = 0; i < pieces.size(); i++) {
            if (i > 0 && i % perRow == 0) {
                x = 0;
                y += rowDepth + gap;
                rowDepth = 0;
            }
            int[] min = {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE};
            int[] max = {Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE};
            for (Point p : pieces.get(i)) {
                min[0] = Math.min(min[0], p.x());
                min[1] = Math.min(min[1], p.y());
                min[2] = Math.min(min[2], p.z());
                max[0] = Math.max(max[0], p.x());
                max[1] = Math.max(max[1], p.y());
                max[2] = Math.max(max[2], p.z());
            }
            out.add(new double[] {x - min[0], y - min[1], -min[2]});
            x += max[0] - min[0] + 1 + gap;
            rowDepth = Math.max(rowDepth, max[1] - min[1] + 1);
        }
        return out;
    }

    /** Binary STL: an 80-byte header, the triangle count, then per triangle a normal, three corners, 0. */
    public static void writeStl(OutputStream out, String header, List<Solid> solids) throws IOException {
        int count = 0;
        for (Solid s : solids) {
            count += s.triangles().size();
        }
        ByteBuffer b = ByteBuffer.allocate(84 + 50 * count).order(ByteOrder.LITTLE_ENDIAN);
        byte[] h = new byte[80];
        byte[] text = header.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, h, 0, Math.min(80, text.length));
        b.put(h).putInt(count);
        for (Solid s : solids) {
            for (float[] t : s.triangles()) {
                float[] n = normal(t);
                b.putFloat(n[0]).putFloat(n[1]).putFloat(n[2]);
                for (float v : t) {
                    b.putFloat(v);
                }
                b.putShort((short) 0);
            }
        }
        out.write(b.array());
    }

    static float[] normal(float[] t) {
        double ux = t[3] - t[0];
        double uy = t[4] - t[1];
        double uz = t[5] - t[2];
        double vx = t[6] - t[0];
        double vy = t[7] - t[1];
        double vz = t[8] - t[2];
        double nx = uy * vz - uz * vy;
        double ny = uz * vx - ux * vz;
        double nz = ux * vy - uy * vx;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return new float[] {(float) (nx / len), (float) (ny / len), (float) (nz / len)};
    }
}
