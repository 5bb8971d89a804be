package dev.polycube.puzzle;

import dev.polycube.geometry.Point;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;

/**
 * The shape to fill: a set of cells inside its (tight) bounding box {@code sx × sy × sz}. Cell (x,y,z) has
 * box index {@code x + sx*(y + sy*z)}, the index a catalog line uses. Not limited to 64 cells; the engine
 * decides which board representation fits.
 */
public final class Target {

    private final int sx;
    private final int sy;
    private final int sz;
    private final BitSet cells;
    /** Cells of the target that a solution may leave empty (a subset of {@code cells}). */
    private final BitSet optional;

    private Target(int sx, int sy, int sz, BitSet cells, BitSet optional) {
        this.sx = sx;
        this.sy = sy;
        this.sz = sz;
        this.cells = cells;
        this.optional = optional;
    }

    /** A full box. */
    public static Target box(int sx, int sy, int sz) {
        List<Point> pts = new ArrayList<>();
        for (int z = 0; z < sz; z++) {
            for (int y = 0; y < sy; y++) {
                for (int x = 0; x < sx; x++) {
                    pts.add(new Point(x, y, z));
                }
            }
        }
        return of(pts);
    }

    /** Any non-empty set of cells; translated so that each axis minimum is 0. */
    public static Target of(Collection<Point> points) {
        return of(points, List.of());
    }

    /**
     * Cells that must be filled and cells that may stay empty (both translated together so that each axis
     * minimum is 0).
     */
    public static Target of(Collection<Point> required, Collection<Point> mayStayEmpty) {
        List<Point> points = new ArrayList<>(required);
        points.addAll(mayStayEmpty);
        if (points.isEmpty()) {
            throw new IllegalArgumentException("the target has no cells");
        }
        Point min = Point.min(points);
        int minX = min.x();
        int minY = min.y();
        int minZ = min.z();
        Point max = Point.max(points);
        int maxX = max.x();
        int maxY = max.y();
        int maxZ = max.z();
        int sx = maxX - minX + 1;
        int sy = maxY - minY + 1;
        int sz = maxZ - minZ + 1;
        BitSet bits = new BitSet(sx * sy * sz);
        BitSet opt = new BitSet(sx * sy * sz);
        for (Point p : points) {
            bits.set((p.x() - minX) + sx * ((p.y() - minY) + sy * (p.z() - minZ)));
        }
        for (Point p : mayStayEmpty) {
            opt.set((p.x() - minX) + sx * ((p.y() - minY) + sy * (p.z() - minZ)));
        }
        return new Target(sx, sy, sz, bits, opt);
    }

    public int sizeX() {
        return sx;
    }

    public int sizeY() {
        return sy;
    }

    public int sizeZ() {
        return sz;
    }

    /** Cells of the bounding box, inside the target or not: the length of a catalog line. */
    public int boxVolume() {
        return sx * sy * sz;
    }

    /** Cells of the target (including those that may stay empty). */
    public int volume() {
        return cells.cardinality();
    }

    /** Cells a solution must fill. */
    public int requiredVolume() {
        return volume() - optionalCount();
    }

    /** Cells a solution may leave empty. */
    public int optionalCount() {
        return optional.cardinality();
    }

    public boolean isOptional(int boxIndex) {
        return optional.get(boxIndex);
    }

    public boolean isFullBox() {
        return volume() == boxVolume();
    }

    public boolean contains(Point p) {
        return inBox(p) && cells.get(index(p));
    }

    public boolean containsIndex(int boxIndex) {
        return cells.get(boxIndex);
    }

    public boolean inBox(Point p) {
        return p.x() >= 0 && p.y() >= 0 && p.z() >= 0 && p.x() < sx && p.y() < sy && p.z() < sz;
    }

    public int index(Point p) {
        return p.x() + sx * (p.y() + sy * p.z());
    }

    public Point point(int boxIndex) {
        return new Point(boxIndex % sx, (boxIndex / sx) % sy, boxIndex / (sx * sy));
    }

    /** The target's cells in box-index order. */
    public List<Point> cells() {
        List<Point> out = new ArrayList<>(volume());
        for (int i = cells.nextSetBit(0); i >= 0; i = cells.nextSetBit(i + 1)) {
            out.add(point(i));
        }
        return out;
    }

    /** "4x4x4", or "4x5x2 (40 of 40 cells)" style when the target is not the full box. */
    public String describe() {
        String dims = sx + "x" + sy + "x" + sz;
        String opt = optionalCount() == 0 ? "" : " (" + optionalCount() + " may stay empty)";
        return (isFullBox() ? dims : dims + " box, " + volume() + " of " + boxVolume() + " cells") + opt;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Target t && t.sx == sx && t.sy == sy && t.sz == sz && t.cells.equals(cells)
                && t.optional.equals(optional);
    }

    @Override
    public int hashCode() {
        return cells.hashCode() * 31 + sx * 961 + sy * 31 + sz;
    }
}
