package dev.polycube.geometry;

/** A unit cube's integer coordinates. Ordered by z, then y, then x: the catalog's cell order. */
public record Point(int x, int y, int z) implements Comparable<Point> {

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

    @Override
    public String toString() {
        return "(" + x + "," + y + "," + z + ")";
    }
}
