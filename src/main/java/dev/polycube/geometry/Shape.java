package dev.polycube.geometry;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A finite set of unit cubes translated so that each axis minimum is 0, cells sorted (z, y, x).
 * Immutable; equal when the cell sets are equal, so two orientations compare by their cells.
 */
public final class Shape implements Comparable<Shape> {

    private final Point[] cells;

    private Shape(Point[] sortedNormalized) {
        this.cells = sortedNormalized;
    }

    /** Normalizes (translates to the origin, sorts, drops nothing) the given cells. */
    public static Shape of(Collection<Point> points) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a shape needs at least one cell");
        }
        Point min = Point.min(points);
        Point[] out = new Point[points.size()];
        int i = 0;
        for (Point p : points) {
            out[i++] = p.minus(min);
        }
        Arrays.sort(out);
        for (int k = 1; k < out.length; k++) {
            if (out[k].equals(out[k - 1])) { // sorted: a cell listed twice sits next to itself
                throw new IllegalArgumentException("a shape lists a cell twice: " + points);
            }
        }
        return new Shape(out);
    }

    public int size() {
        return cells.length;
    }

    public List<Point> cells() {
        return List.of(cells);
    }

    /** Extent along each axis (max + 1). */
    public Point extent() {
        int x = 0;
        int y = 0;
        int z = 0;
        for (Point p : cells) {
            x = Math.max(x, p.x());
            y = Math.max(y, p.y());
            z = Math.max(z, p.z());
        }
        return new Point(x + 1, y + 1, z + 1);
    }

    public Shape transform(Rotation r) {
        List<Point> out = new ArrayList<>(cells.length);
        for (Point p : cells) {
            out.add(r.apply(p));
        }
        return of(out);
    }

    /** The mirror image (x negated). */
    public Shape mirror() {
        List<Point> out = new ArrayList<>(cells.length);
        for (Point p : cells) {
            out.add(new Point(-p.x(), p.y(), p.z()));
        }
        return of(out);
    }

    /**
     * The distinct orientations of this shape, in the order of {@link Rotation#proper()} (then the
     * improper ones when {@code withMirrors}); the first is this shape itself.
     */
    public List<Shape> orientations(boolean withMirrors) {
        return orientations(withMirrors ? Rotation.all() : Rotation.proper());
    }

    /** The distinct orientations of this shape under {@code turns}, in their order; the first turn should be the identity. */
    public List<Shape> orientations(List<Rotation> turns) {
        return orientationsUnder(turns).shapes();
    }

    /**
     * Which of {@link #orientations(List) orientations(turns)} {@code s} is, from 0, or -1 when none: a hash lookup, for
     * a writer that asks it per piece and entry (the JSON Lines catalog of a million packings).
     */
    public int orientationIndex(List<Rotation> turns, Shape s) {
        return orientationsUnder(turns).index().getOrDefault(s, -1);
    }

    private Orientations orientationsUnder(List<Rotation> turns) {
        Orientations last = lastOrientations;
        if (last != null && last.turns() == turns) {
            return last;
        }
        Set<Shape> seen = new LinkedHashSet<>();
        for (Rotation r : turns) {
            seen.add(transform(r));
        }
        List<Shape> out = List.copyOf(seen);
        java.util.Map<Shape, Integer> index = new java.util.HashMap<>();
        for (int i = 0; i < out.size(); i++) {
            index.put(out.get(i), i);
        }
        last = new Orientations(turns, out, java.util.Map.copyOf(index));
        lastOrientations = last;
        return last;
    }

    /** The orientations last asked for, under which turns (the same list object), and each one's place among them. */
    private record Orientations(List<Rotation> turns, List<Shape> shapes, java.util.Map<Shape, Integer> index) {
    }

    private volatile Orientations lastOrientations;

    /** The smallest orientation under proper rotations: equal for two shapes iff one rotates into the other. */
    public Shape canonical() {
        return canonical(Rotation.proper());
    }

    /** The smallest orientation under {@code turns}: equal for two shapes iff one turns into the other by them. */
    public Shape canonical(List<Rotation> turns) {
        Shape best = null;
        for (Shape s : orientations(turns)) {
            if (best == null || s.compareTo(best) < 0) {
                best = s;
            }
        }
        return best;
    }

    /** True when the shape is its own mirror image up to rotation. */
    public boolean isAchiral() {
        return mirror().canonical().equals(canonical());
    }

    /** Face-connectedness. */
    public boolean isConnected() {
        Set<Point> all = new HashSet<>(Arrays.asList(cells));
        Set<Point> seen = new HashSet<>();
        Deque<Point> todo = new ArrayDeque<>();
        todo.add(cells[0]);
        seen.add(cells[0]);
        while (!todo.isEmpty()) {
            Point p = todo.poll();
            for (Point d : Directions.FACE_NEIGHBOURS) {
                Point q = p.plus(d);
                if (all.contains(q) && seen.add(q)) {
                    todo.add(q);
                }
            }
        }
        return seen.size() == cells.length;
    }

    @Override
    public int compareTo(Shape o) {
        int n = Math.min(cells.length, o.cells.length);
        for (int i = 0; i < n; i++) {
            int c = cells[i].compareTo(o.cells[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(cells.length, o.cells.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Shape s && Arrays.equals(cells, s.cells);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(cells);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Point p : cells) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(p);
        }
        return sb.toString();
    }
}
