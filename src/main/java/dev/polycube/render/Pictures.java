package dev.polycube.render;

import dev.polycube.catalog.Packing;
import dev.polycube.disassembly.BuildPlan;
import dev.polycube.disassembly.Disassembly;
import dev.polycube.error.Plural;
import dev.polycube.geometry.Point;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The pictures polycube draws: a solution assembled (seen from two opposite corners, so every outer piece
 * shows), its pieces laid out apart, its build steps, its layers, a contact sheet of several solutions, a
 * puzzle's hints in the empty box, and a gallery of a puzzle's pieces. Every piece is one solid with a heavy
 * outline where it meets another piece or the air ({@link Isometric.Face#edges()}); colours come from
 * {@link Coloring}. Every view fits the width it is given, text included.
 */
public final class Pictures {

    private static final int INK = 0x202020;
    private static final int OUTLINE = 0x141414;
    private static final int EDGE = 0x303030;
    /** The floor under a piece: a depth cue, so a lone piece does not float. */
    private static final int SHADOW = 0xD4D4D4;
    /** How far (in cells, along +x and +y) the shadow is cast from under the piece. */
    private static final double SHADOW_SHIFT = 0.3;
    private static final int MARGIN = 24;
    private static final int TITLE = 22;
    private static final int LEGEND_ROW = 20;
    /** The narrowest picture drawn; --width below it is raised to it. */
    public static final int MIN_WIDTH = 320;

    private Pictures() {
    }

    /** One placed copy: its piece type, its ordinal among that type's copies, its label, cells and colour. */
    record Copy(int piece, int ordinal, char label, List<Point> cells, int color) {
    }

    static List<Copy> copies(Puzzle puzzle, String line) {
        Packing packing = Packing.fromLine(puzzle, line);
        Target t = puzzle.target();
        List<Copy> raw = new ArrayList<>();
        int[] ordinal = new int[puzzle.pieces().size()];
        List<List<Point>> copyCells = packing.cellsByCopy(t);
        for (int copy = 0; copy < packing.copyPiece().length; copy++) {
            List<Point> cells = copyCells.get(copy);
            int piece = packing.copyPiece()[copy];
            raw.add(new Copy(piece, ordinal[piece]++, line.charAt(t.index(cells.get(0))), cells, 0));
        }
        int[] colors = Coloring.of(puzzle, raw);
        List<Copy> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            Copy c = raw.get(i);
            out.add(new Copy(c.piece(), c.ordinal(), c.label(), c.cells(), colors[i]));
        }
        return out;
    }

    /**
     * A solution assembled, in isometric view from the front corner and, smaller, from the opposite corner
     * (a proper rotation, so nothing is mirrored), with a legend.
     */
    public static Drawing solution(Puzzle puzzle, String line, String title, int width) {
        width = Math.max(MIN_WIDTH, width);
        List<Copy> copies = copies(puzzle, line);
        Target t = puzzle.target();
        int legendWidth = Math.min(230, width / 3);
        int height = Math.max(width * 3 / 4, MARGIN * 2 + TITLE + LEGEND_ROW * (copies.size() + 1));
        Drawing d = new Drawing(width, height);
        title(d, title, width);
        int viewWidth = width - legendWidth - 2 * MARGIN;
        int viewHeight = height - 2 * MARGIN - TITLE;
        int mainHeight = viewHeight * 2 / 3;
        List<Isometric.Cube> front = new ArrayList<>();
        List<Isometric.Cube> back = new ArrayList<>();
        for (int g = 0; g < copies.size(); g++) {
            Copy c = copies.get(g);
            for (Point p : c.cells()) {
                int mark = markAt(puzzle, p);
                front.add(new Isometric.Cube(p.x(), p.y(), p.z(), c.color(), g, mark));
                // rotation by 180 degrees about the axis (1,-1,0): (x, y, z) -> (-y, -x, -z), shifted into the box
                back.add(new Isometric.Cube(t.sizeY() - 1 - p.y(), t.sizeX() - 1 - p.x(), t.sizeZ() - 1 - p.z(), c.color(), g,
                        mark));
            }
        }
        drawFaces(d, Isometric.faces(front), MARGIN, MARGIN + TITLE, viewWidth, mainHeight);
        int backTop = MARGIN + TITLE + mainHeight + 16;
        d.add(c -> c.text(MARGIN, backTop - 2, "from the opposite corner", 11, 0x555555, false));
        drawFaces(d, Isometric.faces(back), MARGIN, backTop + 4, viewWidth, viewHeight - mainHeight - 20);
        legend(d, puzzle, copies, width - legendWidth, MARGIN + TITLE, legendWidth - 8);
        return d;
    }

    /**
     * A solution seen from straight above, as a puzzler draws pentominoes: each column of the box shows the
     * piece on top of it, cells of one piece joined (thin lines), a heavy line where two pieces meet or a
     * piece meets the air, and each piece's label once, at its middle; y runs up the page. The default for
     * a target of one layer, where the isometric view shows little but edges.
     */
    public static Drawing top(Puzzle puzzle, String line, String title, int width) {
        width = Math.max(MIN_WIDTH, width);
        List<Copy> copies = copies(puzzle, line);
        Target t = puzzle.target();
        int legendWidth = Math.min(230, width / 3);
        double cell = Math.min(60, (width - legendWidth - 2.0 * MARGIN) / t.sizeX());
        int height = (int) Math.ceil(Math.max(MARGIN * 2 + TITLE + t.sizeY() * cell,
                MARGIN * 2 + TITLE + LEGEND_ROW * (copies.size() + 1)));
        Drawing d = new Drawing(width, height);
        title(d, title, width);
        drawFromAbove(d, puzzle, copies, MARGIN, MARGIN + TITLE, cell);
        legend(d, puzzle, copies, width - legendWidth, MARGIN + TITLE, legendWidth - 8);
        return d;
    }

    /** {@link #top}'s picture of one solution: the box's top left corner at (x0, y0), each cell {@code cell} across. */
    private static void drawFromAbove(Drawing d, Puzzle puzzle, List<Copy> copies, double x0, double y0, double cell) {
        Target t = puzzle.target();
        int[] top = new int[t.sizeX() * t.sizeY()]; // copy seen from above, -1 where the column is empty
        java.util.Arrays.fill(top, -1);
        int[] topZ = new int[top.length];
        for (int k = 0; k < copies.size(); k++) {
            for (Point p : copies.get(k).cells()) {
                int i = p.x() + t.sizeX() * p.y();
                if (top[i] < 0 || p.z() > topZ[i]) {
                    top[i] = k;
                    topZ[i] = p.z();
                }
            }
        }
        double heavy = Math.max(1.5, Math.min(3.5, cell / 14));
        for (int y = 0; y < t.sizeY(); y++) {
            for (int x = 0; x < t.sizeX(); x++) {
                int k = top[x + t.sizeX() * y];
                double px = x0 + x * cell;
                double py = y0 + (t.sizeY() - 1 - y) * cell;
                int fill = k < 0 ? 0xF4F4F4 : copies.get(k).color();
                int crease = Palette.mix(fill, 0x000000, 0.25);
                int mark = k < 0 ? 0 : markAt(puzzle, new Point(x, y, topZ[x + t.sizeX() * y]));
                d.add(c -> {
                    c.rect(px, py, cell, cell, fill, crease);
                    if (mark > 0) {
                        // in the cell's lower left quarter: the middle is for the piece's label
                        double h = cell / 2;
                        mark(c, new double[] {px, px + h, px + h, px}, new double[] {py + h, py + h, py + cell, py + cell}, mark, fill);
                    }
                });
            }
        }
        // heavy outlines between columns whose top pieces differ, and around the box
        for (int y = 0; y <= t.sizeY(); y++) {
            for (int x = 0; x <= t.sizeX(); x++) {
                int here = x < t.sizeX() && y < t.sizeY() ? top[x + t.sizeX() * y] : -2;
                int left = x > 0 && y < t.sizeY() ? top[x - 1 + t.sizeX() * y] : -2;
                int below = y > 0 && x < t.sizeX() ? top[x + t.sizeX() * (y - 1)] : -2;
                double px = x0 + x * cell;
                double py = y0 + (t.sizeY() - y) * cell;
                if (y < t.sizeY() && here != left) {
                    d.add(c -> c.line(px, py - cell, px, py, OUTLINE, heavy));
                }
                if (x < t.sizeX() && here != below) {
                    d.add(c -> c.line(px, py, px + cell, py, OUTLINE, heavy));
                }
            }
        }
        double font = Math.max(8, Math.min(18, cell * 0.45));
        for (int k = 0; k < copies.size(); k++) {
            Copy c = copies.get(k);
            // the label on the visible cell nearest the piece's middle
            double mx = c.cells().stream().mapToDouble(Point::x).average().orElse(0);
            double my = c.cells().stream().mapToDouble(Point::y).average().orElse(0);
            Point best = null;
            for (Point p : c.cells()) {
                if (top[p.x() + t.sizeX() * p.y()] == k && (best == null
                        || Math.hypot(p.x() - mx, p.y() - my) < Math.hypot(best.x() - mx, best.y() - my))) {
                    best = p;
                }
            }
            if (best != null) {
                double px = x0 + best.x() * cell + cell / 2 - font * 0.32;
                double py = y0 + (t.sizeY() - 1 - best.y()) * cell + cell / 2 + font * 0.36;
                String label = String.valueOf(c.label());
                int ink = Palette.ink(c.color());
                d.add(cv -> cv.text(px, py, label, font, ink, true));
            }
        }
    }

    /**
     * The solution's pieces apart, each turned as it sits in the solution, bottom up, labelled, on a
     * grid (so no piece hides another), all at one scale.
     */
    public static Drawing exploded(Puzzle puzzle, String line, String title, int width) {
        Sheet sheet = Sheet.of(puzzle, line, title, width, 1.5, 30);
        List<Copy> order = sheet.order();
        Grid grid = sheet.grid();
        double tile = grid.tile();
        Drawing d = sheet.drawing();
        double scale = Double.MAX_VALUE;
        List<List<Isometric.Face>> faces = new ArrayList<>();
        for (int k = 0; k < order.size(); k++) {
            List<Isometric.Cube> cubes = new ArrayList<>();
            for (Point p : order.get(k).cells()) {
                cubes.add(new Isometric.Cube(p.x(), p.y(), p.z(), order.get(k).color(), 0, markAt(puzzle, p)));
            }
            List<Isometric.Face> f = Isometric.faces(cubes);
            double[] b = Isometric.bounds(f);
            scale = Math.min(scale, Math.min((tile - 24) / (b[2] - b[0]), (tile - 24) / (b[3] - b[1])));
            faces.add(f);
        }
        for (int k = 0; k < order.size(); k++) {
            double x0 = grid.x(k);
            double y0 = grid.y(k);
            drawFacesAt(d, faces.get(k), x0 + 12, y0 + 12, tile - 24, tile - 24, scale);
            Copy c = order.get(k);
            String text = fit((k + 1) + ". " + describe(puzzle.pieces().get(c.piece()), c.label()), 12, tile - 4);
            d.add(cv -> cv.text(x0 + 2, y0 + tile + 14, text, 12, INK, true));
        }
        return d;
    }

    /**
     * How to build the solution with real pieces: one panel per step of its {@link BuildPlan} (the disassembly
     * played backwards, so every move is one the analysis proved possible). A panel shows the part being built
     * (a group built aside has panels of its own), the pieces that move in its colours with a red arrow along
     * their move, the rest pale, a container's far walls grey. A panel is turned so that the side the pieces
     * come from faces the reader; its small x/y/z sign shows how. A packing that cannot be taken apart gets no
     * order: the assembled view, titled so.
     */
    public static Drawing steps(Puzzle puzzle, String line, String title, int width) {
        return steps(puzzle, line, Disassembly.of(puzzle, Packing.fromLine(puzzle, line), () -> false), title, width);
    }

    /** As {@link #steps(Puzzle, String, String, int)}, with the solution's disassembly already made. */
    public static Drawing steps(Puzzle puzzle, String line, Disassembly disassembly, String title, int width) {
        BuildPlan plan = disassembly.buildPlan();
        if (plan == null) {
            return solution(puzzle, line, title + " cannot be taken apart: no build order", width);
        }
        int w = Math.max(MIN_WIDTH, width);
        List<Copy> copies = copies(puzzle, line);
        int[] copyOf = disassembly.assembly().copies();
        int[][] cells = disassembly.assembly().assembly().cells();
        List<BuildPlan.Step> steps = plan.steps();
        Grid grid = Grid.of(steps.size(), 1, w, 18);
        Drawing d = new Drawing(w, grid.height());
        title(d, title + ", step by step (level " + disassembly.level() + ", " + steps.size() + " steps)", w);
        double tile = grid.tile();
        int[] first = new int[plan.pieces()];
        for (int p = 0; p < first.length; p++) {
            first[p] = plan.firstStep(p);
        }
        for (int k = 0; k < steps.size(); k++) {
            BuildPlan.Step step = steps.get(k);
            Turn turn = Turn.towards(step.kind() == BuildPlan.Kind.PLACE ? -1 : step.direction() ^ 1);
            double[] near = turn.nearLimits(puzzle.target());
            List<Isometric.Cube> cubes = new ArrayList<>();
            for (int p : step.part()) {
                if (first[p] > k) {
                    continue;
                }
                boolean moving = step.moves(p);
                boolean wall = copyOf[p] < 0;
                int color = wall ? CONTAINER : moving ? copies.get(copyOf[p]).color() : Palette.mix(copies.get(copyOf[p]).color(), 0xFFFFFF, 0.65);
                int[] at = plan.positions()[k][p];
                for (int i = 0; i < cells[p].length; i += 3) {
                    double[] c = turn.cell(cells[p][i] + at[0], cells[p][i + 1] + at[1], cells[p][i + 2] + at[2]);
                    if (wall && (c[0] >= near[0] || c[1] >= near[1] || c[2] >= near[2])) {
                        continue; // the walls between the reader and the box are left out
                    }
                    cubes.add(new Isometric.Cube(c[0], c[1], c[2], color, p, wall ? 0 : markAt(puzzle, cellAt(cells[p], i))));
                }
            }
            List<Isometric.Cube> ghosts = new ArrayList<>();
            cubes = cutAway(cubes, step, ghosts);
            List<double[][]> arrows = step.kind() == BuildPlan.Kind.PLACE ? List.of()
                    : List.<double[][]>of(turn.segment(arrow(step, cells, plan.positions()[k])));
            double x0 = grid.x(k);
            double y0 = grid.y(k);
            boolean upright = turn.upright() && step.depth() == 0;
            List<Point> floor = upright ? footprint(cubes) : List.of();
            drawFaces(d, Isometric.faces(cubes), x0 + 6, y0 + 4, tile - 12, tile - 8, null, floor, arrows, Isometric.faces(ghosts));
            double sign = Math.min(16, Math.max(8, tile / 14));
            axes(d, turn, x0 + 10 + sign, y0 + 8 + sign, sign);
            String text = fit((k + 1) + ". " + caption(puzzle, step, copies, copyOf), 11, tile - 4);
            d.add(cv -> cv.text(x0 + 2, y0 + tile + 10, text, 11, INK, false));
        }
        return d;
    }

    /**
     * The cubes without those of pieces that stay which would hide a cube of a moving piece (nearer to the
     * reader, and overlapping it on the page), which go to {@code ghosts} to be drawn as outlines only: an
     * x-ray, so a piece going into a box, a burr or behind another shows. Isometric cubes are hexagons with
     * corners up and down, circumradius 1; two overlap exactly when their centres differ by less than a
     * hexagon of circumradius 2 of the same kind.
     */
    private static List<Isometric.Cube> cutAway(List<Isometric.Cube> cubes, BuildPlan.Step step, List<Isometric.Cube> ghosts) {
        List<double[]> front = new ArrayList<>();
        for (Isometric.Cube c : cubes) {
            if (step.moves(c.group())) {
                double[] p = Isometric.project(c.x(), c.y(), c.z());
                front.add(new double[] {p[0], p[1], c.x() + c.y() + c.z()});
            }
        }
        List<Isometric.Cube> out = new ArrayList<>();
        for (Isometric.Cube c : cubes) {
            boolean hides = false;
            if (!step.moves(c.group())) {
                double[] p = Isometric.project(c.x(), c.y(), c.z());
                double depth = c.x() + c.y() + c.z();
                for (double[] m : front) {
                    double dx = Math.abs(p[0] - m[0]);
                    double dy = Math.abs(p[1] - m[1]);
                    if (depth > m[2] && dx < 2 * Isometric.C - 1e-9 && dy < 2 - dx * Isometric.S / Isometric.C - 1e-9) {
                        hides = true;
                        break;
                    }
                }
            }
            (hides ? ghosts : out).add(c);
        }
        return out;
    }

    /** The thin outline of a piece cut away so that a moving one shows. */
    private static final int GHOST = 0x8C8C8C;
    /** Grey for a container's walls: the box, not a piece. */
    private static final int CONTAINER = 0xC9C9C9;
    /** The arrow along a step's move: a red that reads on every piece colour, over a white halo. */
    private static final int ARROW = 0xD0202A;
    /** How far (cells) the arrow of a piece coming in from outside starts from it. */
    private static final double ENTRY = 2.2;

    /** "in, moving -z: B  name", "slide 2 along +x: CD", "put down: A", prefixed "aside, " in a group built aside. */
    private static String caption(Puzzle puzzle, BuildPlan.Step step, List<Copy> copies, int[] copyOf) {
        StringBuilder who = new StringBuilder();
        for (int p : step.moving()) {
            who.append(copyOf[p] < 0 ? "box " : String.valueOf(copies.get(copyOf[p]).label()));
        }
        String names = who.toString().trim();
        if (step.moving().length == 1 && copyOf[step.moving()[0]] >= 0) {
            Copy c = copies.get(copyOf[step.moving()[0]]);
            names = describe(puzzle.pieces().get(c.piece()), c.label());
        }
        String dir = step.direction() < 0 ? "" : BuildPlan.DIRECTIONS.get(step.direction());
        String what = switch (step.kind()) {
            case PLACE -> "put down";
            case ENTER -> (step.asideFrom() >= 0 ? "group of step " + (step.asideFrom() + 1) + " " : "") + "in, moving " + dir;
            case SLIDE -> "slide " + step.amount() + " along " + dir;
        };
        return (step.depth() > 0 ? "aside, " : "") + what + ": " + names;
    }

    /**
     * The arrow of a move, in cells: it ends at the middle of the moving group's back face (the side it comes
     * from) and starts as far behind as the group came (a slide), or {@link #ENTRY} cells out (coming in).
     */
    private static double[][] arrow(BuildPlan.Step step, int[][] cells, int[][] at) {
        int[] u = step.unit();
        int back = Integer.MAX_VALUE;
        for (int p : step.moving()) {
            for (int i = 0; i < cells[p].length; i += 3) {
                back = Math.min(back, dot(u, cells[p], i, at[p]));
            }
        }
        double[] end = new double[3];
        int n = 0;
        for (int p : step.moving()) {
            for (int i = 0; i < cells[p].length; i += 3) {
                if (dot(u, cells[p], i, at[p]) == back) {
                    for (int a = 0; a < 3; a++) {
                        end[a] += cells[p][i + a] + at[p][a] + 0.5;
                    }
                    n++;
                }
            }
        }
        double len = step.kind() == BuildPlan.Kind.SLIDE ? Math.max(1, step.amount()) : ENTRY;
        double[] start = new double[3];
        for (int a = 0; a < 3; a++) {
            end[a] = end[a] / n - 0.5 * u[a];
            start[a] = end[a] - len * u[a];
        }
        return new double[][] {start, end};
    }

    private static int dot(int[] u, int[] cells, int i, int[] at) {
        return u[0] * (cells[i] + at[0]) + u[1] * (cells[i + 1] + at[1]) + u[2] * (cells[i + 2] + at[2]);
    }

    private static Point cellAt(int[] cells, int i) {
        return new Point(cells[i], cells[i + 1], cells[i + 2]);
    }

    /** A small x/y/z sign in a panel's corner: how the panel is turned. */
    private static void axes(Drawing d, Turn turn, double x0, double y0, double len) {
        String[] names = {"x", "y", "z"};
        for (int a = 0; a < 3; a++) {
            double[] v = turn.vector(a == 0 ? 1 : 0, a == 1 ? 1 : 0, a == 2 ? 1 : 0);
            double[] p = Isometric.project(v[0], v[1], v[2]);
            double ex = x0 + p[0] * len;
            double ey = y0 + p[1] * len;
            String name = names[a];
            d.add(c -> {
                c.line(x0, y0, ex, ey, 0x707070, 1);
                c.text(ex + (p[0] >= 0 ? 1 : -7), ey + (p[1] >= 0 ? 9 : -1), name, 9, 0x505050, false);
            });
        }
    }

    /**
     * A proper rotation of a panel's scene such that the side {@code from} (a direction 0..5, or -1 for none)
     * faces the isometric reader, who sees the +x, +y and +z sides: -x and -y are turned a quarter about z,
     * -z half a turn about x (the part upside down). Nothing is mirrored.
     */
    private record Turn(int from) {
        static Turn towards(int from) {
            return new Turn(from == 1 || from == 3 || from == 5 ? from : -1);
        }

        boolean upright() {
            return from != 5;
        }

        double[] vector(double x, double y, double z) {
            return switch (from) {
                case 1 -> new double[] {y, -x, z};   // -x to +y
                case 3 -> new double[] {-y, x, z};   // -y to +x
                case 5 -> new double[] {x, -y, -z};  // -z to +z
                default -> new double[] {x, y, z};
            };
        }

        /** The low corner of the turned unit cube whose low corner was (x, y, z). */
        double[] cell(double x, double y, double z) {
            double[] c = vector(x + 0.5, y + 0.5, z + 0.5);
            return new double[] {c[0] - 0.5, c[1] - 0.5, c[2] - 0.5};
        }

        /** A segment of points in cells, turned as {@link #cell} turns the cubes. */
        double[][] segment(double[][] points) {
            double[][] out = new double[points.length][];
            for (int i = 0; i < points.length; i++) {
                double[] c = cell(points[i][0] - 0.5, points[i][1] - 0.5, points[i][2] - 0.5);
                out[i] = new double[] {c[0] + 0.5, c[1] + 0.5, c[2] + 0.5};
            }
            return out;
        }

        /** Per turned axis, the low corner beyond which a cell lies between the reader and the target box. */
        double[] nearLimits(Target t) {
            double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
            for (int k = 0; k < 8; k++) {
                double[] c = cell((k & 1) * (t.sizeX() - 1), ((k >> 1) & 1) * (t.sizeY() - 1), ((k >> 2) & 1) * (t.sizeZ() - 1));
                for (int a = 0; a < 3; a++) {
                    hi[a] = Math.max(hi[a], c[a] + 1);
                }
            }
            return hi;
        }
    }

    /** Square tiles for {@code n} panels across {@code width}, about {@code wide} times as many columns as rows. */
    private record Grid(int cols, double tile, int caption, int height) {
        static Grid of(int n, double wide, int width, int caption) {
            return withColumns(n, Math.max(1, Math.min(n, (int) Math.ceil(Math.sqrt(n * wide)))), width, caption);
        }

        /** {@code n} panels in {@code cols} columns across {@code width}, each with {@code caption} pixels under it. */
        static Grid withColumns(int n, int cols, int width, int caption) {
            int rows = (n + cols - 1) / cols;
            double tile = (width - 2.0 * MARGIN) / cols;
            return new Grid(cols, tile, caption, (int) Math.ceil(MARGIN * 2 + TITLE + rows * (tile + caption)));
        }

        /** The left edge of panel {@code k}. */
        double x(int k) {
            return MARGIN + (k % cols) * tile;
        }

        /** The top edge of panel {@code k} (its caption is below the tile). */
        double y(int k) {
            return MARGIN + TITLE + (k / cols) * (tile + caption);
        }
    }

    /** A titled sheet with one panel per piece copy of a solution, in {@link #bottomUp} order. */
    private record Sheet(List<Copy> order, Grid grid, Drawing drawing) {
        static Sheet of(Puzzle puzzle, String line, String title, int width, double wide, int caption) {
            int w = Math.max(MIN_WIDTH, width);
            List<Copy> order = bottomUp(copies(puzzle, line));
            Grid grid = Grid.of(order.size(), wide, w, caption);
            Drawing d = new Drawing(w, grid.height());
            title(d, title, w);
            return new Sheet(order, grid, d);
        }
    }

    /**
     * The order the pieces-apart sheet lays the pieces out in: bottom up; each next piece is the lowest one
     * that rests on the floor or on pieces already placed (every cell above z = 0 has a placed cell, or a cell
     * of its own, below it), ties broken by position; a piece nothing supports yet comes when no supported
     * piece is left. Only an arrangement: it does not check that a piece can get to its place (the steps
     * view's {@link BuildPlan} does).
     */
    static List<Copy> bottomUp(List<Copy> copies) {
        List<Copy> left = new ArrayList<>(copies);
        left.sort(Comparator.comparingInt((Copy c) -> minZ(c)).thenComparingDouble(Pictures::centre).thenComparingInt(Copy::label));
        Set<Point> placed = new HashSet<>();
        List<Copy> out = new ArrayList<>();
        while (!left.isEmpty()) {
            Copy next = left.get(0);
            for (Copy c : left) {
                if (supported(c, placed)) {
                    next = c;
                    break;
                }
            }
            left.remove(next);
            out.add(next);
            placed.addAll(next.cells());
        }
        return out;
    }

    private static boolean supported(Copy c, Set<Point> placed) {
        Set<Point> own = new HashSet<>(c.cells());
        for (Point p : c.cells()) {
            Point below = new Point(p.x(), p.y(), p.z() - 1);
            if (p.z() > 0 && !placed.contains(below) && !own.contains(below)) {
                return false;
            }
        }
        return true;
    }

    private static int minZ(Copy c) {
        int z = Integer.MAX_VALUE;
        for (Point p : c.cells()) {
            z = Math.min(z, p.z());
        }
        return z;
    }

    private static double centre(Copy c) {
        double s = 0;
        for (Point p : c.cells()) {
            s += p.x() + p.y() + 0.01 * p.z();
        }
        return s / c.cells().size();
    }

    /**
     * A puzzle to solve: its target's outline with only the pieces already placed (the hints of a generated
     * puzzle), so the picture does not give the answer away; the other pieces are listed under it.
     */
    public static Drawing puzzle(Puzzle puzzle, String title, int width) {
        width = Math.max(MIN_WIDTH, width);
        int height = width * 3 / 4;
        Drawing d = new Drawing(width, height);
        title(d, title, width);
        List<Isometric.Cube> cubes = new ArrayList<>();
        for (int g = 0; g < puzzle.fixed().size(); g++) {
            Puzzle.FixedPiece f = puzzle.fixed().get(g);
            for (Point p : f.cells()) {
                cubes.add(new Isometric.Cube(p.x(), p.y(), p.z(), Coloring.typeColour(puzzle, f.piece()), g, markAt(puzzle, p)));
            }
        }
        drawFaces(d, Isometric.faces(cubes), MARGIN, MARGIN + TITLE, width - 2 * MARGIN, height - 2 * MARGIN - TITLE - 40,
                boxOutlines(puzzle.target()), footprint(cubes));
        StringBuilder rest = new StringBuilder();
        for (int i = 0; i < puzzle.pieces().size(); i++) {
            Piece p = puzzle.pieces().get(i);
            int index = i;
            int free = p.count() - (int) puzzle.fixed().stream().filter(f -> f.piece() == index).count();
            if (free > 0) {
                rest.append(rest.isEmpty() ? "" : ", ").append(p.name()).append(free > 1 ? " \u00d7" + free : "");
            }
        }
        String hints = Plural.count(puzzle.fixed().size(), "piece") + " placed; to add: ";
        String text = fit(hints + rest, 12, width - 2 * MARGIN);
        int y = height - MARGIN - 10;
        d.add(c -> c.text(MARGIN, y, text, 12, INK, false));
        return d;
    }

    /** The solution's layers z = 0.. side by side as coloured grids with labels, y = 0 at the bottom. */
    public static Drawing layers(Puzzle puzzle, String line, String title, int width) {
        width = Math.max(MIN_WIDTH, width);
        Target t = puzzle.target();
        List<Copy> copies = copies(puzzle, line);
        int[] colorAt = new int[t.boxVolume()];
        char[] labelAt = new char[t.boxVolume()];
        java.util.Arrays.fill(colorAt, -1);
        for (Copy c : copies) {
            for (Point p : c.cells()) {
                colorAt[t.index(p)] = c.color();
                labelAt[t.index(p)] = c.label();
            }
        }
        double gapShare = 0.8; // a gap between layers is 0.8 cells
        double cell = Math.min(40, (width - 2.0 * MARGIN) / (t.sizeZ() * t.sizeX() + (t.sizeZ() - 1) * gapShare));
        double gap = cell * gapShare;
        double panel = t.sizeX() * cell;
        int height = (int) Math.ceil(MARGIN * 2 + TITLE + 18 + t.sizeY() * cell);
        Drawing d = new Drawing(width, height);
        title(d, title, width);
        double font = Math.max(7, Math.min(14, cell * 0.5));
        for (int z = 0; z < t.sizeZ(); z++) {
            double x0 = MARGIN + z * (panel + gap);
            double y0 = MARGIN + TITLE + 18;
            String caption = fit("z = " + z, 12, panel + gap);
            d.add(c -> c.text(x0, y0 - 6, caption, 12, INK, false));
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
                        c.text(px + cell / 2.0 - font * 0.32, py + cell / 2.0 + font * 0.36, label, font, Palette.ink(fill), true);
                    });
                }
            }
        }
        return d;
    }

    /**
     * The first solutions of a catalog as small isometric pictures in a grid, each captioned with its number,
     * and a legend of the pieces' colours under them; {@code fromAbove}, as {@link #top} draws them instead
     * (the default for a target of one layer), in panels as wide as the box is.
     */
    public static Drawing sheet(Puzzle puzzle, List<String> lines, int firstNumber, String title, int width,
                                boolean fromAbove) {
        width = Math.max(MIN_WIDTH, width);
        if (fromAbove) {
            return sheetFromAbove(puzzle, lines, firstNumber, title, width);
        }
        int n = lines.size();
        Grid grid = Grid.of(n, 1, width, 18);
        double tile = grid.tile();
        int gridBottom = grid.height() - MARGIN;
        Drawing d = new Drawing(width, gridBottom + typeLegendHeight(puzzle, width) + MARGIN);
        title(d, title, width);
        for (int k = 0; k < n; k++) {
            double x0 = grid.x(k);
            double y0 = grid.y(k);
            List<Isometric.Cube> cubes = new ArrayList<>();
            List<Copy> copies = copies(puzzle, lines.get(k));
            for (int g = 0; g < copies.size(); g++) {
                for (Point p : copies.get(g).cells()) {
                    cubes.add(new Isometric.Cube(p.x(), p.y(), p.z(), copies.get(g).color(), g, markAt(puzzle, p)));
                }
            }
            drawFaces(d, Isometric.faces(cubes), x0 + 8, y0 + 4, tile - 16, tile - 12);
            String caption = "#" + (firstNumber + k);
            d.add(c -> c.text(x0 + tile / 2.0 - 12, y0 + tile + 8, caption, 12, INK, false));
        }
        typeLegend(d, puzzle, width, gridBottom);
        return d;
    }

    /**
     * {@link #sheet} from above: each panel is the box seen from above at one scale, as many across as keep the
     * sheet about as tall as it is wide (a 3x30 strip one to a row, a 9x10 rectangle three or four).
     */
    private static Drawing sheetFromAbove(Puzzle puzzle, List<String> lines, int firstNumber, String title, int width) {
        Target t = puzzle.target();
        int n = lines.size();
        double aspect = (double) t.sizeX() / t.sizeY();
        int cols = Math.max(1, Math.min(n, (int) Math.round(Math.sqrt(n / aspect))));
        double tile = (width - 2.0 * MARGIN) / cols;
        double cell = Math.min(60, (tile - 16) / t.sizeX());
        int caption = 24;
        double panel = t.sizeY() * cell + caption;
        int rows = (n + cols - 1) / cols;
        int gridBottom = (int) Math.ceil(MARGIN + TITLE + rows * panel);
        Drawing d = new Drawing(width, gridBottom + typeLegendHeight(puzzle, width) + MARGIN);
        title(d, title, width);
        for (int k = 0; k < n; k++) {
            double x0 = MARGIN + (k % cols) * tile;
            double y0 = MARGIN + TITLE + (k / cols) * panel;
            drawFromAbove(d, puzzle, copies(puzzle, lines.get(k)), x0, y0, cell);
            String text = "#" + (firstNumber + k);
            double below = y0 + t.sizeY() * cell + 16;
            d.add(c -> c.text(x0, below, text, 12, INK, false));
        }
        typeLegend(d, puzzle, width, gridBottom);
        return d;
    }

    /** The height of {@link #typeLegend}: its rows of piece types, under a gap. */
    private static int typeLegendHeight(Puzzle puzzle, int width) {
        int legendCols = typeLegendColumns(width);
        return 8 + (puzzle.pieces().size() + legendCols - 1) / legendCols * LEGEND_ROW;
    }

    /** {@link #typeLegend}'s columns: 200 pixels wide each. */
    private static int typeLegendColumns(int width) {
        return Math.max(1, (width - 2 * MARGIN) / 200);
    }

    /** One swatch per piece type, in columns, from {@code top} + 8 down (a sheet's many solutions share it). */
    private static void typeLegend(Drawing d, Puzzle puzzle, int width, int top) {
        int legendCols = typeLegendColumns(width);
        int colWidth = (width - 2 * MARGIN) / legendCols;
        for (int i = 0; i < puzzle.pieces().size(); i++) {
            Piece p = puzzle.pieces().get(i);
            int x = MARGIN + (i % legendCols) * colWidth;
            int y = top + 8 + (i / legendCols) * LEGEND_ROW;
            int color = Coloring.typeColour(puzzle, i);
            boolean varies = !Coloring.onePerType(puzzle);
            String text = fit(describe(p, p.label()) + (varies ? " (colours vary)" : ""), 12, colWidth - 26);
            d.add(c -> {
                c.rect(x, y, 14, 14, color, EDGE);
                c.text(x + 20, y + 12, text, 12, INK, false);
            });
        }
    }

    /** Every piece of a puzzle in isometric view with its label, name, cell count and orientations. */
    public static Drawing gallery(Puzzle puzzle, int[] orientations, int width) {
        width = Math.max(MIN_WIDTH, width);
        List<Piece> pieces = puzzle.pieces();
        Grid grid = Grid.withColumns(pieces.size(), Math.max(1, Math.min(pieces.size(), (width - 2 * MARGIN) / 180)), width, 34);
        double tile = grid.tile();
        Drawing d = new Drawing(width, grid.height());
        title(d, puzzle.title() + ": the pieces", width);
        for (int i = 0; i < pieces.size(); i++) {
            Piece p = pieces.get(i);
            double x0 = grid.x(i);
            double y0 = grid.y(i);
            List<Isometric.Cube> cubes = new ArrayList<>();
            for (Point c : p.shape().cells()) {
                int mark = puzzle.colours() == null ? 0 : puzzle.colours().pieceColour(i, c);
                cubes.add(new Isometric.Cube(c.x(), c.y(), c.z(), Coloring.typeColour(puzzle, i), 0, mark));
            }
            drawFaces(d, Isometric.faces(cubes), x0 + 20, y0 + 6, tile - 40, tile - 40, null, footprint(cubes));
            String name = fit(describe(p, p.label()), 12, tile - 8);
            String facts = fit(Plural.count(p.size(), "cell") + ", " + Plural.count(orientations[i], "orientation")
                    + (p.count() > 1 ? ", \u00d7" + p.count() : ""), 11, tile - 8);
            d.add(c -> {
                c.text(x0 + 8, y0 + tile - 14, name, 12, INK, true);
                c.text(x0 + 8, y0 + tile + 2, facts, 11, 0x555555, false);
            });
        }
        return d;
    }

    /**
     * A shell's solution unfolded, as the foam-cube booklets draw it: the six faces of the box in a cross (top
     * above the front; left, front, right, back in a row; bottom below), each face showing the piece that
     * lies on it (the face holding most of its cells) in its colour and orientation, seen from outside, with
     * its tabs; the cells of a face that its neighbours' tabs fill are left pale. Only for shells: every piece
     * must touch the surface.
     */
    public static Drawing net(Puzzle puzzle, String line, String title, int width) {
        width = Math.max(MIN_WIDTH, width);
        Target t = puzzle.target();
        int sx = t.sizeX();
        int sy = t.sizeY();
        int sz = t.sizeZ();
        for (Point p : t.cells()) {
            if (p.x() > 0 && p.y() > 0 && p.z() > 0 && p.x() < sx - 1 && p.y() < sy - 1 && p.z() < sz - 1) {
                throw new dev.polycube.error.OptionException("the net view unfolds a shell (a box's surface, like the foam "
                        + "cubes); " + puzzle.name() + " fills cell " + p + " inside its box: use --view layers or exploded");
            }
        }
        List<Copy> copies = copies(puzzle, line);
        int gridW = 2 * sy + 2 * sx;
        int gridH = 2 * sy + sz;
        double cell = Math.min(48, (width - 2.0 * MARGIN) / gridW);
        int height = (int) Math.ceil(MARGIN * 2 + TITLE + gridH * cell + 8 + 3 * LEGEND_ROW);
        Drawing d = new Drawing(width, height);
        title(d, title, width);
        double ox = MARGIN + (width - 2.0 * MARGIN - gridW * cell) / 2;
        double oy = MARGIN + TITLE + 4;
        // per face: its panel's origin (in cells), size, and where a cell on it lands (column, row from the top)
        NetFace[] faces = {
            new NetFace("top", sy, 0, sx, sy, p -> p.z() == sz - 1, p -> new int[] {p.x(), sy - 1 - p.y()}),
            new NetFace("left", 0, sy, sy, sz, p -> p.x() == 0, p -> new int[] {sy - 1 - p.y(), sz - 1 - p.z()}),
            new NetFace("front", sy, sy, sx, sz, p -> p.y() == 0, p -> new int[] {p.x(), sz - 1 - p.z()}),
            new NetFace("right", sy + sx, sy, sy, sz, p -> p.x() == sx - 1, p -> new int[] {p.y(), sz - 1 - p.z()}),
            new NetFace("back", 2 * sy + sx, sy, sx, sz, p -> p.y() == sy - 1, p -> new int[] {sx - 1 - p.x(), sz - 1 - p.z()}),
            new NetFace("bottom", sy, sy + sz, sx, sy, p -> p.z() == 0, p -> new int[] {p.x(), p.y()}),
        };
        int[][][] owner = new int[faces.length][][];
        for (int f = 0; f < faces.length; f++) {
            owner[f] = new int[faces[f].w()][faces[f].h()];
            for (int[] column : owner[f]) {
                java.util.Arrays.fill(column, -1);
            }
        }
        for (int k = 0; k < copies.size(); k++) {
            int home = -1;
            int most = 0;
            for (int f = 0; f < faces.length; f++) {
                int n = 0;
                for (Point p : copies.get(k).cells()) {
                    n += faces[f].on().test(p) ? 1 : 0;
                }
                if (n > most) {
                    most = n;
                    home = f;
                }
            }
            if (home < 0) {
                throw new dev.polycube.error.OptionException("the net view is for shells, where every piece lies on the surface "
                        + "(the foam cubes); piece " + copies.get(k).label() + " of " + puzzle.name() + " does not");
            }
            for (Point p : copies.get(k).cells()) {
                if (faces[home].on().test(p)) {
                    int[] at = faces[home].at().apply(p);
                    owner[home][at[0]][at[1]] = k;
                }
            }
        }
        double heavy = Math.max(1.5, Math.min(3, cell / 12));
        List<String> captions = new ArrayList<>();
        for (int f = 0; f < faces.length; f++) {
            NetFace face = faces[f];
            int[][] own = owner[f];
            for (int c = 0; c < face.w(); c++) {
                for (int r = 0; r < face.h(); r++) {
                    double px = ox + (face.col() + c) * cell;
                    double py = oy + (face.row() + r) * cell;
                    int k = own[c][r];
                    int fill = k < 0 ? 0xF1F1F1 : copies.get(k).color();
                    int edge = k < 0 ? 0xDDDDDD : Palette.mix(fill, 0x000000, 0.25);
                    d.add(cv -> cv.rect(px, py, cell, cell, fill, edge));
                }
            }
            // heavy lines where the piece on this face ends (against a gap or the panel's edge)
            for (int c = 0; c <= face.w(); c++) {
                for (int r = 0; r <= face.h(); r++) {
                    int here = c < face.w() && r < face.h() ? own[c][r] : -1;
                    int left = c > 0 && r < face.h() ? own[c - 1][r] : -1;
                    int above = r > 0 && c < face.w() ? own[c][r - 1] : -1;
                    double px = ox + (face.col() + c) * cell;
                    double py = oy + (face.row() + r) * cell;
                    if (r < face.h() && (here >= 0) != (left >= 0)) {
                        d.add(cv -> cv.line(px, py, px, py + cell, OUTLINE, heavy));
                    }
                    if (c < face.w() && (here >= 0) != (above >= 0)) {
                        d.add(cv -> cv.line(px, py, px + cell, py, OUTLINE, heavy));
                    }
                }
            }
            int home = -1;
            for (int[] column : own) {
                for (int k : column) {
                    home = Math.max(home, k);
                }
            }
            captions.add(face.name() + ": " + (home >= 0 ? describe(puzzle.pieces().get(copies.get(home).piece()), copies.get(home).label()) : "-"));
        }
        // which piece is on which face, under the net (in the free corners of the cross it would crowd the pieces)
        double ty = oy + gridH * cell + 8;
        for (int i = 0; i < captions.size(); i++) {
            String text = fit(captions.get(i), 12, (width - 2.0 * MARGIN) / 3 - 8);
            double tx = MARGIN + (i % 3) * (width - 2.0 * MARGIN) / 3;
            double y = ty + (i / 3 + 1) * LEGEND_ROW;
            d.add(cv -> cv.text(tx, y, text, 12, INK, false));
        }
        return d;
    }

    /** One face of the net: name, panel origin and size in cells, which cells lie on it, and where each lands. */
    private record NetFace(String name, int col, int row, int w, int h, java.util.function.Predicate<Point> on,
                           java.util.function.Function<Point, int[]> at) {
    }

    /**
     * Every orientation of the given pieces, numbered as {@code info --orientations} and JSON Lines catalogs
     * number them, one small panel each, a piece's panels in its colour, a heading per piece.
     */
    public static Drawing orientations(Puzzle puzzle, List<Integer> pieceIndices, int width) {
        width = Math.max(MIN_WIDTH, width);
        List<int[]> panels = new ArrayList<>(); // {piece, orientation}
        for (int i : pieceIndices) {
            int n = puzzle.orientations(i).size();
            for (int k = 0; k < n; k++) {
                panels.add(new int[] {i, k});
            }
        }
        int cols = Math.max(1, Math.min(panels.size(), (width - 2 * MARGIN) / 110));
        Grid grid = Grid.withColumns(panels.size(), cols, width, 16);
        double tile = grid.tile();
        Drawing d = new Drawing(width, grid.height());
        String who = pieceIndices.size() == 1 ? describe(puzzle.pieces().get(pieceIndices.get(0)), puzzle.pieces().get(pieceIndices.get(0)).label())
                : "every piece";
        title(d, puzzle.title() + ": orientations of " + who + " (" + panels.size() + ")", width);
        List<List<Isometric.Face>> faces = new ArrayList<>();
        double scale = Double.MAX_VALUE; // one scale for all, so the same piece looks the same size every way round
        for (int[] panel : panels) {
            List<Isometric.Cube> cubes = new ArrayList<>();
            for (Point c : puzzle.orientations(panel[0]).get(panel[1]).cells()) {
                cubes.add(new Isometric.Cube(c.x(), c.y(), c.z(), Coloring.typeColour(puzzle, panel[0]), 0));
            }
            List<Isometric.Face> f = Isometric.faces(cubes);
            double[] b = Isometric.bounds(f);
            scale = Math.min(scale, Math.min((tile - 20) / (b[2] - b[0]), (tile - 12) / (b[3] - b[1])));
            faces.add(f);
        }
        for (int k = 0; k < panels.size(); k++) {
            int i = panels.get(k)[0];
            int o = panels.get(k)[1];
            Piece p = puzzle.pieces().get(i);
            double x0 = grid.x(k);
            double y0 = grid.y(k);
            drawFacesAt(d, faces.get(k), x0 + 10, y0 + 6, tile - 20, tile - 12, scale);
            String text = fit((pieceIndices.size() == 1 ? "" : p.label() + " ") + "#" + (o + 1), 11, tile - 4);
            d.add(c -> c.text(x0 + 4, y0 + tile + 8, text, 11, INK, false));
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

    /** A generous estimate of a text's width in pixels (sans-serif, bold or not). */
    static double textWidth(String text, double size) {
        return text.length() * size * 0.62;
    }

    /** {@code text}, shortened with an ellipsis until it fits {@code width} pixels. */
    static String fit(String text, double size, double width) {
        if (textWidth(text, size) <= width) {
            return text;
        }
        int n = Math.max(1, (int) (width / (size * 0.62)) - 1);
        return n >= text.length() ? text : text.substring(0, n) + "\u2026";
    }

    private static void title(Drawing d, String title, int width) {
        String text = fit(title, 16, width - 2 * MARGIN);
        d.add(c -> c.text(MARGIN, MARGIN + 14, text, 16, INK, true));
    }

    /**
     * The outlines of the target: the eight corners of each separate part's bounding box (parts are the
     * face-connected groups of target cells), so a target of two boxes apart is drawn as two boxes, and a box
     * with holes or joined boxes as one.
     */
    static List<double[][]> boxOutlines(Target t) {
        List<double[][]> out = new ArrayList<>();
        boolean[] seen = new boolean[t.boxVolume()];
        int[][] steps = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        for (Point start : t.cells()) {
            if (seen[t.index(start)]) {
                continue;
            }
            int[] lo = {start.x(), start.y(), start.z()};
            int[] hi = lo.clone();
            java.util.ArrayDeque<Point> todo = new java.util.ArrayDeque<>(List.of(start));
            seen[t.index(start)] = true;
            while (!todo.isEmpty()) {
                Point p = todo.poll();
                int[] c = {p.x(), p.y(), p.z()};
                for (int a = 0; a < 3; a++) {
                    lo[a] = Math.min(lo[a], c[a]);
                    hi[a] = Math.max(hi[a], c[a]);
                }
                for (int[] s : steps) {
                    Point q = new Point(p.x() + s[0], p.y() + s[1], p.z() + s[2]);
                    if (t.contains(q) && !seen[t.index(q)]) {
                        seen[t.index(q)] = true;
                        todo.add(q);
                    }
                }
            }
            double[][] corners = new double[8][];
            for (int k = 0; k < 8; k++) {
                corners[k] = new double[] {(k & 1) == 0 ? lo[0] : hi[0] + 1, ((k >> 1) & 1) == 0 ? lo[1] : hi[1] + 1,
                    ((k >> 2) & 1) == 0 ? lo[2] : hi[2] + 1};
            }
            out.add(corners);
        }
        return out;
    }

    static void drawFaces(Drawing d, List<Isometric.Face> faces, double x0, double y0, double w, double h) {
        drawFaces(d, faces, x0, y0, w, h, null, List.of());
    }


    /**
     * The floor cells under {@code cubes} (x, y at z = 0), drawn as a soft shadow cast a little towards the
     * viewer, so that it shows beside a piece standing on the floor: a lone piece does not float.
     */
    private static List<Point> footprint(List<Isometric.Cube> cubes) {
        java.util.Set<Point> out = new java.util.LinkedHashSet<>();
        for (Isometric.Cube c : cubes) {
            out.add(new Point((int) c.x(), (int) c.y(), 0));
        }
        return new ArrayList<>(out);
    }

    /**
     * Scales the faces (and the outline of {@code box}, when given) to fit (x0, y0, w, h), centred: each face
     * filled, its creases thin, its outline edges heavy.
     */
    static void drawFaces(Drawing d, List<Isometric.Face> faces, double x0, double y0, double w, double h, List<double[][]> boxes,
                          List<Point> floor) {
        drawFaces(d, faces, x0, y0, w, h, boxes, floor, List.of(), List.of());
    }

    /**
     * As above, with arrows (pairs of points in cells, from and to) and ghosts (faces drawn as thin outlines
     * only, over the rest: what a cut-away took out) drawn over the faces.
     */
    static void drawFaces(Drawing d, List<Isometric.Face> faces, double x0, double y0, double w, double h, List<double[][]> boxes,
                          List<Point> floor, List<double[][]> arrows, List<Isometric.Face> ghosts) {
        List<Isometric.Face> all = new ArrayList<>(faces);
        all.addAll(ghosts);
        double[] b = all.isEmpty() ? new double[] {0, 0, 1, 1} : Isometric.bounds(all);
        List<double[][]> flat = new ArrayList<>();
        for (double[][] a : arrows) {
            double[] p = Isometric.project(a[0][0], a[0][1], a[0][2]);
            double[] q = Isometric.project(a[1][0], a[1][1], a[1][2]);
            flat.add(new double[][] {p, q});
            b = new double[] {Math.min(b[0], Math.min(p[0], q[0])), Math.min(b[1], Math.min(p[1], q[1])),
                Math.max(b[2], Math.max(p[0], q[0])), Math.max(b[3], Math.max(p[1], q[1]))};
        }
        List<double[][]> shadow = new ArrayList<>();
        for (Point f : floor) {
            double[][] q = new double[4][];
            int[][] corner = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
            for (int k = 0; k < 4; k++) {
                q[k] = Isometric.project(f.x() + corner[k][0] + SHADOW_SHIFT, f.y() + corner[k][1] + SHADOW_SHIFT, 0);
                b = new double[] {Math.min(b[0], q[k][0]), Math.min(b[1], q[k][1]), Math.max(b[2], q[k][0]), Math.max(b[3], q[k][1])};
            }
            shadow.add(q);
        }
        List<double[]> boxPoints = new ArrayList<>();
        if (boxes != null) {
            for (double[][] box : boxes) {
                for (double[] corner : box) {
                    double[] p = Isometric.project(corner[0], corner[1], corner[2]);
                    boxPoints.add(p);
                    b = faces.isEmpty() && boxPoints.size() == 1 ? new double[] {p[0], p[1], p[0], p[1]}
                            : new double[] {Math.min(b[0], p[0]), Math.min(b[1], p[1]), Math.max(b[2], p[0]), Math.max(b[3], p[1])};
                }
            }
        }
        if (faces.isEmpty() && boxes == null) {
            return;
        }
        double scale = Math.min(w / Math.max(1e-9, b[2] - b[0]), h / Math.max(1e-9, b[3] - b[1]));
        double ox = x0 + (w - (b[2] - b[0]) * scale) / 2 - b[0] * scale;
        double oy = y0 + (h - (b[3] - b[1]) * scale) / 2 - b[1] * scale;
        for (double[][] q : shadow) {
            double[] xs = new double[4];
            double[] ys = new double[4];
            for (int k = 0; k < 4; k++) {
                xs[k] = ox + q[k][0] * scale;
                ys[k] = oy + q[k][1] * scale;
            }
            d.add(c -> c.polygon(xs, ys, SHADOW, SHADOW, 0.6));
        }
        int[][] edges = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
        for (int first = 0; first < boxPoints.size(); first += 8) { // eight corners per box
            for (int[] e : edges) {
                double[] p = boxPoints.get(first + e[0]);
                double[] q = boxPoints.get(first + e[1]);
                d.add(c -> c.line(ox + p[0] * scale, oy + p[1] * scale, ox + q[0] * scale, oy + q[1] * scale, 0xB0B0B0, 1));
            }
        }
        paint(d, faces, ox, oy, scale);
        for (Isometric.Face f : ghosts) {
            for (int k = 0; k < 4; k++) {
                if (f.edges()[k] == Isometric.OUTLINE) {
                    int m = (k + 1) % 4;
                    double ax = ox + f.xs()[k] * scale;
                    double ay = oy + f.ys()[k] * scale;
                    double bx = ox + f.xs()[m] * scale;
                    double by = oy + f.ys()[m] * scale;
                    d.add(c -> c.line(ax, ay, bx, by, GHOST, 1));
                }
            }
        }
        for (double[][] a : flat) {
            arrow(d, ox + a[0][0] * scale, oy + a[0][1] * scale, ox + a[1][0] * scale, oy + a[1][1] * scale, scale);
        }
    }

    /** An arrow from (x1, y1) to (x2, y2) in pixels: a shaft and a head, over a white halo so it reads on any piece. */
    private static void arrow(Drawing d, double x1, double y1, double x2, double y2, double scale) {
        double len = Math.hypot(x2 - x1, y2 - y1);
        if (len < 1e-9) {
            return;
        }
        double ux = (x2 - x1) / len;
        double uy = (y2 - y1) / len;
        double width = Math.max(1.6, Math.min(4, scale / 10));
        double head = Math.min(len * 0.6, Math.max(7, width * 3.5));
        double bx = x2 - ux * head;
        double by = y2 - uy * head;
        double[] xs = {x2, bx - uy * head * 0.5, bx + uy * head * 0.5};
        double[] ys = {y2, by + ux * head * 0.5, by - ux * head * 0.5};
        d.add(c -> {
            c.line(x1, y1, bx, by, 0xFFFFFF, width + 3);
            c.polygon(xs, ys, 0xFFFFFF, 0xFFFFFF, 3);
            c.line(x1, y1, bx, by, ARROW, width);
            c.polygon(xs, ys, ARROW, ARROW, 1);
        });
    }

    /** As {@link #drawFaces}, at a given scale (pieces drawn apart keep their relative size). */
    private static void drawFacesAt(Drawing d, List<Isometric.Face> faces, double x0, double y0, double w, double h, double scale) {
        double[] b = Isometric.bounds(faces);
        double ox = x0 + (w - (b[2] - b[0]) * scale) / 2 - b[0] * scale;
        double oy = y0 + (h - (b[3] - b[1]) * scale) / 2 - b[1] * scale;
        paint(d, faces, ox, oy, scale);
    }

    private static void paint(Drawing d, List<Isometric.Face> faces, double ox, double oy, double scale) {
        double heavy = Math.max(1.2, Math.min(3.2, scale / 14));
        double thin = Math.max(0.4, heavy / 3);
        for (Isometric.Face f : faces) {
            double[] xs = new double[f.xs().length];
            double[] ys = new double[f.ys().length];
            for (int i = 0; i < xs.length; i++) {
                xs[i] = ox + f.xs()[i] * scale;
                ys[i] = oy + f.ys()[i] * scale;
            }
            int crease = Palette.mix(f.color(), 0x000000, 0.35);
            d.add(c -> {
                c.polygon(xs, ys, f.color(), f.color(), 0.6);
                for (int k = 0; k < 4; k++) {
                    int kind = f.edges()[k];
                    if (kind != Isometric.NONE) {
                        int m = (k + 1) % 4;
                        c.line(xs[k], ys[k], xs[m], ys[m], kind == Isometric.OUTLINE ? OUTLINE : crease,
                                kind == Isometric.OUTLINE ? heavy : thin);
                    }
                }
                if (f.mark() > 0) {
                    mark(c, xs, ys, f.mark(), f.color());
                }
            });
        }
    }

    /**
     * A colour constraint on a face: a small diamond in its middle, in the ink that reads on the face, with the
     * colour's number beside it when the face is large enough to hold it.
     */
    private static void mark(Canvas c, double[] xs, double[] ys, int colour, int fill) {
        double cx = (xs[0] + xs[1] + xs[2] + xs[3]) / 4;
        double cy = (ys[0] + ys[1] + ys[2] + ys[3]) / 4;
        double[] dx = new double[4];
        double[] dy = new double[4];
        for (int k = 0; k < 4; k++) {
            dx[k] = cx + (xs[k] - cx) * 0.28;
            dy[k] = cy + (ys[k] - cy) * 0.28;
        }
        int ink = Palette.ink(fill);
        c.polygon(dx, dy, ink, ink, 0.8);
        double size = Math.hypot(xs[1] - xs[0], ys[1] - ys[0]);
        if (size >= 22) {
            c.text(cx + size * 0.16, cy - size * 0.08, String.valueOf(colour), Math.max(8, size * 0.3), ink, true);
        }
    }

    /** The puzzle colour of box cell {@code p} (a colour constraint), 0 when the puzzle has none there. */
    private static int markAt(Puzzle puzzle, Point p) {
        return puzzle.colours() == null ? 0 : puzzle.colours().targetColour(puzzle.target().index(p));
    }

    private static void legend(Drawing d, Puzzle puzzle, List<Copy> copies, int x0, int y0, int width) {
        List<Copy> sorted = new ArrayList<>(copies);
        sorted.sort(Comparator.comparingInt(Copy::label));
        for (int k = 0; k < sorted.size(); k++) {
            Copy c = sorted.get(k);
            Piece p = puzzle.pieces().get(c.piece());
            int y = y0 + k * LEGEND_ROW;
            String text = fit(describe(p, c.label()), 12, width - 22);
            d.add(cv -> {
                cv.rect(x0, y, 14, 14, c.color(), EDGE);
                cv.text(x0 + 22, y + 12, text, 12, INK, false);
            });
        }
    }
}
