package dev.polycube.geometry;

/** A unit cube's integer coordinates. Ordered by z, then y, then x: the catalog's cell order. */
public record Point(int x, int y, int z) implements Comparable<Point> {

    /** (0,0,0). */
    public static final Point ORIGIN = new Point(0, 0, 0);

    /** The componentwise minimum of a non-empty collection: the corner a shape is translated to the origin by. */
    public static Point min(java.util.Collection<Point> points) {
        return fold(points, Integer.MAX_VALUE, -1);
    }

    /** The componentwise maximum of a non-empty collection. */
    public static Point max(java.util.Collection<Point> points) {
        return fold(points, Integer.MIN_VALUE, 1);
    }

    private static Point fold(java.util.Collection<Point> points, int start, int sign) {
        int x = start;
        int y = start;
        int z = start;
        for (Point p : points) {
            x = sign * Math.max(sign * x, sign * p.x());
            y = sign * Math.max(sign * y, sign * p.y());
            z = sign * Math.max(sign * z, sign * p.z());
        }
        return new Point(x, y, z);
    }

    public Point plus(Point o) {
        return new Point(x + o.x, y + o.y, z + o.z);
    }

    public Point minus(Point o) {
        return new Point(x - o.x, y - o.y, z - o.z);
    }

    @Override
    public int compareTo(Point o) {
        if (z != o.z) {
            return Integer.compare(z, o.z);
        }
        if (y != o.y) {
            return Integer.compare(y, o.y);
        }
        return Integer.compare(x, o.x);
    }

    /**
     * Written out, with the value a record's generated method gives ({@code (31 x + y) 31 + z}, so every hash order
     * stays as it was): the generated one is bootstrapped through method handles on its first call, and a point is
     * the first record a run hashes, which put about 0.05 s of that in every command's start.
     */
    @Override
    public int hashCode() {
        return (x * 31 + y) * 31 + z;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point p && p.x == x && p.y == y && p.z == z;
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + "," + z + ")";
    }
}
