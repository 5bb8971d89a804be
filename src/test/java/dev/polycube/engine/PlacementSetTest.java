package dev.polycube.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PlacementSetTest {

    /**
     * Kurowski (seed 001) printed, for his numbering 0..12: pieces 0,3,5,6,7,9,11 have 24 orientations,
     * 1 has 3, and 2,4,8,10 have 12 (piece 12, the 4-cube, the remaining 12). Our pieces carry his number in
     * the kurowski= tag, so this checks both the geometry and the name matching.
     */
    @Test
    void bedlamOrientationsMatchKurowskisTable() {
        Map<String, Integer> kurowski = Map.ofEntries(
                Map.entry("0", 24), Map.entry("1", 3), Map.entry("2", 12), Map.entry("3", 24), Map.entry("4", 12),
                Map.entry("5", 24), Map.entry("6", 24), Map.entry("7", 24), Map.entry("8", 12), Map.entry("9", 24),
                Map.entry("A", 12), Map.entry("B", 24), Map.entry("C", 12));
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        PlacementSet set = PlacementSet.of(bedlam);
        Map<String, Integer> ours = new TreeMap<>();
        int total = 0;
        for (int i = 0; i < bedlam.pieces().size(); i++) {
            Piece p = bedlam.pieces().get(i);
            ours.put(p.tags().get("kurowski"), set.orientations(i));
            total += set.orientations(i);
        }
        assertEquals(new TreeMap<>(kurowski), ours);
        assertEquals(231, total, "7 x 24 + 5 x 12 + 1 x 3 (issue 2, from Kurowski's figures)");
    }

    /** Issue 2: 4,188 placements of the 13 Bedlam pieces in the 4x4x4 box (seed 000's 6,672 included mirrors). */
    @Test
    void bedlamHas4188Placements() {
        assertEquals(4188, PlacementSet.of(TestPuzzles.builtIn("bedlam")).size());
    }

    /** Seed 000 lists 48 placements for the Cross (K); mirror images do not add any for a flat symmetric piece. */
    @Test
    void theCrossHas48Placements() {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        PlacementSet set = PlacementSet.of(bedlam);
        int k = bedlam.pieces().indexOf(bedlam.pieceByLabel('K'));
        assertEquals(48, set.placements(k));
    }

    @Test
    void findLocatesAPlacementByItsCells() {
        PlacementSet set = PlacementSet.of(TestPuzzles.builtIn("soma"));
        PlacementSet.Placement p = set.all().get(17);
        int[] cells = p.cells();
        int[] reversed = new int[cells.length];
        for (int i = 0; i < cells.length; i++) {
            reversed[i] = cells[cells.length - 1 - i];
        }
        assertEquals(17, set.find(p.piece(), reversed));
        assertEquals(-1, set.find(p.piece(), new int[] {0, 1, 2, 26}));
    }
}
