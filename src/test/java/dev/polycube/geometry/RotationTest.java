package dev.polycube.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RotationTest {

    private static final Point PROBE = new Point(1, 2, 3);

    @Test
    void thereAre24ProperRotationsAnd48SymmetriesInAll() {
        assertEquals(24, Rotation.proper().size());
        assertEquals(48, Rotation.all().size());
        assertTrue(Rotation.proper().stream().allMatch(Rotation::isProper));
        assertEquals(24, Rotation.all().stream().filter(r -> !r.isProper()).count());
    }

    @Test
    void rotationsAreDistinctOnAnAsymmetricPoint() {
        Set<Point> images = new HashSet<>();
        for (Rotation r : Rotation.all()) {
            images.add(r.apply(PROBE));
        }
        assertEquals(48, images.size());
    }

    @Test
    void properRotationsAreClosedUnderComposition() {
        Set<Point> properImages = new HashSet<>();
        for (Rotation r : Rotation.proper()) {
            properImages.add(r.apply(PROBE));
        }
        for (Rotation a : Rotation.proper()) {
            for (Rotation b : Rotation.proper()) {
                assertTrue(properImages.contains(a.apply(b.apply(PROBE))), a + " after " + b);
            }
        }
    }

    @Test
    void identityComesFirst() {
        assertEquals(PROBE, Rotation.identity().apply(PROBE));
        assertEquals(Rotation.identity(), Rotation.proper().get(0));
        assertEquals(List.of(Rotation.all().get(0)), List.of(Rotation.identity()));
    }
}
