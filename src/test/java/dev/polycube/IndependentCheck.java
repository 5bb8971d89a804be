package dev.polycube;

import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A deliberately separate, simple check of a catalog, sharing no code with the engine or the
 * canonicalizer: every line must tile the target with the puzzle's pieces (each label's cells a rotated,
 * translated copy of its piece), and no two lines may be the same packing turned by a rotation of the box.
 */
public final class IndependentCheck {

    private IndependentCheck() {
    }

    /** Returns the problems found (empty when the catalog is valid). */
    public static List<String> check(Puzzle puzzle, List<String> lines) {
        List<String> problems = new ArrayList<>();
        int sx = puzzle.target().sizeX();
        int sy = puzzle.target().sizeY();
        int sz = puzzle.target().sizeZ();
        Map<Character, Set<String>> pieceForms = new HashMap<>();
        for (Piece p : puzzle.pieces()) {
            Set<String> forms = forms(p.shape().cells(), puzzle.mirroredPieces());
            for (char c : p.labels().toCharArray()) {
                pieceForms.put(c, forms);
            }
        }
        Map<Character, String> copyLabels = new HashMap<>();
        for (Piece p : puzzle.pieces()) {
            for (char c : p.labels().toCharArray()) {
                copyLabels.put(c, p.labels());
            }
        }
        Set<String> seenImages = new HashSet<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.length() != sx * sy * sz) {
                problems.add("line " + (n + 1) + ": wrong length");
                continue;
            }
            Map<Character, List<int[]>> cells = new HashMap<>();
            for (int i = 0; i < line.length(); i++) {
                char ch = line.charAt(i);
                boolean inside = puzzle.target().containsIndex(i);
                if (inside == (ch == '.')) {
                    problems.add("line " + (n + 1) + ": cell " + i + " is '" + ch + "'");
                }
                if (ch != '.') {
                    cells.computeIfAbsent(ch, k -> new ArrayList<>()).add(new int[] {i % sx, (i / sx) % sy, i / (sx * sy)});
                }
            }
            if (!cells.keySet().equals(pieceForms.keySet())) {
                problems.add("line " + (n + 1) + ": labels " + cells.keySet() + " are not the puzzle's " + pieceForms.keySet());
                continue;
            }
            for (Map.Entry<Character, List<int[]>> e : cells.entrySet()) {
                List<Point> pts = new ArrayList<>();
                for (int[] c : e.getValue()) {
                    pts.add(new Point(c[0], c[1], c[2]));
                }
                if (!pieceForms.get(e.getKey()).contains(normal(pts))) {
                    problems.add("line " + (n + 1) + ": label " + e.getKey() + " is not a rotation of its piece");
                }
            }
            List<String> images = new ArrayList<>();
            for (String image : boxImages(line, sx, sy, sz)) {
                images.add(relabelCopies(image, copyLabels));
            }
            for (String image : images) {
                if (seenImages.contains(image)) {
                    problems.add("line " + (n + 1) + ": a rotation of an earlier line");
                    break;
                }
            }
            seenImages.addAll(images);
        }
        return problems;
    }

    /** The number of classes among {@code lines} under the box's proper rotations (copies interchangeable). */
    public static int classes(Puzzle puzzle, List<String> lines) {
        Map<Character, String> copyLabels = new HashMap<>();
        for (Piece p : puzzle.pieces()) {
            for (char c : p.labels().toCharArray()) {
                copyLabels.put(c, p.labels());
            }
        }
        Set<String> classes = new HashSet<>();
        for (String line : lines) {
            String min = null;
            for (String image : boxImages(line, puzzle.target().sizeX(), puzzle.target().sizeY(), puzzle.target().sizeZ())) {
                String r = relabelCopies(image, copyLabels);
                if (min == null || r.compareTo(min) < 0) {
                    min = r;
                }
            }
            classes.add(min);
        }
        return classes.size();
    }

    /**
     * Every packing in the fixed frame, by a plain recursive search written for the tests (no bit boards, no
     * pruning, no symmetry): the first empty cell in index order is covered by each unused piece in each of
     * its rotations in turn. Slow, so only for small puzzles with pieces of count 1.
     */
    public static List<String> allPackings(Puzzle puzzle) {
        var t = puzzle.target();
        int n = t.boxVolume();
        List<List<int[]>> byPiece = new ArrayList<>();
        for (Piece p : puzzle.pieces()) {
            List<int[]> placements = new ArrayList<>();
            for (String form : forms(p.shape().cells(), puzzle.mirroredPieces())) {
                List<int[]> cells = new ArrayList<>();
                for (String c : form.split(";")) {
                    String[] v = c.split(",");
                    cells.add(new int[] {Integer.parseInt(v[0]), Integer.parseInt(v[1]), Integer.parseInt(v[2])});
                }
                for (int dz = 0; dz < t.sizeZ(); dz++) {
                    for (int dy = 0; dy < t.sizeY(); dy++) {
                        for (int dx = 0; dx < t.sizeX(); dx++) {
                            int[] idx = new int[cells.size()];
                            boolean ok = true;
                            for (int k = 0; k < idx.length && ok; k++) {
                                Point q = new Point(cells.get(k)[0] + dx, cells.get(k)[1] + dy, cells.get(k)[2] + dz);
                                ok = t.contains(q);
                                idx[k] = ok ? t.index(q) : -1;
                            }
                            if (ok) {
                                placements.add(idx);
                            }
                        }
                    }
                }
            }
            byPiece.add(placements);
        }
        char[] grid = new char[n];
        for (int i = 0; i < n; i++) {
            grid[i] = t.containsIndex(i) ? ' ' : '.';
        }
        List<String> out = new ArrayList<>();
        fill(puzzle, byPiece, grid, new boolean[byPiece.size()], out);
        return out;
    }

    private static void fill(Puzzle puzzle, List<List<int[]>> byPiece, char[] grid, boolean[] used, List<String> out) {
        int first = new String(grid).indexOf(' ');
        if (first < 0) {
            out.add(new String(grid));
            return;
        }
        for (int p = 0; p < byPiece.size(); p++) {
            if (used[p]) {
                continue;
            }
            for (int[] cells : byPiece.get(p)) {
                boolean covers = false;
                boolean free = true;
                for (int c : cells) {
                    covers |= c == first;
                    free &= grid[c] == ' ';
                }
                if (!covers || !free) {
                    continue;
                }
                for (int c : cells) {
                    grid[c] = puzzle.pieces().get(p).label();
                }
                used[p] = true;
                fill(puzzle, byPiece, grid, used, out);
                used[p] = false;
                for (int c : cells) {
                    grid[c] = ' ';
                }
            }
        }
    }

    /** All rotations of a piece as normalized strings (copies of a piece share a label set). */
    private static Set<String> forms(List<Point> cells, boolean mirrors) {
        Set<String> out = new HashSet<>();
        for (int[] m : matrices(mirrors)) {
            List<Point> img = new ArrayList<>();
            for (Point p : cells) {
                img.add(apply(m, p.x(), p.y(), p.z()));
            }
            out.add(normal(img));
        }
        return out;
    }

    private static String normal(List<Point> pts) {
        int mx = pts.stream().mapToInt(Point::x).min().orElseThrow();
        int my = pts.stream().mapToInt(Point::y).min().orElseThrow();
        int mz = pts.stream().mapToInt(Point::z).min().orElseThrow();
        List<String> s = new ArrayList<>();
        for (Point p : pts) {
            s.add((p.x() - mx) + "," + (p.y() - my) + "," + (p.z() - mz));
        }
        s.sort(null);
        return String.join(";", s);
    }

    /** Copies of one piece are interchangeable: name them in order of first appearance. */
    private static String relabelCopies(String image, Map<Character, String> copyLabels) {
        Map<Character, Character> rename = new HashMap<>();
        Map<String, Integer> used = new HashMap<>();
        StringBuilder sb = new StringBuilder(image.length());
        for (char c : image.toCharArray()) {
            if (c == '.') {
                sb.append(c);
                continue;
            }
            Character r = rename.get(c);
            if (r == null) {
                String labels = copyLabels.get(c);
                int k = used.merge(labels, 1, Integer::sum) - 1;
                r = labels.charAt(k);
                rename.put(c, r);
            }
            sb.append(r);
        }
        return sb.toString();
    }

    /** The line's images under the proper rotations that map the box onto itself. */
    private static List<String> boxImages(String line, int sx, int sy, int sz) {
        List<String> out = new ArrayList<>();
        for (int[] m : matrices(false)) {
            Point ext = apply(m, sx - 1, sy - 1, sz - 1);
            Point o = apply(m, 0, 0, 0);
            int ex = Math.abs(ext.x() - o.x()) + 1;
            int ey = Math.abs(ext.y() - o.y()) + 1;
            int ez = Math.abs(ext.z() - o.z()) + 1;
            if (ex != sx || ey != sy || ez != sz) {
                continue;
            }
            int minX = Math.min(ext.x(), o.x());
            int minY = Math.min(ext.y(), o.y());
            int minZ = Math.min(ext.z(), o.z());
            char[] img = new char[line.length()];
            for (int i = 0; i < line.length(); i++) {
                Point q = apply(m, i % sx, (i / sx) % sy, i / (sx * sy));
                img[(q.x() - minX) + sx * ((q.y() - minY) + sy * (q.z() - minZ))] = line.charAt(i);
            }
            out.add(new String(img));
        }
        return out;
    }

    private static Point apply(int[] m, int x, int y, int z) {
        int[] v = {x, y, z};
        return new Point(m[3] * v[m[0]], m[4] * v[m[1]], m[5] * v[m[2]]);
    }

    /** Signed permutation matrices as {axis0, axis1, axis2, sign0, sign1, sign2}; proper ones only unless asked. */
    private static List<int[]> matrices(boolean mirrors) {
        List<int[]> out = new ArrayList<>();
        int[][] perms = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
        for (int pi = 0; pi < perms.length; pi++) {
            int parity = pi < 3 ? 1 : -1;
            for (int s = 0; s < 8; s++) {
                int s0 = (s & 1) == 0 ? 1 : -1;
                int s1 = (s & 2) == 0 ? 1 : -1;
                int s2 = (s & 4) == 0 ? 1 : -1;
                if (mirrors || parity * s0 * s1 * s2 == 1) {
                    out.add(new int[] {perms[pi][0], perms[pi][1], perms[pi][2], s0, s1, s2});
                }
            }
        }
        return out;
    }
}
