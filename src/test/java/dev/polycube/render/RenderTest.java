package dev.polycube.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.CliRunner;
import dev.polycube.TestPuzzles;
import dev.polycube.catalog.CatalogFile;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import dev.polycube.puzzle.SymmetryMode;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RenderTest {

    private static final double C = Math.cos(Math.PI / 6);

    @TempDir
    Path dir;

    /** A Bedlam solution from Ekström's published list (catalogs/published), in our labels. */
    private static String bedlamLine(Puzzle bedlam) throws Exception {
        try (CatalogFile c = CatalogFile.open(Path.of("catalogs/published/ekstrom-bedlam-19186-solutions.txt"), null, bedlam)) {
            var m = c.next().match();
            return new Canonicalizer(bedlam, SymmetryGroup.of(bedlam, SymmetryMode.FIXED)).line(m.packing().cellCopy(), m.packing().copyPiece());
        }
    }

    @Test
    void projectionPutsCornersWhereTheyBelong() {
        assertArrayEquals(new double[] {0, 0}, Isometric.project(0, 0, 0), 1e-9);
        assertArrayEquals(new double[] {C, 0.5}, Isometric.project(1, 0, 0), 1e-9);
        assertArrayEquals(new double[] {-C, 0.5}, Isometric.project(0, 1, 0), 1e-9);
        assertArrayEquals(new double[] {0, -1}, Isometric.project(0, 0, 1), 1e-9);
    }

    @Test
    void oneCubeShowsThreeFacesAndTwoTouchingCubesHideTheFacesBetweenThem() {
        List<Isometric.Face> one = Isometric.faces(List.of(new Isometric.Cube(0, 0, 0, 0x123456, 0)));
        assertEquals(3, one.size());
        // the top face of the unit cube at the origin is the rhombus (0,-1) (C,-0.5) (0,0) (-C,-0.5)
        Isometric.Face top = one.stream().filter(f -> f.face() == 0).findFirst().orElseThrow();
        assertArrayEquals(new double[] {0, C, 0, -C}, top.xs(), 1e-9);
        assertArrayEquals(new double[] {-1, -0.5, 0, -0.5}, top.ys(), 1e-9);

        List<Isometric.Face> alongX = Isometric.faces(List.of(new Isometric.Cube(0, 0, 0, 1, 0), new Isometric.Cube(1, 0, 0, 1, 0)));
        assertEquals(5, alongX.size(), "the +x face of the first cube is hidden by the second");
        List<Isometric.Face> stacked = Isometric.faces(List.of(new Isometric.Cube(0, 0, 1, 1, 0), new Isometric.Cube(0, 0, 0, 1, 0)));
        assertEquals(5, stacked.size(), "the lower cube's top is hidden");
        assertTrue(stacked.get(stacked.size() - 1).ys()[0] < 0, "the upper cube is painted last");
        List<Isometric.Face> apart = Isometric.faces(List.of(new Isometric.Cube(0, 0, 0, 1, 0), new Isometric.Cube(1, 0, 0, 1, 1)));
        assertEquals(6, apart.size(), "cubes of different groups (exploded pieces) do not hide each other's faces");
    }

    @Test
    void svgParsesAsXml() throws Exception {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        String svg = Pictures.solution(bedlam, bedlamLine(bedlam), "test", 900).svg();
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        assertTrue(doc.getElementsByTagName("polygon").getLength() > 37 * 1, "at least one face per visible cell");
    }

    @Test
    void pngDecodesWithTheExpectedSize() throws Exception {
        Path file = dir.resolve("b.png");
        CliRunner.Result r = CliRunner.run("render", "soma", "--view", "pieces", "-o", file.toString());
        assertEquals(0, r.code(), r.err());
        BufferedImage img = ImageIO.read(file.toFile());
        Drawing expected = Pictures.gallery(TestPuzzles.builtIn("soma"), new int[7], 900);
        assertEquals(expected.width(), img.getWidth());
        assertEquals(expected.height(), img.getHeight());
    }

    @Test
    void renderingABedlamSolutionTouchesEveryPiecesColour() throws Exception {
        Puzzle bedlam = TestPuzzles.builtIn("bedlam");
        String line = bedlamLine(bedlam);
        Set<Integer> layers = colours(Pictures.layers(bedlam, line, "t", 900).png());
        Drawing exploded = Pictures.exploded(bedlam, line, "t", 900);
        Set<Integer> ex = colours(exploded.png());
        for (int p = 0; p < bedlam.pieces().size(); p++) {
            int base = Palette.color(p);
            assertTrue(layers.contains(base), "layers view shows piece " + bedlam.pieces().get(p).name());
            assertTrue(ex.contains(Palette.shade(base, 0)) || ex.contains(Palette.shade(base, 1)) || ex.contains(Palette.shade(base, 2)),
                    "exploded view shows piece " + bedlam.pieces().get(p).name());
        }
    }

    @Test
    void everyViewWritesAFile() {
        for (String view : List.of("iso", "exploded", "steps", "layers", "sheet", "pieces")) {
            Path out = dir.resolve(view + ".svg");
            CliRunner.Result r = CliRunner.run("render", "catalogs/published/lepage-soma-cube-480.txt", "--view", view,
                    "--count", "4", "-o", out.toString());
            assertEquals(0, r.code(), view + ": " + r.err());
            assertTrue(out.toFile().length() > 1000, view);
        }
        CliRunner.Result bad = CliRunner.run("render", "catalogs/published/lepage-soma-cube-480.txt", "--index", "481",
                "-o", dir.resolve("x.svg").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("out of range"), bad.err());
    }

    @Test
    void showPrintsTheLayers() {
        CliRunner.Result r = CliRunner.run("show", "catalogs/published/kurowski-solver-output-sample-20.txt", "--index", "1", "--color", "never");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("z=0    z=1    z=2    z=3"), r.out());
        CliRunner.Result c = CliRunner.run("show", "catalogs/published/kurowski-solver-output-sample-20.txt", "--color", "always");
        assertTrue(c.out().contains("\033[48;2;"), "ANSI colours when asked");
    }

    /**
     * Entry N of a catalog is the one shown, whatever comes before it (the entries before are passed without being
     * kept): the same layers as a catalog holding that entry alone.
     */
    @Test
    void showFindsAnEntryFarIntoACatalog() throws Exception {
        Path published = Path.of("catalogs/published/lepage-soma-cube-480.txt");
        java.util.List<String> all = java.nio.file.Files.readAllLines(published);
        int firstEntry = 0;
        while (!all.get(firstEntry).startsWith("Solution ")) {
            firstEntry++;
        }
        java.util.List<Integer> starts = new java.util.ArrayList<>();
        for (int i = firstEntry; i < all.size(); i++) {
            if (all.get(i).startsWith("Solution ")) {
                starts.add(i);
            }
        }
        for (int n : new int[] {2, 479, 480}) {
            int from = starts.get(n - 1);
            int to = n < starts.size() ? starts.get(n) : all.size();
            java.util.List<String> alone = new java.util.ArrayList<>(all.subList(0, firstEntry));
            alone.addAll(all.subList(from, to));
            Path single = dir.resolve("entry-" + n + ".txt");
            java.nio.file.Files.write(single, alone);
            CliRunner.Result far = CliRunner.run("show", published.toString(), "--index", String.valueOf(n), "--color", "never");
            CliRunner.Result one = CliRunner.run("show", single.toString(), "--index", "1", "--color", "never");
            assertEquals(0, far.code(), far.err());
            assertEquals(0, one.code(), one.err());
            java.util.List<String> farLayers = far.out().lines().skip(1).toList();
            assertEquals(one.out().lines().skip(1).toList(), farLayers, "entry " + n);
            assertTrue(far.out().startsWith("Soma cube: solution " + n + " of lepage-soma-cube-480.txt"), far.out());
        }
    }

    private static Set<Integer> colours(BufferedImage img) {
        Set<Integer> out = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                out.add(img.getRGB(x, y) & 0xFFFFFF);
            }
        }
        return out;
    }
}
