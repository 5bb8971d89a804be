package dev.polycube.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.TestPuzzles;
import dev.polycube.catalog.Packing;
import dev.polycube.disassembly.BuildPlan;
import dev.polycube.disassembly.Disassembly;
import dev.polycube.geometry.Point;
import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.solve.Solver;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The pictures read at a glance: outlines, colours that differ where pieces touch, no clipping, no overlap. */
class ReadablePicturesTest {

    static Stream<String> builtIns() {
        return BuiltInPuzzles.names().stream();
    }

    private static String firstSolution(Puzzle p) {
        return Solver.solve(p, Solver.Options.defaults().withLimit(1).withThreads(2)).lines().get(0);
    }

    @Test
    void aHeavyOutlineSeparatesTwoPiecesOfTheSameColour() {
        int same = 0x3366AA;
        List<Isometric.Face> twoPieces = Isometric.faces(List.of(new Isometric.Cube(0, 0, 0, same, 0),
                new Isometric.Cube(1, 0, 0, same, 1)));
        List<Isometric.Face> onePiece = Isometric.faces(List.of(new Isometric.Cube(0, 0, 0, same, 0),
                new Isometric.Cube(1, 0, 0, same, 0)));
        // the top of the cube at x = 1, edge 3 faces -x: the other cube
        Isometric.Face top2 = twoPieces.get(twoPieces.size() - 3);
        Isometric.Face top1 = onePiece.stream().filter(f -> f.face() == 0 && f.xs()[0] > 0.5).findFirst().orElseThrow();
        assertEquals(0, top2.face());
        assertEquals(Isometric.OUTLINE, top2.edges()[3], "between two pieces");
        assertEquals(Isometric.NONE, top1.edges()[3], "inside one piece's flat side");
        Isometric.Face side = onePiece.stream().filter(f -> f.face() == 1).findFirst().orElseThrow();
        assertEquals(Isometric.CREASE, side.edges()[2], "where its top meets its side");
        assertEquals(Isometric.OUTLINE, side.edges()[0], "where it meets the air below");
    }

    /** Every pair of touching pieces in the first solution of every built-in differs by CIEDE2000 >= 15. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("builtIns")
    void touchingPiecesHaveDistinguishableColours(String name) {
        Puzzle p = BuiltInPuzzles.load(name);
        List<Pictures.Copy> copies = Pictures.copies(p, firstSolution(p));
        Map<Point, Integer> owner = new HashMap<>();
        for (int i = 0; i < copies.size(); i++) {
            for (Point c : copies.get(i).cells()) {
                owner.put(c, i);
            }
        }
        for (int i = 0; i < copies.size(); i++) {
            for (Point c : copies.get(i).cells()) {
                for (Point q : List.of(new Point(c.x() + 1, c.y(), c.z()), new Point(c.x(), c.y() + 1, c.z()),
                        new Point(c.x(), c.y(), c.z() + 1))) {
                    Integer j = owner.get(q);
                    if (j != null && j != i) {
                        double d = ColorDistance.ciede2000(copies.get(i).color(), copies.get(j).color());
                        assertTrue(d >= Coloring.TOUCHING, name + ": " + copies.get(i).label() + " and " + copies.get(j).label()
                                + " touch with colour difference " + d);
                    }
                }
            }
        }
    }

    @Test
    void ciede2000MatchesSharmasReferenceData() {
        // Sharma, Wu, Dalal (2005), test pairs 1, 7 and 17
        assertEquals(2.0425, ColorDistance.ciede2000(new double[] {50, 2.6772, -79.7751}, new double[] {50, 0, -82.7485}), 1e-4);
        assertEquals(2.3669, ColorDistance.ciede2000(new double[] {50, 0, 0}, new double[] {50, -1, 2}), 1e-4);
        assertEquals(27.1492, ColorDistance.ciede2000(new double[] {50, 2.5, 0}, new double[] {73, 25, -18}), 1e-4);
    }

    /** No text runs off the picture, at any width, in any view. */
    @ParameterizedTest(name = "width {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {320, 900, 2400})
    void noViewClipsItsText(int width) throws Exception {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        String line = firstSolution(bedlam);
        String long_ = "Bedlam cube: a very long title that would not fit on a narrow picture at all, solution 1 of 19186";
        List<Drawing> views = List.of(Pictures.solution(bedlam, line, long_, width), Pictures.exploded(bedlam, line, long_, width),
                Pictures.steps(bedlam, line, long_, width), Pictures.layers(bedlam, line, long_, width),
                Pictures.sheet(bedlam, List.of(line, line, line), 1, long_, width, false),
                Pictures.sheet(bedlam, List.of(line, line, line), 1, long_, width, true), Pictures.top(bedlam, line, long_, width),
                Pictures.gallery(bedlam, new int[13], width),
                Pictures.puzzle(bedlam, long_, width));
        for (Drawing d : views) {
            assertEquals(width, d.width(), "--width is honoured");
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(d.svg().getBytes(StandardCharsets.UTF_8)));
            NodeList texts = doc.getElementsByTagName("text");
            for (int i = 0; i < texts.getLength(); i++) {
                Element t = (Element) texts.item(i);
                double x = Double.parseDouble(t.getAttribute("x"));
                double y = Double.parseDouble(t.getAttribute("y"));
                double size = Double.parseDouble(t.getAttribute("font-size"));
                double w = Pictures.textWidth(t.getTextContent(), size);
                assertTrue(x >= 0 && x + w <= d.width() + 0.5 && y - size >= 0 && y <= d.height(),
                        "'" + t.getTextContent() + "' at " + x + "," + y + " in " + d.width() + "x" + d.height());
            }
        }
    }

    /** In the exploded view each piece has its own place: the pieces' drawn boxes do not overlap. */
    @Test
    void explodedPiecesDoNotOverlap() throws Exception {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        String line = firstSolution(bedlam);
        Map<Integer, Integer> pieceOfShade = new HashMap<>();
        List<Pictures.Copy> copies = Pictures.copies(bedlam, line);
        for (int i = 0; i < copies.size(); i++) {
            for (int f = 0; f < 3; f++) {
                pieceOfShade.put(Palette.shade(copies.get(i).color(), f), i);
            }
        }
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(
                Pictures.exploded(bedlam, line, "t", 900).svg().getBytes(StandardCharsets.UTF_8)));
        double[][] box = new double[copies.size()][];
        NodeList polygons = doc.getElementsByTagName("polygon");
        for (int i = 0; i < polygons.getLength(); i++) {
            Element e = (Element) polygons.item(i);
            Integer piece = pieceOfShade.get(Integer.parseInt(e.getAttribute("fill").substring(1), 16));
            assertTrue(piece != null, "every face belongs to a piece");
            for (String pt : e.getAttribute("points").split(" ")) {
                double x = Double.parseDouble(pt.split(",")[0]);
                double y = Double.parseDouble(pt.split(",")[1]);
                double[] b = box[piece] == null ? new double[] {x, y, x, y} : box[piece];
                box[piece] = new double[] {Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)};
            }
        }
        for (int i = 0; i < box.length; i++) {
            for (int j = i + 1; j < box.length; j++) {
                boolean apart = box[i][2] <= box[j][0] || box[j][2] <= box[i][0] || box[i][3] <= box[j][1] || box[j][3] <= box[i][1];
                assertTrue(apart, copies.get(i).label() + " and " + copies.get(j).label() + " overlap");
            }
        }
    }

    /**
     * The steps view draws the build plan: one numbered panel per step, an arrow (the one red head) for every
     * step that moves pieces and none for a piece put down, the level in the title.
     */
    @Test
    void theStepsAreTheDisassemblyBackwardsWithAnArrowPerMove() {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        String line = firstSolution(bedlam);
        Disassembly d = Disassembly.of(bedlam, Packing.fromLine(bedlam, line), () -> false);
        BuildPlan plan = d.buildPlan();
        String svg = Pictures.steps(bedlam, line, d, "t", 900).svg();
        for (int k = 1; k <= plan.steps().size(); k++) {
            assertTrue(svg.contains(">" + k + ". "), "step " + k + " is drawn");
        }
        assertFalse(svg.contains(">" + (plan.steps().size() + 1) + ". "));
        long moves = plan.steps().stream().filter(s -> s.kind() != BuildPlan.Kind.PLACE).count();
        assertEquals(moves, countOf(svg, "<polygon points=\"[^\"]*\" fill=\"#d0202a\""), "one arrow head per move");
        assertTrue(svg.contains("level " + d.level()), "the title names the level");
    }

    /** CubeInCage's assemblies that cannot be taken apart (BurrTools: 95 of 96) get no order, and say so. */
    @Test
    void aPackingThatCannotBeTakenApartHasNoSteps() {
        Puzzle cage = dev.polycube.puzzle.BuiltInPuzzles.loadFile(java.nio.file.Path.of("src/test/resources/burrtools/CubeInCage.xmpuzzle"));
        String stuck = null;
        for (String l : TestPuzzles.solve(cage, dev.polycube.puzzle.SymmetryMode.BURRTOOLS, 2).lines()) {
            if (Disassembly.of(cage, Packing.fromLine(cage, l), () -> false).separation() == null) {
                stuck = l;
                break;
            }
        }
        String svg = Pictures.steps(cage, stuck, "cage", 900).svg();
        assertTrue(svg.contains("cannot be taken apart: no build order"), "the title says so");
        assertEquals(0, countOf(svg, "fill=\"#d0202a\""), "no arrows");
    }

    private static long countOf(String text, String regex) {
        return java.util.regex.Pattern.compile(regex).matcher(text).results().count();
    }

    /**
     * Foam pieces carry their real colour (seed 003: blue, red, violet, yellow, orange, green): one of each colour
     * is drawn in exactly its colour; a one-colour set in distinct variants of it, the first the colour itself.
     */
    @Test
    void foamPiecesAreDrawnInTheirRealColour() {
        Puzzle challenge = TestPuzzles.builtIn("happy-cube-challenge");
        for (Pictures.Copy c : Pictures.copies(challenge, firstSolution(challenge))) {
            var piece = challenge.pieces().get(c.piece());
            String colour = piece.name().replaceAll("[0-9]", "");
            assertEquals(dev.polycube.puzzle.PieceColours.NAMED.get(colour), c.color(), piece.name());
        }
        Puzzle blue = TestPuzzles.builtIn("happy-cube-blue");
        java.util.Set<Integer> colours = new HashSet<>();
        for (int i = 0; i < blue.pieces().size(); i++) {
            colours.add(Coloring.typeColour(blue, i));
        }
        assertEquals(6, colours.size(), "six pieces, six variants");
        assertTrue(colours.contains(dev.polycube.puzzle.PieceColours.NAMED.get("blue")));
    }

    /**
     * The net of a foam cube: six 5x5 faces (150 squares), each showing the flat piece on it whole, so every
     * one of the shell's 98 cells is coloured exactly once and the other 52 squares stay pale; a solid box
     * has no net.
     */
    @Test
    void aShellUnfoldsIntoItsNet() {
        Puzzle blue = TestPuzzles.builtIn("happy-cube-blue");
        String svg = Pictures.net(blue, firstSolution(blue), "t", 900).svg();
        assertEquals(150, countOf(svg, "<rect [^>]*stroke-width=\"0.8\""), "six faces of 25 squares (the page's background is one more rect)");
        assertEquals(52, countOf(svg, "<rect [^>]*fill=\"#f1f1f1\""));
        Puzzle soma = TestPuzzles.builtIn("soma");
        assertThrows(dev.polycube.error.OptionException.class, () -> Pictures.net(soma, firstSolution(soma), "t", 900));
    }

    /** A target of two boxes apart is outlined as two boxes (12 edges each); a box with holes as one. */
    @Test
    void separateBoxesAreOutlinedSeparately() {
        String two = Pictures.puzzle(TestPuzzles.builtIn("tetracubes-2x2x4x2"), "t", 900).svg();
        assertEquals(24, countOf(two, "stroke=\"#b0b0b0\""), "two boxes");
        Puzzle bathtub = dev.polycube.puzzle.BuiltInPuzzles.loadFile(java.nio.file.Path.of("examples/soma-bathtub.txt"));
        assertEquals(12, countOf(Pictures.puzzle(bathtub, "t", 900).svg(), "stroke=\"#b0b0b0\""), "one box with holes");
    }

    /** A generated puzzle's picture shows the hints and not the answer: only the fixed pieces' cells are drawn. */
    @Test
    void aPuzzleWithHintsIsDrawnWithoutItsAnswer() throws Exception {
        Puzzle base = TestPuzzles.builtIn("tetracubes-2x4x4");
        List<Puzzle.FixedPiece> hints = new ArrayList<>();
        List<Pictures.Copy> copies = Pictures.copies(base, firstSolution(base));
        for (int i = 0; i < 2; i++) {
            hints.add(new Puzzle.FixedPiece(copies.get(i).piece(), copies.get(i).cells()));
        }
        Puzzle withHints = base.withFixed(hints);
        String svg = Pictures.puzzle(withHints, "t", 900).svg();
        Set<Integer> fills = new HashSet<>();
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        NodeList polygons = doc.getElementsByTagName("polygon");
        for (int i = 0; i < polygons.getLength(); i++) {
            fills.add(Integer.parseInt(((Element) polygons.item(i)).getAttribute("fill").substring(1), 16));
        }
        Set<Integer> hintShades = new HashSet<>();
        for (Puzzle.FixedPiece f : hints) {
            for (int face = 0; face < 3; face++) {
                hintShades.add(Palette.shade(Palette.color(f.piece()), face));
            }
        }
        fills.remove(0xD4D4D4); // the hints' shadow on the floor (a depth cue), no piece
        assertTrue(hintShades.containsAll(fills) && !fills.isEmpty(), "only hint pieces are drawn: " + fills);
        assertTrue(svg.contains("<line"), "the box is outlined");
    }
}
