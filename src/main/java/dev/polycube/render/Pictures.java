package dev.polycube.render;

import dev.polycube.catalog.Packing;
import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.List;

/**
 * The pictures polycube draws: a solution assembled or exploded in isometric view, its layers, a contact
 * sheet of several solutions, and a gallery of a puzzle's pieces. Piece type i always has colour i.
 */
public final class Pictures {

    private static final int INK = 0x202020;
    private static final int EDGE = 0x303030;
    private static final int MARGIN = 24;
    private static final int TITLE = 22;
    private static final int LEGEND_ROW = 20;

    private Pictures() {
    }

    /** One placed copy: its piece type, its ordinal among that type's copies, its label and cells. */
    record Copy(int piece, int ordinal, char label, List<Point> cells) {
    }

    static List<Copy> copies(Puzzle puzzle, String line) {
        Packing packing = Packing.fromLine(puzzle, line);
        Target t = puzzle.target();
        List<Copy> out = new ArrayList<>();
        int[] ordinal = new int[puzzle.pieces().size()];
        for (int copy = 0; copy < packing.copyPiece().length; copy++) {
            List<Point> cells = packing.cellsOf(copy, t);
            int piece = packing.copyPiece()[copy];
            out.add(new Copy(piece, ordinal[piece]++, line.charAt(t.index(cells.get(0))), cells));
        }
        return out;
    }

    /**
     * A solution in isometric view, with a legend. {@code explode} 0 draws it assembled; 1 moves each piece
     * away from the centre by its own offset from the centre, so inner pieces show.
     */
    public static Drawing solution(Puzzle puzzle, String line, String title, double explode, int width) {
        List<Copy> copies = copies(puzzle, line);
        Target t = puzzle.target();
        double cx = t.sizeX() / 2.0;
        double cy = t.sizeY() / 2.0;
        double cz = t.sizeZ() / 2.0;
        List<Isometric.Cube> cubes = new ArrayList<>();
        for (int g = 0; g < copies.size(); g++) {
            Copy c = copies.get(g);
            double mx = 0;
            double my = 0;
            double mz = 0;
            for (Point p : c.cells()) {
                mx += p.x() + 0.5;
                my += p.y() + 0.5;
                mz += p.z() + 0.5;
            }
            int n = c.cells().size();
            double dx = explode * (mx / n - cx);
            double dy = explode * (my / n - cy);
            double dz = explode * (mz / n - cz);
            int color = Palette.color(c.piece(), c.ordinal());
            for (Point p : c.cells()) {
                cubes.add(new Isometric.Cube(p.x() + dx, p.y() + dy, p.z() + dz, color, explode == 0 ? 0 : g));
            }
        }
        int legendWidth = 230;
        int height = Math.max(width * 3 / 4, MARGIN * 2 + TITLE + LEGEND_ROW * (copies.size() + 1));
        Drawing d = new Drawing(width, height);
        d.add(c -> c.text(MARGIN, MARGIN + 14, title, 16, INK, true));
        drawFaces(d, Isometric.faces(cubes), MARGIN, MARGIN + TITLE, width - legendWidth - 2 * MARGIN, height - 2 * MARGIN - TITLE);
        legend(d, puzzle, copies, width - legendWidth, MARGIN + TITLE);
        return d;
    }

    /** The solution's layers z = 0.. side by side as coloured grids with labels, y = 0 at the bottom. */
    public static Drawing layers(Puzzle puzzle, String line, String title) {
        Target t = puzzle.target();
        List<Copy> copies = copies(puzzle, line);
        int[] colorAt = new int[t.boxVolume()];
        char[] labelAt = new char[t.boxVolume()];
        java.util.Arrays.fill(colorAt, -1);
        for (Copy c : copies) {
            for (Point p : c.cells()) {
                colorAt[t.index(p)] = Palette.color(c.piece(), c.ordinal());
                labelAt[t.index(p)] = c.label();
            }
        }
        int cell = 30;
        int gap = 24;
        int panel = t.sizeX() * cell;
        int width = Math.max(360, MARGIN * 2 + t.sizeZ() * panel + (t.sizeZ() - 1) * gap);
        int height = MARGIN * 2 + TITLE + 18 + t.sizeY() * cell;
        Drawing d = new Drawing(width, height);
        d.add(c -> c.text(MARGIN, MARGIN + 14, title, 16, INK, true));
        for (int z = 0; z < t.sizeZ(); z++) {
            int x0 = MARGIN + z * (panel + gap);
            int y0 = MARGIN + TITLE + 18;
            int zz = z;
            d.add(c -> c.text(x0, y0 - 6, "z = " + zz, 12, INK, false));
            for (int y = 0; y < t.sizeY(); y++) {
                for (int x = 0; x < t.sizeX(); x++) {
                    int i = t.index(new Point(x, y, z));
                    double px = x0 + x * cell;
                    double py = y0 + (t.sizeY() - 1 - y) * cell;
                    if (colorAt[i] < 0) {
                        d.add(c -> c.rect(px, py, cell, cell, 0xF0F0F0, 0xC0C0C0));
                        continue;
                    }
                    int fill = colorAt[i];
                    String label = String.valueOf(labelAt[i]);
                    d.add(c -> {
                        c.rect(px, py, cell, cell, fill, EDGE);
                        c.text(px + cell / 2.0 - 4.5, py + cell / 2.0 + 5, label, 14, Palette.ink(fill), true);
                    });
                }
            }
        }
        return d;
    }

    /** The first solutions of a catalog as small isometric pictures in a grid, each captioned with its number. */
    public static Drawing sheet(Puzzle puzzle, List<String> lines, int firstNumber, String title) {
        int n = lines.size();
        int cols = (int) Math.ceil(Math.sqrt(n));
        int rows = (n + cols - 1) / cols;
        int tile = 200;
        int width = Math.max(360, MARGIN * 2 + cols * tile);
        int height = MARGIN * 2 + TITLE + rows * (tile + 18);
        Drawing d = new Drawing(width, height);
        d.add(c -> c.text(MARGIN, MARGIN + 14, title, 16, INK, true));
        for (int k = 0; k < n; k++) {
            int x0 = MARGIN + (k % cols) * tile;
            int y0 = MARGIN + TITLE + (k / cols) * (tile + 18);
            List<Isometric.Cube> cubes = new ArrayList<>();
            for (Copy c : copies(puzzle, lines.get(k))) {
                for (Point p : c.cells()) {
                    cubes.add(new Isometric.Cube(p.x(), p.y(), p.z(), Palette.color(c.piece(), c.ordinal()), 0));
                }
            }
            drawFaces(d, Isometric.faces(cubes), x0 + 8, y0 + 4, tile - 16, tile - 12);
            String caption = "#" + (firstNumber + k);
            d.add(c -> c.text(x0 + tile / 2.0 - 12, y0 + tile + 8, caption, 12, INK, false));
        }
        return d;
    }

    /** Every piece of a puzzle in isometric view with its label, name, cell count and orientations. */
    public static Drawing gallery(Puzzle puzzle, int[] orientations) {
        List<Piece> pieces = puzzle.pieces();
        int cols = Math.min(4, pieces.size());
        int rows = (pieces.size() + cols - 1) / cols;
        int tile = 210;
        int width = MARGIN * 2 + cols * tile;
        int height = MARGIN * 2 + TITLE + rows * (tile + 34);
        Drawing d = new Drawing(width, height);
        d.add(c -> c.text(MARGIN, MARGIN + 14, puzzle.title() + ": the pieces", 16, INK, true));
        for (int i = 0; i < pieces.size(); i++) {
            Piece p = pieces.get(i);
            int x0 = MARGIN + (i % cols) * tile;
            int y0 = MARGIN + TITLE + (i / cols) * (tile + 34);
            List<Isometric.Cube> cubes = new ArrayList<>();
            for (Point c : p.shape().cells()) {
                cubes.add(new Isometric.Cube(c.x(), c.y(), c.z(), Palette.color(i, 0), 0));
            }
            drawFaces(d, Isometric.faces(cubes), x0 + 20, y0 + 6, tile - 40, tile - 40);
            String name = describe(p, p.label());
            String facts = p.size() + " cells, " + orientations[i] + " orientations" + (p.count() > 1 ? ", \u00d7" + p.count() : "");
            d.add(c -> {
                c.text(x0 + 8, y0 + tile - 14, name, 12, INK, true);
                c.text(x0 + 8, y0 + tile + 2, facts, 11, 0x555555, false);
            });
        }
        return d;
    }

    /** "A  Little Corner", "I  I4", "a  Y" style: the label, then the name unless it is the label, then the title. */
    private static String describe(Piece p, char label) {
        String name = p.name().equals(String.valueOf(label)) ? "" : p.name();
        String title = p.title().equals(p.name()) ? "" : p.title();
        String rest = name.isEmpty() ? title : title.isEmpty() ? name : name + " \u2013 " + title;
        return rest.isEmpty() ? String.valueOf(label) : label + "  " + rest;
    }

    /** Scales the faces to fit the box (x0, y0, w, h), centred, and adds them with thin dark edges. */
    static void drawFaces(Drawing d, List<Isometric.Face> faces, double x0, double y0, double w, double h) {
        if (faces.isEmpty()) {
            return;
        }
        double[] b = Isometric.bounds(faces);
        double scale = Math.min(w / (b[2] - b[0]), h / (b[3] - b[1]));
        double ox = x0 + (w - (b[2] - b[0]) * scale) / 2 - b[0] * scale;
        double oy = y0 + (h - (b[3] - b[1]) * scale) / 2 - b[1] * scale;
        double stroke = Math.max(0.5, Math.min(1.2, scale / 40));
        for (Isometric.Face f : faces) {
            double[] xs = new double[f.xs().length];
            double[] ys = new double[f.ys().length];
            for (int i = 0; i < xs.length; i++) {
                xs[i] = ox + f.xs()[i] * scale;
                ys[i] = oy + f.ys()[i] * scale;
            }
            d.add(c -> c.polygon(xs, ys, f.color(), EDGE, stroke));
        }
    }

    private static void legend(Drawing d, Puzzle puzzle, List<Copy> copies, int x0, int y0) {
        List<Copy> sorted = new ArrayList<>(copies);
        sorted.sort(java.util.Comparator.comparingInt(Copy::label));
        for (int k = 0; k < sorted.size(); k++) {
            Copy c = sorted.get(k);
            Piece p = puzzle.pieces().get(c.piece());
            int color = Palette.color(c.piece(), c.ordinal());
            int y = y0 + k * LEGEND_ROW;
            String text = describe(p, c.label());
            d.add(cv -> {
                cv.rect(x0, y, 14, 14, color, EDGE);
                cv.text(x0 + 22, y + 12, text, 12, INK, false);
            });
        }
    }
}
