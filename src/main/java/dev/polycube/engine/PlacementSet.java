package dev.polycube.engine;

import dev.polycube.geometry.Rotation;
import dev.polycube.puzzle.Colours;

import dev.polycube.geometry.Point;
import dev.polycube.geometry.Shape;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every way each piece type fits in the target: its distinct orientations (proper rotations, plus mirror
 * images where the puzzle allows them) at every translation that keeps all cells inside the target.
 * Board-independent (cells are box indices), so it serves boards of every width and the CLI's
 * {@code info}. Order is deterministic: piece, orientation, then translation in (z, y, x) order.
 */
public final class PlacementSet {

    /** One placement: piece type, orientation number, and the covered box indices (ascending). */
    public record Placement(int piece, int orientation, int[] cells) {
    }

    private final List<Placement> placements;
    private final int[] orientationCounts;
    private final int[] placementCounts;
    private final Map<String, Integer> byCells;

    private PlacementSet(List<Placement> placements, int[] orientationCounts, int[] placementCounts) {
        this.placements = Collections.unmodifiableList(placements);
        this.orientationCounts = orientationCounts;
        this.placementCounts = placementCounts;
        this.byCells = new HashMap<>();
        for (int i = 0; i < placements.size(); i++) {
            byCells.put(key(placements.get(i).piece(), placements.get(i).cells()), i);
        }
    }

    public static PlacementSet of(Puzzle puzzle) {
        Target t = puzzle.target();
        List<Piece> pieces = puzzle.pieces();
        List<Placement> out = new ArrayList<>();
        int[] orientations = new int[pieces.size()];
        int[] counts = new int[pieces.size()];
        Colours colours = puzzle.colours();
        java.util.Set<String> distinct = new java.util.HashSet<>();
        for (int p = 0; p < pieces.size(); p++) {
            List<Map<Point, Integer>> coloured = colours == null ? null : colouredOrientations(puzzle, p);
            List<Shape> shapes = coloured == null ? pieces.get(p).shape().orientations(puzzle.turns())
                    : coloured.stream().map(m -> Shape.of(m.keySet())).toList();
            orientations[p] = shapes.size();
            for (int o = 0; o < shapes.size(); o++) {
                Shape s = shapes.get(o);
                Point e = s.extent();
                for (int z = 0; z + e.z() <= t.sizeZ(); z++) {
                    for (int y = 0; y + e.y() <= t.sizeY(); y++) {
                        for (int x = 0; x + e.x() <= t.sizeX(); x++) {
                            int[] cells = fit(t, s, new Point(x, y, z));
                            if (cells != null && coloured != null && (!coloursFit(t, colours, coloured.get(o), new Point(x, y, z))
                                    || !distinct.add(key(p, cells)))) {
                                // colours that do not fit; or the same cells as a turn already placed, which a
                                // catalog line could not tell apart (a shape symmetric but for its colours)
                                cells = null;
                            }
                            if (cells != null) {
                                out.add(new Placement(p, o, cells));
                                counts[p]++;
                            }
                        }
                    }
                }
            }
        }
        return new PlacementSet(out, orientations, counts);
    }

    /**
     * The distinct orientations of a coloured piece, each as cell → colour (translated to the origin): two
     * turns that give the same cells with different colours are different orientations.
     */
    private static List<Map<Point, Integer>> colouredOrientations(Puzzle puzzle, int type) {
        Colours colours = puzzle.colours();
        List<Point> cells = puzzle.pieces().get(type).shape().cells();
        Map<String, Map<Point, Integer>> seen = new java.util.LinkedHashMap<>();
        for (Rotation r : puzzle.turns()) {
            Map<Point, Integer> m = colours.turned(type, cells, r, false);
            seen.putIfAbsent(m.toString(), m);
        }
        return List.copyOf(seen.values());
    }

    /** True when every cell of the coloured orientation at {@code offset} may sit on its target cell. */
    private static boolean coloursFit(Target t, Colours colours, Map<Point, Integer> orientation, Point offset) {
        for (Map.Entry<Point, Integer> e : orientation.entrySet()) {
            if (!colours.fits(e.getValue(), colours.targetColour(t.index(e.getKey().plus(offset))))) {
                return false;
            }
        }
        return true;
    }

    private static int[] fit(Target t, Shape s, Point offset) {
        List<Point> cells = s.cells();
        int[] out = new int[cells.size()];
        for (int i = 0; i < out.length; i++) {
            Point q = cells.get(i).plus(offset);
            if (!t.contains(q)) {
                return null;
            }
            out[i] = t.index(q);
        }
        Arrays.sort(out);
        return out;
    }

    private static String key(int piece, int[] sortedCells) {
        return piece + ":" + Arrays.toString(sortedCells);
    }

    public List<Placement> all() {
        return placements;
    }

    public int size() {
        return placements.size();
    }

    /** Distinct orientations of piece type {@code piece}. */
    public int orientations(int piece) {
        return orientationCounts[piece];
    }

    /** Placements of piece type {@code piece} in the target. */
    public int placements(int piece) {
        return placementCounts[piece];
    }

    /** The index of the placement of {@code piece} on exactly these cells (any order), or -1. */
    public int find(int piece, int[] cells) {
        int[] sorted = cells.clone();
        Arrays.sort(sorted);
        return byCells.getOrDefault(key(piece, sorted), -1);
    }

    /**
     * The placement that symmetry {@code g} of the target carries placement {@code q} onto: its cells mapped by
     * g, its piece type by g's piece map (a mirror swaps a chiral piece for its partner).
     */
    public int image(int q, dev.polycube.symmetry.SymmetryGroup.Element g) {
        Placement p = placements.get(q);
        int[] cells = new int[p.cells().length];
        for (int k = 0; k < cells.length; k++) {
            cells[k] = g.cellMap()[p.cells()[k]];
        }
        int j = find(g.pieceMap()[p.piece()], cells);
        if (j < 0) {
            throw new IllegalStateException("the image of placement " + q + " under " + g.rotation()
                    + " is not a placement: the group does not map the target onto itself");
        }
        return j;
    }
}
