package dev.polycube.catalog;

import dev.polycube.geometry.Point;
import dev.polycube.geometry.Rotation;
import dev.polycube.geometry.Shape;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Matches catalog entries to a puzzle: labels are matched to pieces by shape (never by name), the entry's
 * box is turned onto the puzzle's box, and a catalog drawn with the mirror-image piece set is mirrored back.
 * Thread-compatible, not thread-safe (it caches shapes).
 */
public final class Interpreter {

    /** A matched entry: its number in the file, the packing in the puzzle's frame, whether it had to be mirrored, and the labels used. */
    public record Match(int entry, Packing packing, boolean mirrored, Map<String, String> labelToPiece) {
    }

    private final Puzzle puzzle;
    private final Target target;
    /** Oriented shape → the piece types of that shape (several when distinct pieces look alike). */
    private final Map<Shape, List<Integer>> byShape = new HashMap<>();
    private final Map<Shape, List<Integer>> byMirror = new HashMap<>();

    public Interpreter(Puzzle puzzle) {
        this.puzzle = puzzle;
        this.target = puzzle.target();
        List<Piece> pieces = puzzle.pieces();
        for (int i = 0; i < pieces.size(); i++) {
            Shape s = pieces.get(i).shape();
            for (Shape o : s.orientations(puzzle.turns())) {
                byShape.computeIfAbsent(o, k -> new ArrayList<>()).add(i);
            }
            for (Shape o : s.mirror().orientations(puzzle.turns())) {
                byMirror.computeIfAbsent(o, k -> new ArrayList<>()).add(i);
            }
        }
    }

    public Puzzle puzzle() {
        return puzzle;
    }

    /**
     * Matches an entry drawn with either piece set, the real one tried first.
     *
     * @param file for messages
     * @throws CatalogException naming file, entry and line when the entry is not a packing of this puzzle
     */
    public Match match(RawSolution raw, String file) {
        return match(raw, file, null);
    }

    /** Matches an entry drawn with the mirror-image piece set when {@code mirrored}, else with the real one. */
    public Match matchHanded(RawSolution raw, String file, boolean mirrored) {
        return match(raw, file, mirrored);
    }

    private Match match(RawSolution raw, String file, Boolean hand) {
        Map<String, List<Point>> cells = new LinkedHashMap<>();
        for (int z = 0; z < raw.sz(); z++) {
            for (int y = 0; y < raw.sy(); y++) {
                for (int x = 0; x < raw.sx(); x++) {
                    String l = raw.label(x, y, z);
                    if (l != null) {
                        cells.computeIfAbsent(l, k -> new ArrayList<>()).add(new Point(x, y, z));
                    }
                }
            }
        }
        boolean mirrored = Boolean.TRUE.equals(hand);
        Map<String, Integer> assignment = assign(cells, mirrored ? byMirror : byShape);
        if (assignment == null && hand == null) {
            assignment = assign(cells, byMirror);
            mirrored = true;
        }
        if (assignment == null) {
            throw CatalogException.at(file, raw.line(), "entry " + raw.entry() + " is not a packing of " + puzzle.name()
                    + ": " + mismatch(cells));
        }
        Rotation r = boxRotation(raw);
        if (r == null) {
            throw CatalogException.at(file, raw.line(), "entry " + raw.entry() + " has a " + raw.sx() + "x" + raw.sy() + "x"
                    + raw.sz() + " box; " + puzzle.name() + " needs " + target.describe());
        }
        Point shift = Point.min(List.of(r.apply(new Point(0, 0, 0)), r.apply(new Point(raw.sx() - 1, raw.sy() - 1, raw.sz() - 1))));
        int[] cellCopy = new int[target.boxVolume()];
        java.util.Arrays.fill(cellCopy, -1);
        int[] copyPiece = new int[cells.size()];
        Map<String, String> names = new LinkedHashMap<>();
        int copy = 0;
        for (Map.Entry<String, List<Point>> e : cells.entrySet()) {
            copyPiece[copy] = assignment.get(e.getKey());
            names.put(e.getKey(), puzzle.pieces().get(copyPiece[copy]).name());
            for (Point p : e.getValue()) {
                Point q = mirrored ? new Point(raw.sx() - 1 - p.x(), p.y(), p.z()) : p;
                Point t = r.apply(q).minus(shift);
                if (!target.contains(t)) {
                    throw CatalogException.at(file, raw.line(), "entry " + raw.entry() + ": label " + e.getKey()
                            + " covers a cell outside the target of " + puzzle.name());
                }
                cellCopy[target.index(t)] = copy;
            }
            copy++;
        }
        for (int i = 0; i < cellCopy.length; i++) {
            if (target.containsIndex(i) && cellCopy[i] < 0 && !target.isOptional(i)) {
                throw CatalogException.at(file, raw.line(), "entry " + raw.entry() + " leaves cell " + target.point(i)
                        + " of the target empty");
            }
        }
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            if (!holds(f, cellCopy, copyPiece)) {
                throw CatalogException.at(file, raw.line(), "entry " + raw.entry() + " does not keep the fixed piece "
                        + puzzle.pieces().get(f.piece()).name() + " on " + f.cells());
            }
        }
        return new Match(raw.entry(), new Packing(cellCopy, copyPiece), mirrored, names);
    }

    /** True when one copy of the fixed piece's type covers exactly its cells. */
    private boolean holds(Puzzle.FixedPiece f, int[] cellCopy, int[] copyPiece) {
        int copy = cellCopy[target.index(f.cells().get(0))];
        if (copy < 0 || copyPiece[copy] != f.piece()) {
            return false;
        }
        int covered = 0;
        for (int c : cellCopy) {
            covered += c == copy ? 1 : 0;
        }
        for (Point p : f.cells()) {
            if (cellCopy[target.index(p)] != copy) {
                return false;
            }
        }
        return covered == f.cells().size();
    }

    /** Label → piece type, or null when the labels' shapes are not exactly the puzzle's piece multiset. */
    private Map<String, Integer> assign(Map<String, List<Point>> cells, Map<Shape, List<Integer>> table) {
        int[] left = new int[puzzle.pieces().size()];
        for (int i = 0; i < left.length; i++) {
            left[i] = puzzle.pieces().get(i).count();
        }
        Map<String, Integer> out = new HashMap<>();
        for (Map.Entry<String, List<Point>> e : cells.entrySet()) {
            List<Integer> candidates = table.get(Shape.of(e.getValue()));
            if (candidates == null) {
                return null;
            }
            // among look-alike pieces, the one whose label this is, else any with a copy left
            int piece = -1;
            for (int c : candidates) {
                if (left[c] > 0 && (piece < 0 || puzzle.pieces().get(c).labels().contains(e.getKey()))) {
                    piece = c;
                }
            }
            if (piece < 0) {
                return null;
            }
            left[piece]--;
            out.put(e.getKey(), piece);
        }
        for (int i = 0; i < left.length; i++) {
            var piece = puzzle.pieces().get(i);
            if (piece.count() - left[i] < piece.min()) {
                return null;
            }
        }
        for (Puzzle.Group g : puzzle.groups()) {
            int used = 0;
            for (int i : g.pieces()) {
                used += puzzle.pieces().get(i).count() - left[i];
            }
            if (used < g.min() || used > g.max()) {
                return null;
            }
        }
        return out;
    }

    private String mismatch(Map<String, List<Point>> cells) {
        for (Map.Entry<String, List<Point>> e : cells.entrySet()) {
            Shape s = Shape.of(e.getValue());
            if (!byShape.containsKey(s) && !byMirror.containsKey(s)) {
                return "label " + e.getKey() + " (" + s.size() + " cells) has the shape of no piece";
            }
        }
        return "its labels do not use every piece exactly as often as the puzzle has it";
    }

    /** A proper rotation taking the entry's box onto the puzzle's (identity when they already agree). */
    private Rotation boxRotation(RawSolution raw) {
        Point want = new Point(target.sizeX(), target.sizeY(), target.sizeZ());
        for (Rotation r : Rotation.proper()) {
            if (r.applyToExtent(new Point(raw.sx(), raw.sy(), raw.sz())).equals(want)) {
                return r;
            }
        }
        return null;
    }
}
