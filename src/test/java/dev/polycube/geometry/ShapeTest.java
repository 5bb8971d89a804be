package dev.polycube.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ShapeTest {

    static Shape shape(String cells) {
        List<Point> pts = new ArrayList<>();
        for (String c : cells.trim().split("\\s+")) {
            String[] v = c.replaceAll("[()]", "").split(",");
            pts.add(new Point(Integer.parseInt(v[0]), Integer.parseInt(v[1]), Integer.parseInt(v[2])));
        }
        return Shape.of(pts);
    }

    /** Seed 002 (Melaerts & Khemar), section 2.1 and its tetracubes.lp listing: orientations per tetracube. */
    @ParameterizedTest(name = "{0} has {2} orientations")
    @CsvSource(delimiter = ';', value = {
        "I;(0,0,0) (1,0,0) (2,0,0) (3,0,0);3",
        "L;(0,0,0) (0,0,1) (0,0,2) (0,1,0);24",
        "N;(0,0,0) (0,0,1) (0,1,1) (0,1,2);12",
        "O;(0,0,0) (0,0,1) (0,1,0) (0,1,1);3",
        "T;(0,0,0) (0,0,1) (0,0,2) (0,1,1);12",
        "Z;(0,0,0) (0,0,1) (0,1,0) (1,1,0);12",
        "Pyramid;(0,0,0) (0,0,1) (0,1,0) (1,0,0);8"})
    void tetracubeOrientationCountsMatchSeed002(String name, String cells, int expected) {
        assertEquals(expected, shape(cells).orientations(false).size());
    }

    @Test
    void orientationsStartWithTheShapeItselfAndAreNormalized() {
        Shape s = shape("(0,0,0) (1,0,0) (1,1,0) (1,1,1)");
        List<Shape> o = s.orientations(false);
        assertEquals(s, o.get(0));
        for (Shape x : o) {
            assertEquals(0, x.cells().stream().mapToInt(Point::x).min().orElseThrow());
            assertEquals(0, x.cells().stream().mapToInt(Point::y).min().orElseThrow());
            assertEquals(0, x.cells().stream().mapToInt(Point::z).min().orElseThrow());
        }
    }

    @Test
    void chiralScrewPairAreMirrorImagesButNotRotations() {
        Shape a = shape("(0,0,0) (0,1,0) (1,0,0) (1,0,1)");
        Shape b = shape("(0,0,1) (0,1,1) (1,0,1) (1,0,0)");
        assertNotEquals(a.canonical(), b.canonical());
        assertEquals(a.mirror().canonical(), b.canonical());
        assertFalse(a.isAchiral());
        assertTrue(shape("(0,0,0) (1,0,0) (2,0,0)").isAchiral());
        assertEquals(24, a.orientations(true).size(), "with mirrors the screw has both hands' 12 orientations");
    }

    @Test
    void connectivityAndDuplicates() {
        assertFalse(shape("(0,0,0) (1,1,0)").isConnected());
        assertTrue(shape("(0,0,0) (0,0,1)").isConnected());
        assertThrows(IllegalArgumentException.class, () -> Shape.of(List.of(new Point(0, 0, 0), new Point(0, 0, 0))));
    }
}
