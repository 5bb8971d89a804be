package dev.polycube.disassembly;

import dev.polycube.catalog.Packing;
import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import java.util.ArrayList;
import java.util.List;

/**
 * A packing as the disassembler takes it: the placed copies ordered as BurrTools orders an assembly's
 * pieces (by piece, in the puzzle's order; copies of one piece by placement, as BurrTools sorts them:
 * {@link Frames#burrToolsPlacement}), then the puzzle's container, if it has one, as the heaviest piece, so that it
 * never moves. Which copy of a piece comes first can decide which of two separations the disassembler meets first.
 *
 * @param assembly the cells and weights
 * @param copies   for each piece of the assembly, the packing's copy number (-1 for the container)
 */
public record Assemblies(Disassembler.Assembly assembly, int[] copies) {

    /** Weight of a piece without a {@code weight=} attribute (BurrTools' default). */
    public static final int DEFAULT_WEIGHT = 1;

    /** The weight of a puzzle's container: heavier than any piece, so the pieces move, never the box. */
    public static final int CONTAINER_WEIGHT = Integer.MAX_VALUE;

    public static Assemblies of(Frames frames, Packing packing) {
        Puzzle puzzle = frames.puzzle();
        List<int[]> cells = new ArrayList<>();
        List<Integer> weights = new ArrayList<>();
        List<Integer> copies = new ArrayList<>();
        List<Integer> glue = new ArrayList<>();
        java.util.Map<String, Integer> glueIds = new java.util.HashMap<>();
        List<List<Point>> copyCells = packing.cellsByCopy(puzzle.target());
        for (int type = 0; type < puzzle.pieces().size(); type++) {
            Piece piece = puzzle.pieces().get(type);
            for (Frames.PlacedCopy placed : frames.placedCopies(packing, copyCells, type)) {
                int copy = placed.copy();
                cells.add(flat(copyCells.get(copy)));
                weights.add(weight(piece));
                copies.add(copy);
                String g = piece.tags().get("glued");
                glue.add(g == null ? 0 : glueIds.computeIfAbsent(g, k -> glueIds.size() + 1));
            }
        }
        List<Point> walls = puzzle.containerCells();
        if (!walls.isEmpty()) {
            cells.add(flat(walls));
            weights.add(CONTAINER_WEIGHT);
            copies.add(-1);
            glue.add(0);
        }
        int[] w = new int[weights.size()];
        int[] c = new int[copies.size()];
        int[] g = new int[glue.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = weights.get(i);
            c[i] = copies.get(i);
            g[i] = glue.get(i);
        }
        return new Assemblies(new Disassembler.Assembly(cells.toArray(new int[0][]), w, g), c);
    }

    /** A piece's {@code weight=} attribute (BurrTools' shape weight), else {@link #DEFAULT_WEIGHT}. */
    public static int weight(Piece piece) {
        String w = piece.tags().get("weight");
        return w == null ? DEFAULT_WEIGHT : Integer.parseInt(w);
    }

    private static int[] flat(List<Point> points) {
        int[] out = new int[3 * points.size()];
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            out[3 * i] = p.x();
            out[3 * i + 1] = p.y();
            out[3 * i + 2] = p.z();
        }
        return out;
    }
}
