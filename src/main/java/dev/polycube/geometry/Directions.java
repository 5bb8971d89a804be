package dev.polycube.geometry;

import java.util.List;

/** The six face-neighbour offsets. */
public final class Directions {

    public static final List<Point> FACE_NEIGHBOURS = List.of(
            new Point(1, 0, 0), new Point(-1, 0, 0),
            new Point(0, 1, 0), new Point(0, -1, 0),
            new Point(0, 0, 1), new Point(0, 0, -1));

    private Directions() {
    }
}
