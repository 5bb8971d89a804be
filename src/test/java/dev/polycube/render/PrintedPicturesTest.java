package dev.polycube.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.TestPuzzles;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleParser;
import dev.polycube.puzzle.SymmetryMode;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.NodeList;

/** What a person sees in print: depth on a lone piece, flat puzzles from above, colour constraints, print size. */
class PrintedPicturesTest {

    @TempDir
    Path dir;

    private static final String COLOURED = """
            name coloured
            box 3 3 1
            colours 2
            allow 1 1
            allow 2 2
            colour 1 0 0 0
            colour 2 1 0 0
            colour 2 2 0 0
            piece A 1 (0,0,0)@1 (1,0,0)@2 (2,0,0)@2
            piece B 1 (0,0,0) (1,0,0) (2,0,0)
            piece C 1 (0,0,0) (1,0,0) (2,0,0)
            """;

    @Test
    void aLonePieceStandsOnItsShadow() {
        Puzzle soma = TestPuzzles.builtIn("soma");
        String line = TestPuzzles.solve(soma, SymmetryMode.ROTATIONS, 1).lines().get(0);
        String steps = Pictures.steps(soma, line, "t", 600).svg();
        assertTrue(steps.contains("fill=\"#d4d4d4\""), "the first step's piece casts a shadow on the floor");
        assertTrue(Pictures.gallery(soma, new int[soma.pieces().size()], 600).svg().contains("fill=\"#d4d4d4\""));
    }

    @Test
    void colourConstraintsAreMarkedWithTheirNumbers() {
        Puzzle p = PuzzleParser.parse(COLOURED, "test", "coloured");
        String line = TestPuzzles.solve(p, SymmetryMode.FIXED, 1).lines().get(0);
        String iso = Pictures.solution(p, line, "t", 800).svg();
        String top = Pictures.top(p, line, "t", 800).svg();
        for (String svg : new String[] {iso, top}) {
            assertTrue(svg.contains(">1</text>") && svg.contains(">2</text>"), "colours 1 and 2 are marked");
        }
        Puzzle plain = PuzzleParser.parse(COLOURED.replaceAll("(?m)^(colours|colour|allow) .*\\n|@\\d", ""), "test", "plain");
        String plainLine = TestPuzzles.solve(plain, SymmetryMode.FIXED, 1).lines().get(0);
        assertTrue(!Pictures.top(plain, plainLine, "t", 800).svg().contains(">2</text>"), "no marks without colours");
    }

    @Test
    void aFlatPuzzleIsDrawnFromAboveAndThePrintSizeIsStored() throws Exception {
        Path puzzle = dir.resolve("flat.txt");
        Files.writeString(puzzle, "name flat\nbox 4 2 1\npiece D 4 (0,0,0) (1,0,0)\n");
        Path catalog = dir.resolve("flat-cat.txt");
        assertEquals(0, CliRunner.run("solve", puzzle.toString(), "-o", catalog.toString(), "-q", "--no-checkpoint").code());
        Path png = dir.resolve("flat.png");
        CliRunner.Result r = CliRunner.run("render", catalog.toString(), "-o", png.toString(), "--width", "600", "--dpi", "150");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("top view"), "a one-layer target is drawn from above: " + r.out());
        assertTrue(r.out().contains("4.0 x"), "600 px at 150 dpi print 4 inches wide: " + r.out());
        try (ImageInputStream in = ImageIO.createImageInputStream(png.toFile())) {
            ImageReader reader = ImageIO.getImageReaders(in).next();
            reader.setInput(in);
            IIOMetadataNode root = (IIOMetadataNode) reader.getImageMetadata(0).getAsTree("javax_imageio_png_1.0");
            NodeList phys = root.getElementsByTagName("pHYs");
            assertEquals(1, phys.getLength(), "the PNG states its resolution");
            assertEquals(String.valueOf(Math.round(150 / 0.0254)), ((IIOMetadataNode) phys.item(0)).getAttribute("pixelsPerUnitXAxis"));
        }
        CliRunner.Result iso = CliRunner.run("render", catalog.toString(), "--camera", "iso", "-o", dir.resolve("iso.svg").toString(),
                "--dpi", "100");
        assertTrue(iso.out().startsWith("iso view"), iso.out());
        assertTrue(Files.readString(dir.resolve("iso.svg")).contains("in\" height="), "the SVG's size in inches");
        assertEquals(2, CliRunner.run("render", catalog.toString(), "--camera", "side", "-o", dir.resolve("x.png").toString()).code());

        // a sheet of a flat puzzle is drawn from above too: every solution's panel labels its pieces (the first copy,
        // D, once each), which the isometric sheet does not; both share one legend
        long solutions = Files.readAllLines(catalog).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).count();
        CliRunner.Result sheet = CliRunner.run("render", catalog.toString(), "--view", "sheet", "-o", dir.resolve("top.svg").toString());
        assertEquals(0, sheet.code(), sheet.err());
        CliRunner.Result isoSheet = CliRunner.run("render", catalog.toString(), "--view", "sheet", "--camera", "iso", "-o",
                dir.resolve("isosheet.svg").toString());
        assertEquals(0, isoSheet.code(), isoSheet.err());
        String top = Files.readString(dir.resolve("top.svg"));
        assertTrue(top.contains("from above"), "the title says how it is seen");
        assertEquals(solutions, count(top, ">D</text>") - count(Files.readString(dir.resolve("isosheet.svg")), ">D</text>"));
    }

    private static long count(String text, String part) {
        return (text.length() - text.replace(part, "").length()) / part.length();
    }
}
