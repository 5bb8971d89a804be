package dev.polycube.catalog;

import dev.polycube.error.Plural;
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
 * Thread-compatible, not thread-safe (it caches shapes and keeps scratch arrays).
 *
 * <p>An entry already in the puzzle's frame and labels (every line of a native catalog) is first tried by
 * {@link #direct}: each label names its piece, and each copy's cells are checked against the piece's
 * orientations as a bit pattern in a {@code long}, with no shape objects; whatever that does not accept
 * (another layout's labels, another frame, mirror images, large pieces, any fault) goes the general way,
 * which also words the message. On what it accepts, both ways give the same match (InterpreterTest).
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
    /** Label character (ASCII) → piece type, -1 for none, -2 for a character two pieces share. */
    private final int[] pieceOfLabel = new int[128];
    /** The map {@link #directNames} made last, and its labels in order. */
    private Map<String, String> names;
    private char[] namesOrder;
    /** Per piece type, its orientations as {@link #shapeKey} values; null when some orientation has no key. */
    private final it.unimi.dsi.fastutil.longs.LongOpenHashSet[] orientationKeys;
    /** {@link #direct}'s scratch: label character → copy number in this entry, and per copy its cells. */
    private final int[] copyOfLabel = new int[128];
    private int[] copySize = new int[0];
    /** Copy c's cells are {@code copyCells[c*KEY_CELLS .. c*KEY_CELLS + copySize[c])}. */
    private int[] copyCells = new int[0];
    /** Per piece type, the {@link #shapeKey} its copies had last, found among its orientations (0: none yet; no key is 0). */
    private final long[] lastKey;
    /** The most cells of a shape with a {@link #shapeKey} ({@link #fitsKey}: a box of at most 56 cells). */
    private static final int KEY_CELLS = 56;
    /** The target box's cells' coordinates by index (no division per cell). */
    private final int[] cellX;
    private final int[] cellY;
    private final int[] cellZ;

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
        int volume = target.boxVolume();
        cellX = new int[volume];
        cellY = new int[volume];
        cellZ = new int[volume];
        for (int k = 0; k < volume; k++) {
            Point c = target.point(k);
            cellX[k] = c.x();
            cellY[k] = c.y();
            cellZ[k] = c.z();
        }
        java.util.Arrays.fill(pieceOfLabel, -1);
        java.util.Arrays.fill(copyOfLabel, -1);
        orientationKeys = new it.unimi.dsi.fastutil.longs.LongOpenHashSet[pieces.size()];
        lastKey = new long[pieces.size()];
        for (int i = 0; i < pieces.size(); i++) {
            for (char c : pieces.get(i).labels().toCharArray()) {
                if (c < 128) {
                    pieceOfLabel[c] = pieceOfLabel[c] == -1 ? i : -2;
                }
            }
            var keys = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
            for (Shape o : pieces.get(i).shape().orientations(puzzle.turns())) {
                Point e = o.extent();
                long bits = 0;
                boolean fits = fitsKey(e.x(), e.y(), e.z());
                for (Point c : o.cells()) {
                    bits |= fits ? 1L << (c.x() + e.x() * (c.y() + e.y() * c.z())) : 0;
                }
                if (!fits) {
                    keys = null;
                    break;
                }
                keys.add(shapeKey(bits, e.x(), e.y()));
            }
            orientationKeys[i] = keys;
        }
    }

    /** Whether a shape of this extent has a {@link #shapeKey}: its box of at most 56 cells, sides below 16. */
    private static boolean fitsKey(int ex, int ey, int ez) {
        return ex < 16 && ey < 16 && ex * ey * ez <= 56;
    }

    /**
     * A normalized shape (every side touched) as one {@code long}: its cells as bits {@code x + ex*(y + ey*z)} of
     * its extent's box, and the extent's x and y in the top byte (z follows from the highest bit).
     */
    private static long shapeKey(long bits, int ex, int ey) {
        return bits | (long) ex << 56 | (long) ey << 60;
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
        if (!Boolean.TRUE.equals(hand)) {
            Match m = direct(raw);
            if (m != null) {
                return m;
            }
        }
        return general(raw, file, hand);
    }

    /**
     * The match of an entry drawn in the puzzle's own box and labels, one copy per label character, every
     * copy a real orientation of its label's piece (all checks of {@link #general}, which numbers copies and
     * names labels the same way); null for anything else, which {@link #general} then decides.
     */
    Match direct(RawSolution raw) {
        if (raw.sx() != target.sizeX() || raw.sy() != target.sizeY() || raw.sz() != target.sizeZ()) {
            return null;
        }
        String[] labels = raw.labels();
        int volume = labels.length;
        int[] cellCopy = new int[volume];
        int copies = 0;
        char[] copyLabel = new char[Math.min(128, volume)];
        try {
            // first each cell to its copy, the copy's cells listed; then each copy's shape from its few cells
            // (its extent and bits in locals: kept per cell in arrays, they were most of a checkpoint's check)
            for (int k = 0; k < volume; k++) {
                String l = labels[k];
                if (l == null) {
                    if (target.containsIndex(k) && !target.isOptional(k)) {
                        return null;
                    }
                    cellCopy[k] = -1;
                    continue;
                }
                char c = l.charAt(0);
                if (l.length() != 1 || c >= 128 || pieceOfLabel[c] < 0 || orientationKeys[pieceOfLabel[c]] == null
                        || !target.containsIndex(k)) {
                    return null;
                }
                int copy = copyOfLabel[c];
                if (copy < 0) {
                    copy = copies++;
                    copyOfLabel[c] = copy;
                    copyLabel[copy] = c;
                    if (copySize.length < copies) {
                        copySize = java.util.Arrays.copyOf(copySize, 2 * copies);
                        copyCells = java.util.Arrays.copyOf(copyCells, 2 * copies * KEY_CELLS);
                    }
                    copySize[copy] = 0;
                }
                int n = copySize[copy];
                if (n == KEY_CELLS) {
                    return null; // more cells than a shape with a key has
                }
                copyCells[copy * KEY_CELLS + n] = k;
                copySize[copy] = n + 1;
                cellCopy[k] = copy;
            }
            int[] copyPiece = new int[copies];
            int[] used = new int[puzzle.pieces().size()];
            for (int copy = 0; copy < copies; copy++) {
                int piece = pieceOfLabel[copyLabel[copy]];
                int from = copy * KEY_CELLS;
                int to = from + copySize[copy];
                int minX = Integer.MAX_VALUE;
                int minY = Integer.MAX_VALUE;
                int minZ = Integer.MAX_VALUE;
                int maxX = -1;
                int maxY = -1;
                int maxZ = -1;
                for (int j = from; j < to; j++) {
                    int k = copyCells[j];
                    minX = Math.min(minX, cellX[k]);
                    minY = Math.min(minY, cellY[k]);
                    minZ = Math.min(minZ, cellZ[k]);
                    maxX = Math.max(maxX, cellX[k]);
                    maxY = Math.max(maxY, cellY[k]);
                    maxZ = Math.max(maxZ, cellZ[k]);
                }
                int ex = maxX - minX + 1;
                int ey = maxY - minY + 1;
                if (!fitsKey(ex, ey, maxZ - minZ + 1)) {
                    return null;
                }
                long bits = 0;
                for (int j = from; j < to; j++) {
                    int k = copyCells[j];
                    bits |= 1L << (cellX[k] - minX + ex * (cellY[k] - minY + ey * (cellZ[k] - minZ)));
                }
                long key = shapeKey(bits, ex, ey);
                // the copies of a catalog's lines mostly repeat a few orientations: the last one found needs no lookup
                if (key != lastKey[piece]) {
                    if (!orientationKeys[piece].contains(key)) {
                        return null;
                    }
                    lastKey[piece] = key;
                }
                copyPiece[copy] = piece;
                used[piece]++;
            }
            if (!countsAllowed(used)) {
                return null;
            }
            for (Puzzle.FixedPiece f : puzzle.fixed()) {
                if (!holds(f, cellCopy, copyPiece)) {
                    return null;
                }
            }
            return new Match(raw.entry(), new Packing(cellCopy, copyPiece), false, directNames(copyLabel, copies));
        } finally {
            for (int copy = 0; copy < copies; copy++) {
                copyOfLabel[copyLabel[copy]] = -1;
            }
        }
    }

    /**
     * Label → piece name for an entry of {@link #direct} whose copies, in order, have {@code copyLabel[0 ..
     * copies)}. The entries of a catalog in the puzzle's own labels mostly meet their labels in the same order
     * (always, for one piece type), so the last map is kept while the order repeats: building one per entry (32
     * labels a line of the 8x8 dominoes) was a third of the time a resumed run spent checking its checkpoint.
     */
    private Map<String, String> directNames(char[] copyLabel, int copies) {
        if (names == null || !java.util.Arrays.equals(copyLabel, 0, copies, namesOrder, 0, namesOrder.length)) {
            Map<String, String> m = new LinkedHashMap<>();
            for (int copy = 0; copy < copies; copy++) {
                char c = copyLabel[copy];
                m.put(String.valueOf(c), puzzle.pieces().get(pieceOfLabel[c]).name());
            }
            names = java.util.Collections.unmodifiableMap(m);
            namesOrder = java.util.Arrays.copyOf(copyLabel, copies);
        }
        return names;
    }

    /** True when these copies per piece type meet every piece's and group's range. */
    private boolean countsAllowed(int[] used) {
        for (int i = 0; i < used.length; i++) {
            var piece = puzzle.pieces().get(i);
            if (used[i] < piece.min() || used[i] > piece.count()) {
                return false;
            }
        }
        for (Puzzle.Group g : puzzle.groups()) {
            int n = 0;
            for (int i : g.pieces()) {
                n += used[i];
            }
            if (n < g.min() || n > g.max()) {
                return false;
            }
        }
        return true;
    }

    /** The way for every entry: labels matched to pieces by shape, the box turned, mirror images tried. */
    Match general(RawSolution raw, String file, Boolean hand) {
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
        int[] used = new int[left.length];
        for (int i = 0; i < left.length; i++) {
            used[i] = puzzle.pieces().get(i).count() - left[i];
        }
        return countsAllowed(used) ? out : null;
    }

    private String mismatch(Map<String, List<Point>> cells) {
        for (Map.Entry<String, List<Point>> e : cells.entrySet()) {
            Shape s = Shape.of(e.getValue());
            if (!byShape.containsKey(s) && !byMirror.containsKey(s)) {
                return "label " + e.getKey() + " (" + Plural.count(s.size(), "cell") + ") has the shape of no piece";
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
